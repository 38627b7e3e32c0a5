"""Getting JSON out of chat models: tolerant parsing, repair, one retry, never a crash."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Sequence
from typing import Any

from lgm_rdf.llm.base import ChatModel, Message, Usage

_LOG = logging.getLogger("lgm_rdf.llm")
_FENCE = re.compile(r"```[ \t]*(?:json5?|JSON|javascript|js)?[ \t]*\r?\n?(.*?)(?:```|\Z)", re.S)
_OPENER = re.compile(r"[\[{]")
_MAX_STARTS = 50  # bracket positions tried per text
_MAX_REPAIRS = 3  # of which at most this many are repaired
_ECHO_LIMIT = 4000  # characters of a bad answer quoted back in the retry

RETRY_INSTRUCTION = (
    "Your previous answer could not be read as JSON. Reply again with only the JSON value "
    "requested above: no explanation, no code fences, nothing before or after it."
)


def parse_json_answer(text: str, expect: Any = dict | list) -> Any | None:
    """The JSON value in a model's answer, or ``None`` when there is none worth using.

    Copes with ```json fences, prose before or after the value, and truncated or slightly
    malformed JSON (repaired with ``json_repair``). ``expect`` is the accepted type(s);
    when a list is expected and the answer is an object with exactly one list member
    (JSON mode forces a top-level object: ``{"relations": [...]}``), that list is returned.
    """
    if not text or not text.strip():
        return None
    candidates = [m.group(1) for m in _FENCE.finditer(text) if m.group(1).strip()]
    candidates.append(text)
    for candidate in candidates:
        value = _from_text(candidate, expect)
        if value is not None:
            return value
    return None


def complete_json(
    model: ChatModel,
    messages: Sequence[Message],
    validate: Callable[[Any], bool] | None = None,
    retries: int = 1,
    log: logging.Logger = _LOG,
    expect: Any = dict | list,
) -> tuple[Any | None, Usage]:
    """Ask ``model`` for JSON; parse, repair, and if needed retry; ``(None, usage)`` on failure.

    A retry re-sends the conversation plus the bad answer and an instruction to reply with
    valid JSON only (so a cache sees it as a new prompt). ``validate`` may reject parsed
    values (returning False or raising). Bad JSON never raises; :class:`LLMError` from the
    model (auth, endpoint down) does.
    """
    usage = Usage()
    conversation: list[Message] = [dict(m) for m in messages]
    last = ""
    for attempt in range(max(0, retries) + 1):
        completion = model.complete(conversation, json=True)
        usage = usage + completion.usage
        last = completion.text
        value = parse_json_answer(last, expect)
        if value is not None and _accepts(validate, value, log):
            return value, usage
        if attempt < retries:
            conversation = [
                *(dict(m) for m in messages),
                {"role": "assistant", "content": last[:_ECHO_LIMIT]},
                {"role": "user", "content": RETRY_INSTRUCTION},
            ]
    log.warning(
        "%s gave no usable JSON after %d attempt(s); skipping. Last answer: %r",
        model.model,
        max(0, retries) + 1,
        last[:200],
    )
    return None, usage


def _accepts(validate: Callable[[Any], bool] | None, value: Any, log: logging.Logger) -> bool:
    if validate is None:
        return True
    try:
        return bool(validate(value))
    except Exception as exc:  # a validator bug must not kill a long run
        log.debug("JSON validator raised %s: %s", type(exc).__name__, exc)
        return False


def _from_text(text: str, expect: Any) -> Any | None:
    """The first usable value: the whole text, else scan brackets left to right.

    At each opening bracket a clean decode is tried first, then a repair (truncated or
    sloppy JSON). Brackets inside a value already decoded are skipped, so a nested
    member is never mistaken for the answer.
    """
    stripped = text.strip()
    try:
        value = _coerce(json.loads(stripped), expect)
        if value is not None:
            return value
    except ValueError:
        pass
    decoder = json.JSONDecoder()
    skip_until = 0
    repairs = 0
    for i, match in enumerate(_OPENER.finditer(stripped)):
        if i >= _MAX_STARTS:
            break
        if match.start() < skip_until:
            continue
        try:
            value, skip_until = decoder.raw_decode(stripped, match.start())
        except ValueError:
            if repairs >= _MAX_REPAIRS:
                continue
            repairs += 1
            value = _repair(stripped[match.start() :])
        value = _coerce(value, expect)
        if value is not None:
            return value
    return None


def _repair(text: str) -> Any | None:
    """``json_repair`` (closes truncated brackets, fixes quotes and commas); None if it fails."""
    import json_repair  # imported on first need: most answers are clean JSON

    try:
        return json_repair.loads(text)
    except Exception:
        return None


def _coerce(value: Any, expect: Any) -> Any | None:
    if isinstance(value, expect):
        return value
    wants_list = isinstance([], expect) and not isinstance({}, expect)
    if wants_list and isinstance(value, dict) and len(value) == 1:
        (only,) = value.values()
        if isinstance(only, list):
            return only
    return None
