"""Concept mentions of a sentence: entities, proper-noun runs, noun chunks, head nouns."""

from __future__ import annotations

import pytest

from lgm_rdf.nlp.concepts import ConceptMention, noun_chunks, phrase_key, sentence_concepts
from lgm_rdf.nlp.model import Sentence, Token


def keys(sentence: Sentence) -> list[str]:
    return [m.key for m in sentence_concepts(sentence)]


def one(spacy_nlp, text: str) -> Sentence:
    (sentence,) = spacy_nlp.parse(text).sentences
    return sentence


def test_lemmas_make_the_keys(spacy_nlp):
    sent = one(spacy_nlp, "Apples are sweet fruits.")
    assert keys(sent) == ["apple", "sweet fruit", "fruit"]
    mention = sentence_concepts(sent)[0]
    assert mention == ConceptMention("apple", "Apples", 0, 1, mention.kind)


def test_chunks_heads_and_names(spacy_nlp):
    sent = one(spacy_nlp, "Christopher Nolan bought three string instruments in the United States.")
    found = {m.key: m for m in sentence_concepts(sent)}
    assert set(found) == {
        "christopher nolan",
        "string instrument",
        "instrument",
        "united states",
    }
    assert found["string instrument"].label == "string instruments"
    assert found["string instrument"].kind == "chunk"
    assert found["instrument"].kind == "head"
    assert found["christopher nolan"].kind == "entity"
    assert found["united states"].label == "United States"  # no determiner


def test_numbers_determiners_possessives_and_pronouns_are_left_out(spacy_nlp):
    sent = one(spacy_nlp, "In 1990, his many old cars and her house cost 5 million dollars.")
    assert keys(sent) == ["old car", "car", "house"]
    assert keys(one(spacy_nlp, "It is what they wanted.")) == []


def test_an_owner_keeps_its_whole_name(spacy_nlp):
    """ "Barry Wesson's team": the possessive marker goes, the owner's name stays whole (not
    "barry")."""
    sent = one(spacy_nlp, "Who did Barry Wesson's team play in the World Series?")
    assert "barry wesson" in keys(sent) and "barry" not in keys(sent)


def test_an_owner_of_one_word_is_a_concept_too(spacy_nlp):
    """ "Mozart's juvenile works": a one-word owner is the whole span it names, so trimming
    the possessive must not take it (it was lost, and with it every "X's ..." of a name)."""
    sent = one(spacy_nlp, "It is the easiest of Mozart's juvenile works.")
    assert "mozart" in keys(sent) and "juvenile work" in keys(sent)
    assert "bach" in keys(one(spacy_nlp, "The band played Bach's cello suites."))
    assert keys(one(spacy_nlp, "His works are easy.")) == ["work"]  # a pronoun is no owner


def test_proper_noun_runs_without_an_entity(spacy_nlp):
    sent = one(spacy_nlp, "Veena Vaadanam Kalathil is a documentary.")
    assert "veena vaadanam kalathil" in keys(sent)


def test_one_mention_per_key_in_order(spacy_nlp):
    sent = one(spacy_nlp, "The apple fell near another apple and an old tree.")
    found = sentence_concepts(sent)
    assert [m.key for m in found] == ["apple", "old tree", "tree"]
    assert [m.start for m in found] == sorted(m.start for m in found)
    assert sentence_concepts(sent) == found  # deterministic


def _ud_sentence() -> Sentence:
    """UD-labelled parse (as Stanza gives it): flat names, compounds, nmod:poss, det."""
    rows = [
        ("Christopher", "Christopher", "PROPN", "nsubj", 2),
        ("Nolan", "Nolan", "PROPN", "flat", 0),
        ("sold", "sell", "VERB", "root", 2),
        ("her", "she", "PRON", "nmod:poss", 6),
        ("two", "two", "NUM", "nummod", 6),
        ("string", "string", "NOUN", "compound", 6),
        ("instruments", "instrument", "NOUN", "obj", 2),
        (".", ".", "PUNCT", "punct", 2),
    ]
    text = "Christopher Nolan sold her two string instruments."
    tokens, pos = [], 0
    for i, (word, lemma, upos, deprel, head) in enumerate(rows):
        start = text.index(word, pos)
        pos = start + len(word)
        ws = " " if pos < len(text) and text[pos] == " " else ""
        tokens.append(Token(i, word, lemma, upos, deprel, head, start, ws))
    return Sentence(text, 0, tuple(tokens))


def test_ud_labels_give_the_same_chunks():
    sent = _ud_sentence()
    assert noun_chunks(sent) == [(0, 2, 0), (5, 7, 6)]
    assert keys(sent) == ["christopher nolan", "string instrument", "instrument"]


def test_phrase_key_respects_missing_spaces(spacy_nlp):
    sent = one(spacy_nlp, "She is a British-American film director.")
    assert "british-american film director" in keys(sent)
    assert phrase_key(sent.tokens[3:6]) == "british-american"


def test_labels_lose_edge_debris_and_unmatched_brackets() -> None:
    from lgm_rdf.nlp.concepts import clean_label

    assert clean_label("Jan Alojzy Matejko (;") == "Jan Alojzy Matejko"
    assert clean_label("Trot Lovers)") == "Trot Lovers"
    assert clean_label("(Every Day And Night") == "Every Day And Night"
    assert clean_label("rsync⟩.") == "rsync"  # a manual page's ⟨address⟩ cut at its end
    assert clean_label("Apple (company)") == "Apple (company)"
    assert clean_label("U.S.") == "U.S."


def test_antecedent_labels_are_cleaned(tmp_path, spacy_nlp) -> None:
    """A name whose pronunciation was cut out ("Matejko (; born …") leaves no "(;" in the label
    of the concept a pronoun resolves to."""
    from lgm_rdf import LanguageGraph

    text = (
        "Jan Matejko (; born 24 June 1838) was a Polish painter. He painted many historical scenes."
    )
    lg = LanguageGraph(tmp_path / "kb", nlp=spacy_nlp)
    try:
        lg.learn([text])
        labels = [
            r["l"].value
            for r in lg.store.select(
                "SELECT ?l WHERE { ?c <http://www.w3.org/2000/01/rdf-schema#label> ?l }"
            )
        ]
    finally:
        lg.close()
    assert not [label for label in labels if label.endswith(("(", ";", "(;"))], labels


def test_a_titles_words_are_no_concepts_of_their_own(spacy_nlp):
    """Inside a work's title or a quoted name mentioned whole, "born" and "July" are words of
    the title, not mentions of born or July; the parts of other names stay mentions."""
    found = keys(one(spacy_nlp, 'The song also appears on the "Natural Born Killers" soundtrack.'))
    assert "natural born killers" in found and not {"natural", "born"} & set(found)
    found = keys(one(spacy_nlp, 'He starred in "Born on the Fourth of July" in 1989.'))
    assert "born on the fourth of july" in found and not {"fourth", "july"} & set(found)
    assert "oxford" in keys(one(spacy_nlp, "She studied at the University of Oxford."))


@pytest.mark.parametrize(
    ("text", "span", "key"),
    [
        # only the head of a noun compound takes the phrase's number
        ("Ferrari builds sports cars.", (2, 4), "sports car"),
        ("Sports cars are expensive.", (0, 2), "sports car"),  # capitalised as a sentence opens
        ("The city hosts two arts festivals.", (4, 6), "arts festival"),
        ("Meta is a social media company.", (3, 6), "social media company"),
        # a Latin plural used as a mass noun is no plural of "datum" or "medium"
        ("Pandas reads column data quickly.", (2, 4), "column data"),
        # ... but "media" is the plural of "medium" too
        ("Storage media are cheap.", (0, 2), "storage medium"),
        # the head still folds to the singular, and an acronym's plural to the acronym
        ("Apple trees grow slowly.", (0, 2), "apple tree"),
        ("LLMs research grew fast.", (0, 2), "llm research"),
    ],
)
def test_compound_modifiers_keep_their_form(spacy_nlp, text, span, key):
    sent = one(spacy_nlp, text)
    assert phrase_key(sent.tokens[span[0] : span[1]]) == key
