"""A verb of work, hiring or career puts a named subject into the class its "as" names ("Smith
worked as a journalist in Paris", "Tom Reed was hired as an assistant coach", "Mary Jones began
her career as a reporter", "Publix stands as one of ..."). A name set off after an indefinite
class noun is a member of it, quoted or not ('a live album, "Live at Leeds",', "formed a band,
Alchemist, with"), and so is a person set off after a role noun a name modifies ("The BBC
presenter, Ann Moss,"). As many items as a plural counts, listed after a colon, are its members
('three films: "A", "B" and "C"') and parts of a named whole that has them, and a numbered part of a named work is a part of it ('"Pilot" is the first episode of
the series "Lost"'). A name followed in
brackets by the same name in another script, or a foreign quoted title by its English title, is
an alias of it ('"사랑해 (I Love You)"', "Tokyo Tower (東京タワー)"). A plural common noun that a
restrictive naming participle gives a term has it as a kind ("proteins called gamma globulins"). A place name the tagger took
for a plural ("[Leeds]NNS") keeps its "s". Each with its counter-examples; the sentences are
written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

INH, ALIAS = "inheritance", "alias"

FOUND = [
    # "as" after a verb of work, hiring or career
    ("Ann Smith worked as a journalist in Paris.", (INH, "ann smith", "journalist")),
    (
        "Tom Reed was hired as an assistant coach by the Bears.",
        (INH, "tom reed", "assistant coach"),
    ),
    ("Mary Jones began her career as a reporter for the Times.", (INH, "mary jones", "reporter")),
    ("Carl Berg trained as a lawyer in Oslo.", (INH, "carl berg", "lawyer")),
    ("Jim Hale enlisted as a sailor in 1917.", (INH, "jim hale", "sailor")),
    ("Ruth Moss was signed as a goalkeeper in 2004.", (INH, "ruth moss", "goalkeeper")),
    (
        "Publix stands as one of the largest regional grocery chains.",
        (INH, "publix", "regional grocery chain"),
    ),
    # as many items after a colon as a plural counts: members or kinds; parts of a named whole
    (
        "Two venues were used for the Games: the Sydney Baseball Stadium and Blacktown Park.",
        (INH, "sydney baseball stadium", "venue"),
    ),
    (
        'The Tarrow Trilogy consists of three films: "Alpha" (1979), "Beta" (1982), and "Gamma" (1981).',
        (INH, "gamma", "film"),
    ),
    (
        'The Tarrow Trilogy consists of three films: "Alpha" (1979), "Beta" (1982), and "Gamma" (1981).',
        ("composition", "tarrow trilogy", "beta"),
    ),
    (
        "It lies where four rivers meet: the Odra, Opava, Ostravice and Lučina.",
        (INH, "opava", "river"),
    ),
    # a restrictive naming participle gives a common noun a kind ("called-term")
    ("Proteins called gamma globulins protect the body.", (INH, "gamma globulin", "protein")),
    ("Birds known as penguins live in Antarctica.", (INH, "penguin", "bird")),
    # a list of quoted titles closed by ", and" before another phrase
    (
        'He acted in films such as "Alpha" (1989), "Beta" (1992), and for voicing Sam in a game.',
        (INH, "beta", "film"),
    ),
    # a part of a named work, ranked or not
    (
        '"Pilot" is the first episode of the American series "Lost".',
        ("composition", "lost", "pilot"),
    ),
    ('"Yesterday" is a song from the album "Help!".', ("composition", "help!", "yesterday")),
    (
        "Prisoner of Azkaban is the third book in the Harry Potter series.",
        ("composition", "harry potter series", "prisoner of azkaban"),
    ),
    # a name set off after an indefinite class noun, with more of the clause after it
    ("In 1999 he formed a band, Alchemist, with two friends.", (INH, "alchemist", "band")),
    (
        "The label released a live album, Tarrow Nights, in 1970.",
        (INH, "tarrow nights", "live album"),
    ),
    (
        'The band released a live album, "Live at Leeds", in 1970.',
        (INH, "live at leeds", "live album"),
    ),
    (
        'Her best-known work is a novel, "The Quiet Shore", from 1990.',
        (INH, "quiet shore", "novel"),
    ),
    # a person set off after a role noun a name modifies: whose role it is
    ("The BBC presenter, Ann Moss, retired in 2001.", (INH, "ann moss", "presenter")),
    ("The Leeds United manager, Don Revie, left.", (INH, "don revie", "manager")),
    # a year among the modifiers of a class noun the tagger took for a verb
    (
        'He edited the new 2011 YTV show "Tarrow Lane" for a year.',
        (INH, "tarrow lane", "show"),
    ),
    # a place name the tagger took for a plural keeps its "s"
    ("Tarrow is part of Leeds.", ("composition", "leeds", "tarrow")),
    # the same name in another script, or a foreign title's English title
    (
        'The album includes the single "사랑해 (I Love You)" and two others.',
        (ALIAS, "i love you", "사랑해"),
    ),
    ("Tokyo Tower (東京タワー) is a communications tower.", (ALIAS, "tokyo tower", "東京タワー")),
    (
        'Her debut novel, "Dziewczyna z Łodzi" (The Girl from Lodz, 2003), sold well.',
        (ALIAS, "dziewczyna z łodzi", "girl from lodz"),
    ),
]

ABSENT = [
    # a standing after a judging verb, a place in a standing, no named subject, a definite post
    ("Ada Smith was recognized as a leader in AI.", (INH, "ada smith", "leader")),
    ("The town worked as a trading post for years.", (INH, "town", "trading post")),
    ("Bo Lind was appointed as the head coach in 2010.", (INH, "bo lind", "head coach")),
    ("Eve Hart began as a singer.", (INH, "eve hart", "singer")),
    # a thing ordered as something is not hired as it (judged wrong by helper-94, docs §45)
    (
        "Urbis was commissioned as a 'Museum of the City' in 1999.",
        (INH, "urbis", "museum of the city"),
    ),  # no career: when, not what
    ("Lena Voss started the company as a hobby.", (INH, "company", "hobby")),
    # a set-off name that starts a list, a title of the outer noun after a preposition
    ("He joined a band, Alchemist, and a choir.", (INH, "alchemist", "band")),
    (
        'It is an episode list for the television series, based on a book series, "Tarrow".',
        (INH, "tarrow", "book series"),
    ),
    ("She married a man, Bob, in Sweden.", (INH, "bob", "wife")),
    # a set-off naming participle gives another name; a mention, a vague or relational noun
    (
        "Eukaryotic organisms, also called eukaryotes, have a nucleus.",
        (INH, "eukaryote", "organism"),
    ),
    ("They use a word called hello.", (INH, "hello", "word")),
    ("A file called series lists the patches.", (INH, "series", "file")),
    ("Dried coffee seeds (referred to as beans) are roasted.", (INH, "bean", "coffee seed")),
    ("He had friends called rivals.", (INH, "rival", "friend")),
    # a colon list of another count, a time, a relation, a list that runs on, a common whole
    ("The band played two shows: Leeds, York and Hull.", (INH, "york", "show")),
    ("It took two weeks: Monday and Friday.", (INH, "monday", "week")),
    ("He had two sons: John and Paul.", (INH, "john", "son")),
    ('The album has two singles: "Alpha" and "Beta", both hits.', (INH, "alpha", "single")),
    ('The set has two discs: "Alpha" (1979) and "Beta" (1982).', ("composition", "set", "alpha")),
    # a film from a studio, an episode of a season: no named work
    (
        '"Tarrow" is a film from Paramount Pictures.',
        ("composition", "paramount pictures", "tarrow"),
    ),
    ('"Pilot" is the first episode of the season.', ("composition", "season", "pilot")),
    # found by the review (docs §45): common nouns listed are no kinds, countries no teams, no
    # dates, no parts of a whole that only "has" them
    ("The function takes two arguments: key and value.", (INH, "key", "argument")),
    ("Two teams qualified: Brazil and Germany.", (INH, "brazil", "team")),
    ("The cup had two rounds: May and June.", (INH, "june", "round")),
    ("Nike has two main competitors: Adidas and Puma.", ("composition", "nike", "adidas")),
    ("Nike has two main competitors: Adidas and Puma.", (INH, "adidas", "competitor")),
    # a stage of life, a group, a figure; a thing said is no title
    ("Lee Min began his career as a teenager in Seoul.", (INH, "lee min", "teenager")),
    ("Ann Smith worked as a team with Bob Jones.", (INH, "ann smith", "team")),
    ("Mandela stands as a testament to forgiveness.", (INH, "mandela", "testament")),
    ('He sent a message, "Help me", to his wife.', (INH, "help me", "message")),
    # a work from a network or an artist, a book about a series, alternatives
    (
        '"Pilot" is the first episode of the Netflix series.',
        ("composition", "netflix series", "pilot"),
    ),
    (
        '"Tarrow" is a book on the Harry Potter series.',
        ("composition", "harry potter series", "tarrow"),
    ),
    (
        '"Yesterday" is a song from the album "Help!" or the album "Rubber Soul".',
        ("composition", "help!", "yesterday"),
    ),
    # a release, a maker, a clause in quotes
    (
        'The album includes "Über Alles" (Live in Berlin) and two others.',
        (ALIAS, "live in berlin", "über alles"),
    ),
    ('He directed "Amélie" (Jean-Pierre Jeunet) in 2001.', (ALIAS, "amélie", "jean-pierre jeunet")),
    ('He said "we visited Tokyo (東京) last year".', (ALIAS, "we visited tokyo", "東京")),
    # brackets that locate, date or gloss; one script; a title in plain English letters
    ("He played for Malmö FF (Sweden) in 2001.", (ALIAS, "malmö ff", "sweden")),
    ('He moved to "Łódź" (Lodz Voivodeship) in 1990.', (ALIAS, "lodz voivodeship", "łódź")),
    (
        'The film "Il Sorpasso" (The Easy Life) was released in 1962.',
        (ALIAS, "easy life", "il sorpasso"),
    ),
    ('"Foo" and Bar Baz (Qux Quux) met.', (ALIAS, "bar baz", "qux quux")),
    ("Tarrow is part of Leeds.", ("composition", "leed", "tarrow")),
    # a place set off after a noun a name modifies is no member of it
    (
        "The former Temal municipality, Shkodër County, northern Albania, is small.",
        (INH, "shkodër county", "municipality"),
    ),
    ("The Leeds United manager, Don Revie, left.", (INH, "don revie", "leeds united manager")),
    ('The song "Tarrow" (in Korean) was a hit.', (ALIAS, "in korean", "tarrow")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_careers_set_off_names_and_other_scripts_are_read(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_class_or_alias_from_a_standing_a_list_or_a_place(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_other_script_rule_is_named() -> None:
    """The alias rule keeps its own name, so its precision is measured on its own."""
    from lgm_rdf.learn.patterns.scripts import script

    assert script("사랑해") == "HANGUL" and script("東京タワー") == "CJK"
    assert script("Łódź") == "LATIN" and script("1990") == ""


def test_judged_additions_hold(spacy_nlp) -> None:
    """The relations the twenty-third session's code learns on QA-context sentences that the
    twenty-second's did not (sentences of every gold and judged file left out), judged blind by
    two helpers unaware of each other in two rounds (docs/benchmarks.md §45): 22 rows by
    helper-93 (22 correct) and helper-94 (21) — the disputed `urbis ⊑ museum of the city`
    ("was commissioned as") is no longer learned, a passive hiring verb needs a person — and the
    13 rows of the two later forms by helper-96 and helper-97 (13 and 13). Every row both judged
    correct is still learned."""
    from pattern_relations import judged_rows, learns, relations_with_heads

    rows = judged_rows("judged_added_s23.jsonl")
    assert len(rows) == 35
    disputed = [(r["a"], r["b"]) for r in rows if "wrong" in (r["verdict"], r["verdict_2"])]
    assert disputed == [("urbis", "museum of the city")]
    for r in rows:
        found = learns(relations_with_heads(spacy_nlp, r["sentence"]), r)
        assert found == ((r["a"], r["b"]) not in disputed), (r["a"], r["b"])
