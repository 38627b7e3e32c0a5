"""Word lists of the rule-based coreference resolver (English).

Small closed lists: third-person pronouns, nouns that denote people (with grammatical gender
where English marks it), collective nouns, and the words that make a subject "it" pleonastic.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    """The set of whitespace-separated words of ``text``."""
    return frozenset(text.split())


# pronoun -> (number, gender); first and second person are absent on purpose (never resolved)
PRONOUNS: dict[str, tuple[str, str]] = {
    **dict.fromkeys(["he", "him", "his", "himself"], ("sing", "masc")),
    **dict.fromkeys(["she", "her", "hers", "herself"], ("sing", "fem")),
    **dict.fromkeys(["it", "its", "itself"], ("sing", "neut")),
    **dict.fromkeys(["they", "them", "their", "theirs", "themselves"], ("plur", "any")),
}
REFLEXIVES = frozenset({"himself", "herself", "itself", "themselves"})
POSSESSIVES = frozenset({"his", "her", "hers", "its", "their", "theirs"})

_PEOPLE = """
person people man woman boy girl child kid baby teenager adult individual
actor actress singer songwriter singer-songwriter musician rapper composer conductor performer
vocalist drummer bassist guitarist pianist violinist cellist organist trumpeter saxophonist
lyricist arranger bandleader frontman frontwoman dj producer director filmmaker screenwriter
writer author novelist poet playwright dramatist journalist columnist editor critic
reporter correspondent anchor presenter host broadcaster commentator narrator comedian
entertainer magician illusionist dancer choreographer model artist painter sculptor illustrator
cartoonist animator photographer cinematographer architect designer player footballer cricketer
athlete sportsman sportswoman boxer wrestler golfer swimmer runner sprinter cyclist skier skater
coach manager captain goalkeeper defender midfielder striker forward quarterback pitcher catcher
jockey driver racer politician statesman stateswoman president vice-president minister
prime senator congressman congresswoman legislator representative governor mayor diplomat
ambassador lawyer judge attorney barrister officer soldier general admiral colonel commander
lieutenant sergeant major marshal king queen prince princess emperor empress duke duchess earl
countess lord lady baron baroness knight monarch ruler sultan pharaoh tsar pope bishop
archbishop priest pastor minister monk nun rabbi imam saint prophet scholar scientist
physicist chemist biologist mathematician economist philosopher historian professor teacher
lecturer student researcher engineer inventor physician doctor surgeon nurse psychologist
psychiatrist businessman businesswoman entrepreneur executive founder co-founder cofounder
chairman chairwoman chairperson ceo owner investor banker financier activist explorer astronaut
pilot aviator sailor member leader character protagonist antagonist villain hero heroine father
mother son daughter brother sister husband wife uncle aunt nephew niece cousin grandfather
grandmother grandson granddaughter parent sibling spouse partner friend widow widower heir
successor predecessor candidate nominee winner champion chef cook farmer worker employee
official agent spy detective criminal murderer killer victim fan resident citizen native
immigrant descendant ancestor tenor soprano baritone contralto mezzo-soprano personality
socialite philanthropist missionary theologian linguist anthropologist sociologist astronomer
geologist botanist zoologist programmer analyst consultant advisor adviser secretary clerk
servant slave warrior hunter god goddess deity co-star costar voice-actor lawmaker stuntman
linebacker receiver lineman cornerback fullback halfback kicker punter outfielder infielder
shortstop batsman batter bowler all-rounder wicket-keeper winger jumper snowboarder skater rower
fencer archer diver climber surfer shooter referee umpire scout recruit rookie veteran
librarian curator collector translator interpreter preacher lobbyist spokesman spokeswoman
mason stonemason stonecutter carpenter joiner blacksmith goldsmith silversmith tailor weaver potter
cobbler shoemaker butcher baker brewer merchant trader craftsman craftswoman miner fisherman
labourer laborer peasant shepherd gardener mechanic electrician plumber jeweller jeweler
"""
PERSON_NOUNS = _words(_PEOPLE)
MASCULINE_NOUNS = _words(
    """
    baritone baron boy brother businessman chairman congressman duke earl emperor father
    frontman god grandfather grandson husband king lord man monk mr nephew pharaoh prince sir
    son sportsman statesman stuntman sultan tenor tsar uncle widower
    """
)
FEMININE_NOUNS = _words(
    """
    actress aunt baroness businesswoman chairwoman congresswoman contralto countess dame
    daughter duchess empress frontwoman girl goddess granddaughter grandmother heroine lady
    madam mezzo-soprano miss mother mrs ms niece nun princess queen sister soprano sportswoman
    stateswoman widow wife woman
    """
)
# nouns for groups that English refers to as "it" or "they"
COLLECTIVE_NOUNS = _words(
    """
    band choir club collective company corporation crew duo ensemble family firm group label
    orchestra party quartet quintet team trio troupe
    """
)
# what encyclopaedia articles are about when they are not about people
NON_PERSON_NOUNS = _words(
    """
    academy act agency aircraft airline airport album alphabet animal area association award
    battle bay bird boat book brand breed bridge building business campaign car case castle
    cat cathedral chain championship channel church city college comic committee commune
    company composition computer concerto corporation council country county department desert
    device dialect district documentary dog drama dynasty earthquake election empire engine ep
    episode era event family federation festival film fish flower forest gallery game garden genre
    genus government grass gun hamlet herb highway hill horse hospital hotel hurricane insect
    institute institution instrument island journal kingdom lake language law league library
    locomotive machine magazine manga medal ministry mosque mountain movement movie
    municipality museum musical name nation neighborhood neighbourhood network newspaper novel
    novella ocean opera organisation organization outbreak painting palace parish park party
    period piece place plant play poem prize product program programme province race railway
    record referendum region republic restaurant rifle river road route school script
    sculpture sea season series ship shop show shrub single sitcom site software sonata song
    species spider state station store storm story street style suburb suite symphony system
    temple term tornado tournament tower town track treaty tree tunnel university valley
    vehicle vessel village war weapon website word work zoo
    """
)
# what a definite description of a section's (non-person) topic may say: "The piece is ..."
GENERIC_NOUNS = _words(
    """work piece institution organization organisation entity facility structure building site
    place project publication title release recording composition company firm"""
)
# figures stated of a section's topic ("The population was 14,782 at the 2010 census."): a
# later "it" that a place noun describes is the topic, not the figure ("It is the county seat")
STATISTIC_NOUNS = _words(
    """population number total percentage proportion rate average median density census
    count share majority minority"""
)
# what a place is, as a copula says it of a place ("It is a rural town", "the county seat")
PLACE_NOUNS = _words(
    """city town village hamlet county state province country region district municipality
    borough suburb seat capital centre center part parish commune island community settlement
    neighbourhood neighborhood territory township"""
)
# "a variety of apple", "a species of plant": what a thing is a kind of (never a person)
KIND_NOUNS = _words("species genus type kind form variety sort cultivar")
# suffixes of nouns for agents, which a copula may well say of a person ("a crusader")
AGENT_SUFFIXES = ("er", "or", "ist", "ian", "ant", "ent", "ee", "ate")
# suffixes that usually make a person noun, with the common exceptions
_PERSON_SUFFIXES = ("ist", "ian")
_SUFFIX_EXCEPTIONS = _words(
    """
    amphibian christian gist guardian list median mist playlist twist wrist
    """
)
HONORIFICS = {"mr": "masc", "sir": "masc", "mrs": "fem", "ms": "fem", "miss": "fem", "dame": "fem"}

PLEONASTIC_VERBS = _words(
    """
    appear drizzle freeze hail happen pour rain seem sleet snow storm thunder transpire
    """
)
# adjectives that take a subject of their own before "to": "it is able to fly" refers
RAISING_ADJECTIVES = _words(
    """
    able about bound certain due eager expected first free known last likely only quick ready
    said set slow supposed sure unable unlikely unwilling willing
    """
)


def person_noun(lemma: str) -> bool:
    """True if a common noun lemma denotes a person ("singer", "pianist", "mother")."""
    lemma = lemma.lower()
    if lemma in PERSON_NOUNS:
        return True
    return lemma.endswith(_PERSON_SUFFIXES) and lemma not in _SUFFIX_EXCEPTIONS


def noun_gender(lemma: str) -> str | None:
    """``"masc"``/``"fem"`` for nouns English marks for gender, else ``None``."""
    lemma = lemma.lower().rstrip(".")
    if lemma in MASCULINE_NOUNS:
        return "masc"
    if lemma in FEMININE_NOUNS:
        return "fem"
    return None


# words of a heading that do not name anything: "Parts of a tree", "From orchard to glass"
PREPOSITIONS = _words(
    """
    about above across after against along among around at before behind below beneath beside
    between beyond by during for from in inside into near of off on onto out outside over past
    since through throughout to toward towards under until up upon versus via with within without
    """
)
DETERMINERS = _words("a an the this that these those my your our their his her its some any")
HEADING_FUNCTION_WORDS = PREPOSITIONS | DETERMINERS | _words("and or & vs vs.")
IRREGULAR_PLURALS = _words(
    """
    people children men women feet teeth mice geese oxen data criteria phenomena fungi cacti
    """
)
