"""Occupations and roles that open a sentence before a name ("Keyboardist Boom Gaspar has ...").

In the middle of a sentence such a noun is lower case and the parse or the case tells it from
the name ("violinist David Oistrakh"); opening a sentence it is capitalised and the tagger and
the NER read it as the first word of the name. A word is taken for a role only when it is one
of these occupations: surnames that are also occupations ("Miller", "Baker", "Singer"), given
names in "-ian" ("Christian") and words that merely end like one ("Zeitgeist Films") are left
alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from lgm_rdf.nlp.model import Token
from lgm_rdf.nlp.plural import singular
from lgm_rdf.nlp.wordlists import words

ROLE_NOUNS = words(
    "actor actress author composer drummer footballer cricketer rapper songwriter vocalist "
    "screenwriter playwright poet painter sculptor photographer architect comedian comedienne "
    "musician politician historian mathematician physician statistician economist scientist "
    "philosopher astronaut entrepreneur businessman businesswoman journalist broadcaster "
    "novelist guitarist bassist pianist keyboardist violinist cellist saxophonist trumpeter "
    "organist harpist percussionist dancer choreographer filmmaker animator illustrator "
    "cartoonist sprinter cyclist swimmer wrestler golfer goalkeeper midfielder quarterback "
    "outfielder infielder linebacker"
)

# offices written before a name ("Mayor George Moscone", "Senator Ted Kennedy"): a place noun
# right before such a title modifies the title ("city Supervisor Harvey Milk"), not the name
# (ranks and honorifics are left out: "the city Saint Petersburg", "the town Prince Albert")
TITLES = words(
    "mayor supervisor senator governor president premier minister chancellor secretary judge "
    "commissioner councillor councilman councilwoman alderman sheriff congressman "
    "congresswoman representative ambassador"
)


def leading_role(tokens: Sequence[Token]) -> str | None:
    """The role noun (lower case, singular) a sentence opens with, capitalised right before a
    capitalised name ("Keyboardist Boom Gaspar", "Drummers Jack Irons and ..." → "drummer"): the
    noun is no part of the name. ``None`` when the sentence opens otherwise."""
    if len(tokens) < 2:
        return None
    first, second = tokens[0].text, tokens[1].text
    if not (first.isalpha() and first[:1].isupper() and first[1:].islower()):
        return None
    if not (second[:1].isupper() and any(ch.isalpha() for ch in second)):
        return None
    word = singular(first.lower())
    return word if word in ROLE_NOUNS else None
