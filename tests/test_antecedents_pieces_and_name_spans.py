"""A relative clause whose singular verb cannot agree with the plural noun the parse hung it on
is about another noun ("collectors in every country ..., which includes A and B"); a piece of
a named whole ("parts of Angola", "much of Ontario") is no part named by the whole's name;
names set off after a counted plural that the parse coordinated with the plural itself are its
members when there are as many as it counts (not of "parts"); a name keeps its particles
("Vasco da Gama") and its opening number ("12 Monkeys") and loses a lower-case adverb after it
("Pannotia earlier"); a class keeps a noun the parse hung as an adjective ("terminal
emulators"), and the end of a hyphened adjective ("low-cost", "long - time") is no role noun.
Each with its counter-examples; the sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

INH, COMP, ALIAS = "inheritance", "composition", "alias"

FOUND = [
    # a dash set off by spaces before a role is no hyphen of an adjective
    ("The plan was simple - president Barack Obama signed it.", (INH, "barack obama", "president")),
    # names coordinated with the counted plural, as many as it counts
    ("She visited the two cities, Paris and Rome, in 1990.", (INH, "rome", "city")),
    ("He recorded three albums, Alpha, Beta and Gamma.", (INH, "gamma", "album")),
    # a name particle between capitalised words belongs to the name after a role noun
    (
        "The voyage was led by Portuguese explorer Vasco da Gama in 1497.",
        (INH, "vasco da gama", "explorer"),
    ),
    # a lower-case adverb after a name is no word of it
    (
        "It formed after the break-up of the supercontinent Pannotia earlier.",
        (INH, "pannotia", "supercontinent"),
    ),
    # a number opening the sentence before a capitalised noun is part of the name
    ("12 Monkeys is a 1995 science fiction film.", (INH, "12 monkeys", "science fiction film")),
    ("30 Rock is an American television sitcom.", (INH, "30 rock", "television sitcom")),
    # a noun the parse hung as an adjective is still a word of the class
    (
        "It is similar to GPU-accelerated terminal emulators such as Alacritty and Kitty.",
        (INH, "kitty", "terminal emulator"),
    ),
]

ABSENT = [
    # a singular relative verb cannot be about the plural noun before it
    (
        "Anime collectors in every country the format reached, which includes both Canada and "
        "Japan, bought the discs.",
        (COMP, "anime collector", "japan"),
    ),
    # a piece of a whole: the whole is not the part
    ("The basin includes parts of Angola and Gabon.", (COMP, "basin", "angola")),
    ("The region includes much of Ontario.", (COMP, "region", "ontario")),
    # more or fewer names than the count: not the whole list
    ("She visited three cities, Paris and Rome, in 1990.", (INH, "rome", "city")),
    # parts are no kinds of part; the end of a hyphened adjective is no role noun
    ("The framework has two parts, Core and Extensions.", (INH, "core", "part")),
    (
        "We target small, low-cost Single Board Computers.",
        (INH, "single board computers", "low-cost"),
    ),
    # also where a tokenised text spaces the hyphen (a dash before a role is no hyphen)
    (
        "The whips are long - time Senators John Cornyn from Texas and Dick Durbin from Ohio.",
        (INH, "senators john cornyn", "time"),
    ),
    # a participle the tagger took for a noun is no word of the class
    (
        "We built a small dataset describing concepts such as tree, root and cup.",
        (INH, "tree", "dataset describing concept"),
    ),
    # a particle the parse set off from the rest of the name does not join it
    ("The minister Ursula von der Leyen became president.", (INH, "ursula von der", "minister")),
    # the old readings
    (
        "The voyage was led by Portuguese explorer Vasco da Gama in 1497.",
        (INH, "vasco", "explorer"),
    ),
    ("12 Monkeys is a 1995 science fiction film.", (INH, "monkeys", "science fiction film")),
]

KEPT = [
    # a plural verb, a list, or a plural of-object still give their relations
    ("The islands, which include Malta and Gozo, are small.", (COMP, "island", "malta")),
    ("Whales, which are mammals, live in the sea.", (INH, "whale", "mammal")),
    ("The park contains most of the lakes of the region.", (COMP, "park", "lake")),
    # some of a mass is still that mass
    ("The ocean contains most of the Earth's water.", (COMP, "ocean", "water")),
    # a lower-case head keeps its adverb: parses that put a word of the name there
    ("LOL is an abbreviation for laughing out loud.", (ALIAS, "laughing out loud", "lol")),
    (
        "Anthemis cotula, also known as stinking chamomile, is a flowering plant.",
        (ALIAS, "anthemis cotula", "stinking chamomile"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), FOUND + KEPT, ids=[t[:40] for t, _ in FOUND + KEPT])
def test_counted_lists_and_name_spans_are_read(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_wrong_antecedent_piece_or_partial_list(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_judged_additions_hold(spacy_nlp) -> None:
    """The relations the twenty-sixth session's code learns on QA-context sentences that the
    twenty-fifth's did not (sentences of every gold and judged file left out), judged blind by
    two helpers unaware of each other (docs/benchmarks.md §48): 4 rows, all correct for both.
    All are still learned."""
    from pattern_relations import judged_rows, unlearned

    rows = judged_rows("judged_added_s26.jsonl")
    assert len(rows) == 4
    assert all(r["verdict"] == r["verdict_2"] == "correct" for r in rows)
    assert unlearned(spacy_nlp, rows) == []
