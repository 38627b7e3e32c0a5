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
    from lgm_rdf.bench.extraction.coref import PronounCase, same_referent, score

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


# --- Markdown section headings as topics -------------------------------------------------


def test_plural_heading_is_not_it(spacy_nlp):
    """A generic plural heading ("Varieties") is never the antecedent of a singular "it"."""
    parsed = spacy_nlp.parse(
        "Gala is a type of apple. It is small, red and very sweet. "
        "Granny Smith is another variety of apple. It is green and tart, and bakers like it "
        "because it keeps its shape in a pie."
    )
    words = by_word(parsed, topic="Varieties")
    assert words[0] == ("It", "Gala")
    assert words[1:] == [("It", "Granny Smith"), ("it", "Granny Smith")] + [
        (w, "Granny Smith") for w in ("it", "its")
    ]


def test_plural_heading_is_they(spacy_nlp):
    parsed = spacy_nlp.parse("They grow in large bunches. Each bunch is heavy.")
    assert by_word(parsed, topic="Bananas") == [("They", "Bananas")]
    assert by_word(parsed, topic="Banana") == []  # a singular heading is no "they"


def test_kind_of_copula_outweighs_a_person_tag(spacy_nlp):
    """NER calls "Granny Smith" a person; "is a variety of apple" says otherwise."""
    parsed = spacy_nlp.parse("Granny Smith is another variety of apple. Bakers like it.")
    assert by_word(parsed) == [("it", "Granny Smith")]


def test_parts_of_heading(spacy_nlp):
    """ "Parts of a tree" is plural: "it" goes to the subject of the sentence."""
    parsed = spacy_nlp.parse(
        "The roots take up water. They also hold the tree in place. "
        "Bark is part of the trunk, and it shields the wood."
    )
    assert by_word(parsed, topic="Parts of a tree") == [("They", "The roots"), ("it", "Bark")]


def test_heading_that_is_the_entity(spacy_nlp):
    parsed = spacy_nlp.parse("The apple is a fruit. It grows on trees.")
    assert by_word(parsed, topic="Apple") == [("It", "Apple")]
    parsed = spacy_nlp.parse("Apple is a company based in Cupertino. It makes phones.")
    assert by_word(parsed, topic="Apple") == [("It", "Apple")]


def test_coordinated_heading_and_number_of_repeated_nouns(spacy_nlp):
    """ "the apple" after "apples" is not the plural entity: "it" can take it."""
    parsed = spacy_nlp.parse(
        "Apples are a type of fruit. Apples are sweet. "
        "The apple is the most widely grown fruit. It is sweet."
    )
    assert by_word(parsed, topic="Apples and vitamins") == [("It", "The apple")]
    parsed = spacy_nlp.parse("Many fruits are eaten raw, and people also dry them.")
    assert by_word(parsed, topic="Fruit") == [("them", "fruits")]


def test_unnamed_gerund_heading_yields_to_the_sentence(spacy_nlp):
    parsed = spacy_nlp.parse(
        "Visitors pick the fruit and pay for it by weight. It is a popular outing."
    )
    assert by_word(parsed, topic="Visiting an orchard") == [
        ("it", "the fruit"),
        ("It", "Visiting an orchard"),
    ]


def test_prepositional_heading_names_nothing(spacy_nlp):
    parsed = spacy_nlp.parse("It is made from apples.")
    assert resolve(parsed, topic="From orchard to glass") == {}
    assert by_word(parsed, topic="Cider") == [("It", "Cider")]


def test_conjoined_clause_with_its_own_subject(spacy_nlp):
    """The subject of the first clause may be the object of the second one."""
    parsed = spacy_nlp.parse(
        "Pomace is part of the waste of a cider mill, but farmers often feed it to animals. "
        "Bees carry pollen from one tree to another, and without them the tree sets little fruit."
    )
    assert by_word(parsed, topic="From orchard to glass") == [("it", "Pomace"), ("them", "Bees")]


def test_section_topic_of_headings(spacy_nlp):
    from lgm_rdf.nlp.coref.topic import section_topic

    def topic(title: str, text: str = "Nothing here.") -> tuple[bool, bool, bool] | None:
        found = section_topic(title, spacy_nlp.parse(text).sentences)
        return None if found is None else (found.common, found.entity.plural, found.is_name)

    assert topic("Varieties") == (True, True, False)
    assert topic("Parts of a tree") == (True, True, False)
    assert topic("Kinds of trees") == (True, True, False)
    assert topic("Apples and vitamins") == (True, True, False)
    assert topic("Visiting an orchard") == (True, False, False)
    assert topic("From orchard to glass") is None
    assert topic("Apple", "An apple is a fruit.") == (True, False, False)
    assert topic("Apple", "Apple makes phones.") == (False, False, True)
    assert topic("Athens", "Athens is a city.") == (False, False, True)
    assert topic("Christopher Nolan") == (False, False, True)
    text = "Cryptantha pterocarya is a species of flowering plant."
    assert topic("Cryptantha pterocarya", text) == (True, False, False)
    assert topic("Toccata, Adagio and Fugue in C major")[1] is False  # a title, not a plural


def test_a_figure_of_the_topic_is_no_antecedent(spacy_nlp):
    """A figure stated of the section's topic ("The population was ...") does not take the next
    "it": the topic does (the MuSiQue KB had "It [: The population] is the county seat of X").
    Without a topic, or where the pronoun's clause is about the amount, a figure may still be
    what "it" stands for."""
    text = (
        "Millbrook is a town in Ash County, Ohio. The population was 4,210 at the 2010 census. "
        "It is the county seat of Ash County."
    )
    assert by_word(spacy_nlp.parse(text), topic="Millbrook, Ohio") == [("It", "Millbrook, Ohio")]
    grew = spacy_nlp.parse("The population grew quickly. It doubled by 1900.")
    assert by_word(grew) == [("It", "The population")]
    # only an "it" a place noun or "located" describes leaves the figure for the topic
    record = spacy_nlp.parse("The total was 40 goals. It was a club record.")
    assert by_word(record, topic="Millbrook, Ohio") == [("It", "The total")]
    rose = spacy_nlp.parse("The population was 4,210 in 2010. It rose to 5,000 by 2020.")
    assert by_word(rose, topic="Millbrook, Ohio") == [("It", "The population")]
