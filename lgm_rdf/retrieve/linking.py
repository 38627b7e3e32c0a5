"""Link question concepts to KB concepts: by label, by alternative label, and by partial matches.

The KB's concept labels are read once into an in-memory index (``concept_names.rq``, ``concept_mention_counts.rq``), so user
text is only ever compared in Python, never pasted into SPARQL. Each link has a strength in
(0, 1]: 1 for the concept's own label, less for an alternative label and for partial matches
(a longer name that contains the question's words, the head noun or last name of a phrase,
a shorter name made of some of its words).
"""

from __future__ import annotations

import math
import re
from collections import ChainMap, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pyoxigraph import NamedNode

from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.nlp.wordlists import words as word_set
from lgm_rdf.ontology import load_query, normalise_label, without_accents
from lgm_rdf.store.base import GraphStore
from lgm_rdf.store.index_cache import IndexCache, key_of

# strengths of the kinds of link
LABEL = 1.0
ALT_LABEL = 0.95
SUPERSET = (
    0.7  # a KB name containing every word of the question's phrase ("nolan" → "christopher nolan")
)
LAST_NAME = 0.6  # the last word of a proper name ("christopher nolan" → "nolan")
SUBSET = 0.6  # a KB name made of some of the phrase's words (times the share of words covered)
HEAD = 0.5  # the head noun of a phrase ("string instrument" → "instrument")
SPECIFICITY_POWER = 3  # how steeply a concept's weight falls with the documents mentioning it
MAX_SUPERSETS = 8  # longer names per question phrase, the most specific first
_INDEX_QUERIES = ("concept_mention_counts", "concept_names", "document_titles")
_PAREN = re.compile(r"\s*\([^)]*\)\s*$")


def title_key(title: str) -> str:
    """A document title as a concept key, without a trailing "(disambiguator)"."""
    return normalise_label(_PAREN.sub("", title))


@dataclass(frozen=True)
class ConceptLink:
    """A question phrase linked to a KB concept with a strength and the kind of match."""

    phrase: str
    concept: NamedNode
    label: str
    strength: float
    how: str  # label | alt | superset | last-name | subset | head


_INNER_PUNCT = re.compile(r"\s*[:;,]\s*")


def fold(key: str) -> str:
    """A key without accents, for matching ("Aschenbrodel" finds "aschenbrödel"), and with a
    colon, semicolon or comma inside a name read as a space ("Act of War; Direct Action" finds
    the title "Act of War: Direct Action")."""
    if ":" in key or ";" in key or "," in key:
        key = _INNER_PUNCT.sub(" ", key).strip()
    return without_accents(key)


def words_of_key(key: str) -> list[str]:
    """The content words of a concept key (no stop words, no single letters)."""
    return [w for w in key.replace("-", " ").split() if w not in STOP_WORDS and len(w) > 1]


class ConceptIndex:
    """Every concept's labels and mention count, indexed by label and by word."""

    def __init__(
        self,
        rows: Iterable[tuple[str, str, str, int, int]],
        titles: Sequence[tuple[str, str]] = (),
    ) -> None:
        self.by_label: dict[str, list[tuple[str, str]]] = defaultdict(list)  # key → (iri, kind)
        self.labels: dict[str, str] = {}
        self.mentions: dict[str, int] = {}
        self.by_word: dict[str, set[str]] = defaultdict(set)  # word → label keys
        self.documents_mentioning: dict[str, int] = {}
        for iri, label, kind, count, docs in rows:
            key = fold(normalise_label(label))
            if not key:
                continue
            self.by_label[key].append((iri, kind))
            if kind == "label":
                self.labels[iri] = label
                self.mentions[iri] = count
                self.documents_mentioning[iri] = docs
            for word in words_of_key(key):
                self.by_word[word].add(key)
        self.total = max(1, sum(self.mentions.values()))
        # the most content words of any name: longer sub-phrases cannot match
        self.longest = max((len(words_of_key(k)) for k in self.by_label), default=0)
        self.concepts = max(1, len(self.mentions))
        # the documents named after each concept (by its label or an alternative label)
        self.documents: dict[str, list[str]] = defaultdict(list)
        for doc, title in titles:
            for iri, _ in self.by_label.get(fold(title_key(title)), ()):
                self.documents[iri].append(doc)
        self.titled: set[str] = set(self.documents)
        # concepts a document's title is about without naming only them ("History of
        # Mississippi", "South Korea at the Olympics"): a document of their own, as good as titled
        self.about: set[str] = set()
        for _, title in titles:
            for part in title_subjects(title):
                self.about.update(iri for iri, _ in self.by_label.get(part, ()))
        # titles of two or more words that name no concept ("Hyman B. Samuels" when the text
        # says "Hyman Bernard Samuels"): the KB knows the name as the title of its document
        title_names: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for doc, title in titles:
            key = fold(title_key(title))
            words = [w for w in words_of_key(key) if any(ch.isalpha() for ch in w)]
            if key not in self.by_label and len(words) > 1:  # "Document 10" is one word
                title_names[key].append((doc, title_key(title)))
        self.title_names = dict(title_names)
        self.total_documents = max(
            2, len({doc for doc, _ in titles}), max(self.documents_mentioning.values(), default=0)
        )

    @classmethod
    def from_store(cls, store: GraphStore) -> ConceptIndex:
        """Read the index from the store (three queries: names, mention counts, titles), or
        from the copy persisted beside the KB for its current state (``<kb>/indexes/``)."""
        key = key_of(*(load_query(q) for q in _INDEX_QUERIES))
        rows, titles = IndexCache.of(store).json("concepts", key, lambda: cls.read_rows(store))
        return cls(rows, titles)

    @staticmethod
    def read_rows(
        store: GraphStore,
    ) -> tuple[list[tuple[str, str, str, int, int]], list[tuple[str, str]]]:
        """The index's data as the store has it: ``(iri, label, kind, mentions, documents)``
        rows and ``(document, title)`` pairs."""
        counts = {
            r["concept"].value: (int(r["n"].value), int(r["docs"].value))
            for r in store.select(load_query("concept_mention_counts"))
        }
        rows = [
            (
                r["concept"].value,
                r["label"].value,
                r["kind"].value,
                *counts.get(r["concept"].value, (0, 0)),
            )
            for r in store.select(load_query("concept_names"))
            if isinstance(r.get("concept"), NamedNode)
        ]
        titles = [
            (r["doc"].value, r["title"].value) for r in store.select(load_query("document_titles"))
        ]
        return rows, titles

    @property
    def names(self) -> ChainMap[str, object]:
        """Every name the KB knows: concept labels and the titles that name no concept."""
        return ChainMap(self.by_label, self.title_names)  # type: ignore[arg-type]

    def label_of(self, iri: str) -> str:
        """The concept's label (its IRI when it has none)."""
        return self.labels.get(iri, iri)

    def specificity(self, iri: str) -> float:
        """An inverse-document-frequency weight in [0, 1]: 1 for a concept one document mentions.

        ``(log(D / d) / log D)³`` for a concept mentioned in d of D documents: cubed so that a
        concept that half the corpus mentions weighs next to nothing.
        """
        n, total = self.documents_mentioning.get(iri, 0), self.total_documents
        if n <= 1:
            return 1.0
        top = math.log(max(2, total))
        return max(0.0, math.log(total / n) / top) ** SPECIFICITY_POWER

    def _exact(self, key: str, strength: float, how: str, phrase: str) -> list[ConceptLink]:
        out = []
        for iri, kind in self.by_label.get(key, ()):
            s = strength if kind == "label" else min(strength, ALT_LABEL)
            out.append(ConceptLink(phrase, NamedNode(iri), self.label_of(iri), s, how))
        return out

    def link(self, phrase: str, proper: bool = False) -> list[ConceptLink]:
        """KB concepts for one question phrase (a normalised lemma phrase), strongest first.

        ``proper`` marks a proper name, whose last word may name the same thing. Each link
        carries ``phrase`` as given (what the expansion reports as its source), not its key.
        """
        key = fold(normalise_label(phrase))
        found: dict[str, ConceptLink] = {}

        def keep(links: Iterable[ConceptLink]) -> None:
            for link in links:
                old = found.get(link.concept.value)
                if old is None or link.strength > old.strength:
                    found[link.concept.value] = link

        keep(self._exact(key, LABEL, "label", phrase))
        words = words_of_key(key)
        if words and (proper or not found):
            supersets = set.intersection(*(self.by_word.get(w, set()) for w in words))
            supersets.discard(key)
            ranked = sorted(supersets, key=lambda k: (len(words_of_key(k)), k))[:MAX_SUPERSETS]
            for other in ranked:
                share = len(words) / max(1, len(words_of_key(other)))
                keep(self._exact(other, SUPERSET * share, "superset", phrase))
        if len(words) > 1:
            if proper:
                keep(self._exact(words[-1], LAST_NAME, "last-name", phrase))
            else:
                keep(self._exact(words[-1], HEAD, "head", phrase))
            for size in range(min(len(words) - 1, self.longest), 1, -1):
                for start in range(0, len(words) - size + 1):
                    sub = " ".join(words[start : start + size])
                    keep(self._exact(sub, SUBSET * size / len(words), "subset", phrase))
        return sorted(found.values(), key=lambda k: (-k.strength, k.label))


# what an encyclopaedia writes articles about a place, people or body under: "History of X",
# "Religion in X" are about X ("Bank of America", "Murder in the Cathedral" are names)
ASPECT_NOUNS = word_set(
    "history geography economy culture politics demographics government timeline list lists "
    "outline index flag coat music religion education sport sports transport tourism "
    "architecture cuisine climate geology languages language military law media health "
    "literature art cinema television wildlife"
)


def title_subjects(title: str) -> list[str]:
    """What a title of several parts is about besides itself (folded keys): the rest of an
    aspect title, one whose words before "of"/"in" are an aspect noun or are written in lower
    case ("History of Mississippi", "Alcohol laws of Indiana", "Religion in the United States"
    → "mississippi", "indiana", "united states"; "Bank of America" is a name), and what comes
    before "at the" ("South Korea at the Olympics" → "south korea")."""
    tokens = _PAREN.sub("", title).split()
    found = []
    for k, word in enumerate(tokens[1:-1], start=1):
        if word in ("of", "in"):
            head = tokens[:k]
            aspect = len(head) == 1 and fold(head[0].lower()) in ASPECT_NOUNS
            if aspect or any(w[:1].islower() for w in head[1:]):  # "Alcohol laws of ..."
                found.append(" ".join(tokens[k + 1 :]))
            break
    key = fold(normalise_label(" ".join(tokens)))
    if " at the " in key:
        found.append(key.split(" at the ", 1)[0])
    parts = [fold(normalise_label(part)) for part in found]
    return [re.sub(r"^(?:the|a|an) ", "", part) for part in parts if part]
