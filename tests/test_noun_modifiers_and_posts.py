"""Forms of the thirty-seventh session. The sentences are written for these tests.

- Nouns the tagger took for adjectives before a common noun or a person's name ("pine nuts",
  "the lute family", "a beachfront city", "the queen Lady Jane Grey") are nouns again when the
  lexicon knows them only as nouns (``nlp.noun_modifiers``); a word that may be either ("olive")
  stays an adjective, and so do nouns used as adjectives of rating or relation ("a fun game",
  "a fellow astronaut") and one before another name ("the repository Security Policy").
- Verbs of leaving or taking over a post ("resigned as president", "stepped down as chairman",
  "quit as manager", "succeeded Jones as head coach", "rose to fame as a singer") name a
  person's role; a cause ("resigned as a result"), an age ("as a teenager") or a rise in
  standing with no fame ("rose as a great power") is none. "operates as a low-cost carrier"
  and a passive "was introduced / launched as a B" name a class, a purpose does not ("as a
  front", "as a replacement"), nor a sales claim ("was marketed as a cure").
- A name set off after a class noun a place owns is a member ("Indiana's largest city,
  Indianapolis,"), and so is a work a person owns ("Ford's second album, Thunder,"); a relational
  noun gives nothing ("Smith's wife, Mary,"), nor one relative to a person or a company
  ("Boeing's biggest customer, Emirates", "Napoleon's greatest victory, Austerlitz").
- A person's name set off with roles that each have an article has each role ("Dale Brown, a
  retired pilot and a bestselling author"); a list of a band's members is no such name, nor a
  list of people ("Lisa Ray, a pilot, and a doctor from Boston": a comma before "and").
- An amount stands for all of the list "of" it ("a number of towns and villages"); a portion
  does not ("a portion of the forest and the river valley").
- A class whose parse starts on the hyphen of a hyphened word takes the word's first part back,
  or after "ex" leaves the hyphen out ("a Chilean ex-football player" gave no class); the
  cross-country sentences guard that hyphened classes still come out whole.
- A compound noun of a common noun after a quoted word is no class of the quoted word ('proxy
  "CONNECT" requests'); an adjective-tagged one still is ('The novel "Dune" author Frank
  Herbert').
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from pattern_relations import judged_rows, relations, unlearned

from lgm_rdf.nlp.model import Token
from lgm_rdf.nlp.noun_modifiers import NounModifierLexicon, lexicon_of

COMP, INH = "composition", "inheritance"

FOUND = [
    ("Pesto is made from basil, garlic, pine nuts and olive oil.", (COMP, "pesto", "pine nut")),
    ("The ukulele belongs to the lute family.", (INH, "ukulele", "lute family")),
    (
        "Santa Monica is a beachfront city in western Los Angeles County.",
        (INH, "santa monica", "beachfront city"),
    ),
    (
        "Other exceptions include the de facto queen Lady Jane Grey, buried in the chapel.",
        (INH, "lady jane grey", "queen"),
    ),
    ("John Smith resigned as president in 1990.", (INH, "john smith", "president")),
    ("John Smith stepped down as chairman in 1990.", (INH, "john smith", "chairman")),
    ("Jones quit as manager after two seasons.", (INH, "jones", "manager")),
    ("Mary Jones succeeded John Smith as head coach.", (INH, "mary jones", "head coach")),
    ("Adele rose to fame as a singer in 2008.", (INH, "adele", "singer")),
    ("Adele came to prominence as a singer.", (INH, "adele", "singer")),
    ("Ryanair operates as a low-cost carrier.", (INH, "ryanair", "low-cost carrier")),
    ("The Beatles song was reissued as a cover in 1970.", (INH, "beatles song", "cover")),
    (
        "Microsoft's chief executive, Satya Nadella, spoke at the event.",
        (INH, "satya nadella", "executive"),
    ),
    ("The Corvette was introduced as a sports car in 1953.", (INH, "corvette", "sports car")),
    ("Ryanair was launched as a budget airline in 1985.", (INH, "ryanair", "budget airline")),
    ("Indiana's largest city, Indianapolis, hosts the race.", (INH, "indianapolis", "city")),
    ("Ford's second album, Thunder, was released.", (INH, "thunder", "album")),
    ("Europe's tallest mountain, Mount Elbrus, lies in Russia.", (INH, "mount elbrus", "mountain")),
    (
        'The novel "Dune" author Frank Herbert lived in Washington.',
        (INH, "dune", "novel"),
    ),
    (
        "Lee Chang, a welder and an amateur astronomer, built a telescope.",
        (INH, "lee chang", "welder"),
    ),
    (
        "Flora Shaw later married Lord Lugard, a British colonial administrator.",
        (INH, "lord lugard", "colonial administrator"),
    ),
    ("Essex County includes a number of towns and villages.", (COMP, "essex county", "village")),
    (
        "The story was written by Dale Brown, a retired pilot and a bestselling author.",
        (INH, "dale brown", "author"),
    ),
    (
        "Sam Schultz is an American cross-country skier.",
        (INH, "sam schultz", "cross-country skier"),
    ),
    ("Juan Silva is a Chilean ex-football player.", (INH, "juan silva", "football player")),
    (
        "Sam Schultz is an American cross-country mountain biker.",
        (INH, "sam schultz", "cross-country mountain biker"),
    ),
]

ABSENT = [
    ("John Smith resigned as a result of the scandal.", "result"),
    ("Adele rose to fame as a teenager.", "teenager"),
    ("Prussia rose as a great power in the 18th century.", "power"),
    ("Adele came as a surprise.", "surprise"),
    ("John Smith resigned as a partner.", "partner"),
    ("John Smith quit as a member in 1990.", "member"),
    ("Ryanair operates as a front for the mafia.", "front"),
    ("The Model X was introduced as a replacement for the Model S.", "replacement"),
    ("Smith's wife, Mary, died in 1990.", "wife"),
    ("The band Queen, a singer and a drummer, performed.", "drummer"),
    ("The 1998 season was a success.", "success"),
    ("Bowling is a fun game for children of all ages.", "fun game"),
    ("Armstrong and fellow astronaut Buzz Aldrin walked on the Moon.", "fellow astronaut"),
    ("Listerine was marketed as a cure for dandruff.", "cure"),
    ("Boeing's biggest customer, Emirates, ordered more jets.", "customer"),
    ("Napoleon's greatest victory, Austerlitz, was fought in 1805.", "victory"),
    ("We interviewed Lisa Ray, a pilot, and a doctor from Boston.", "doctor"),
    ('Include Host and Accept headers on proxy "CONNECT" requests.', "proxy"),
    ("See the repository Security Policy for more details.", "repository"),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_noun_modifiers_posts_and_owned_classes_give_their_relations(
    spacy_nlp, text, expected
) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "parent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_causes_ages_purposes_and_modifiers_of_other_nouns_give_no_class(
    spacy_nlp, text, parent
) -> None:
    assert [k for k in relations(spacy_nlp, text) if k[0] == INH and k[2] == parent] == []


def test_a_part_of_a_list_is_no_amount(spacy_nlp) -> None:
    found = relations(
        spacy_nlp, "The county includes a portion of the forest and the river valley."
    )
    assert (COMP, "county", "river valley") not in found


def _token(i: int, text: str, upos: str, deprel: str, head: int, ent: str = "") -> Token:
    return Token(i, text, text.lower(), upos, deprel, head, 0, tag="JJ", ent_type=ent)


LEXICON = NounModifierLexicon(
    nouns=frozenset({"pine", "nut", "olive", "oil", "queen", "repository", "policy"}),
    adjectives=frozenset({"olive", "large"}),
)


def test_a_noun_only_word_before_a_common_noun_or_a_person_becomes_a_noun_compound() -> None:
    pine = LEXICON.retag(
        [_token(0, "pine", "ADJ", "amod", 1), _token(1, "nuts", "NOUN", "ROOT", 1)]
    )
    assert (pine[0].upos, pine[0].deprel, pine[0].tag, pine[0].lemma) == (
        "NOUN",
        "compound",
        "NN",
        "pine",
    )
    queen = LEXICON.retag(
        [_token(0, "queen", "ADJ", "compound", 1), _token(1, "Grey", "PROPN", "ROOT", 1, "PERSON")]
    )
    assert queen[0].upos == "NOUN"


def test_adjectives_other_names_and_later_heads_are_left_as_tagged() -> None:
    olive = [_token(0, "olive", "ADJ", "amod", 1), _token(1, "oil", "NOUN", "ROOT", 1)]
    named = [_token(0, "repository", "ADJ", "amod", 1), _token(1, "Policy", "PROPN", "ROOT", 1)]
    after = [_token(0, "oil", "NOUN", "ROOT", 0), _token(1, "pine", "ADJ", "amod", 0)]
    capital = [_token(0, "Pine", "ADJ", "amod", 1), _token(1, "nuts", "NOUN", "ROOT", 1)]
    for tokens in (olive, named, after, capital):
        assert LEXICON.retag(tokens) == tuple(tokens)


def test_participles_hyphen_pieces_and_lemmas_that_may_be_adjectives_stay() -> None:
    lexicon = NounModifierLexicon(
        nouns=frozenset({"breaking", "news", "sub", "module", "king", "rancher", "low"}),
        adjectives=frozenset({"low"}),
        verbs=frozenset({"break"}),
    )
    breaking = [_token(0, "breaking", "ADJ", "amod", 1), _token(1, "news", "NOUN", "ROOT", 1)]
    assert lexicon.retag(breaking) == tuple(breaking)
    sub = [
        replace(_token(0, "sub", "ADJ", "amod", 2), ws=""),
        replace(_token(1, "-", "PUNCT", "punct", 2), ws=""),
        _token(2, "module", "NOUN", "ROOT", 2),
    ]
    assert lexicon.retag(sub) == tuple(sub)
    lower = [replace(_token(0, "rancher", "ADJ", "amod", 1), lemma="low")]
    lower.append(_token(1, "news", "NOUN", "ROOT", 1))
    assert lexicon.retag(lower) == tuple(lower)  # the lemma may be an adjective
    king = [_token(0, "king", "ADJ", "amod", 1), _token(1, "news", "NOUN", "ROOT", 1)]
    assert lexicon.retag(king)[0].upos == "NOUN"  # "-ing" but no verb's


def test_the_default_pipeline_carries_the_lexicon(spacy_nlp) -> None:
    lexicon = lexicon_of(spacy_nlp._nlp)
    assert lexicon is not None and spacy_nlp.lexicon == lexicon
    assert lexicon.noun_only("pine") and not lexicon.noun_only("olive")
    assert not lexicon.noun_only("large")
    assert lexicon.participle("breaking") and not lexicon.participle("spring")


def test_a_pipeline_without_a_lemma_index_gets_no_lexicon() -> None:
    class NoLemmatizer:
        def get_pipe(self, name: str) -> object:
            raise KeyError(name)

    assert lexicon_of(NoLemmatizer()) is None


def test_relations_the_session_added_are_judged(spacy_nlp) -> None:
    """The relations this session's changes added or relabelled outside the gold
    (docs/benchmarks.md §59): nine from the QA contexts, one from the other genres, five more
    the two dev KBs gained, judged by the author and blind by a helper (helper-148): all fifteen
    correct. Every row is still learned."""
    rows = judged_rows("judged_added_s37.jsonl")
    assert len(rows) == 15
    assert all(r["verdict"] == r["verdict_2"] == "correct" for r in rows)
    assert unlearned(spacy_nlp, rows) == []
