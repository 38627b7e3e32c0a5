"""PatternExtractor: every rule, the precision guards, UD-labelled input and the dev-set bar."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from lgm_rdf.bench.extraction import relations as relations_eval
from lgm_rdf.learn.patterns import PatternExtractor
from lgm_rdf.learn.patterns.args import looks_like_acronym
from lgm_rdf.learn.patterns.spelling import acronym_matches
from lgm_rdf.learn.relations import Relation, RelationExtractor
from lgm_rdf.nlp.model import ParsedText, Sentence, Token

INH, COMP, ALIAS = "inheritance", "composition", "alias"
EXTRA = Path(__file__).parent / "data" / "relations_extra.jsonl"
BLIND = Path(__file__).parent / "data" / "relations_blind.jsonl"
BLIND2 = Path(__file__).parent / "data" / "relations_blind2.jsonl"
BLIND3 = Path(__file__).parent / "data" / "relations_blind3.jsonl"
BLIND4 = Path(__file__).parent / "data" / "relations_blind4.jsonl"


def triples(nlp, text: str, antecedents=None) -> set[tuple[str, str, str]]:
    """Relations of ``text`` as comparable triples (alias sides sorted)."""
    sentences = nlp.parse(text).sentences
    return {r.key() for r in PatternExtractor().extract(sentences, antecedents)}


def alias(a: str, b: str) -> tuple[str, str, str]:
    return (ALIAS, *sorted((a, b)))


RULES = [
    # inheritance
    ("Apples are a type of fruit.", {(INH, "apple", "fruit")}),
    ("A sparrow is a kind of small bird.", {(INH, "sparrow", "bird")}),
    ("Jazz is a genre of music.", {(INH, "jazz", "music")}),
    ("The violin is a string instrument.", {(INH, "violin", "string instrument")}),
    ("Christopher Nolan is a film director.", {(INH, "christopher nolan", "film director")}),
    ("Dogs are mammals.", {(INH, "dog", "mammal")}),
    ("Paris is one of the largest cities in Europe.", {(INH, "paris", "city")}),
    ("The beagle is a dog breed.", {(INH, "beagle", "dog")}),
    (
        "Vegetables such as carrots and onions are cheap.",
        {(INH, "carrot", "vegetable"), (INH, "onion", "vegetable")},
    ),
    (
        "Rubies, sapphires and other gemstones are mined here.",
        {(INH, "ruby", "gemstone"), (INH, "sapphire", "gemstone")},
    ),
    ("The wolf belongs to the genus Canis.", {(INH, "wolf", "canis")}),
    ("Lions belong to the cat family.", {(INH, "lion", "cat family")}),
    ("Wheat is classified as a cereal grain.", {(INH, "wheat", "cereal grain")}),
    (
        "The violin, a string instrument, has four strings.",
        {(INH, "violin", "string instrument"), (COMP, "violin", "string")},
    ),
    (
        "Mammals include whales, dogs and bats.",
        {(INH, "whale", "mammal"), (INH, "dog", "mammal"), (INH, "bat", "mammal")},
    ),
    # composition
    (
        "Water consists of hydrogen and oxygen.",
        {(COMP, "water", "hydrogen"), (COMP, "water", "oxygen")},
    ),
    ("The committee is composed of five senators.", {(COMP, "committee", "senator")}),
    ("The statue is made of bronze.", {(COMP, "statue", "bronze")}),
    ("The sauce is made from tomatoes.", {(COMP, "sauce", "tomato")}),
    (
        "The orchestra is made up of strings and winds.",
        {(COMP, "orchestra", "string"), (COMP, "orchestra", "wind")},
    ),
    ("Fruits contain many vitamins.", {(COMP, "fruit", "vitamin")}),
    ("The album includes songs and remixes.", {(COMP, "album", "song"), (COMP, "album", "remix")}),
    ("The kit comprises a frame and two wheels.", {(COMP, "kit", "frame"), (COMP, "kit", "wheel")}),
    ("The engine is part of the car.", {(COMP, "car", "engine")}),
    ("The keyboard is a component of the computer.", {(COMP, "computer", "keyboard")}),
    (
        "Hydrogen and oxygen make up water.",
        {(COMP, "water", "hydrogen"), (COMP, "water", "oxygen")},
    ),
    ("The statue, made of bronze, stands in the square.", {(COMP, "statue", "bronze")}),
    # alias
    (
        "Mumbai, formerly known as Bombay, is a port.",
        {alias("mumbai", "bombay"), (INH, "mumbai", "port")},
    ),
    ("New York City is also called the Big Apple.", {alias("new york city", "big apple")}),
    ("Sulfuric acid is also called oil of vitriol.", {alias("sulfuric acid", "oil of vitriol")}),
    (
        "NASA stands for National Aeronautics and Space Administration.",
        {alias("nasa", "national aeronautics and space administration")},
    ),
    (
        "HTML (short for HyperText Markup Language) is used to build web pages.",
        {alias("html", "hypertext markup language")},
    ),
    ("The United Nations (UN) was founded in 1945.", {alias("united nations", "un")}),
    (
        "The World Health Organization (WHO) works globally.",
        {alias("world health organization", "who")},
    ),
    ("The fiddle is another name for the violin.", {alias("fiddle", "violin")}),
    # generalisation: tagger slips, more Hearst and naming patterns
    ("Penguins are flightless birds.", {(INH, "penguin", "bird")}),
    ("Inception is a 2010 science fiction film.", {(INH, "inception", "science fiction film")}),
    ("The koala is a marsupial native to Australia.", {(INH, "koala", "marsupial")}),
    ("Bananas, which are berries, grow in clusters.", {(INH, "banana", "berry")}),
    (
        "Marie Curie was a Polish physicist and chemist.",
        {(INH, "marie curie", "physicist"), (INH, "marie curie", "chemist")},
    ),
    (
        "Languages such as French and Spanish come from Latin.",
        {(INH, "french", "language"), (INH, "spanish", "language")},
    ),
    (
        "Many countries, including France and Germany, use the euro.",
        {(INH, "france", "country"), (INH, "germany", "country")},
    ),
    ("Nuts like almonds are healthy.", {(INH, "almond", "nut")}),
    ("Ganymede is a moon of Jupiter.", {(INH, "ganymede", "moon")}),
    (
        "Spanish is one of the official languages of the United Nations.",
        {(INH, "spanish", "language")},
    ),
    (
        "The European Union is made up of 27 member states.",
        {(COMP, "european union", "member state")},
    ),
    (
        "Kimchi is made with cabbage and chili pepper.",
        {(COMP, "kimchi", "cabbage"), (COMP, "kimchi", "chili pepper")},
    ),
    ("The brain is divided into two hemispheres.", {(COMP, "brain", "hemisphere")}),
    ("Flour is an ingredient in bread.", {(COMP, "bread", "flour")}),
    (
        "Nitrogen and oxygen make up most of the air.",
        {(COMP, "air", "nitrogen"), (COMP, "air", "oxygen")},
    ),
    (
        "The tomato is a fruit that contains vitamin C.",
        {(INH, "tomato", "fruit"), (COMP, "tomato", "vitamin c")},
    ),
    (
        "Elton John, born Reginald Dwight, is a British singer.",
        {alias("elton john", "reginald dwight"), (INH, "elton john", "singer")},
    ),
    (
        "The groundhog, or woodchuck, is a rodent.",
        {alias("groundhog", "woodchuck"), (INH, "groundhog", "rodent")},
    ),
    (
        "Bolivia, officially the Plurinational State of Bolivia, is a country.",
        {alias("bolivia", "plurinational state of bolivia"), (INH, "bolivia", "country")},
    ),
    ("Beijing (formerly Peking) is the capital of China.", {alias("beijing", "peking")}),
    (
        "Babe Ruth, nicknamed the Bambino, was a baseball player.",
        {alias("babe ruth", "bambino"), (INH, "babe ruth", "baseball player")},
    ),
    (
        "Vitamin D, also called calciferol, is produced in the skin.",
        {alias("vitamin d", "calciferol")},
    ),
    ("WHO stands for World Health Organization.", {alias("who", "world health organization")}),
    (
        "The Organisation for Economic Co-operation and Development (OECD) has 38 members.",
        {alias("oecd", "organisation for economic co-operation and development")},
    ),
    ("LOL is an abbreviation for laughing out loud.", {alias("lol", "laughing out loud")}),
    (
        "The cougar, also known as the puma or mountain lion, is a large cat.",
        {alias("cougar", "puma"), alias("cougar", "mountain lion"), (INH, "cougar", "cat")},
    ),
    (
        "Nitrous oxide, commonly known as laughing gas, is a chemical compound.",
        {alias("nitrous oxide", "laughing gas"), (INH, "nitrous oxide", "compound")},
    ),
    (
        "Edson Arantes do Nascimento, better known as Pelé, was a footballer.",
        {
            alias("edson arantes do nascimento", "pelé"),
            (INH, "edson arantes do nascimento", "footballer"),
        },
    ),
    # a restrictive "called" on a plural common noun names a subclass, not another name
    (
        "Blood contains proteins called globulins.",
        {(COMP, "blood", "protein"), (INH, "globulin", "protein")},
    ),
    # a list stops at a vaguely quantified item
    (
        "The gallery shows paintings like the Mona Lisa, the Night Watch and numerous sculptures.",
        {(INH, "mona lisa", "painting"), (INH, "night watch", "painting")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), RULES, ids=[r[0][:40] for r in RULES])
def test_rule(spacy_nlp, text: str, expected: set) -> None:
    assert triples(spacy_nlp, text) == expected


TRAPS = [
    "Apples are not a type of vegetable.",  # negation
    "Tomatoes are never vegetables.",
    "The river contains no fish.",
    "He is a man.",  # pronoun subject
    "She contains her anger.",
    "This is a good idea.",
    "Paris is the capital of France.",  # definite predicate names an individual
    "She is a member of the orchestra.",  # relational noun
    "My sister is a doctor.",  # possessive subject
    "The film was a success.",  # episode, not a kind
    "The book belongs to my brother.",  # possession, not a taxon
    "Nolan is known for his storytelling.",  # "known for" is no alias
    "The box may contain toys.",  # modal
    "If the film is a comedy, we will watch it.",  # conditional
    "Is a tomato a fruit?",  # question
    "He said that whales are fish.",  # reported
    "Time is money.",
    "The time to beat is 11 hours.",  # quantity
    "A car is red.",
    "Time is a great healer.",  # metaphor with an abstract subject
    "The new phone is a total disaster.",  # judgement
    "The museum is a short walk from the station.",  # measure
    "Pluto was once a planet.",  # no longer true
    "Pluto is no longer a planet.",
    "According to legend, the wolf is a god.",  # reported
    "Many trees are evergreens.",  # quantified subject
    "Most of the birds are predators.",
    "Alice is a friend of Bob.",  # relational "of" a name
    "Germany is a member of the European Union.",
    "The students were divided into teams.",
    "The film was made with a small budget.",
    "Cats are like dogs.",  # comparison
    "John has a car.",  # possession
    "The firm is a pioneer in robotics.",  # a role a common noun plays somewhere
    "The pear is a little sour.",  # a degree phrase, not a class
    "The company is currently CEO'd by its founder.",  # a misparsed passive verb
]


@pytest.mark.parametrize("text", TRAPS)
def test_trap_yields_nothing(spacy_nlp, text: str) -> None:
    assert triples(spacy_nlp, text) == set()


def test_paper_running_example(spacy_nlp) -> None:
    sentences = spacy_nlp.parse(
        "Apples are a type of fruit. Fruits contain many vitamins."
    ).sentences
    rels = PatternExtractor().extract(sentences)
    assert {(r.type, r.a, r.b, r.sentence) for r in rels} == {
        (INH, "apple", "fruit", 0),
        (COMP, "fruit", "vitamin", 1),
    }
    first = next(r for r in rels if r.type == INH)
    assert first.extractor == "pattern" and first.a_label == "Apples" and 0 < first.confidence <= 1


def test_pronoun_subject_uses_antecedent(spacy_nlp) -> None:
    text = "It is a kind of bird."
    assert triples(spacy_nlp, text) == set()
    ante = {(0, 0): SimpleNamespace(key="Sparrow")}
    assert triples(spacy_nlp, text, ante) == {(INH, "sparrow", "bird")}
    # an antecedent on another token (or sentence) does not apply
    assert triples(spacy_nlp, text, {(1, 0): SimpleNamespace(key="sparrow")}) == set()


def test_relative_pronoun_resolves_to_its_noun(spacy_nlp) -> None:
    assert triples(spacy_nlp, "The kangaroo, which is a marsupial, lives in Australia.") == {
        (INH, "kangaroo", "marsupial")
    }


def test_conjunctions_expand_both_sides(spacy_nlp) -> None:
    assert triples(spacy_nlp, "Copper and zinc are metals.") == {
        (INH, "copper", "metal"),
        (INH, "zinc", "metal"),
    }
    assert triples(spacy_nlp, "The recipe includes flour, eggs and sugar.") == {
        (COMP, "recipe", "flour"),
        (COMP, "recipe", "egg"),
        (COMP, "recipe", "sugar"),
    }
    # a bracketed aside is no conjunct of the subject
    text = "Michael Johnson (born 1965, Kingston, Jamaica) is a singer."
    assert triples(spacy_nlp, text) == {(INH, "michael johnson", "singer")}


def test_relations_are_numbered_by_sentence_and_deduplicated(spacy_nlp) -> None:
    parsed = spacy_nlp.parse_presplit(["A car is red.", "Dogs are mammals.", "Dogs are mammals."])
    rels = PatternExtractor().extract(parsed.sentences)
    assert sorted((r.sentence, r.a, r.b) for r in rels) == [
        (1, "dog", "mammal"),
        (2, "dog", "mammal"),
    ]


def test_extractor_protocol_and_relation_key() -> None:
    assert isinstance(PatternExtractor(), RelationExtractor)
    r = Relation(ALIAS, "un", "united nations", 0, "pattern")
    assert (
        r.key()
        == (ALIAS, "un", "united nations")
        == Relation(ALIAS, "united nations", "un", 3, "llm").key()
    )
    assert Relation(INH, "b", "a", 0, "pattern").key() == (INH, "b", "a")
    with pytest.raises(AttributeError):
        r.a = "x"  # frozen


def test_acronym_helpers() -> None:
    assert looks_like_acronym("NASA") and looks_like_acronym("PhD") and looks_like_acronym("U.S.")
    assert not looks_like_acronym("Paris") and not looks_like_acronym("A")
    assert acronym_matches("FBI", "Federal Bureau of Investigation")
    assert acronym_matches("DNA", "deoxyribonucleic acid")
    assert not acronym_matches("UK", "Manchester")


# --------------------------------------------------------------------------- UD (Stanza) input
def ud(*rows: tuple) -> Sentence:
    """A sentence from (text, lemma, upos, deprel, head[, feats]) rows, as Stanza would label it."""
    tokens, start = [], 0
    for i, (text, lemma, upos, deprel, head, *feats) in enumerate(rows):
        nxt = rows[i + 1][0] if i + 1 < len(rows) else ""
        ws = "" if nxt in (".", ",", ")") or text == "(" else " "
        tokens.append(
            Token(i, text, lemma, upos, deprel, head, start, ws, feats=feats[0] if feats else "")
        )
        start += len(text) + len(ws)
    return Sentence(
        text="".join(t.text + t.ws for t in tokens).strip(), start=0, tokens=tuple(tokens)
    )


PLUR = "Number=Plur"
UD_TYPE_OF = ud(
    ("Apples", "apple", "NOUN", "nsubj", 3, PLUR),
    ("are", "be", "AUX", "cop", 3),
    ("a", "a", "DET", "det", 3),
    ("type", "type", "NOUN", "root", 3),
    ("of", "of", "ADP", "case", 5),
    ("fruit", "fruit", "NOUN", "nmod", 3),
    (".", ".", "PUNCT", "punct", 3),
)
UD_NEGATED = ud(
    ("Apples", "apple", "NOUN", "nsubj", 4, PLUR),
    ("are", "be", "AUX", "cop", 4),
    ("not", "not", "PART", "advmod", 4),
    ("a", "a", "DET", "det", 4),
    ("type", "type", "NOUN", "root", 4),
    ("of", "of", "ADP", "case", 6),
    ("vegetable", "vegetable", "NOUN", "nmod", 4),
    (".", ".", "PUNCT", "punct", 4),
)
UD_COPULA = ud(
    ("Christopher", "Christopher", "PROPN", "nsubj", 5),
    ("Nolan", "Nolan", "PROPN", "flat", 0),
    ("is", "be", "AUX", "cop", 5),
    ("a", "a", "DET", "det", 5),
    ("film", "film", "NOUN", "compound", 5),
    ("director", "director", "NOUN", "root", 5),
    (".", ".", "PUNCT", "punct", 5),
)
UD_SUCH_AS = ud(
    ("Fruits", "fruit", "NOUN", "nsubj", 6, PLUR),
    ("such", "such", "ADJ", "case", 3),
    ("as", "as", "ADP", "fixed", 1),
    ("apples", "apple", "NOUN", "nmod", 0, PLUR),
    ("and", "and", "CCONJ", "cc", 5),
    ("pears", "pear", "NOUN", "conj", 3, PLUR),
    ("grow", "grow", "VERB", "root", 6),
    (".", ".", "PUNCT", "punct", 6),
)
UD_CONSISTS = ud(
    ("Water", "water", "NOUN", "nsubj", 1),
    ("consists", "consist", "VERB", "root", 1),
    ("of", "of", "ADP", "case", 3),
    ("hydrogen", "hydrogen", "NOUN", "obl", 1),
    ("and", "and", "CCONJ", "cc", 5),
    ("oxygen", "oxygen", "NOUN", "conj", 3),
    (".", ".", "PUNCT", "punct", 1),
)
UD_PASSIVE = ud(
    ("The", "the", "DET", "det", 1),
    ("committee", "committee", "NOUN", "nsubj:pass", 3),
    ("is", "be", "AUX", "aux:pass", 3),
    ("composed", "compose", "VERB", "root", 3, "Tense=Past|VerbForm=Part"),
    ("of", "of", "ADP", "case", 6),
    ("five", "five", "NUM", "nummod", 6),
    ("senators", "senator", "NOUN", "obl", 3, PLUR),
    (".", ".", "PUNCT", "punct", 3),
)
UD_PART_OF = ud(
    ("The", "the", "DET", "det", 1),
    ("engine", "engine", "NOUN", "nsubj", 3),
    ("is", "be", "AUX", "cop", 3),
    ("part", "part", "NOUN", "root", 3),
    ("of", "of", "ADP", "case", 6),
    ("the", "the", "DET", "det", 6),
    ("car", "car", "NOUN", "nmod", 3),
    (".", ".", "PUNCT", "punct", 3),
)
UD_CALLED = ud(
    ("New", "New", "PROPN", "compound", 2),
    ("York", "York", "PROPN", "compound", 2),
    ("City", "City", "PROPN", "nsubj:pass", 5),
    ("is", "be", "AUX", "aux:pass", 5),
    ("also", "also", "ADV", "advmod", 5),
    ("called", "call", "VERB", "root", 5, "Tense=Past|VerbForm=Part|Voice=Pass"),
    ("the", "the", "DET", "det", 8),
    ("Big", "big", "ADJ", "amod", 8),
    ("Apple", "Apple", "PROPN", "xcomp", 5),
    (".", ".", "PUNCT", "punct", 5),
)
UD_KNOWN_AS = ud(
    ("Mumbai", "Mumbai", "PROPN", "nsubj", 9),
    (",", ",", "PUNCT", "punct", 3),
    ("formerly", "formerly", "ADV", "advmod", 3),
    ("known", "know", "VERB", "acl", 0, "Tense=Past|VerbForm=Part"),
    ("as", "as", "ADP", "case", 5),
    ("Bombay", "Bombay", "PROPN", "obl", 3),
    (",", ",", "PUNCT", "punct", 3),
    ("is", "be", "AUX", "cop", 9),
    ("a", "a", "DET", "det", 9),
    ("port", "port", "NOUN", "root", 9),
    (".", ".", "PUNCT", "punct", 9),
)
UD_BELONGS = ud(
    ("The", "the", "DET", "det", 1),
    ("dolphin", "dolphin", "NOUN", "nsubj", 2),
    ("belongs", "belong", "VERB", "root", 2),
    ("to", "to", "ADP", "case", 5),
    ("the", "the", "DET", "det", 5),
    ("family", "family", "NOUN", "obl", 2),
    ("Delphinidae", "Delphinidae", "PROPN", "appos", 5),
    (".", ".", "PUNCT", "punct", 2),
)
UD_PRONOUN = ud(
    ("It", "it", "PRON", "nsubj", 3),
    ("is", "be", "AUX", "cop", 3),
    ("a", "a", "DET", "det", 3),
    ("bird", "bird", "NOUN", "root", 3),
    (".", ".", "PUNCT", "punct", 3),
)
UD_CASES = [
    (UD_TYPE_OF, {(INH, "apple", "fruit")}),
    (UD_NEGATED, set()),
    (UD_COPULA, {(INH, "christopher nolan", "film director")}),
    (UD_SUCH_AS, {(INH, "apple", "fruit"), (INH, "pear", "fruit")}),
    (UD_CONSISTS, {(COMP, "water", "hydrogen"), (COMP, "water", "oxygen")}),
    (UD_PASSIVE, {(COMP, "committee", "senator")}),
    (UD_PART_OF, {(COMP, "car", "engine")}),
    (UD_CALLED, {alias("new york city", "big apple")}),
    (UD_KNOWN_AS, {alias("mumbai", "bombay"), (INH, "mumbai", "port")}),
    (UD_BELONGS, {(INH, "dolphin", "delphinidae")}),
    (UD_PRONOUN, set()),
]


@pytest.mark.parametrize(("sentence", "expected"), UD_CASES, ids=[c[0].text[:40] for c in UD_CASES])
def test_ud_labels(sentence: Sentence, expected: set) -> None:
    assert {r.key() for r in PatternExtractor().extract([sentence])} == expected


def test_ud_pronoun_with_antecedent() -> None:
    rels = PatternExtractor().extract([UD_PRONOUN], {(0, 0): SimpleNamespace(key="sparrow")})
    assert [(r.type, r.a, r.b, r.a_label) for r in rels] == [(INH, "sparrow", "bird", "It")]


# --------------------------------------------------------------------------- benchmark
class _Scripted:
    """An NLP stub and an extractor that returns fixed relations per sentence text."""

    name = "scripted"

    def __init__(self, answers: dict[str, list[tuple[str, str, str]]]) -> None:
        self.answers = answers

    def parse(self, text: str) -> ParsedText:
        return ParsedText(sentences=[Sentence(text=text, start=0, tokens=())])

    def extract(self, sentences, antecedents=None) -> list[Relation]:
        return [Relation(t, a, b, 0, "test") for s in sentences for t, a, b in self.answers[s.text]]


def test_evaluate_counts(tmp_path: Path) -> None:
    path = tmp_path / "gold.jsonl"
    rows = [
        {"sentence": "s1", "relations": [{"type": ALIAS, "a": "UN", "b": "United Nations"}]},
        {"sentence": "s2", "relations": [{"type": INH, "a": "dog", "b": "mammal"}]},
        {"sentence": "s3", "relations": []},
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n\n", encoding="utf-8")
    stub = _Scripted(
        {"s1": [(ALIAS, "united nations", "un")], "s2": [], "s3": [(COMP, "car", "engine")]}
    )
    result = relations_eval.evaluate(path, stub, stub)
    assert result["sentences"] == 3
    assert result["per_type"][ALIAS] == {
        "tp": 1,
        "fp": 0,
        "fn": 0,
        "precision": 1.0,
        "recall": 1.0,
        "f1": 1.0,
    }
    assert result["per_type"][INH]["fn"] == 1 and result["per_type"][COMP]["fp"] == 1
    overall = result["overall"]
    assert (overall["tp"], overall["fp"], overall["fn"]) == (1, 1, 1)
    assert overall["precision"] == pytest.approx(0.5) and overall["recall"] == pytest.approx(0.5)
    assert sorted((e["kind"], e["sentence"]) for e in result["errors"]) == [
        ("FN", "s2"),
        ("FP", "s3"),
    ]
    lines = list(relations_eval.format_report(result))
    assert lines[0].split()[:4] == ["type", "P", "R", "F1"] and any(
        x.startswith("overall") for x in lines
    )


def test_evaluate_counts_only_what_a_kb_asserts_at_a_bar(tmp_path: Path) -> None:
    """``min_confidence`` keeps a relation only when its rule's measured precision reaches the
    bar, as learning does before it asserts (``lgm bench relations --min-confidence C``)."""
    from lgm_rdf.learn.confidence import load_precision

    table = load_precision()
    strong = next(r for r, p in table.rules.items() if p >= 0.95).split("/", 1)[1]
    weak = min(table.rules, key=lambda r: table.rules[r]).split("/", 1)[1]
    path = tmp_path / "gold.jsonl"
    rows = [
        {"sentence": "s1", "relations": [{"type": INH, "a": "dog", "b": "mammal"}]},
        {"sentence": "s2", "relations": [{"type": INH, "a": "cat", "b": "mammal"}]},
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")

    class Ruled:
        name = "pattern"

        def extract(self, sentences, antecedents=None) -> list[Relation]:
            out = []
            for s in sentences:
                a, rule = ("dog", strong) if s.text == "s1" else ("cat", weak)
                out.append(Relation(INH, a, "mammal", 0, "pattern", rule=rule))
            return out

    stub = _Scripted({"s1": [], "s2": []})
    everything = relations_eval.evaluate(path, stub, Ruled())["overall"]
    bar = table.precision("pattern", strong)  # a rule exactly at the bar is asserted
    asserted = relations_eval.evaluate(path, stub, Ruled(), min_confidence=bar)["overall"]
    above = relations_eval.evaluate(path, stub, Ruled(), min_confidence=bar + 0.001)["overall"]
    assert (everything["tp"], everything["fn"]) == (2, 0)
    assert (asserted["tp"], asserted["fn"]) == (1, 1)
    assert (above["tp"], above["fn"]) == (0, 2)


def test_bench_relations_command_takes_a_bar(tmp_path: Path, capsys) -> None:
    """``lgm bench relations FILE --min-confidence C`` prints the table at that bar."""
    from lgm_rdf.cli import main

    path = tmp_path / "gold.jsonl"
    row = {
        "sentence": "A dog is a mammal.",
        "relations": [{"type": INH, "a": "dog", "b": "mammal"}],
    }
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    assert main(["bench", "relations", str(path), "--min-confidence", "0.7"]) == 0
    overall = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("overall"))
    assert overall.split()[1:3] == ["1.000", "1.000"]
    assert main(["bench", "relations", str(path), "--min-confidence", "1"]) == 0
    overall = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("overall"))
    assert overall.split()[-3:] == ["0", "0", "1"]  # no rule is certain: nothing asserted
    # as in a technical document: the copula is under the bar there
    assert (
        main(["bench", "relations", str(path), "--min-confidence", "0.7", "--genre", "technical"])
        == 0
    )
    overall = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("overall"))
    assert overall.split()[-3:] == ["0", "0", "1"]
    with pytest.raises(SystemExit):
        main(["bench", "relations", str(path), "--min-confidence", "nan"])
    # a "such as" list passes 0.7 in a technical document, not the bar of a 0.9 target
    row = {
        "sentence": "Tools such as grep are handy.",
        "relations": [{"type": INH, "a": "grep", "b": "tool"}],
    }
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    found = []
    for target in ("0", "0.9"):
        args = ["bench", "relations", str(path), "--min-confidence", "0.7", "--genre", "technical"]
        assert main([*args, "--target-precision", target]) == 0
        out = capsys.readouterr().out.splitlines()
        found.append(next(x for x in out if x.startswith("overall")).split()[-3])
    assert found == ["1", "0"]


def test_bench_relations_scores_every_file_given(tmp_path: Path, capsys) -> None:
    """Several FILEs: a table for each, then one that sums them (before, only the first file
    was read and the rest ignored without a word); a missing one fails before any work."""
    from lgm_rdf.cli import main

    found = tmp_path / "found.jsonl"
    found.write_text(
        json.dumps(
            {
                "sentence": "A dog is a mammal.",
                "relations": [{"type": INH, "a": "dog", "b": "mammal"}],
            }
        )
        + "\n",
        encoding="utf-8",
    )
    missed = tmp_path / "missed.jsonl"
    missed.write_text(
        json.dumps({"sentence": "It rained.", "relations": [{"type": INH, "a": "x", "b": "y"}]})
        + "\n",
        encoding="utf-8",
    )
    assert main(["bench", "relations", str(found), str(missed)]) == 0
    out = capsys.readouterr().out.splitlines()
    heads = [i for i, line in enumerate(out) if line.startswith("== ")]
    assert [out[i] for i in heads] == [f"== {found}", f"== {missed}", "== all 2 files"]
    overall = [line.split()[-3:] for line in out if line.startswith("overall")]
    assert overall == [["1", "0", "0"], ["0", "0", "1"], ["1", "0", "1"]]
    assert "(2 sentences)" in out[heads[2] :]
    assert main(["bench", "relations", str(found), str(tmp_path / "none.jsonl")]) == 2
    assert "none.jsonl" in capsys.readouterr().err


def test_bad_gold_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"sentence": "x"}\n{not json\n', encoding="utf-8")
    with pytest.raises(ValueError, match="bad.jsonl:2"):
        relations_eval.load_gold(path)
    assert relations_eval.main([str(tmp_path / "missing.jsonl")]) == 2


def _check_bar(path: Path, nlp, precision: float, recall: float) -> dict:
    if not path.is_file():
        pytest.skip(f"{path} is not available")
    result = relations_eval.evaluate(path, nlp)
    overall = result["overall"]
    assert overall["precision"] >= precision, result["errors"]
    assert overall["recall"] >= recall, result["errors"]
    return result


def test_dev_set_bar(spacy_nlp) -> None:
    """The issue's bar: precision >= 0.95 and recall >= 0.85 on relations_dev.jsonl."""
    result = _check_bar(relations_eval.default_path(), spacy_nlp, 0.95, 0.85)
    assert set(result["per_type"]) == {INH, COMP, ALIAS}


def test_extra_set_bar(spacy_nlp) -> None:
    """Regression guard on our own 130 sentences (measured 0.992 / 0.967; 0.967 / 0.967 since
    an office held with no article is its holder's class: "Barack Obama served as president"
    gives barack obama ⊑ president, which this set's gold, written before the "become" rule,
    counts as a trap)."""
    _check_bar(EXTRA, spacy_nlp, 0.96, 0.95)


def test_blind_set_bar(spacy_nlp) -> None:
    """Regression guard on 121 sentences written before the extractor saw them (first run
    0.905 / 0.832; 0.978 / 0.978 after the generalisation work; 0.950 / 0.978 since superlative
    predicates state inheritance: "Lagos is the largest city in Nigeria" gives lagos ⊑ city,
    which this set's gold, written earlier, counts as a trap)."""
    _check_bar(BLIND, spacy_nlp, 0.94, 0.95)


def test_second_blind_set_bar(spacy_nlp) -> None:
    """Regression guard on 43 more unseen sentences (first run 0.936 / 0.898, now 0.979 /
    0.959): the best estimate of held-out performance is the first-run figure."""
    _check_bar(BLIND2, spacy_nlp, 0.95, 0.93)


def test_third_blind_set_bar(spacy_nlp) -> None:
    """Regression guard on 34 sentences written after the last rule change (0.966 / 0.903)."""
    _check_bar(BLIND3, spacy_nlp, 0.95, 0.87)


def test_fourth_blind_set_bar(spacy_nlp) -> None:
    """Regression guard on 62 unseen sentences, 21 of them traps (first run 0.951 / 0.951 with
    two gold slips against the dev convention "a form of B" -> B; now 1.000 / 0.984)."""
    _check_bar(BLIND4, spacy_nlp, 0.96, 0.95)
