"""Definitions the parse of the small model breaks, and what the rules still read off them: an
aside between the name and "is", a list item taken for an apposition, an article hung on a
modifier, a title that opens with a preposition or was cut inside brackets, names listed after
a plural class noun, "unlike other Bs". Each shape has its counter-example. The sentences are
written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import judged_sample, relations

INH, ALIAS, COMP = "inheritance", "alias", "composition"


FOUND = [
    # a list item the parse made an apposition of the first, the rest hung on the first
    (
        "Tom Reed was an Australian outdoorsman, long-distance cyclist, and explorer.",
        [
            (INH, "tom reed", "outdoorsman"),
            (INH, "tom reed", "long-distance cyclist"),
            (INH, "tom reed", "explorer"),
        ],
    ),
    # a participle clause set off between a title and its copula
    (
        "Lanterns of Verrow, recorded in 2004, is the second studio album by Tam Orrin.",
        [(INH, "lanterns of verrow", "studio album")],
    ),
    (
        "Jung Min-ji (born Jung Hye-rim, on August 18, 1993), better known by the mononym "
        "Minji, is a South Korean singer.",
        [(INH, "jung min-ji", "singer")],
    ),
    # a sentence cut inside the brackets of the one before it
    ("Rain of Quarry) is a 1962 film.", [(INH, "rain of quarry", "film")]),
    # a title opening with a preposition, where the parse found no subject
    (
        "Under the Glass Moon is the fourth novel by Edda Fors.",
        [(INH, "under the glass moon", "novel")],
    ),
    # the article hung on a modifier noun
    (
        "Corin Tallis is a former professional ice hockey right winger.",
        [(INH, "corin tallis", "right winger")],
    ),
    (
        "Nela Hart is a Canadian children's author and illustrator.",
        [(INH, "nela hart", "author"), (INH, "nela hart", "illustrator")],
    ),
    # "of" an origin or a period narrows the class instead of relating
    (
        "Pavel Orsk is an engineer and inventor of Mountain Jew origin.",
        [(INH, "pavel orsk", "engineer"), (INH, "pavel orsk", "inventor")],
    ),
    (
        "Edwin Marle was an English stage actor of the silent era.",
        [(INH, "edwin marle", "stage actor")],
    ),
    # an aside in brackets the parse made the root
    (
        "Chul Bakhsh (, also Romanized as Chūl Bakhsh) is a village in Shahi Rural District, "
        "Sardasht District, Dezful County, Iran.",
        [(INH, "chul bakhsh", "village")],
    ),
    (
        "The Arrondissement of Mechelen (; ) is one of the three administrative arrondissements "
        "in the Province of Antwerp, Belgium.",
        [(INH, "arrondissement of mechelen", "administrative arrondissement")],
    ),
    # an acronym the tagger took for an adverb
    (
        "WXBT is an urban contemporary radio station licensed to West Columbia, South Carolina.",
        [(INH, "wxbt", "radio station")],
    ),
    # names set off, then "was": another name, not a list of subjects
    (
        "Upper Marrow, officially the Territory of Marrow and later the Marrow Province, was a "
        "colony in Africa.",
        [(INH, "upper marrow", "colony")],
    ),
    # a faith or a language family sorts a class
    ("St Aldric is an Anglican church in Leeds.", [(INH, "st aldric", "anglican church")]),
    ("Velsh is a Germanic language.", [(INH, "velsh", "germanic language")]),
    (
        "Unlike other Baltic languages, Vendic has a tone system.",
        [(INH, "vendic", "baltic language")],
    ),
    # an acronym after a possessive name
    (
        "The final was part of the National Rowing League's (NRL) season.",
        [(ALIAS, "national rowing league", "nrl")],
    ),
    # names set off after a counted or owned plural class noun
    (
        "Two other Baker Law Firm partners, Tom Vance and Webb Carter, also joined the government.",
        [
            (INH, "tom vance", "baker law firm partner"),
            (INH, "webb carter", "baker law firm partner"),
        ],
    ),
    (
        "The band's two drummers, Ian Moss and Lee Pratt, left in 1990.",
        [(INH, "ian moss", "drummer"), (INH, "lee pratt", "drummer")],
    ),
    # a quoted title set off after an owned class noun
    (
        'Orla\'s third studio album, "The Far Shore", followed in 2001.',
        [(INH, "far shore", "studio album")],
    ),
    # a capitalised plural counted from outside is the class, in the singular
    (
        "Keel Hall is the oldest of the 12 Residence Halls on the campus.",
        [(INH, "keel hall", "residence hall")],
    ),
    # an apposition with no mark before it is the rest of the name
    (
        "Pierre-Louis Marre-Vanel (23 April 1756 – 3 June 1819), also known as Jean Marre, was a "
        "French personality of the Revolutionary period.",
        [(INH, "pierre-louis marre-vanel", "personality")],
    ),
    # a year counts nothing: the name keeps its plural
    (
        "The 1908 Summer Olympics, officially known as the Games of the IV Olympiad, was an "
        "international multi-sport event.",
        [(ALIAS, "games of the iv olympiad", "summer olympics")],
    ),
    # a division "of" a named place or body is a part of it
    (
        "Orrin Township is a civil township of Vell County.",
        [(COMP, "vell county", "orrin township"), (INH, "orrin township", "civil township")],
    ),
    (
        "St Ansel Church is a congregation of the Church of Wales.",
        [(COMP, "church of wales", "st ansel church")],
    ),
    # a pronunciation cut out of the brackets before "also known as"
    (
        "Jan Wolsky (; also known as Jan Wolski; 1838 – 1893) was a Polish painter.",
        [(ALIAS, "jan wolski", "jan wolsky"), (INH, "jan wolsky", "painter")],
    ),
]

ABSENT = [
    # an opening adverbial with a date or a person is no title
    ("In May Tom Hale was a waiter.", (INH, "in may tom hale", "waiter")),
    # an owned relational noun relates, whatever the article
    ("Dova is the company's main author.", (INH, "dova", "author")),
    # a nationality says where a member is from, it sorts no class
    ("Orla Kirk is an American singer.", (INH, "orla kirk", "american singer")),
    # "the Cognac region of France": a name before the place noun, "of" locates
    ("He lives in the Cognac region of France.", (INH, "france", "cognac region")),
    # a relational noun after "the": what they are to someone
    ("Tom Hale and Ann Moss are the founders.", (INH, "tom hale", "founder")),
    # a comparison inside the clause, not set off at its start
    ("The group sounds like other bands.", (INH, "group", "band")),
    # kin after an owner, and a count the list does not fill
    ("His two sons, John Hale and Paul Hale, died young.", (INH, "john hale", "son")),
    ("Three partners, Ada Fell and Rob Tarn, left.", (INH, "ada fell", "partner")),
    # a relational noun before a quoted name
    ('His wife, "Mary", died in 1990.', (INH, "mary", "wife")),
    # "being the Bs" states no class; a name with an ordinal word ranks nothing
    (
        "The winner of the fourth season was Tom Hale, with Ann Moss and Roxy Vale being the "
        "runners - up.",
        (INH, "ann moss", "runner"),
    ),
    (
        "The First Baptist Church in Ohio is the First Baptist Church of Dayton, Ohio.",
        (INH, "first baptist church in ohio", "first baptist church of dayton"),
    ),
    # a lower-case word before a name is no place the preposition names
    (
        "It is a synonym for ummat al - Islamiyah (Arabic: الأمة الإسلامية).",
        (ALIAS, "al - islamiyah", "الأمة الإسلامية"),
    ),
    # a name after a preposition keeps its first words ("with GNU Autotools"); a slash
    # between two names keeps them apart
    (
        "It can be built with GNU Autotools, CMake, or several other build systems.",
        (INH, "autotools", "build system"),
    ),
    (
        "BeijingDance / LDTX is a modern dance company.",
        (INH, "beijingdance / ldtx", "dance company"),
    ),
    (
        "Leslie Tucker, known as Junior Tucker (born 1966), is a Jamaican reggae singer.",
        (ALIAS, "leslie tucker", "tucker"),
    ),
    # found by the blind judging of the relations the change adds on the QA contexts: a common
    # noun is no start of a name that runs on, a member picked "of" a series is no kind of it,
    # a suburb lies outside its city
    (
        "The leaders are long - time Senators Mitch McConnell (R) from Kentucky.",
        (INH, "senators mitch mcconnell", "time"),
    ),
    (
        'First of the Feluda TV film series, "Baksho Rahashya" (1996) was released in theaters.',
        (INH, "baksho rahashya", "feluda tv film series"),
    ),
    ("They train in Pittsford, an eastern suburb of Rochester.", (COMP, "rochester", "pittsford")),
    # an island or a city "of" a place is only located there
    ("Varo is an island of Indonesia.", (COMP, "indonesia", "varo")),
    # a number with a unit before a plural name counts nothing
    ("It ran on 3.4Ghz i7 Windows, a test machine.", (INH, "i7 window", "test machine")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_definition_is_read(spacy_nlp, text: str, expected: list) -> None:
    found = relations(spacy_nlp, text)
    assert [t for t in expected if t not in found] == []


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_shape_that_states_no_class(spacy_nlp, text: str, absent: tuple) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_bracket_glued_to_a_mark_is_a_token_of_its_own(spacy_nlp) -> None:
    """ "the north (; ) of": the tokenizer glues "(" to ";" where a pronunciation was cut out;
    split, the brackets pair up again. After a name the empty bracket is not parsed at all
    (``nlp.debris``): "Ii (; ) is" reads as "Ii is", and the name stays whole."""
    text = "It lies in the north (; ) of Finland."
    tokens = [t.text for t in spacy_nlp.parse(text).sentences[0].tokens]
    assert tokens[5:8] == ["(", ";", ")"]
    named = spacy_nlp.parse("Ii (; ) is a municipality of Finland.").sentences[0]
    assert [t.text for t in named.tokens][:2] == ["Ii", "is"]
    assert named.text == "Ii (; ) is a municipality of Finland."


def test_judged_additions_hold(spacy_nlp) -> None:
    """80 relations the sixteenth session's rules added on the QA contexts, drawn at random and
    judged blind (docs/benchmarks.md §38): 76 correct. The wrong ones stay gone, and the correct
    ones are still learned but for a handful."""
    rows, back = judged_sample(spacy_nlp, "judged_added_s16.jsonl")
    assert len(rows) == 80 and sum(r["verdict"] == "correct" for r in rows) == 76
    assert not [r for r in back if r["verdict"] == "wrong"]
    assert len(back) >= 70  # 71 at f0861a8: the later fixes took five correct ones too
