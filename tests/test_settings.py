"""Settings come from LGM_* / OPENAI_* variables, then explicit overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from lgm_rdf.settings import Settings


def test_environment_and_overrides(monkeypatch) -> None:
    monkeypatch.setenv("LGM_KB", "/tmp/somewhere")
    monkeypatch.setenv("LGM_REFLECT", "yes")
    monkeypatch.setenv("LGM_CHUNK_SIZE", "1234")
    monkeypatch.setenv("LGM_LLM_MODEL", "m1")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    s = Settings.from_env(extractor="both")
    assert s.kb == Path("/tmp/somewhere") and s.reflect is True and s.chunk_size == 1234
    assert s.llm_model == "m1" and s.llm_configured and s.openai_base_url == "http://127.0.0.1:9/v1"
    assert s.extractor == "both"
    assert s.llm_cache_path == Path("/tmp/somewhere.llm-cache.sqlite")


def test_defaults_need_no_llm(monkeypatch) -> None:
    monkeypatch.delenv("LGM_LLM_MODEL", raising=False)
    s = Settings.from_env()
    assert not s.llm_configured and s.extractor == "pattern" and s.nlp == "spacy"


def test_bad_values_are_clear(monkeypatch) -> None:
    monkeypatch.setenv("LGM_CHUNK_SIZE", "lots")
    with pytest.raises(ValueError, match="LGM_CHUNK_SIZE"):
        Settings.from_env()
    with pytest.raises(TypeError, match="unknown setting"):
        Settings().with_(chunk_sise=3)
