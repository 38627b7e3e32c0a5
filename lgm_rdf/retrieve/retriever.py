"""Concept-level retrieval over a KB: question concepts → links → expansion → ranked sentences.

``KBRetriever`` implements the ``Retriever`` protocol both reasoners drive. Its ablations
(``Settings.ablation``) serve the benchmark: ``no_expansion`` keeps only the linked concepts,
``no_propagation`` ranks without the Personalized PageRank over the KB graph, ``no_graph``
ignores the concept graph and ranks every sentence by lexical overlap.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any

from lgm_rdf.nlp.concepts import lemma_of, sentence_concepts
from lgm_rdf.nlp.model import NLP
from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.ontology import normalise_label
from lgm_rdf.retrieve.answer_types import entities_of_class, expected_kinds
from lgm_rdf.retrieve.candidates import (
    SentenceHit,
    fetch_candidates,
    fetch_documents,
    fetch_mentions,
)
from lgm_rdf.retrieve.dense.concepts import WEAK, meaning_links
from lgm_rdf.retrieve.dense.fusion import NEAREST, fuse_dense, sentence_seeds
from lgm_rdf.retrieve.expand import expand_concepts, seed_concepts
from lgm_rdf.retrieve.lexical import LexicalIndex
from lgm_rdf.retrieve.linking import LABEL, ConceptIndex, ConceptLink, fold, words_of_key
from lgm_rdf.retrieve.memo import BoundedCache
from lgm_rdf.retrieve.model import Candidate, ExpandedConcept, PathStep, Round
from lgm_rdf.retrieve.names import acronym_table, find_names
from lgm_rdf.retrieve.propagation.build import cached_graph
from lgm_rdf.retrieve.propagation.walk import CONCEPT, PropagationGraph
from lgm_rdf.retrieve.rank import concept_score, rank_hits
from lgm_rdf.retrieve.words import degree_form, placeholder_nouns
from lgm_rdf.settings import Settings
from lgm_rdf.store.base import GraphStore

MEMORY = 4096  # texts whose analysis is kept
HEAD_NOUN = 0.5  # a phrase's head noun alone says less than the phrase
MAX_DOCUMENTS_PER_CONCEPT = 3  # documents named after one concept, read whole
ABLATIONS = ("none", "no_expansion", "no_iteration", "no_propagation", "no_graph")
# a candidate's share of the round's best walk score, times this, adds to its score. Off: 0.3 cost
# HotpotQA 2-4 points of R@2 on the tuning halves of the dev files and gained nothing on MuSiQue.
PROPAGATION_WEIGHT = 0.0
DENSE_SEED_SHARE = 0.5  # the walk's restart weight on the sentences nearest in meaning
_CONTENT_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM", "ADV", "X"})


class KBRetriever:
    """Retrieval over one store; the concept index is read once and kept until ``refresh``."""

    def __init__(
        self,
        store: GraphStore,
        nlp: NLP,
        settings: Settings,
        dense: Any = None,
        concepts: Any = None,
    ) -> None:
        if settings.ablation not in ABLATIONS:
            raise ValueError(
                f"unknown ablation {settings.ablation!r}; choose one of {', '.join(ABLATIONS)}"
            )
        self.store = store
        self.nlp = nlp
        self.dense = dense  # a VectorSidecar (the dense extra) or None
        self.concept_vectors = concepts  # the dense extra's ConceptVectors (meaning links) or None
        self.settings = settings
        self._index: ConceptIndex | None = None
        self._lexical: LexicalIndex | None = None
        self._graph: PropagationGraph | None = None
        self._acronyms: dict[str, list[str]] | None = None
        # what parsing a text taught us (the kind of each phrase: "proper", "head" or "phrase",
        # and its content words), kept for the texts of the last while: bounded, since a
        # server answers questions for days
        self._kinds: BoundedCache[str, dict[str, str]] = BoundedCache(MEMORY)
        self._words: BoundedCache[str, list[str]] = BoundedCache(MEMORY)
        self._keys: BoundedCache[str, list[str]] = BoundedCache(MEMORY)
        self._near: BoundedCache[str, list[tuple[str, float]]] = BoundedCache(MEMORY)
        self._meaning: BoundedCache[str, list[ConceptLink]] = BoundedCache(MEMORY)
        self._rows: BoundedCache[str, SentenceHit] = BoundedCache(MEMORY)  # sentence rows read
        # the named-entity classes each question's common nouns stand for (answer_types)
        self._expected: BoundedCache[str, frozenset[str]] = BoundedCache(MEMORY)

    @property
    def index(self) -> ConceptIndex:
        """The concept index (labels, mention counts), read on first use."""
        index = self._index
        if index is None:  # a local, so a concurrent refresh() cannot hand back None
            index = ConceptIndex.from_store(self.store)
            self._index = index
        return index

    def refresh(self) -> None:
        """Forget the cached indexes (after the KB changed)."""
        self._index = None
        self._lexical = None
        self._graph = None
        self._acronyms = None
        caches = [self._kinds, self._words, self._keys, self._expected]  # question analyses
        caches += [self._near, self._meaning, self._rows]  # sentence and meaning lookups
        for cache in caches:  # all depend on the KB
            cache.clear()

    @property
    def propagation(self) -> PropagationGraph:
        """The KB graph of the Personalized PageRank, built from the store on first use (or
        read from the index cache beside the KB while the KB is unchanged)."""
        graph = self._graph
        if graph is None:
            graph = cached_graph(self.store, self.index)
            self._graph = graph
        return graph

    def use_propagation(self, graph: PropagationGraph) -> None:
        """Use ``graph`` (e.g. loaded from ``<kb>/indexes/``) until the next ``refresh``."""
        self._graph = graph

    @property
    def acronyms(self) -> dict[str, list[str]]:
        """Acronym → the multi-word KB names it abbreviates (built on first use)."""
        table = self._acronyms
        if table is None:
            table = self._acronyms = acronym_table(self.index.by_label)
        return table

    # -- the Retriever protocol --------------------------------------------------------------
    def question_concepts(self, text: str) -> list[str]:
        """Concept keys of a question (entities, names, noun phrases and their heads)."""
        known = self._keys.get(text)
        cached = (self._words, self._kinds, self._expected)
        if known is not None and all(text in cache for cache in cached):
            return list(known)
        parsed = self.nlp.parse(text)
        keys: list[str] = []
        words: list[str] = []
        kinds: dict[str, str] = {}
        expected: set[str] = set()
        for sentence in parsed.sentences:
            expected |= expected_kinds(sentence.tokens)
            toks = sentence.tokens
            degree = {k for k, t in enumerate(toks) if degree_form(t.text, lemma_of(t), t.tag)}
            found = [
                f
                for f in find_names(toks, self.index.names, self.acronyms)
                if not (f.end - f.start == 1 and f.start in degree)  # "oldest": no topic
            ]
            names = [f.key for f in found if f.how == "acronym" or len(words_of_key(f.key)) > 1]
            for key in names:
                if key not in keys:
                    keys.append(key)
                kinds[key] = "proper"
            inside = [set(words_of_key(n)) for n in names]
            asked = placeholder_nouns(toks)
            for m in sentence_concepts(sentence):
                if any(set(words_of_key(m.key)) < name for name in inside):
                    continue  # a part of a name found whole
                if all(k in degree for k in range(m.start, m.end)):
                    continue  # "the oldest": the comparison asked for, not a concept
                if m.key not in keys:
                    keys.append(m.key)
                if m.kind in ("entity", "propn"):
                    kinds[m.key] = "proper"
                elif m.end - 1 in asked:
                    kinds.setdefault(m.key, "asked")  # "the state where ...": what is asked
                elif kinds.get(m.key, "asked") == "asked":  # a topic wherever it is one
                    kinds[m.key] = "head" if m.kind == "head" else "phrase"
            for tok in sentence.tokens:
                word = lemma_of(tok)
                if tok.upos in _CONTENT_POS and word not in STOP_WORDS and word not in words:
                    words.append(word)
                text_form = tok.text.lower()
                content = tok.upos in _CONTENT_POS and text_form not in STOP_WORDS
                if content and text_form not in words:
                    words.append(text_form)
            # one-word KB names whatever their tag: the parse adds phrases, it removes none
            for f in found:
                if f.key not in keys:
                    keys.append(f.key)
                    kinds.setdefault(f.key, "phrase")
                for word in words_of_key(f.key):
                    if word not in words:
                        words.append(word)
        self._words[text] = words
        self._kinds[text] = kinds
        self._expected[text] = frozenset(expected)
        self._keys[text] = list(keys)
        return keys

    def of_asked_kind(self, question: str, concepts: Sequence[str]) -> set[str]:
        """The ``concepts`` (IRIs) that some document writes as a named entity of a class the
        question's common nouns stand for ("the country where ...": a place; ``answer_types``),
        as recorded by ``lgm:entityClass``."""
        self.question_concepts(question)  # parsed once, what it asks for remembered
        expected = self._expected.get(question) or frozenset()
        return entities_of_class(self.store, concepts, expected)

    def question_words(self, question: str) -> list[str]:
        """Content words (lemmas and forms) of the question, for lexical overlap."""
        words = self._words.get(question)
        if words is None:
            self.question_concepts(question)
            words = self._words.get(question) or []
        return words

    def link(
        self, concepts: Sequence[str], question: str = "", names: frozenset[str] | None = None
    ) -> list[ConceptLink]:
        """Every KB concept linked from the given phrases.

        A phrase's kind (proper name, head noun) is the one it had in ``question``. When
        ``names`` is given, the phrases are bridge concepts (KB labels): those in ``names``
        (written as names) are proper names, the others have no kind. Otherwise a phrase the
        question does not contain (a missing concept named by the LLM) takes its kind from
        the text it was parsed from most recently.
        """
        kinds = self._kinds_for(concepts, question, names)
        links: list[ConceptLink] = []
        weak: list[str] = []
        topics = [p for p in concepts if kinds.get(p) != "asked"]
        for phrase in topics or concepts:  # what is asked links only when nothing else does
            kind = kinds.get(phrase)
            found = self.index.link(phrase, proper=kind == "proper")
            if kind in ("head", "asked"):
                found = [replace(k, strength=k.strength * HEAD_NOUN) for k in found]
            elif max((k.strength for k in found), default=0.0) < WEAK:
                weak.append(phrase)
            links.extend(found)
        return links + self.meaning_links(weak)

    def meaning_links(self, phrases: Sequence[str]) -> list[ConceptLink]:
        """Links of ``phrases`` to the concepts whose names are nearest in meaning (the dense
        extra with ``Settings.dense_link_threshold`` at most 1; else none)."""
        threshold = self.settings.dense_link_threshold
        if self.concept_vectors is None or not phrases or threshold > 1:
            return []
        todo = [p for p in dict.fromkeys(phrases) if p not in self._meaning]
        if todo:
            found = meaning_links(self.concept_vectors, todo, self.index, threshold)
            for phrase in todo:
                self._meaning[phrase] = found[phrase]
        return [link for p in phrases for link in self._meaning.get(p) or []]

    def _kinds_for(
        self, phrases: Sequence[str], question: str, names: frozenset[str] | None = None
    ) -> dict[str, str]:
        kinds = dict(self._kinds.get(question) or {})
        if names is not None:  # bridge concepts: no kind from what was parsed before
            kinds.update({p: "proper" for p in phrases if p not in kinds and p in names})
            return kinds
        missing = [p for p in phrases if p not in kinds]
        for analysis in reversed(list(self._kinds.values()) if missing else []):
            for phrase in missing:
                if phrase not in kinds and phrase in analysis:
                    kinds[phrase] = analysis[phrase]
        return kinds

    def retrieve(
        self,
        question: str,
        concepts: Sequence[str],
        exclude: frozenset[str] = frozenset(),
        names: frozenset[str] | None = None,
    ) -> Round:
        """Link, expand and rank the sentences of ``concepts`` for ``question`` (``names``: the
        concepts are bridges, and those in it link as proper names; see ``link``)."""
        words = self.question_words(question)
        if self.settings.ablation == "no_graph":
            return Round(list(concepts), [], self.lexical.search(words, exclude, self.limit))
        links = self.link(concepts, question, names)
        seeds = [(link.concept, link.strength, link.phrase) for link in links]
        if self.settings.ablation == "no_expansion":
            expanded = seed_concepts(seeds, self.index.labels)
        else:
            expanded = expand_concepts(self.store, seeds, self.settings, self.index.labels)
        hits = self._hits(expanded, exclude, self.title_documents(concepts))
        ranked = rank_hits(hits.values(), words, self.index)
        near = self.nearest(question)
        if near:
            ranked = fuse_dense(self.store, ranked, near, exclude)
        if self.settings.ablation != "no_propagation":
            ranked = self._propagated(ranked, links, sentence_seeds(near, DENSE_SEED_SHARE))
        return Round(list(concepts), expanded, ranked)

    def nearest(self, question: str) -> list[tuple[str, float]]:
        """The sentences nearest to the question in meaning (the dense extra; else none)."""
        if self.dense is None or self.settings.ablation == "no_graph":
            return []
        near = self._near.get(question)
        if near is None:
            near = self._near[question] = self.dense.search(question, NEAREST)
        return near

    def seeds_of(self, links: Sequence[ConceptLink]) -> dict[str, float]:
        """Restart weights of the walk: each linked concept's best link strength x specificity."""
        seeds: dict[str, float] = {}
        for link in links:
            iri = link.concept.value
            value = link.strength * self.index.specificity(iri)
            seeds[iri] = max(seeds.get(iri, 0.0), value)
        return seeds

    def _propagated(
        self,
        ranked: Sequence[Candidate],
        links: Sequence[ConceptLink],
        extra: dict[str, float] | None = None,
    ) -> list[Candidate]:
        """Candidates rescored with their Personalized PageRank from the linked concepts (and
        ``extra`` seeds: the sentences nearest in meaning, as shares of the walk)."""
        if not ranked or not (links or extra) or PROPAGATION_WEIGHT <= 0:
            return list(ranked)
        graph = self.propagation
        seeds = self.seeds_of(links)
        total = sum(seeds.values()) or 1.0
        seeds = {iri: v / total for iri, v in seeds.items()}
        for iri, v in (extra or {}).items():
            seeds[iri] = seeds.get(iri, 0.0) + v
        scores = graph.personalized_pagerank(seeds)
        values = [graph.score_of(scores, c.sentence) for c in ranked]
        top = max(values)
        if top <= 0:
            return list(ranked)
        out = [
            replace(c, score=round(c.score + PROPAGATION_WEIGHT * v / top, 6))
            for c, v in zip(ranked, values, strict=True)
        ]
        return sorted(out, key=lambda c: (-c.score, c.document, c.position))

    def concept_weights(
        self, question: str, sentences: Sequence[str], concepts: Collection[str]
    ) -> dict[str, float]:
        """The walk's scores of ``concepts``, restarting at the question's concepts and at
        ``sentences`` (the best of a round), as shares of the best concept's score anywhere:
        what leads on from what was found."""
        if self.settings.ablation in ("no_propagation", "no_graph"):
            return {}
        seeds = self.seeds_of(self.link(self.question_concepts(question), question))
        total = sum(seeds.values()) or 1.0
        seeds = {iri: v / total for iri, v in seeds.items()}
        for iri in sentences:
            seeds[iri] = seeds.get(iri, 0.0) + 1.0 / max(1, len(sentences))
        graph = self.propagation
        scores = graph.personalized_pagerank(seeds)
        top = graph.best_score(scores, CONCEPT)
        if top <= 0:
            return {}
        return {iri: graph.score_of(scores, iri) / top for iri in concepts}

    @property
    def limit(self) -> int:
        """The most candidate sentences one round keeps."""
        return max(1, self.settings.max_candidate_sentences)

    @property
    def lexical(self) -> LexicalIndex:
        """BM25 over every sentence's lemma text (the ``no_graph`` ablation), built on first use."""
        if self._lexical is None:
            self._lexical = LexicalIndex.from_store(self.store)
        return self._lexical

    def title_documents(self, phrases: Sequence[str]) -> dict[str, ExpandedConcept]:
        """Documents titled by one of ``phrases`` where no concept has that name ("Hyman B.
        Samuels" when the text only says "Hyman Bernard Samuels"), each reached by its title
        as if by a concept linked by its label. The document IRI stands where a concept IRI
        would (specificity 1, not in ``Round.expanded``); bridge concepts, being KB labels,
        never name such a title, so these hits only come in the first round."""
        found: dict[str, ExpandedConcept] = {}
        for phrase in phrases:
            titled = self.index.title_names.get(fold(normalise_label(phrase)), ())
            for doc, label in titled[:MAX_DOCUMENTS_PER_CONCEPT]:
                path = (PathStep(label, "self"),)
                found.setdefault(doc, ExpandedConcept(doc, label, "self", 0, phrase, LABEL, path))
        return found

    def _hits(
        self,
        expanded: Sequence[ExpandedConcept],
        exclude: frozenset[str],
        titled: dict[str, ExpandedConcept] | None = None,
    ) -> dict:
        """Sentences of the specific concepts; the common ones only add to their scores; all
        the sentences of the documents named after a linked concept (or in ``titled``)."""
        cap = self.limit
        rare = [c for c in expanded if self.index.mentions.get(c.concept, 0) <= cap]
        common = [c for c in expanded if c not in rare]
        hits = fetch_candidates(
            self.store,
            rare or expanded,
            exclude,
            limit=None if rare else cap,
            cache=self._rows,
            read_at_most=self.settings.max_candidate_rows,
            priority=lambda concepts: concept_score(concepts, self.index),
        )
        about = {
            doc: c
            for c in expanded
            if c.distance == 0
            for doc in self.index.documents.get(c.concept, ())[:MAX_DOCUMENTS_PER_CONCEPT]
        }
        for doc, c in (titled or {}).items():
            about.setdefault(doc, c)
        if about:
            fetch_documents(self.store, about, hits, exclude)
        if common and rare and hits:
            by_iri = {c.concept: c for c in common}
            mentions = fetch_mentions(self.store, list(hits), self.index.labels)
            for sentence, mentioned in mentions.items():
                hits[sentence].matched.extend(by_iri[c] for c in mentioned if c in by_iri)
        return hits
