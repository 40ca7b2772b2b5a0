"""Reads the shared vectors of ``tests/vectors`` (the files the Rust, Node and Kotlin
tests read), keeping the exact text of each ``body``: a number such as ``150.000``, a
repeated key or an escape must reach the core as written, which ``json.load`` would not
allow. A validation case given as a base and a patch (``tests/vectors/README.md``) is
given the ``body`` it stands for when loaded."""

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


def _members(text: str) -> Dict[str, Any]:
    obj = _value(text, 0)[0]
    assert isinstance(obj, Obj), f"a pointer goes through {text}"
    return dict(obj.raw)


def _parent(root: Dict[str, Any], pointer: str) -> Tuple[Dict[str, Any], str]:
    """The members holding the member ``pointer`` names, and that member's key."""
    assert pointer.startswith("/"), pointer
    *path, last = [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]
    node = root
    for token in path:
        if isinstance(node[token], str):
            node[token] = _members(node[token])
        node = node[token]
    return node, last


def _write(node: Any) -> str:
    if isinstance(node, str):
        return node
    for key in node:
        assert not any(c in '"\\' or c < " " for c in key), f"the key {key!r} must be written as it reads"
    return "{" + ", ".join(f'"{k}": {_write(v)}' for k, v in node.items()) + "}"


def patched(base: str, remove: List[str], set_: Dict[str, str]) -> str:
    """``base`` with the members of ``remove`` taken out, then each member of ``set_``
    (pointer to value text) given its value in place, or appended to its object when new.
    Only the objects a pointer reaches are written again; every other value keeps its
    text."""
    root = _members(base)
    for pointer in remove:
        members, key = _parent(root, pointer)
        del members[key]
    for pointer, text in set_.items():
        members, key = _parent(root, pointer)
        members[key] = text
    return _write(root)


def _expand(data: Obj, case: Obj) -> None:
    """Gives a case stated as a base and a patch the ``body`` it stands for."""
    if "base" not in case:
        assert "remove" not in case and "set" not in case, f"{case['name']}: a patch needs a base"
        return
    assert not any(k in case for k in ("body", "body_text", "body_hex")), f"{case['name']}: one body"
    base = data["bases"].raw[case["base"]]
    set_ = case["set"].raw if "set" in case else {}
    case.raw["body"] = patched(base, case.get("remove", []), set_)
    case["body"] = _value(case.raw["body"], 0)[0]


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
            _expand(data, case)
            out.append((f"{path.name} / {case['name']}", data, case))
    return out
