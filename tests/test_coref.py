"""Rule-based coreference on real spaCy parses, and the chain path."""

from __future__ import annotations

from lgm_rdf.nlp.coref import Antecedent, resolve, topic_name
from lgm_rdf.nlp.model import CorefChain, MentionSpan, ParsedText
from lgm_rdf.nlp.text import resolved_text


def marks(parsed: ParsedText, topic: str | None = None) -> dict[tuple[int, int], str]:
    """(sentence, token) -> antecedent text."""
    return {pos: a.text for pos, a in resolve(parsed, topic=topic).items()}


def by_word(parsed: ParsedText, topic: str | None = None) -> list[tuple[str, str]]:
    """(pronoun as written, antecedent text) in reading order."""
    found = resolve(parsed, topic=topic)
    return [(parsed.sentences[s].tokens[i].text, found[(s, i)].text) for s, i in sorted(found)]


def test_paper_example(spacy_nlp):
    parsed = spacy_nlp.parse("Apple is fruit. It is sweet.")
    found = resolve(parsed)
    assert found == {(1, 0): Antecedent("Apple", "apple")}
    text = resolved_text(parsed.sentences[1], {0: found[(1, 0)]})
    assert text == "It [: Apple] is sweet."


def test_he_and_she_pick_people_of_their_gender(spacy_nlp):
    parsed = spacy_nlp.parse(
        "Christopher Nolan is a film director. Mary Smith is an English actress. "
        "She won an award. He was born in London."
    )
    assert by_word(parsed) == [("She", "Mary Smith"), ("He", "Christopher Nolan")]


def test_possessives_are_resolved(spacy_nlp):
    parsed = spacy_nlp.parse(
        "Christopher Nolan wrote the screenplay with his brother. "
        "The company moved its headquarters to Paris."
    )
    assert by_word(parsed) == [("his", "Christopher Nolan"), ("its", "The company")]


def test_it_does_not_take_a_person(spacy_nlp):
    parsed = spacy_nlp.parse("John Smith bought a red car. It was expensive.")
    found = resolve(parsed)
    assert found[(1, 0)].key == "red car"


def test_pleonastic_it_is_skipped(spacy_nlp):
    parsed = spacy_nlp.parse(
        "The city is old. It is known that the river floods. It rains a lot. "
        "It is difficult to say when it was founded."
    )
    words = by_word(parsed)
    assert words == [("it", "The city")]  # only the last "it" refers to something


def test_plural_they(spacy_nlp):
    parsed = spacy_nlp.parse("Apples and pears are sweet fruits. They grow on trees.")
    assert by_word(parsed) == [("They", "Apples and pears")]
    parsed = spacy_nlp.parse("The museum owns many old paintings. They are valuable.")
    assert by_word(parsed) == [("They", "old paintings")]  # no quantifier in the name


def test_topic_is_the_default_antecedent(spacy_nlp):
    parsed = spacy_nlp.parse_presplit(["He was born in London in 1970.", "He directs films."])
    assert marks(parsed, topic="Christopher Nolan") == {
        (0, 0): "Christopher Nolan",
        (1, 0): "Christopher Nolan",
    }
    assert marks(parsed) == {}  # no topic, nothing to point at


def test_topic_with_disambiguator(spacy_nlp):
    parsed = spacy_nlp.parse_presplit(
        [
            "The Prestige is a 2006 mystery film directed by Christopher Nolan.",
            "Its story follows two rival magicians.",
            "It stars Hugh Jackman.",
        ]
    )
    found = resolve(parsed, topic="The Prestige (film)")
    assert {pos: a.text for pos, a in found.items()} == {
        (1, 0): "The Prestige",
        (2, 0): "The Prestige",
    }
    assert topic_name("The Prestige (film)") == "The Prestige"


def test_possessed_subject_steps_aside_for_its_owner(spacy_nlp):
    parsed = spacy_nlp.parse_presplit(
        [
            "Kunia Camp is an unincorporated community in Hawaii.",
            "Its elevation is 883 feet.",
            "It has a post office.",
        ],
    )
    found = marks(parsed, topic="Kunia Camp, Hawaii")
    assert found[(2, 0)] == found[(1, 0)] == "Kunia Camp, Hawaii"


def test_first_and_second_person_are_not_resolved(spacy_nlp):
    parsed = spacy_nlp.parse("Mary Smith met Nolan. I told you that we liked her.")
    assert by_word(parsed) == [("her", "Mary Smith")]


def test_object_pronoun_is_not_its_own_subject(spacy_nlp):
    parsed = spacy_nlp.parse("John Smith met Peter Brown. John Smith praised him.")
    assert by_word(parsed) == [("him", "Peter Brown")]


def test_pronoun_in_a_quoted_title_is_skipped(spacy_nlp):
    parsed = spacy_nlp.parse('Mary Smith sang the song "She Loves You" in 1990.')
    assert resolve(parsed) == {}


def test_chains_take_precedence_over_rules(spacy_nlp):
    parsed = spacy_nlp.parse("Apple is fruit. John Smith likes it.")
    rules = resolve(parsed)
    assert rules[(1, 3)].text == "Apple"
    chained = ParsedText(
        parsed.sentences,
        chains=[CorefChain((MentionSpan(1, 3, 4), MentionSpan(1, 0, 2)), representative=1)],
    )
    assert resolve(chained) == {(1, 3): Antecedent("John Smith", "john smith")}


def test_eval_matching_and_score():
    from lgm_rdf.bench.coref_eval import PronounCase, same_referent, score

    assert same_referent("Nolan", "Christopher Nolan")
    assert same_referent("The Prestige", ["The Prestige", "the film"])
    assert not same_referent("Pizza Hut commercials", "Pizza Hut")
    assert not same_referent("Jonathan Nolan", "Christopher Nolan")
    assert same_referent(None, None) and not same_referent("It", None)
    cases = [
        PronounCase("Doc (film)", 1, 0, "It", "Doc", ""),
        PronounCase("Doc (film)", 2, 0, "He", "Doc", ""),
        PronounCase("Doc (film)", 3, 0, "it", None, ""),
    ]
    gold = [
        {"doc": "Doc (film)", "sentence": 1, "token": 0, "gold": "Doc"},
        {"doc": "Doc (film)", "sentence": 2, "token": 0, "gold": "John Smith"},
        {"doc": "Doc (film)", "sentence": 3, "token": 0, "gold": None},
    ]
    figures = score(cases, gold)
    assert figures["judged"] == 3 and figures["accuracy"] == 2 / 3
    assert figures["topic_pronouns"] == 1 and figures["topic_accuracy"] == 1.0
    assert figures["resolved"] == 2 and figures["precision"] == 0.5
