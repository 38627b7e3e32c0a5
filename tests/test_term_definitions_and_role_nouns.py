"""A term defined by a present passive naming verb is a kind of the noun the definition narrows
("An instrument that measures X is called a mass spectrometer", "Animals that eat only plants
are known as herbivores"); a bare plural narrowed by a clause is no alias of the term. A role
noun right before a name classes it even bare ("stonemason Francis McGraw", "pop rock band
F.I.R."), as the lower-case words after whose it is ("Mother Love Bone vocalist Andrew Wood" →
``vocalist``). People listed after "include" are no parts. No sentence starts where the text
before it has no stop ('his debut LP | "My Friend Fish"'). Each with its counter-examples; the
sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import judged_rows, learns, relations, relations_with_heads, unlearned

INH, ALIAS, COMP = "inheritance", "alias", "composition"

FOUND = [
    (
        "An instrument that measures the mass of ions is called a mass spectrometer.",
        [(INH, "mass spectrometer", "instrument")],
    ),
    ("A person who studies rocks is known as a geologist.", [(INH, "geologist", "person")]),
    (
        "The process by which plants make food is called photosynthesis.",
        [(INH, "photosynthesis", "process")],
    ),
    ("Animals that eat only plants are known as herbivores.", [(INH, "herbivore", "animal")]),
    ("A molecule with two atoms is sometimes called a dimer.", [(INH, "dimer", "molecule")]),
    # a role noun before a name: tagged as a name, before a name with a capital inside, before
    # a name written with stops
    ("The hall was built by stonemason Francis McGraw.", [(INH, "francis mcgraw", "stonemason")]),
    ("She joined pop rock band F.I.R. in 2001.", [(INH, "f.i.r.", "rock band")]),
    # the lower-case words after the name of whose it is
    (
        "It was a tribute to Mother Love Bone vocalist Andrew Wood.",
        [(INH, "andrew wood", "vocalist")],
    ),
    ('He produced the NBC sitcom "Tarrow Lane" for years.', [(INH, "tarrow lane", "sitcom")]),
    # set-off naming participles still give aliases
    (
        "Lapis lazuli, also called lazurite, is a deep-blue rock.",
        [(ALIAS, "lapis lazuli", "lazurite")],
    ),
    ("The album includes ten songs.", [(COMP, "album", "song")]),
    # the term keeps the words that name its kind
    (
        "Arrays indexed by strings are called associative arrays.",
        [(INH, "associative array", "array")],
    ),
    # a noun that may name a person or a thing includes what is no person's name
    (
        "The driver includes helper functions, type guards and decoders.",
        [(COMP, "driver", "helper function")],
    ),
]

ABSENT = [
    # no definition: one thing described, a past description, a pointing noun, a name, renown
    ("The man who founded the city is known as a hero.", (INH, "hero", "man")),
    ("A man who lived there was known as a hermit.", (INH, "hermit", "man")),
    ("This device is called a barometer.", (INH, "barometer", "device")),
    ("A person who paints is best known as a painter.", (INH, "painter", "person")),
    ("A person who studies rocks is not called a biologist.", (INH, "biologist", "person")),
    # found by the review (docs §44): a term "of" something, a count or a time ("called a
    # second time": invoked), a namer given with "by", one particular thing (a date, a person
    # who made it, a past clause)
    (
        "Objects that are created by the factory are called instances of the class.",
        (INH, "class", "object"),
    ),
    ("Animals that live in groups are known as members of a herd.", (INH, "member", "animal")),
    ("A band that formed in Seattle is known as a pioneer of grunge.", (INH, "pioneer", "band")),
    (
        "A handler that raises an exception is called a second time.",
        (INH, "second time", "handler"),
    ),
    ("Users who break the rules are called names by the moderators.", (INH, "name", "user")),
    ("A song that he wrote in 1970 is known as a classic.", (INH, "classic", "song")),
    ("A man who founded the town is called a hero.", (INH, "hero", "man")),
    # a bare plural narrowed by a clause: the term names a kind of it, not it
    ("Animals that eat only plants are known as herbivores.", (ALIAS, "animal", "herbivore")),
    # the whose of a role noun is no part of the class; a kind written with a capital stays
    (
        "It was a tribute to Mother Love Bone vocalist Andrew Wood.",
        (INH, "andrew wood", "mother love bone vocalist"),
    ),
    ("Christ Church is a historic Episcopal church.", (INH, "christ church", "church")),
    # people listed after "include" are members
    (
        "The cast members include Head Teacher Ann Moss and History Teacher Tom Hale.",
        (COMP, "cast member", "tom hale"),
    ),
    (
        "Arrays indexed by strings are called associative arrays.",
        (ALIAS, "array", "associative array"),
    ),
    # the acronym after a noun is still what the noun modifies
    ("Open the web UI in a browser.", (INH, "ui", "web")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_term_definitions_and_role_nouns_are_read(spacy_nlp, text: str, expected: list) -> None:
    found = relations(spacy_nlp, text)
    assert [t for t in expected if t not in found] == []


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_definition_from_a_description(spacy_nlp, text: str, absent: tuple) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_christ_church_keeps_its_capitalised_kind(spacy_nlp) -> None:
    """A class written with capitals is kept whole where no role noun precedes a name."""
    found = relations(spacy_nlp, "Christ Church is a historic Episcopal church.")
    assert (INH, "christ church", "episcopal church") in found


def test_trades_are_person_nouns() -> None:
    from lgm_rdf.nlp.coref.lexicon import person_noun

    assert all(map(person_noun, ["stonemason", "carpenter", "blacksmith", "tailor", "weaver"]))
    assert not any(map(person_noun, ["stone", "wood", "cloth"]))


QUOTE_SPLIT = 'Jo Moss released his debut LP "My Friend Fish" on May 2, 2013, via Tarrow Records.'


def test_no_sentence_starts_without_a_stop_before_it(spacy_nlp) -> None:
    """The small parser began a sentence at the opening quotation mark; the guard keeps one."""
    assert len(spacy_nlp.parse(QUOTE_SPLIT).sentences) == 1
    after_stops = [
        s.text for s in spacy_nlp.parse('He said "Go." Then he left.[3] The end came').sentences
    ]
    assert len(after_stops) >= 2 and after_stops[-1].endswith("The end came")
    marked = [s.text for s in spacy_nlp.parse("MuSiQue quotes ``Go. '' They left.").sentences]
    assert marked[-1] == "They left."
    emphasis = "*Deprecated.* Use the new module instead. It is faster."  # Markdown emphasis
    assert spacy_nlp.parse(emphasis).sentences[0].text == "*Deprecated.*"


def test_a_text_with_few_stops_keeps_the_parsers_splits(spacy_nlp) -> None:
    """An infobox flattened into text is no prose: the guard leaves its splits to the parser,
    so its fields are not joined into one long "sentence" that rules read relations from."""
    from lgm_rdf.nlp.spacy_backend import _start_after_a_stop

    fields = "Studio album by Tarrow Released 14 April 1980 Genre Heavy metal Length 37: 35 " * 3
    doc = spacy_nlp._nlp.make_doc(fields)
    _start_after_a_stop(doc)
    assert all(t.is_sent_start is None for t in doc[1:])
    prose = spacy_nlp._nlp.make_doc(QUOTE_SPLIT)
    _start_after_a_stop(prose)
    assert any(t.is_sent_start is False for t in prose)


def test_a_long_run_without_stops_is_still_cut(spacy_nlp) -> None:
    """After 40 tokens with no stop the parser decides again: no unbounded sentence."""
    from lgm_rdf.nlp.spacy_backend import _start_after_a_stop

    text = "Jo ran. " * 20 + " ".join(f"row {i} value" for i in range(30)) + "."
    doc = spacy_nlp._nlp.make_doc(text)
    _start_after_a_stop(doc)
    run = [t for t in doc if t.i > 60]  # the run starts after the twenty short sentences
    assert run[0].is_sent_start is False and run[-2].is_sent_start is None


def test_judged_additions_hold(spacy_nlp) -> None:
    """The 49 relations the twenty-second session's code learns that the twenty-first's did
    not (QA contexts with gold sentences left out, and sentences of the earlier judged samples;
    new ones and relabels), judged blind by two helpers (docs/benchmarks.md §44): both 42
    correct, the same 7 wrong — all from the title-noun rule, four of them relabels of relations
    judged wrong before (badge rows, infobox fields, pieces of one name), two new infobox
    fields a first version of the sentence guard joined (no longer learned: a text with few
    full stops keeps the parser's own splits), one adjective taken for a class ("the
    centrist EURO.KO"). The correct ones are all learned but two: `chris hardman ⊑ pop star`,
    whose guard (a verb the parse hung on the role noun) was withdrawn after judging because it
    flipped a HotpotQA near-tie (§44), and `f.i.r. ⊑ pop rock band` from 'F.I.R. () is ... pop
    rock band F.I.R.'s () debut ... album': with the empty brackets no longer parsed
    (``nlp.debris``, §55) the parse hangs the band's name on the album as its owner, not on
    "band" (the band stays `⊑ rock band` from another sentence). `f.i.r ⊑ band`, judged with
    the dot the tokenizer had cut off the initialism, is learned with it since §60 (`f.i.r.`)."""
    rows = judged_rows("judged_added_s22.jsonl")
    assert len(rows) == 49
    assert all(r["verdict"] == r["verdict_2"] for r in rows)
    wrong = sorted((r["a"], r["b"]) for r in rows if r["verdict"] == "wrong")
    assert len(wrong) == 7 and ("euro.ko", "centrist") in wrong
    right = [r for r in rows if r["verdict"] == "correct"]
    lost = [("chris hardman", "pop star"), ("f.i.r", "band"), ("f.i.r.", "pop rock band")]
    assert unlearned(spacy_nlp, right) == lost
    learned = [r for r in rows if learns(relations_with_heads(spacy_nlp, r["sentence"]), r)]
    assert not {("length 37", "metal"), ("iron maiden", "studio albums chronology")} & {
        (r["a"], r["b"]) for r in learned
    }
