"""Names written as several words joined: "Smith & Wesson", a title listed as the subject of a
singular verb ("Toccata, Adagio, and Fugue in C major is ..."), a name that opens with a
possessive pronoun ("My Chemical Romance"), the common noun phrases set off after a name that
describe it ("Clara Nordström, maiden name and pseudonym for X,"), and whether a name has a
lower-case word of its own before it ("keyboardist Anna Kell")."""

from __future__ import annotations

from collections.abc import Callable

from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.words import NAME_PARTICLES


def phrase_start(v: DepView, i: int) -> int:
    """The first token of the phrase headed by ``i`` up to ``i``, its article left out."""
    return min(k for k in v.subtree(i) if k <= i and v.rels[k] != "det")


def ampersand_name(v: DepView, proper: Callable[[int], bool], i: int) -> bool:
    """ "Smith & Wesson", "Marks & Spencer", "Dan + Shay": capitalised names joined by "&" or
    "+" are one name."""
    if not proper(i) or [v.tokens[k].text for k in v.children(i, "cc")] not in (["&"], ["+"]):
        return False
    return all(proper(c) for c in v.children(i, "conj"))


def ampersand_object(v: DepView, proper: Callable[[int], bool], i: int) -> bool:
    """ "the series Brothers & Sisters": names joined by "&" are one name where they are no
    subject (a subject is one name only before a singular verb: "Tom & Jerry are cartoon
    characters" names two; ``Roles.subjects`` decides); not two acronyms ("registers like
    AMX & SME") nor names after a plural class noun ("the cities Paris & London")."""
    words = [i, *v.children(i, "conj")]
    if any(v.tokens[k].text.isupper() for k in words):
        return False
    first = min(v.subtree(i))
    if first > 0 and v.tokens[first - 1].text.islower() and v.is_plural(first - 1):
        return False  # "the cities Paris & London": a plural class noun lists two
    return v.rels[i] not in ("subj", "subjpass") and ampersand_name(v, proper, i)


def listed_name(v: DepView, proper: Callable[[int], bool], i: int) -> bool:
    """ "Toccata, Adagio, and Fugue in C major": names listed as one subject (of a singular
    verb, the caller checks) are one title."""
    names, first = v.conjuncts(i), phrase_start(v, i)
    if first > 0 and v.tokens[first - 1].text == ",":
        return False  # "[Java]ADV, Kotlin and Scala is": the list began before the parse's
    if any(v.lemma(k) == "or" for c in names for k in v.children(c, "cc")):
        return False  # "Jayton High School or Jayton School": two names of one thing
    if all(v.place_name(c) for c in names):
        return False  # "Ohio, Michigan and Indiana is a region": places, no title
    return len(names) > 1 and all(proper(c) for c in names)


def listed_span(v: DepView, i: int) -> list[int]:
    """The tokens of the title ``listed_name`` found at ``i``, up to a bracket after it."""
    last = max(v.subtree(max(v.conjuncts(i))))
    end = next((k for k in range(i, last + 1) if v.tokens[k].text in "(["), last + 1)
    return list(range(phrase_start(v, i), end))


def common_phrase(v: DepView, a: int) -> bool:
    """A common noun with no capitalised word before it ("maiden name", not "the Mexican X")."""
    words = range(min(v.subtree(a)), a + 1)
    return v.tokens[a].upos == "NOUN" and not any(v.tokens[k].text[:1].isupper() for k in words)


def title_case(v: DepView, start: int, end: int) -> bool:
    """Tokens ``start``..``end`` are one capitalised name (quotes, hyphens inside words and name
    particles between capitalised words allowed: "Twins Seven-Seven", "Vasco da Gama"), no
    comma."""
    toks = v.tokens
    words = [
        toks[k]
        for k in range(start, end + 1)
        if toks[k].text not in ('"', "“", "”", "'")
        and not v.joining_hyphen(k)
        and not (start < k < end and toks[k].text in NAME_PARTICLES and (v.head(k) or 0) > k)
    ]
    return bool(words) and all(t.text[:1].isupper() and t.upos != "PUNCT" for t in words)


# possessive pronouns that may open a name: "My Chemical Romance", "Our Lady of the Snows"
# possessives that may open a title ("your" addresses the reader: "Your Google Account is ...")
_POSSESSIVES = frozenset({"my", "our", "his", "her", "their", "its"})
# entity types of a name a title may not hold after its possessive unless the tagger takes the
# possessive for a word of that name too ("[My Bloody Valentine]PERSON are a band")
_OWNED_NAMES = frozenset({"PERSON", "ORG", "PRODUCT", "GPE", "NORP", "FAC"})


def titled_possessive(v: DepView, i: int) -> bool:
    """The name ``i`` opens with a capitalised possessive pronoun that is a word of it ("My
    Chemical Romance", "Our Lady of the Snows"): every word from the pronoun to the name is
    capitalised (not "My father", "Her Paris apartment"), no word of it a name of its own the
    possessive is not part of ("My Uncle Bob"), and the possessive not the reader's."""
    if v.tokens[i].upos != "PROPN":
        return False
    owners = [k for k in v.children(i, "poss") if v.tokens[k].text.lower() in _POSSESSIVES]
    if len(owners) != 1:
        return False
    own = owners[0]
    if i == own + 1 and v.tokens[i].ent_type == "PERSON":
        return False  # "My John is a doctor": a person someone calls theirs
    if not v.tokens[own].ent_type and any(
        v.tokens[k].ent_type in _OWNED_NAMES for k in range(own + 1, i + 1)
    ):
        return False  # "My Uncle Bob", "My Ford Mustang": a named thing someone owns
    return all(v.tokens[k].text[:1].isupper() for k in range(own, i + 1))


def introduced(v: DepView, c: int) -> bool:
    """Whether the name headed by ``c`` has a lower-case word of its own right before it
    ("..., keyboardist Anna Kell", "... and the Argentina team"), not a bare list comma or
    "and" ("songwriting team Lou Adler and Herb Alpert")."""
    if v.tokens[c].text[:1].islower():
        return True  # "..., keyboardist Brandon Bliss and drummer Steve Kiely" parsed with
        # "drummer" as the conjunct: a role of its own, no bare name
    named = (
        k for k in v.children(c, "compound", "flat") if k < c and v.tokens[k].text[:1].isupper()
    )
    start = min([c, *named])
    prev = v.tokens[start - 1].text if start > 0 else ""
    return prev.isalpha() and prev.islower() and prev not in ("and", "or", "nor")
