"""Linking question phrases to KB concepts: labels, alternative labels, partial matches."""

from __future__ import annotations

from lgm_rdf.retrieve.linking import ConceptIndex, fold, title_key

# (concept, label, kind, sentences mentioning it, documents mentioning it)
ROWS = [
    ("urn:c:christopher_nolan", "christopher nolan", "label", 5, 2),
    ("urn:c:nolan", "nolan", "label", 1, 1),
    ("urn:c:string_instrument", "string instrument", "label", 3, 2),
    ("urn:c:instrument", "instrument", "label", 40, 20),
    ("urn:c:apple", "apple", "label", 10, 4),
    ("urn:c:apple", "Apples", "alt", 0, 0),
    ("urn:c:aschenbroedel", "aschenbrödel", "label", 2, 1),
    ("urn:c:city", "city", "label", 300, 90),
    ("urn:c:balsa_city", "balsa city", "label", 1, 1),
]
TITLES = [("urn:doc:1", "Christopher Nolan (director)")] + [
    (f"urn:doc:{n}", f"Document {n}") for n in range(2, 101)
]
INDEX = ConceptIndex(ROWS, titles=TITLES)


def links(phrase: str, proper: bool = False) -> dict[str, tuple[float, str]]:
    return {k.label: (round(k.strength, 2), k.how) for k in INDEX.link(phrase, proper=proper)}


def test_label_and_alternative_label() -> None:
    assert links("apple")["apple"] == (1.0, "label")
    assert links("Apples")["apple"] == (0.95, "label")


def test_a_name_part_finds_the_whole_name() -> None:
    got = links("nolan", proper=True)
    assert got["nolan"] == (1.0, "label")
    assert got["christopher nolan"] == (0.35, "superset")  # 0.7 x one word of two


def test_common_words_do_not_spread_to_longer_names() -> None:
    # "city" has its own concept, so "balsa city" is not linked from it
    assert set(links("city")) == {"city"}


def test_head_noun_last_name_and_sub_phrases() -> None:
    assert links("acoustic string instrument")["instrument"] == (0.5, "head")
    assert links("acoustic string instrument")["string instrument"][1] == "subset"
    assert links("christopher nolan", proper=True)["nolan"] == (0.6, "last-name")


def test_accents_and_titles() -> None:
    assert fold("aschenbrödel") == "aschenbrodel"
    assert "aschenbrödel" in links("Aschenbrodel", proper=True)
    assert title_key("Christopher Nolan (director)") == "christopher nolan"
    assert INDEX.documents["urn:c:christopher_nolan"] == ["urn:doc:1"]
    assert INDEX.titled == {"urn:c:christopher_nolan"}


def test_specificity_falls_with_mentions() -> None:
    assert INDEX.specificity("urn:c:nolan") == 1.0
    assert 0 < INDEX.specificity("urn:c:city") < INDEX.specificity("urn:c:instrument") < 1.0
    # (log(100 / 20) / log 100) ** 3
    assert abs(INDEX.specificity("urn:c:instrument") - 0.0427) < 1e-3
    assert INDEX.specificity("urn:c:unknown") == 1.0


def test_index_from_store_counts_each_sentence_once(spacy_nlp) -> None:  # type: ignore[no-untyped-def]
    """The union default graph repeats a concept's label once per document graph declaring it;
    mention counts must not be multiplied by that."""
    from lgm_rdf.graph import LanguageGraph
    from lgm_rdf.learn.readers import read_text
    from lgm_rdf.settings import Settings

    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn([read_text(f"Apples are sweet. I like apples number {n}.", f"d{n}") for n in range(4)])
    index = ConceptIndex.from_store(lg.store)
    apple = next(iri for iri, label in index.labels.items() if label == "apple")
    assert index.mentions[apple] == 8  # two sentences in each of four documents
    assert index.documents_mentioning[apple] == 4
    assert index.total_documents == 4


def test_titles_that_name_no_concept_are_names(spacy_nlp) -> None:  # type: ignore[no-untyped-def]
    from lgm_rdf.retrieve.names import find_names

    index = ConceptIndex(ROWS, titles=[*TITLES, ("urn:doc:h", "Hyman B. Samuels")])
    assert index.title_names["hyman b. samuels"] == [("urn:doc:h", "hyman b. samuels")]
    assert "hyman b. samuels" in index.names and "christopher nolan" in index.names
    # one word with letters is too common to be a name ("Document 10": a number is no word)
    assert "document 10" not in index.names and "document 10" not in index.title_names
    # found in a question's words whatever the parse makes of them
    (question,) = spacy_nlp.parse("where was hyman b. samuels born?").sentences
    assert "hyman b. samuels" in {f.key for f in find_names(question.tokens, index.names)}
    assert "hyman b. samuels" not in {f.key for f in find_names(question.tokens, index.by_label)}


def test_a_title_the_text_never_uses_still_finds_its_document(spacy_nlp) -> None:  # type: ignore[no-untyped-def]
    """The title says "Hyman B. Samuels", the text only "Hyman Bernard Samuels": a question
    naming the title reads that document first."""
    from lgm_rdf.graph import LanguageGraph
    from lgm_rdf.learn.readers import read_text
    from lgm_rdf.settings import Settings

    docs = [
        ("Hyman B. Samuels", "Hyman Bernard Samuels (born 1909 in St Louis) was a manufacturer."),
        ("Earle Hyman", "Earle Hyman was an actor. Hyman was born in Rocky Mount."),
        ("Samuels Library", "The Samuels Library was built in 1920. Samuels was its donor."),
        ("Bernard Hyman", "Bernard Hyman was a producer. Hyman was born in Los Angeles."),
    ]
    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn([read_text(text, title.replace(" ", "_"), title=title) for title, text in docs])
    answer = lg.ask("Where was Hyman B. Samuels born?", reasoner="offline")
    assert answer.ranking[0].title == "Hyman B. Samuels"
    assert answer.ranking[0].concept == "hyman b. samuels"


def test_what_a_question_asks_for_is_no_topic(spacy_nlp) -> None:  # type: ignore[no-untyped-def]
    """ "Which river", "the state where ...", "the individual who ...": a noun standing for the
    answer links nothing while the question names something else (any river in the KB is no
    evidence); a question with nothing else still links it, as a head noun."""
    from lgm_rdf.graph import LanguageGraph
    from lgm_rdf.retrieve.retriever import HEAD_NOUN
    from lgm_rdf.retrieve.words import placeholder_nouns
    from lgm_rdf.settings import Settings

    asked = {
        "Which region is Corey Taylor's city of birth located?": {"region"},
        "When did the state where Pocahontas Mounds is located join the Union?": {"state"},
        "What did the individual who prepared the Grand Model believe?": {"individual"},
        "When was the country that produced Fist Power taken by the British?": {"country"},
        "Who wrote the novel Hamlet?": set(),
    }
    for question, nouns in asked.items():
        (s,) = spacy_nlp.parse(question).sentences
        assert {s.tokens[k].text for k in placeholder_nouns(s.tokens)} == nouns, question

    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn(
        "The Blue River flows through Zorbania. The Red River is a river in Ostland. "
        "The Green River is a long river."
    )
    r = lg.retriever
    question = "Which river flows through Zorbania?"
    linked = {
        r.index.label_of(link.concept.value)
        for link in r.link(r.question_concepts(question), question)
    }
    assert "zorbania" in linked and "river" not in linked
    # named as a topic too, in another sentence of the question: a topic it stays
    both = "Which river is it? The river flows through Zorbania."
    r.question_concepts(both)
    assert r._kinds[both]["river"] != "asked"
    only = "Which river is the longest?"
    links = r.link(r.question_concepts(only), only)
    strengths = [link.strength for link in links if r.index.label_of(link.concept.value) == "river"]
    assert strengths == [HEAD_NOUN]
