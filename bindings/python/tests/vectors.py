"""Reads the shared vectors of ``tests/vectors`` (the files the Rust, Node and Kotlin
tests read), keeping the exact text of each ``body``: a number such as ``150.000``, a
repeated key or an escape must reach the core as written, which ``json.load`` would not
allow."""

from __future__ import annotations

import json
from json.decoder import scanstring
from pathlib import Path
from typing import Any, Dict, List, Tuple

ROOT = Path(__file__).resolve().parents[3] / "tests" / "vectors"
_DECODER = json.JSONDecoder()
_WS = " \t\n\r"


class Obj(dict):
    """A JSON object that also keeps each member's raw text in ``raw``."""

    raw: Dict[str, str]


def _ws(s: str, i: int) -> int:
    while i < len(s) and s[i] in _WS:
        i += 1
    return i


def _value(s: str, i: int) -> Tuple[Any, int]:
    i = _ws(s, i)
    if s[i] == "{":
        obj = Obj()
        obj.raw = {}
        i = _ws(s, i + 1)
        if s[i] == "}":
            return obj, i + 1
        while True:
            key, i = scanstring(s, _ws(s, i) + 1)
            i = _ws(s, i) + 1  # ':'
            start = _ws(s, i)
            value, i = _value(s, start)
            obj[key], obj.raw[key] = value, s[start:i]
            i = _ws(s, i)
            if s[i] == "}":
                return obj, i + 1
            i += 1  # ','
    if s[i] == "[":
        items: List[Any] = []
        i = _ws(s, i + 1)
        if s[i] == "]":
            return items, i + 1
        while True:
            value, i = _value(s, i)
            items.append(value)
            i = _ws(s, i)
            if s[i] == "]":
                return items, i + 1
            i += 1
    return _DECODER.raw_decode(s, i)


def load(path: Path) -> Any:
    """The file's JSON, objects as :class:`Obj`."""
    return _value(path.read_text(encoding="utf-8"), 0)[0]


def files(folder: str) -> List[Path]:
    found = sorted((ROOT / folder).glob("*.json"))
    assert found, f"no vectors in {ROOT / folder}"
    return found


def body_bytes(case: Obj) -> bytes:
    """The case's body: ``body`` (its raw text), ``body_text`` or ``body_hex``."""
    given = [k for k in ("body", "body_text", "body_hex") if k in case]
    assert len(given) == 1, f"{case.get('name')}: exactly one body"
    if "body" in case:
        return case.raw["body"].encode("utf-8")
    if "body_text" in case:
        return case["body_text"].encode("utf-8")
    return bytes.fromhex(case["body_hex"])


def cases(folder: str) -> List[Tuple[str, Any, Obj]]:
    """``(id, file, case)`` for every case of every file of ``folder``."""
    out = []
    for path in files(folder):
        data = load(path)
        for case in data["cases"]:
            out.append((f"{path.name} / {case['name']}", data, case))
    return out
