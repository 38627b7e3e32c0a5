"""Closed word classes only the pattern rules use (general classes, no lexicon of concepts).

Each set holds lower-case lemmas: words that signal a relation ("type", "part", "name"; those
retrieval shares are in :mod:`lgm_rdf.nlp.wordlists`), words that quantify or determine instead
of naming ("lot", "most"), and words that mark no taxonomy (metaphor, evaluation, measure).
"""

from __future__ import annotations

from lgm_rdf.nlp.role_nouns import ROLE_NOUNS, TITLES
from lgm_rdf.nlp.wordlists import words

# ------------------------------------------------------------------ relation signals
RANK_NOUNS = words(
    "family subfamily superfamily order suborder infraorder genus subgenus class subclass phylum "
    "kingdom tribe clade division group category genre type kind species"
)
# the ranks of biological classification: "the walnut family Juglandaceae" is that family
TAXON_RANKS = RANK_NOUNS - words("group category genre type kind")
# places named in an appositive "of": "the city of Wichita", "the island of Antillia" (the name
# is the place; with other nouns "of" relates: "the capital of France", "the mayor of Paris")
PLACE_CLASS_NOUNS = words(
    "city town village hamlet island isle islands state province county territory "
    "municipality borough parish commune prefecture kingdom republic emirate duchy principality "
    "archipelago peninsula"
)
# nouns that an appositive "of" names as well when the name is a place ("the German
# protectorate of Togoland", "the department of Lot"; not "the department of Physics")
NAMED_BY_OF_NOUNS = PLACE_CLASS_NOUNS | words(
    "colony protectorate dependency department canton arrondissement "
    "constituency oblast governorate voivodeship region district"
)
# administrative and church divisions: "X is a civil township of Arenac County" makes X a part
# of the county (a city or an island "of" a place only locates it, a suburb lies outside it)
DIVISION_NOUNS = words(
    "township county district municipality province region parish congregation diocese "
    "borough department commune arrondissement canton ward subdivision prefecture "
    "constituency neighbourhood neighborhood"
)
# divisions that "the Bs of X" names as the parts of one place ("the departments of
# Colombia", "the islands of Hawaii"): the administrative ones and the states and islands
DIVIDED_INTO_NOUNS = DIVISION_NOUNS - words(
    "congregation ward subdivision constituency neighbourhood neighborhood"
) | words("state territory island emirate oblast")
# "a sprinter of Jamaican descent": after an agent noun only these "of" nouns narrow the class
# ("an editor of magazines", "a founder of companies" relate)
PROPERTY_OF_NOUNS = words("descent origin ancestry heritage extraction birth")
# adjectives of a faith or a language family sort a class into kinds ("a Christian church", "a
# Germanic language"), where a nationality only says where a member is from
KIND_PROPER_ADJECTIVES = words(
    "christian catholic protestant anglican orthodox lutheran methodist baptist presbyterian "
    "evangelical buddhist hindu jewish muslim islamic sikh jain taoist germanic slavic celtic "
    "baltic semitic turkic uralic dravidian bantu austronesian"
)
# "a film director of the silent era", "a poet of the Tang dynasty": "of" a time narrows
PERIOD_NOUNS = words("era period age century decade dynasty reign epoch")
# heads of compounds whose modifier is itself the kind ("a dog breed" -> dog, "a plant
# species" -> plant); other type nouns keep the compound whole ("a data type", "an inference class")
KIND_HEADS = words("species subspecies breed variety cultivar strain genre subgenre")
# lower-case particles inside personal names ("Edson Arantes do Nascimento", "Vincent van Gogh")
NAME_PARTICLES = words("da de del della di do dos das du van von der den ter bin ibn")

# ------------------------------------------------------------------ quantities and determiners
# "a lot of X", "a variety of X": the argument is X
QUANTITY_NOUNS = words(
    "lot lots number variety range set host couple pair plenty majority dozen dozens handful "
    "mixture combination array assortment amount quantity multitude collection series selection "
    "bunch mix blend abundance wealth plethora total hundred thousand million billion trillion"
)
# nouns for a whole made of a number of like things: "X is a series of peaks", "a collection
# of essays", "a chain of islands" (X has them as parts)
COLLECTIVE_NOUNS = words(
    "group series collection set chain cluster string network suite compilation anthology "
    "archipelago complex combination bundle"
)
# "most of the air", "all of the members": the argument is what follows "of" (objects only)
# quantities that mark a list item as a vague remainder ("numerous portraits")
# "a little sour", "a bit odd": the article belongs to a degree phrase, not to a class noun
DEGREE_WORDS = words("little bit lot tad trifle")
VAGUE_QUANTITIES = words("numerous many several various countless few other multiple")
# adjectives of holding a place now: they single a member out ("the current champion",
# ``PRINCIPAL_ADJECTIVES``) and are no words of its class
HOLDING_ADJECTIVES = words("current present reigning incumbent defending")
# adjectives that quantify, select or judge rather than name a kind: an example keeps its other
# adjectives ("trailing headers") but not these ("many other tools", "popular games")
SCOPE_ADJECTIVES = (
    VAGUE_QUANTITIES
    | words(
        "such different certain similar specific particular main major minor popular famous "
        "well-known common typical new old good great best better important notable prominent "
        "large small big little more most additional own same whole entire individual usual "
        "traditional modern early late recent"
    )
    | HOLDING_ADJECTIVES
)
PARTITIVES = words("most all much many some half bulk rest remainder part portion")
# nouns that, as a predicate with "of", make their subject a part of the "of" object
PORTION_NOUNS = words("portion section segment")
# works made of numbered parts: "the third book in the Harry Potter series", 'the album "Help!"'
WORK_WHOLES = words(
    "album series show season book collection trilogy anthology saga franchise soundtrack ep "
    "lp mixtape compilation serial sitcom programme program cycle sequence opera musical"
)
# the numbered parts of a work: "the first episode of Lost", "the second single from the album X"
SERIAL_PARTS = words(
    "episode single song track chapter volume installment instalment book film novel"
)
# determiners of a subject that make a statement about some individuals, not about a class
SUBJECT_DETS = words("this that these those poss some many several few most any other another")
RELATIVE = words("which that who whom")

# ------------------------------------------------------------------ clause guards
MODALS = words("can could may might would should must")
DEMONSTRATIVES = words("this that these those")
ARTICLES = words("the a an")
# determiners of a noun that stands for any member of its class ("a black hole", "every key")
GENERIC_DETERMINERS = words("a an every each any")
CONDITIONS = words("if unless whether")
# adverbs that open a sentence and that the tagger may take for the first word of the name
# after them ("Overall Spain was the nation ...", "Today Paris is ...")
SENTENCE_ADVERBS = words(
    "overall however meanwhile today currently historically traditionally originally "
    "eventually finally initially additionally instead nevertheless nonetheless subsequently "
    "consequently thus hence therefore moreover furthermore also later now then still here "
    "there elsewhere"
)
# verbs of saying and thinking: a clause before them is what was said ("X is Y, he said")
REPORTING_VERBS = words(
    "say tell claim report state write note add argue explain suggest announce believe think "
    "know feel hope fear doubt insist assert admit confirm deny reveal recall remember mention "
    "reply answer warn predict estimate show prove find conclude guess suppose reckon allege "
    "suspect speculate whisper rumour rumor theorise theorize"
)
HEDGES = words(
    "maybe perhaps possibly probably allegedly supposedly reportedly arguably presumably"
)
# abstract subjects of copular metaphors ("Life is a journey", "Time is a great healer"); a
# "type/kind/form of" predicate still makes them a taxonomy ("Love is a kind of emotion")
ABSTRACT_SUBJECTS = words(
    "life love time death hope fear faith happiness sadness joy grief anger hatred knowledge "
    "wisdom truth beauty freedom friendship memory youth age world mind soul laughter "
    "silence patience success failure ignorance"
)
# what a named thing is to the writer's point, not what it is ("Other exceptions include X")
DISCOURSE_NOUNS = words("example instance exception highlight illustration exemplar")
# predicate nouns that judge rather than classify ("The phone is a total disaster")
EVALUATIVE_NOUNS = words(
    "disaster success failure nightmare gem masterpiece joke mess dream bargain miracle treasure "
    "blessing curse triumph flop surprise pleasure waste delight godsend headache disgrace shame "
    "catastrophe fiasco letdown disappointment winner loser must hit legend genius icon "
    "inspiration idiot fool paradise heaven hell joy necessity luxury privilege honour honor "
    "favourite favorite choice option alternative priority challenge problem pain struggle "
    "breeze improvement upgrade advantage benefit drawback downside upside bonus plus "
    "offender culprit pity"
)
# nouns for a slot of a record or table, and nouns for the value it holds: "the author field
# contains a name", "the column contains the address" give a value, not a part ("the property
# includes a barn", "the oil field contains gas" are parts)
VALUE_HOLDERS = words("field column attribute property slot placeholder")
VALUE_NOUNS = words(
    "name address value number path id identifier code date time string text url count size"
)
# rating adjectives that make "a good idea" a judgement
RATINGS = words("good bad great better best worse worst terrible excellent poor smart wise")
# nouns for the situations an example may be of: "in some cases such as X"
SITUATION_NOUNS = words("case situation circumstance scenario occasion")
# adjectives that pick one thing out of its context: "the only dependency is X", "the same
# package is Y", "the following" are about that one thing, not about a class
SELECTING_WORDS = words(
    "only same following next previous former latter remaining sole relevant respective "
    "corresponding appropriate above aforementioned"
)
# adverbs that make a copula no timeless classification: "Pluto was once a planet", "is no
# longer", "is hardly", "is sometimes"
COPULA_HEDGES = words(
    "once formerly previously originally initially sometimes often occasionally usually rarely "
    "seldom hardly scarcely barely longer"
)
# predicate nouns of measure, distance or duration ("The museum is a short walk from here")
MEASURE_NOUNS = words(
    "walk drive ride flight distance journey trip hour minute second day week month year "
    "mile kilometre kilometer metre meter foot inch percent percentage fraction proportion "
    "length width height depth stretch km mi"
)
# amounts counted in units or money: "3,000 acres including woodland", "prices including tax"
# measure, they list no kinds
AMOUNT_NOUNS = words(
    "acre hectare tonne ton kilogram kg gram litre liter gallon dollar euro pound yen franc "
    "rupee price cost fee fare salary wage income revenue budget sum"
)
# what is tallied up but is no part of what has it: wins and scores ("the club has 20
# titles"), events ("there were 300 deaths in the war"), the people it serves ("has 2 million
# inhabitants"), its extent ("and a territory of 64,589 km2"), what is used or held in it
# ("Zimbabwe has 16 official languages")
TALLY_NOUNS = words(
    "point goal win loss defeat victory draw title medal award prize trophy vote run game match "
    "championship nomination appearance record hit cap try death casualty injury fatality birth "
    "case incident attack inhabitant user visitor customer passenger viewer subscriber speaker "
    "listener reader area territory surface population language dialect religion currency"
)
# relational nouns: "a B of Y" says how X relates to Y, not what X is
# what one thing is of another even with the other left unsaid: "Pydantic V2 is a ground-up
# rewrite" (of Pydantic), "The Harbour Cup was the second edition" (of the cup)
# ("port" is left out: "a river port" is a harbour)
DERIVATION_NOUNS = words(
    "edition installment instalment iteration incarnation fork clone variant derivative "
    "replacement rewrite reimplementation sequel prequel remake continuation allusion homage "
    "tribute reissue reprint"
)
RELATIONAL_NOUNS = DERIVATION_NOUNS | words(
    "member friend part capital son daughter child wife husband brother sister mother father "
    "parent relative cousin student pupil disciple fan citizen native resident symbol source "
    "home seat centre center heart side half piece fraction share victim rival partner ally "
    "enemy neighbour neighbor colleague associate heir successor predecessor ancestor "
    "descendant twin companion servant subject object relative copy picture photo image "
    "portrait map model sign result cause consequence function feature version graduate "
    "alumnus alumna veteran champion ambassador representative head king queen prince princess "
    "uncle aunt nephew niece grandson granddaughter grandfather grandmother grandchild stepson "
    "stepdaughter stepfather stepmother spouse fiancé fiancée girlfriend boyfriend teammate "
    "bandmate classmate roommate mentor protégé influence inspiration muse widow widower née nee "
    "hometown birthplace homeland employer headquarters mater "
    # what one is of a thing one made or holds: "one of the founders of X", "its subsidiary Y"
    "founder creator owner subsidiary "
    # what one is in a story or a contest: "Frank, the protagonist", "the winner"
    "protagonist antagonist narrator winner "
    # what one thing is of another: "a port of X", "Python bindings for X" (see DERIVATION_NOUNS)
    "port wrapper binding subset superset "
    # what one package or step is for another: "a dependency of IPython"
    "dependency dependent prerequisite requirement"
)


def relational_noun(lemma: str) -> bool:
    """A noun that says what one is of another: one of ``RELATIONAL_NOUNS``, also with a prefix
    ("ex-wife", "step-son"), and any "co-" noun ("co-founder", "co-star": of someone)."""
    return (
        lemma in RELATIONAL_NOUNS
        or lemma.rsplit("-", 1)[-1] in RELATIONAL_NOUNS
        or (lemma.startswith("co-") and len(lemma) > 4)
    )


# kin words that make a class relative to something: "sister projects", "a parent company"
KIN_MODIFIERS = words("sister brother parent mother daughter twin cousin sibling")
# nouns for a role something plays in its context: "the name is a string", "the only dependency
# is BLAS", "the default is SQLite" say what fills the role here, not what a class is
CONTEXT_ROLE_NOUNS = words(
    "name dependency requirement prerequisite default output input result value"
)
# agent nouns that name a role ("leader", "pioneer", "specialist"; ``agents`` for all of them)
ROLE_SUFFIXES = ("er", "or", "ist")
# endings of nouns made from verbs, whose "of" is the verb's object: "an extension of X", "a
# measurement of Y", "a continuance of Z", "a closure of W"
VERBAL_NOUN_SUFFIXES = ("tion", "sion", "ment", "ance", "ence", "ure", "ing", "al", "age")
# adjectives the small tagger often labels as nouns after "a marsupial": "native to Australia"
POSTPOSITIVE_ADJECTIVES = words(
    "native endemic indigenous rich similar related close common typical unique responsible "
    "famous full"
)
# suffixes of adjectives mis-tagged as noun compounds ("flightless birds", "chemical element")
ADJECTIVE_SUFFIXES = ("less", "ous", "ful", "ical")

# verbs that put their subject into the class of their predicate noun: as it came to be or
# stays ("Paris became a city", "Nevada remains a swing state"), as it was declared or made
# ("was declared a national park", "was founded as a trading post"), or in the role it held
# ("served as a senator")
BECOMING_VERBS = words("become remain")
DECLARING_VERBS = words(
    "declare designate proclaim recognise recognize list elect appoint install instal ordain crown "
    "inaugurate enthrone consecrate"
)
FOUNDING_VERBS = words("create found establish form incorporate organise organize release")
# active verbs whose "as" names the class the subject is one of ("served as a senator", "trained
# as a lawyer", "enlisted as a private", "stood as a candidate")
SERVING_VERBS = words("serve work rule reign train qualify enlist practise practice retire stand")
# passive verbs whose "as" names the post the subject was taken on for ("was hired as an
# assistant coach", "was signed as a free agent", "was commissioned as a second lieutenant")
HIRING_VERBS = words("hire employ recruit sign draft commission")
# verbs of a career, whose "as" names what the subject was ("began his career as a reporter")
CAREER_VERBS = words("begin start end finish")
# offices and jobs one holds "of" an organisation or a place: ranked ("the seventh President
# of Israel", "the first lead singer of X"), the office alone is the class its holder is one of
_OFFICES = words(
    "king queen prince princess emperor empress monarch ruler sultan tsar pharaoh pope bishop "
    "archbishop abbot abbess patriarch leader chairman chairwoman chairperson provost dean rector "
    "headmaster director founder creator editor publisher manager coach captain professor "
    "administrator spokesman spokesperson commander treasurer curator conductor singer frontman"
)
OFFICE_NOUNS = TITLES | ROLE_NOUNS | _OFFICES
# verbs of judging that put a subject into a class in the judges' eyes ("is regarded as one of
# the most influential directors", "is considered a dwarf planet"): the class still holds; a
# judging predicate noun ("a masterpiece") is left out with the copula's evaluative nouns
JUDGING_VERBS = words("regard consider deem")

# relational adjectives: formed from a noun, they sort a class into kinds instead of rating its
# members ("a theoretical physicist", "a congressional district", "a secular form")
CLASSIFYING_ENDINGS = ("al", "ic", "ary", "ory", "ar", "an", "il", "ist")
# relational adjectives of no such form that sort a class into kinds as well: a mode ("a live
# album", "a solo album", "a silent film", "an online store"), a rhythm ("a weekly
# newspaper"), sex, a status ("an independent label", "a professional footballer"), a creed ("a
# religious order"), a scope ("an international airport"), a rank ("an assistant coach")
KIND_ADJECTIVES = words(
    "live solo silent animated online offline daily weekly monthly yearly quarterly male female "
    "independent private sovereign autonomous landlocked overseas indie amateur retired resident "
    "religious progressive executive administrative legislative professional international "
    "assistant associate adjunct"
)
# words with those endings that grade, judge or place in time rather than sort ("a typical
# example", "a regular guest", "a classic film", "a contemporary artist")
GRADING_ADJECTIVES = words(
    "typical special general central original global local natural final total formal normal "
    "personal critical essential substantial potential crucial vital ideal actual initial "
    "eventual occasional exceptional phenomenal sensational magical practical logical radical "
    "brutal fatal loyal real equal liberal historic iconic dramatic fantastic tragic "
    "classic basic epic scenic prolific energetic heroic regular similar popular particular "
    "peculiar familiar spectacular singular influential controversial official principal "
    "minimal maximal optimal marginal nominal annual several usual unusual legendary "
    "extraordinary ordinary necessary temporary contemporary arbitrary preliminary imaginary "
    "visionary exemplary customary momentary solitary mandatory satisfactory obligatory "
    "terrific authentic exotic ironic cynical comical whimsical hysterical mystical artistic "
    "realistic optimistic enthusiastic charismatic diplomatic automatic strategic "
    "sympathetic pathetic poetic romantic eccentric frantic gigantic colossal monumental "
    "fundamental instrumental incremental sentimental conventional unofficial "
    "optional generic sugary seminal pivotal majestic "
    "revolutionary stellar trivial hypothetical canonical rectangular circular triangular "
    "clean unexpected unprecedented unlimited unrelated"
)

# grading words that name a genre before a noun of written or staged works ("a romantic
# comedy"): there they sort the kind ("epic", "tragic" still judge; "historical", "relating to
# history", sorts everywhere: "a historical novel", "a historical site")
GENRE_ADJECTIVES = words("romantic")
GENRE_NOUNS = words(
    "comedy drama film movie novel novella poem fiction fantasy thriller opera play tragedy "
    "romance story saga series"
)

# side or line words before a player's position ("a right winger", "a left fielder", "a
# defensive end"): there they name the position, elsewhere they judge or place ("the right
# choice", "the left bank")
POSITION_WORDS = frozenset(
    (side, noun)
    for side in words("left right centre center defensive offensive inside outside")
    for noun in words(
        "winger wing back fielder guard tackle end forward midfielder half halfback lineman "
        "linebacker defender"
    )
)

# participles that, hyphened to a noun before a class, sort it by who or what does it
# ("a census-designated place", "a state-owned company", "a browser-based editor"); others
# judge or describe ("war-torn", "battle-tested", "tree-lined") and stay out of the class
SORTING_PARTICIPLES = words(
    "designated owned run based funded operated controlled sponsored backed generated powered "
    "driven planned animated reviewed mapped enabled governed administered licensed chartered "
    "accredited affiliated supported managed produced published"
)
# nouns a number picks out of one document or one list ("Figure 3", "step 2", "patient 12"):
# no name of a thing of their class that other documents share
NUMBERED_REFERENCES = words(
    "figure fig table example step item page line appendix equation listing exhibit note "
    "section chapter paragraph article clause patient case question exercise lemma theorem "
    "option point stage phase level"
)
NUMBERED_PARTS = NUMBERED_REFERENCES | words("episode track volume season installment instalment")
# nouns of events a name before them names ("the Birmingham tornado", "the Natchez fire")
EVENT_NOUNS = words(
    "tornado outbreak fire earthquake flood hurricane cyclone typhoon storm blizzard eruption "
    "election war battle siege riot massacre uprising rebellion revolution strike crisis "
    "scandal movement campaign season tournament championship study expedition disaster "
    "crash explosion bombing attack shooting affair incident"
)

# the words for the counts a list of names is checked against ("two territories, A and B")
COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
COUNT_WORDS |= {9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def count_word(n: int) -> str:
    """How a count of ``n`` is written before a noun ("two", "13")."""
    return COUNT_WORDS.get(n, str(n))


# ordinal adjectives: "the first album", "the third studio album" name one member of a class
ORDINAL_WORDS = words(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth twentieth last final debut"
)
# adjectives that, like a superlative, pick out the member of a class that stands first or
# holds it now: "X is the main river of Peru", "the current NBA champion", "the reigning queen"
PRINCIPAL_ADJECTIVES = HOLDING_ADJECTIVES | words(
    "main principal chief leading primary premier foremost predominant"
)

# adverbs that make a coordinated noun an example of what came before, not another class:
# "sources of vitamins, particularly vitamin C"
ELABORATING = words("particularly especially notably mainly chiefly including namely e.g.")

# ------------------------------------------------------------------ argument extents
# light nouns whose complement names what they are about: "support for X", "access to Y"
LIGHT_NOUNS = words("support access use usage help handling ability capability need lack")
# prefixes that are no words of their own: "non-JSON characters" keeps "non-JSON"
BOUND_PREFIXES = words(
    "non anti pre post multi semi self sub co inter intra pseudo quasi counter cross"
)
# "No. 3", "Op. 27": a title's number follows these
NUMBER_ABBREVIATIONS = words("no no. nr nr. op op. vol vol. bwv k. hwv")
# lower-case words a title-case phrase may hold ("Escape to Hangover", "Gone with the Wind")
TITLE_FUNCTION_WORDS = words("a an the of to in on at for and or nor but with from by as vs vs.")
# words that end a name and name nothing alone ("Jr.", "Inc." cut from "Brands, Inc.")
NAME_SUFFIXES = words(
    "jr jr. sr sr. ii iii iv esq esq. inc inc. ltd ltd. llc corp corp. plc co. gmbh"
)
# honours and degrees written after a name ("Donald Mackay CBE"): no part of the name itself
POST_NOMINALS = words("cbe obe mbe kbe gbe dbe kcb kcmg gcb frs frse qc kc vc mp phd")
# capitalised words that open a sentence without naming anything ("This", "Many", "Each")
OPENING_DETERMINERS = words(
    "this these that those its his her their our my your some many most all each every both "
    "no another other such several few any either neither"
)
