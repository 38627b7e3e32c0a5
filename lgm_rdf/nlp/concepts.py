"""Concept mentions of one parsed sentence (DESIGN §4).

A sentence mentions: named-entity spans that are not numeric, runs of proper nouns, noun-chunk
phrases stripped of determiners, possessives and quantifiers, and the head-noun lemma of each
chunk. Noun chunks are computed from the dependency parse, so the same code serves spaCy
(``compound``, ``amod``, ``det``, ``poss``, ``nummod``) and UD/Stanza labels (``compound``,
``flat``, ``amod``, ``det``, ``nmod:poss``, ``nummod``).

Each mention's ``key`` is the normalised lemma phrase that names the concept: every token's lemma
(a proper noun's is its text), lower-cased: "string instruments" -> "string instrument".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lgm_rdf.nlp.model import Sentence, Token
from lgm_rdf.nlp.plural import MASS_PLURALS, OWN_PLURAL_ENDINGS, SINGULAR_IN_S, mend_initial_plural
from lgm_rdf.nlp.role_nouns import leading_role
from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.nlp.titles import TITLE_ENTITIES, title_spans, within_title
from lgm_rdf.nlp.wordlists import words
from lgm_rdf.ontology import normalise_label

NUMERIC_ENTITIES = frozenset(
    {"DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "ORDINAL", "CARDINAL"}
    | {"NUM", "NUMBER"}  # labels some other NER models use
)
NOUN_POS = frozenset({"NOUN", "PROPN"})

# dependents that are part of a noun phrase's name when they stand left of the head
_LEFT_MODIFIERS = frozenset({"compound", "amod", "flat", "nmod", "compound:prt", "nn"})
# dependents that continue a name to the right (UD attaches "Nolan" to "Christopher" as flat)
_RIGHT_MODIFIERS = frozenset({"flat", "flat:name", "flat:foreign", "fixed", "goeswith"})
# a token with one of these relations belongs to another token's chunk, never heads its own
_ABSORBED = frozenset({"compound", "flat", "flat:name", "flat:foreign", "fixed", "goeswith"})
# words that quantify or determine rather than name ("many", "other", "such")
QUANTIFIERS = words(
    "a an the this that these those some any all both each every either neither no many much "
    "few several most more less fewer various numerous multiple other another such same own "
    "certain whole entire"
)
_POSSESSIVE_RELS = frozenset({"poss", "nmod:poss"})


@dataclass(frozen=True)
class ConceptMention:
    """A concept mentioned by tokens ``start``..``end`` (exclusive) of a sentence."""

    key: str  # normalised lemma phrase, the concept id
    label: str  # surface text as written
    start: int
    end: int
    kind: str  # "entity" | "propn" | "chunk" | "head"


def lemma_of(tok: Token) -> str:
    """Lower-case lemma, mending slips of spaCy's rule lemmatiser.

    Nouns whose -s form is their only form keep it ("species", "miniseries", "mathematics",
    "pliers"; see ``OWN_PLURAL_ENDINGS``), "-xes" plurals lose the whole "es" ("remixes" →
    "remix", not "remixe"), a noun tagged singular keeps its "s" ("alias"), and mass nouns with
    a Latin plural's form stay as they are ("data", "media").
    """
    text = tok.text.lower()
    lemma = (tok.lemma or tok.text).lower()
    if text in MASS_PLURALS:
        return text
    if text.endswith(OWN_PLURAL_ENDINGS) or (text in SINGULAR_IN_S and text == lemma + "s"):
        return text  # whatever the tag: "alias" is no plural of "alia"
    if lemma.endswith("xe") and text == lemma + "s":
        return lemma[:-1]
    if tok.tag == "NN" and text == lemma + "s":
        return text  # "alias" tagged singular but lemmatised "alia"
    return lemma


def token_key(tok: Token) -> str:
    """One word of a concept key: nouns by lemma, every other word as written (lower case).

    "Apples" → "apple", "string instruments" → "string instrument", but "stinking
    chamomile" keeps "stinking" and proper nouns keep their words; an acronym's plural is the
    acronym ("LLMs" → "llm", "KGs" → "kg").
    """
    if (single := acronym_singular(tok.text)) is not None:
        return single.lower()  # "LLMs" and "LLM" are one concept
    if _CAMEL.search(tok.text) or (len(tok.text) > 1 and tok.text.isupper()):
        return tok.text.lower()  # "QueryParamTypes", "BLAS": an identifier or acronym as written
    if tok.upos == "NOUN" and not _name_taken_for_noun(tok):
        return lemma_of(tok)
    return tok.text.lower()


# entity types whose capitalised words are names, whatever their tag ("part of [Leeds]NNS");
# not organisations and titles, whose words are often common nouns ("Best Books of the Year")
_NAME_ENTITIES = frozenset({"GPE", "LOC", "FAC", "PERSON"})


def _name_taken_for_noun(tok: Token) -> bool:
    """A capitalised word inside a sentence, within a place or person entity, that the tagger
    took for a common noun: "Leeds" is no plural of "leed", "Banks" none of "bank"."""
    return tok.i > 0 and tok.text[:1].isupper() and tok.ent_type in _NAME_ENTITIES


def phrase_key(tokens: Sequence[Token], as_written: frozenset[int] = frozenset()) -> str:
    """Normalised lemma phrase of consecutive tokens (no space where the text has none); the
    tokens at positions ``as_written`` keep their form (inner words of a name), and so does a
    capitalised word after a capitalised word: "Iain Banks", "Boston Celtics" are names
    whichever tag the last word got, not the plural of "bank" or "celtic". Only the head of a
    noun compound takes the number of the phrase: a noun before another noun stays as written
    ("sports cars" → "sports car", "arts festival" → "arts festival")."""
    parts: list[str] = []
    for n, tok in enumerate(tokens):
        named = n > 0 and _capitalised(tok.text) and _capitalised(tokens[n - 1].text)
        kept = n in as_written or named or _noun_modifier(tokens, n)
        parts.append(tok.text.lower() if kept else token_key(tok))
        if n < len(tokens) - 1:
            parts.append(" " if tok.ws else "")
    return normalise_label("".join(parts))


_CAMEL = re.compile(r"[a-z][A-Z]")  # an identifier in camel case ("QueryParamTypes", "getItems")


def _noun_modifier(tokens: Sequence[Token], n: int) -> bool:
    """Whether word ``n`` is a common noun that modifies the noun after it (a written word in
    lower case or capitalised as a sentence opens, not an acronym's plural: "LLMs research" is
    about "llm")."""
    tok = tokens[n]
    if n + 1 >= len(tokens) or not tok.ws or tok.upos != "NOUN" or not tok.text.isalpha():
        return False
    if not tok.text[1:].islower() or acronym_singular(tok.text) is not None:
        return False
    return tokens[n + 1].upos in NOUN_POS


def _capitalised(text: str) -> bool:
    """A word written with a capital and then lower case ("Banks"; not "LLMs" or "iPhone")."""
    return len(text) > 1 and text[0].isupper() and text[1:].islower()


def surface(sentence: Sentence, start: int, end: int) -> str:
    """Text of tokens ``start``..``end`` as written in the sentence."""
    toks = sentence.tokens
    return sentence.text[toks[start].start : toks[end - 1].end].strip()


def _is_filler(tok: Token) -> bool:
    """Tokens that never start or end a concept name."""
    return (
        tok.upos in {"DET", "PRON", "PUNCT", "SPACE", "NUM", "PART", "ADP", "CCONJ", "SCONJ"}
        or tok.deprel in _POSSESSIVE_RELS
        or tok.text.lower() in QUANTIFIERS
        or tok.ent_type in {"ORDINAL", "CARDINAL"}
        or tok.tag == "POS"
        or not any(ch.isalnum() for ch in tok.text)  # "(;" left where a pronunciation was cut
    )


def trim_span(tokens: Sequence[Token], start: int, end: int) -> tuple[int, int]:
    """Shrink ``start``..``end`` past determiners, quantifiers, numbers and punctuation."""
    while start < end and _is_filler(tokens[start]):
        if _possessor(tokens[start]) and all(_is_filler(t) for t in tokens[start + 1 : end]):
            break  # the owner is the whole span: "Mozart" in "Mozart's juvenile works"
        start += 1
    while end > start and (_is_filler(tokens[end - 1]) and tokens[end - 1].upos != "NUM"):
        if _possessor(tokens[end - 1]):
            break  # "Barry Wesson's team": the owner's name ends the span, its "'s" goes
        end -= 1
    return start, end


def _possessor(tok: Token) -> bool:
    """A noun or name that owns what follows ("Wesson" in "Barry Wesson's"): it names a concept
    of its own, unlike a possessive pronoun."""
    return tok.deprel in _POSSESSIVE_RELS and tok.upos in ("PROPN", "NOUN") and tok.tag != "POS"


def governed_by(tokens: Sequence[Token], i: int, head: int) -> bool:
    """True if ``head`` is an ancestor of token ``i`` (bounded walk, cycles are safe)."""
    seen = 0
    while seen < len(tokens):
        parent = tokens[i].head
        if parent == i:
            return False
        if parent == head:
            return True
        i = parent
        seen += 1
    return False


def chunk_span(tokens: Sequence[Token], head: int) -> tuple[int, int]:
    """Token span of the noun chunk headed by ``head`` (before trimming)."""
    start = head
    while start > 0:
        prev = tokens[start - 1]
        if prev.upos in {"SPACE"}:
            break
        is_hyphen = prev.text in {"-", "–"} and prev.ws == "" and start - 1 > 0
        mod = prev.deprel.split(":")[0] in _LEFT_MODIFIERS or prev.deprel in _LEFT_MODIFIERS
        if (is_hyphen or mod) and governed_by(tokens, start - 1, head):
            start -= 1
        elif is_hyphen and tokens[start - 2].ws == "":
            start -= 1  # "British-American": the parser may attach the hyphen anywhere
        else:
            break
    end = head + 1
    while end < len(tokens):
        nxt = tokens[end]
        if nxt.deprel in _RIGHT_MODIFIERS and governed_by(tokens, end, head):
            end += 1
        else:
            break
    return start, end


def noun_chunks(sentence: Sentence) -> list[tuple[int, int, int]]:
    """``(start, end, head)`` of every noun chunk, trimmed of determiners and quantifiers."""
    tokens = sentence.tokens
    out: list[tuple[int, int, int]] = []
    for tok in tokens:
        if tok.upos not in NOUN_POS or (tok.deprel in _ABSORBED and tok.head != tok.i):
            continue
        start, end = trim_span(tokens, *chunk_span(tokens, tok.i))
        if start <= tok.i < end:
            out.append((start, end, tok.i))
    return out


def entity_spans(sentence: Sentence) -> list[tuple[int, int, str]]:
    """``(start, end, label)`` of the named entities (BIO runs) of the sentence."""
    spans: list[tuple[int, int, str]] = []
    current: list[int] | None = None
    label = ""
    for tok in sentence.tokens:
        inside = tok.ent_iob == "I" and current is not None and tok.ent_type == label
        if inside and current is not None:
            current[1] = tok.i + 1
            continue
        if current is not None:
            spans.append((current[0], current[1], label))
            current = None
        if tok.ent_iob in {"B", "I"} and tok.ent_type:
            current, label = [tok.i, tok.i + 1], tok.ent_type
    if current is not None:
        spans.append((current[0], current[1], label))
    return spans


def propn_runs(sentence: Sentence) -> list[tuple[int, int]]:
    """Maximal runs of adjacent proper nouns (joined by hyphens without spaces)."""
    runs: list[tuple[int, int]] = []
    tokens = sentence.tokens
    i = 0
    while i < len(tokens):
        if tokens[i].upos != "PROPN":
            i += 1
            continue
        j = i + 1
        while j < len(tokens):
            if tokens[j].upos == "PROPN" and tokens[j - 1].tag != "POS":
                j += 1
            elif (
                tokens[j].text == "-"
                and j + 1 < len(tokens)
                and tokens[j + 1].upos == "PROPN"
                and not tokens[j - 1].ws
                and not tokens[j].ws
            ):
                j += 2
            else:
                break
        runs.append((i, j))
        i = j
    return runs


def _acceptable(key: str, tokens: Sequence[Token]) -> bool:
    """A key must name something: not only stop words, numbers, punctuation or pronouns, and
    no citation, placeholder, single letter or markup debris (``junk_key``)."""
    if not key or not any(ch.isalpha() for ch in key):
        return False
    if all(t.upos in {"PRON", "DET", "PUNCT", "SPACE", "NUM"} for t in tokens):
        return False
    if junk_key(key):
        return False
    words = [w for w in key.replace("-", " ").split() if any(ch.isalpha() for ch in w)]
    return not all(w in STOP_WORDS for w in words)


def sentence_concepts(sentence: Sentence) -> list[ConceptMention]:
    """Concept mentions of ``sentence``, ordered by position, one per key (the first kept)."""
    sentence = mend_initial_plural(sentence)  # "Options which are ...": "option"
    tokens = sentence.tokens
    found: list[tuple[int, int, int, ConceptMention]] = []
    priority = {"entity": 0, "propn": 1, "chunk": 2, "head": 3}

    role = leading_role(tokens)  # "Keyboardist Boom Gaspar ...": the role is no part of the name

    def add(start: int, end: int, kind: str) -> None:
        start, end = trim_span(tokens, start, end)
        if role and start == 0 and end > 1:
            start = 1
        if start >= end:
            return
        span = tokens[start:end]
        key = phrase_key(span)
        if _acceptable(key, span):
            label = clean_label(surface(sentence, start, end)) or key
            mention = ConceptMention(key, label, start, end, kind)
            found.append((start, -end, priority[kind], mention))

    if role:  # the role by itself, singular whatever the tagger made of it ("Drummers")
        found.append((0, -1, priority["head"], ConceptMention(role, role, 0, 1, "head")))
    entities = entity_spans(sentence)
    for start, end, label in entities:
        if label not in NUMERIC_ENTITIES:
            add(start, end, "entity")
    for start, end in propn_runs(sentence):
        if tokens[start].ent_type not in NUMERIC_ENTITIES:  # "May" in "May 1990"
            add(start, end, "propn")
    for start, end, head in noun_chunks(sentence):
        if tokens[head].ent_type in NUMERIC_ENTITIES:  # "5 million dollars", "ten years"
            continue
        add(start, end, "chunk")
        if end - start > 1 and tokens[head].upos == "NOUN":
            add(head, head + 1, "head")
    works = [trim_span(tokens, a, b) for a, b, label in entities if label in TITLE_ENTITIES]
    titles = title_spans(tokens, works, [(m.start, m.end) for *_, m in found])
    found = [f for f in found if not within_title(f[3].start, f[3].end, titles)]
    found.sort(key=lambda item: item[:3])
    seen: set[str] = set()
    out: list[ConceptMention] = []
    for *_, mention in found:
        if mention.key not in seen:
            seen.add(mention.key)
            out.append(mention)
    return out


_ACRONYM_PLURAL = re.compile(r"^((?=(?:[^A-Z]*[A-Z]){2})[A-Z][A-Za-z0-9]*[A-Z0-9])s$")
_JUNK_CHARS = frozenset("[]{}<>|\\*_=`~^#@$")
_JUNK_WORDS = frozenset({"et al", "et al.", "ibid", "op. cit.", "cf", "e.g", "i.e", "etc"})
_EDGE_JUNK = "-–—/'\"“”‘’()⟨⟩"
_EDGE_PUNCT = "\"'“”‘’«»,;:!?*_`~#|/\\-–—"
_PAIRS = {")": "(", "]": "[", "}": "{", "”": "“", "’": "‘", "»": "«", "⟩": "⟨"}


def acronym_singular(text: str) -> str | None:
    """ "LLMs" -> "LLM", "KGs" -> "KG", "LLaMAs" -> "LLaMA"; None for anything else."""
    m = _ACRONYM_PLURAL.match(text)
    return m.group(1) if m else None


def clean_label(text: str) -> str:
    """A concept label without surrounding punctuation, markup or unmatched brackets.

    "Trot Lovers)" -> "Trot Lovers", "Jan Matejko (;" -> "Jan Matejko", "*graph*" -> "graph",
    "LLMs," -> "LLMs"; a full stop stays
    where it belongs to the name ("U.S.", "M. Ward") and goes where it ends a sentence.
    """
    text = " ".join(text.split())
    previous = None
    while previous != text:
        previous = text
        text = text.strip(_EDGE_PUNCT + " ")
        for close, open_ in _PAIRS.items():
            if text.endswith(close) and text.count(open_) < text.count(close):
                text = text[:-1]
            if text.startswith(open_) and text.count(close) < text.count(open_):
                text = text[1:]
            if text.endswith(open_) and text.count(close) < text.count(open_):
                text = text[:-1]  # "Jan Matejko (;" where a pronunciation was cut out
        if text.endswith(".") and text.count(".") == 1 and not re.search(r"\b\w\.$", text):
            text = text[:-1]  # "vitamin C." ends a sentence; "Jr." and "M." keep theirs
    return text


# a designation of one letter and a number of two digits or more, with a hyphen ("B-52",
# "T-34", "F-16") or without ("R27", "A380", "C99", "G20"); not an exponent, an index, a
# variable, a version, a page or a question ("e-10", "n-1", "w12", "x10", "v10", "p15", "q10"),
# and not a letter with one digit, as often a placeholder or a label ("A1", "Q2", "S3")
_DESIGNATION = re.compile(r"[a-df-z]-\d{2,}[a-z]?|[abcdfghlmoru]\d{2,}[a-z]?")


def junk_key(key: str) -> bool:
    """Keys that name no concept: numbers, single letters, citations, placeholders, markup,
    abbreviations."""
    letters = sum(1 for c in key if c.isalpha())
    if _DESIGNATION.fullmatch(key):
        return False  # "B-52", "T-34", "R27": a model, a vehicle or a road, named by a code
    if letters < 2:
        return True  # "42", "x", "[3]", "b.", "A1", "v2"
    if any(c in _JUNK_CHARS for c in key) or "://" in key or key.startswith("www."):
        return True  # "[: apple]", "{name}", "italic_x", "**bold**", e-mail and web addresses
    if key in _JUNK_WORDS or key.endswith(" et al") or key.endswith(" et al."):
        return True
    if key[0] in _EDGE_JUNK or key[-1] in _EDGE_JUNK:
        return True  # "-harvest", "apple)": a piece of a word or a phrase
    if len(key) > 1 and key[-1] == "." and key[-2] in _EDGE_JUNK:
        return True  # "tools/.": a path cut at a sentence stop
    words = key.split()
    if len(words) == 1 and key.endswith(".") and key[:-1].isalpha():
        return True  # "lit.", "approx.", "inc.": one word with its period is an abbreviation
    digits = sum(1 for c in key if c.isdigit())
    return len(words) == 1 and digits > letters  # "p15-1034", "v1"
