"""What a named place "features" (read by ``verbs.VerbRules``, rule ``feature``), and which
names may have the places a verb lists as parts ("includes the towns of A and B").

"Central Park features a zoo and a lake", "Indian Mounds Regional Park is a public park in
Saint Paul, featuring six burial mounds": the structures and the landforms a place or a building
shows are its parts. Only a place (a name whose last word is a place noun, one the tagger takes
for a facility or a location, or one a copula calls a place), and only things that are built or
lie in a place: a city "features" its climate, a country its system of government, a film that
is called "... Park" its effects, a hall its concerts; none is a part.
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import Arg, ArgTokens
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.words import EVENT_NOUNS, MODALS
from lgm_rdf.nlp.wordlists import words

# last words of the name of a place or a structure that has parts to show ("Union Station",
# "Hyde Park", whatever type the tagger gives the name)
_PLACE_HEADS = words(
    "park parks garden gardens square plaza campus castle palace church cathedral temple "
    "mosque abbey museum building tower hall station airport island islands mountains range "
    "valley estate house mansion cemetery zoo reserve centre center complex resort site"
)
# entity types of a named place or structure, and of names that hold no places
_PLACE_TYPES = frozenset({"FAC", "LOC", "GPE"})
_NO_PLACES = frozenset({"PERSON", "EVENT", "WORK_OF_ART", "PRODUCT", "NORP", "DATE", "LAW"})
# what is built or lies in a place, so that a place that shows it has it as a part (head
# nouns; no word with a common second sense: "spring", "pool", "market", "field", "course")
_SHOWN_PARTS = words(
    "building tower hall room gallery museum library theatre theater stadium arena courtyard "
    "trail path walkway promenade boardwalk bridge gate gateway wall tunnel platform terminal "
    "runway concourse pavilion bandstand amphitheatre amphitheater auditorium stage lobby "
    "atrium dome spire steeple nave cloister crypt altar chapel church cathedral temple mosque "
    "pagoda shrine tomb grave mausoleum monument memorial statue sculpture fountain obelisk "
    "arch colonnade staircase turret moat bastion rampart fort castle palace mansion house "
    "cottage lodge villa ballroom prison dungeon barracks observatory planetarium windmill mill "
    "lighthouse pier jetty marina harbour harbor dock wharf quay pond lake lagoon reservoir "
    "canal river stream creek waterfall geyser volcano glacier beach cove bay island islet "
    "peak summit hill mound cliff cave cavern gorge canyon ridge forest woodland grove meadow "
    "marsh wetland swamp garden park orchard vineyard lawn greenhouse conservatory arboretum "
    "aviary aquarium zoo playground carousel rink campground restaurant cafe shop hotel spa "
    "gym mall terrace balcony veranda porch wing annex exhibit ride rollercoaster coaster "
    "skyscraper bedroom kitchen classroom laboratory studio"
)
# last words of names of what concerns places without holding them: "The Treaty of Paris
# included the islands of Cuba and Guam", "The Grand Tour included the cities of Paris and Rome"
_CONCERNING = EVENT_NOUNS | words(
    "treaty agreement accord pact convention act charter tour trip journey voyage itinerary "
    "route list plan programme program festival race rally congress conference summit"
)


def named_place(v: DepView, t: int) -> bool:
    """Token ``t`` heads the name of a place or a structure: a name whose last word is a place
    noun ("Union Station", "Hyde Park", which the tagger may call a person), or one the tagger
    takes for a facility, a location or a country or town."""
    tok = v.tokens[t]
    if tok.upos != "PROPN":
        return False
    return tok.text.lower() in _PLACE_HEADS or tok.ent_type in _PLACE_TYPES


def holds_places(v: DepView, t: int) -> bool:
    """Token ``t`` heads a name that may have places as parts ("Greater Manchester includes the
    towns of A and B", "The Holy Roman Empire included Bohemia"): a name, not one of a person,
    a work, an event, a product or a law, and not one whose head word is an event, a journey,
    an agreement or a list."""
    tok = v.tokens[t]
    if tok.upos != "PROPN" or tok.ent_type in _NO_PLACES:
        return False
    return v.lemma(t).lower() not in _CONCERNING


def _called_place(v: DepView, t: int) -> bool:
    """Token ``t`` is the subject of a copula that calls it a place ("X is a public park",
    "X is one of the largest urban parks"), neither denied nor modal."""
    h = v.head(t)
    if h is None or v.lemma(h) != "be" or v.rels[t] != "subj" or v.negated(h):
        return False
    if any(v.lemma(k) in MODALS for k in v.children(h, "aux")):
        return False
    preds = v.children(h, "attr")
    preds += [o for p in preds if v.lemma(p) == "one" for o in v.pp_objects(p, "of")]
    return any(v.lemma(k) in _PLACE_HEADS for k in preds)


def featured_parts(
    v: DepView, b: ArgTokens, subjects: list[int], objects: list[int]
) -> tuple[list[Arg], list[Arg]]:
    """(wholes, parts) of "X features Y": the named places among ``subjects`` (a name itself,
    not a pronoun) and the built or natural things among ``objects``."""
    places = [t for t in subjects if named_place(v, t) or _called_place(v, t)]
    things = [
        o
        for o in objects
        if v.tokens[o].upos == "NOUN" and v.tokens[o].text.islower() and v.lemma(o) in _SHOWN_PARTS
    ]
    wholes = [a for a in b.args(places, "name") if a.is_name]
    return (wholes, b.args(things, "part")) if wholes else ([], [])


def adjunct_subject(v: DepView, i: int) -> int | None:
    """The subject of the copula that "featuring" (``i``) is set off after, when the copula
    calls it a place ("X is a public park in Saint Paul, [featuring]advcl six burial mounds"):
    the participle says it of that subject. Not after another verb ("He released an album,
    featuring ..." is about the album), nor after "is home to a festival, featuring live bands"
    (about the festival), nor after a denied or a modal copula."""
    h = v.head(i)
    if h is None or v.rels[i] != "advcl" or v.lemma(h) != "be" or v.tokens[i].tag != "VBG":
        return None
    if v.lemma(i) != "feature" or v.children(i, "subj", "subjpass", "mark"):
        return None
    if v.tokens[min(v.subtree(i)) - 1].text != ",":
        return None
    subjects = v.children(h, "subj")
    if len(subjects) != 1 or subjects[0] > i or not _called_place(v, subjects[0]):
        return None
    return subjects[0]
