"""Generic nouns that both learning and retrieval treat as saying little on their own.

Lower-case lemmas of general word classes (no lexicon of concepts): the relation extractor reads
them as signals ("a type of", "a part of", "another name for"), retrieval as concepts too vague
to search by.
"""

from __future__ import annotations


def words(text: str) -> frozenset[str]:
    """The set of the space-separated words of ``text``."""
    return frozenset(text.split())


# nouns that signal a taxonomy: "A is a type/kind/form of B"
TYPE_NOUNS = words(
    "type kind form sort variety species subspecies breed genre subgenre class subclass subtype "
    "category style strain cultivar example instance"
)
# nouns that signal composition: "Y is a part/component of X"
PART_NOUNS = words("part component constituent ingredient")
# nouns that signal naming: "A is another name for B"
NAME_NOUNS = words("name term word synonym acronym abbreviation initialism nickname")
# the hyphens that join the pieces of a word ("cross-country", "multi‐core")
HYPHENS = frozenset({"-", "–", "‐"})
# parents that say nothing ("such things as ...")
VACUOUS = words("thing stuff something way matter one")
