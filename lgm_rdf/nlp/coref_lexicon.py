"""Word lists of the rule-based coreference resolver (English).

Small closed lists: third-person pronouns, nouns that denote people (with grammatical gender
where English marks it), collective nouns, and the words that make a subject "it" pleonastic.
"""

from __future__ import annotations

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
"""
PERSON_NOUNS = frozenset(_PEOPLE.split())
MASCULINE_NOUNS = frozenset(
    """man boy king prince emperor duke earl lord baron father son brother husband uncle nephew
    grandfather grandson businessman congressman statesman chairman frontman sportsman stuntman
    monk widower god tenor baritone sultan pharaoh tsar mr sir""".split()
)
FEMININE_NOUNS = frozenset(
    """woman girl queen princess empress duchess countess lady baroness mother daughter sister
    wife aunt niece grandmother granddaughter businesswoman congresswoman chairwoman frontwoman
    sportswoman stateswoman actress heroine widow nun goddess soprano contralto mezzo-soprano
    mrs ms miss dame madam""".split()
)
# nouns for groups that English refers to as "it" or "they"
COLLECTIVE_NOUNS = frozenset(
    """band group team duo trio quartet quintet ensemble orchestra choir crew family club company
    corporation firm label party troupe collective""".split()
)
# what encyclopaedia articles are about when they are not about people
NON_PERSON_NOUNS = frozenset(
    """film movie album song single ep record track book novel novella story poem series episode
    show sitcom programme program drama documentary musical play opera symphony sonata concerto
    suite piece composition work painting sculpture magazine newspaper journal comic manga game
    company corporation business brand chain restaurant store shop hotel product software website
    network channel station airport airline railway road highway route street bridge tunnel
    building tower church cathedral temple mosque castle palace museum library park garden zoo
    school college university academy institute institution hospital organization organisation
    association league federation council committee agency department ministry government party
    city town village hamlet suburb neighbourhood neighborhood district county province state
    country nation region area municipality commune parish island mountain hill river lake sea
    ocean bay valley forest desert place site species genus family plant tree flower herb shrub
    grass animal bird fish insect spider breed dog cat horse language dialect script alphabet
    word name term war battle campaign election referendum treaty law act case tornado hurricane
    storm outbreak earthquake event festival tournament championship season race award prize
    medal ship vessel boat aircraft car vehicle engine locomotive weapon rifle gun system device
    machine computer instrument genre style movement style period era dynasty empire kingdom
    republic""".split()
)
# suffixes that usually make a person noun, with the common exceptions
_PERSON_SUFFIXES = ("ist", "ian")
_SUFFIX_EXCEPTIONS = frozenset(
    "list playlist mist wrist twist gist christian median guardian amphibian".split()
)
HONORIFICS = {"mr": "masc", "sir": "masc", "mrs": "fem", "ms": "fem", "miss": "fem", "dame": "fem"}

PLEONASTIC_VERBS = frozenset(
    "rain snow hail drizzle pour thunder sleet freeze storm seem appear happen transpire".split()
)
# adjectives that take a subject of their own before "to": "it is able to fly" refers
RAISING_ADJECTIVES = frozenset(
    """able unable likely unlikely certain sure ready willing unwilling due set bound about eager
    free quick slow first last only known said expected supposed""".split()
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
