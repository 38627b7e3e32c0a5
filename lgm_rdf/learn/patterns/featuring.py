"""What a named place "features" (read by ``verbs.VerbRules``, rule ``feature``).

"Central Park features a zoo and a lake", "Indian Mounds Regional Park is a public park in
Saint Paul, featuring six burial mounds": the things a place or a structure shows are its parts.
Only a place: a work or a show "features" people and guests ("The album features rapper X",
"features the voices of"), a region its climate ("features long hot summers"), a radio station
its styles; and only things, not people or roles.
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.agents import agent_noun
from lgm_rdf.learn.patterns.args import Arg, ArgTokens
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.wordlists import words

# last words of the name of a place or a structure that has parts to show
_PLACE_HEADS = words(
    "park parks garden gardens square plaza campus castle palace church cathedral temple "
    "mosque abbey museum building tower hall station airport island islands mountains range "
    "valley estate house mansion cemetery zoo reserve"
)
# entity types of a named place or structure
_PLACE_TYPES = frozenset({"FAC", "LOC", "GPE"})


def featured_parts(
    v: DepView, b: ArgTokens, subjects: list[int], objects: list[int]
) -> tuple[list[Arg], list[Arg]]:
    """(wholes, parts) of "X features Y": the named places among ``subjects`` (a name itself,
    not a pronoun) and the things among ``objects`` (common nouns, no person or role)."""
    places = [
        t
        for t in subjects
        if v.tokens[t].upos == "PROPN"
        and (v.tokens[t].ent_type in _PLACE_TYPES or v.tokens[t].text.lower() in _PLACE_HEADS)
    ]
    things = [
        o
        for o in objects
        if v.tokens[o].upos == "NOUN"
        and v.tokens[o].text.islower()
        and not (person_noun(v.lemma(o)) or agent_noun(v.tokens[o].text))
    ]
    wholes = [a for a in b.args(places, "name") if a.is_name]
    return (wholes, b.args(things, "part")) if wholes else ([], [])
