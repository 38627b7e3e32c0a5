"""Linking that does not depend on the tagger: KB names found in a question's words whatever
their part of speech, plurals folded, acronyms expanded, with a parse whose tags are wrong."""

from __future__ import annotations

from dataclasses import replace

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.nlp.model import ParsedText, Sentence, Token
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.retrieve.names import acronym_of, acronym_table, find_names, singular
from lgm_rdf.settings import Settings

KNOWN = {"large language model", "chunk size", "apple", "christopher nolan", "the", "city"}


def tagged_wrong(text: str) -> list[Token]:
    """Tokens split at spaces, every one tagged as a verb, lemma = the word as written."""
    out: list[Token] = []
    start = 0
    for i, word in enumerate(text.split()):
        out.append(Token(i, word, word, "VERB", "dep", 0, start))
        start += len(word) + 1
    return out


def keys(text: str) -> list[tuple[str, str]]:
    table = acronym_table(KNOWN)
    return [(f.key, f.how) for f in find_names(tagged_wrong(text), KNOWN, table)]


def test_names_are_found_whatever_the_tags() -> None:
    assert keys("Who directed Christopher Nolan films") == [("christopher nolan", "text")]
    assert keys("How big is a chunk size") == [("chunk size", "text")]


def test_plurals_fold_to_the_singular() -> None:
    assert keys("Where do apples grow") == [("apple", "singular")]
    assert singular("studies") == "study" and singular("boxes") == "box"
    assert singular("species") == "species" and singular("bus") == "bus"


def test_a_compound_with_a_plural_modifier_is_found_by_its_head(spacy_nlp) -> None:  # type: ignore[no-untyped-def]
    # the KB keeps a compound's modifier as written ("sports car"); the question's plural head
    # folds to its lemma while the modifier stays
    tokens = spacy_nlp.parse("Which sports cars are the fastest?").sentences[0].tokens
    found = find_names(tokens, {"sports car", "car"}, {})
    assert [(f.key, f.how) for f in found] == [("sports car", "head")]


def test_acronyms_in_capitals_expand_to_the_name() -> None:
    assert acronym_of("large language model") == "llm"
    assert keys("What is an LLM") == [("large language model", "acronym")]
    assert keys("How do LLMs work") == [("large language model", "acronym")]
    assert keys("What is an llm") == []  # lower case is an ordinary word, not an acronym


def test_stop_words_are_never_names_and_longest_names_win() -> None:
    assert keys("the city") == [("city", "text")]  # "the" is a KB label but a stop word
    known = KNOWN | {"christopher"}
    found = find_names(tagged_wrong("Christopher Nolan"), known, {})
    assert [f.key for f in found] == ["christopher nolan"]  # not also "christopher"


class MisTagging:
    """A parse stub: the real spaCy sentences with every tag wrong (verbs, no entities, no
    lemmas), as a small tagger gets a question wrong."""

    name = "mis-tagging"

    def __init__(self, nlp: SpacyNLP) -> None:
        self.nlp = nlp

    def parse(self, text: str) -> ParsedText:
        parsed = self.nlp.parse(text)
        sentences = [
            Sentence(
                s.text,
                s.start,
                tuple(
                    replace(t, upos="VERB", tag="VB", lemma=t.text, ent_type="", ent_iob="O")
                    for t in s.tokens
                ),
            )
            for s in parsed.sentences
        ]
        return ParsedText(sentences)


TEXT = (
    "A large language model is a neural network trained on text. "
    "The chunk size limits how much text one request holds. "
    "Haymo of Faversham was an English Franciscan friar."
)


def test_a_mis_tagged_question_still_reaches_its_sentences(spacy_nlp: SpacyNLP) -> None:
    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn(TEXT)
    retriever = lg.retriever
    retriever.nlp = MisTagging(spacy_nlp)
    concepts = retriever.question_concepts("What is an LLM and what limits the chunk size?")
    assert "large language model" in concepts and "chunk size" in concepts
    answer = lg.ask("What is an LLM?")
    assert answer.supports[0].text.startswith("A large language model is")
    answer = lg.ask("Who was Haymo of Faversham?")
    assert answer.supports[0].text.startswith("Haymo of Faversham")


def test_punctuation_inside_a_title_does_not_keep_it_apart() -> None:
    """A colon, semicolon or comma inside a name reads as a space on both sides of the match:
    a question that writes "Harbour Lights; The Return" finds "Harbour Lights: The Return"."""
    from lgm_rdf.retrieve.linking import fold

    known = {fold("harbour lights: the return"), "city"}
    found = find_names(tagged_wrong("Who made Harbour Lights; The Return"), known, {})
    assert [f.key for f in found] == [fold("harbour lights: the return")]
    assert fold("live in japan, vol. 1") == "live in japan vol. 1"
    assert fold("aschenbrödel") == "aschenbrodel"


def test_a_comparison_word_links_no_concept(spacy_nlp: SpacyNLP) -> None:
    """ "Who is the oldest, A or B?": "oldest" asks for a comparison; the KB concept "old" (a
    song title here) is not a topic of the question, whatever the tagger made of the word."""
    from lgm_rdf.retrieve.words import degree_form

    assert degree_form("oldest", "old") and degree_form("bigger", "big")
    assert degree_form("earliest", "early") and degree_form("latest", "late")
    assert degree_form("best", "best", "JJS")
    assert not degree_form("player", "player") and not degree_form("old", "old")
    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn(
        "Old is a song by the band Quarry. Ann Berg was born in 1950. Tom Hale was born in 1960."
    )
    retriever = lg.retriever
    for nlp in (spacy_nlp, MisTagging(spacy_nlp)):
        retriever.nlp = nlp
        retriever._keys.clear()
        concepts = retriever.question_concepts("Who is the oldest, Ann Berg or Tom Hale?")
        assert "ann berg" in concepts and "tom hale" in concepts
        assert "old" not in concepts, concepts
