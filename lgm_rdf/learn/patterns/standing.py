"""Nouns for a standing a person holds ("champion", "queen", "veteran").

They are relational nouns ("the queen of Scotland", "his champion") only when something relates
them: an owner or an "of". Bare before or beside a name they say what the name is: "the de facto
queen Lady Jane Grey", "the American League champion Houston Astros", "The last Central Powers
veteran, Franz Künstler,". Kin and other relations ("his brother E. B. White", "its founder,
X") stay relational whatever is written with them. "head" before another noun ranks it ("head
coach John Smith"): no relation either.
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.words import relational_noun
from lgm_rdf.nlp.coref.lexicon import GENERIC_NOUNS, NON_PERSON_NOUNS
from lgm_rdf.nlp.wordlists import words

STANDING_NOUNS = words(
    "king queen prince princess champion veteran ambassador representative winner graduate "
    "alumnus alumna"
)
# relations to a venture that a bare noun before a name uses as a title ("series co-creators Trey
# Parker and Matt Stone", "co-owner and partner Dan Topping"); owned or "of" they relate ("its
# founder, X", "the founder of Y"), and "co-" nouns of a person ("co-star") count too
_VENTURE_TITLES = words("founder creator owner partner")
# standings a team or a firm may hold too ("the league champion Houston Astros")
_SHARED_STANDINGS = frozenset({"champion", "winner", "representative"})
# last words of names of things, which hold no person's standing ("Soil Art Gallery")
_THING_NOUNS = NON_PERSON_NOUNS | GENERIC_NOUNS


def related_here(v: DepView, n: int, name: int | None = None) -> bool:
    """Whether the noun ``n`` says what one is of another in this sentence: a relational noun
    (``words.relational_noun``), unless it names a standing and has no owner and no "of"; a
    person's standing said of the ``name`` of something else is a figure ("10-year veteran
    Soil Art Gallery") and relates too. A relation to a venture is a title only bare or
    indefinite: "the owner" is of something the context gives ("its co-creator Trey Parker",
    with the owner hung on the name, too)."""
    lemma = v.lemma(n)
    if not relational_noun(lemma):
        return False
    venture = lemma in _VENTURE_TITLES or lemma.startswith("co-")
    if lemma not in STANDING_NOUNS and not venture:
        return True
    if name is not None and lemma not in _SHARED_STANDINGS and _no_person(v, name):
        return True
    owners = {v.determiner(k) for k in (n, v.word_start(n), name) if k is not None}
    if venture and owners & {"the", "poss"}:
        return True  # "the owner", "its co-creator" (the owner on "co" or on the name)
    return bool(v.children(n, "poss") or v.pp_objects(n, "of"))


def related_modifier(v: DepView, k: int) -> bool:
    """Whether the modifier ``k`` of a noun makes it relative to something ("sister franchise
    Pizza Hut", "member states"): a relational noun, not "head" compounded to another noun."""
    if v.lemma(k) == "head" and v.rels[k] == "compound":
        return False
    return related_here(v, k)


def _no_person(v: DepView, name: int) -> bool:
    """The name headed by ``name`` is no person's: its last word is a noun for a thing ("Soil
    Art Gallery", "Crawl Space Museum"; the small model's entity types are too unsure)."""
    return v.tokens[name].text.lower() in _THING_NOUNS
