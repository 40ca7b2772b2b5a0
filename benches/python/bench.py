#!/usr/bin/env python3
"""Benchmark of the cobro Python binding against pydantic v2, msgspec and jsonschema-rs
and of its signing functions against hashlib/hmac.

In one process and one run, for the valid and the invalid payload of each kind (the
payloads of the Rust benchmark, benches/src/lib.rs), it times:
  cobro      validate(kind, str), validate(kind, bytes), validate(kind, dict)
  pydantic   Model.model_validate_json(str), Model.model_validate(dict)
  msgspec    msgspec.json.decode(str, type=Model), msgspec.convert(dict, Model)
  jsonschema list(validator.iter_errors(json.loads(str))), list(validator.iter_errors(dict))
and, for the invalid bodies, counts the errors each reports (msgspec stops at the first).
Each figure is the best of several repeats of a timeit loop after a warm-up. It prints
a markdown table and the bars of README.md as PASS/FAIL lines.

Run (see README.md): python benches/python/bench.py [--quick]
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import hmac
import json
import os
import platform
import sys
import timeit
from dataclasses import dataclass
from importlib import metadata as importlib_metadata
from pathlib import Path
from typing import Any, Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))

import msgspec  # noqa: E402
import pydantic  # noqa: E402

import models_msgspec  # noqa: E402
import models_pydantic  # noqa: E402
import schemas_jsonschema  # noqa: E402
from payloads import Payload, payloads  # noqa: E402

try:
    import cobro  # type: ignore[import-not-found]

    COBRO_ERROR: Optional[str] = None
except ImportError as e:  # the bench still measures the peers
    cobro = None
    COBRO_ERROR = str(e)

# Fake keys, the same as the Rust signing benchmark.
PAYIN_KEY = "fake-payin-key-for-benches"
VA_SECRET = "fake-va-secret-for-benches"
VA_API_KEY = "fake-api-key"
VA_TIMESTAMP = 1_767_225_600


@dataclass
class Row:
    payload: str
    tool: str
    input: str  # text, bytes or dict
    us: float
    errors: Optional[int]  # None for a valid payload's row
    planted: int


def best_us(fn: Callable[[], Any], repeat: int, target: float) -> float:
    """Microseconds per call: warm up, size the loop to about `target` seconds, and take
    the best of `repeat` loops (timeit's advice: the minimum is the least disturbed)."""
    for _ in range(50):
        fn()
    timer = timeit.Timer(fn)
    number, elapsed = 1, 0.0
    while True:
        elapsed = timer.timeit(number)
        if elapsed >= target / 5:
            break
        number *= 2
    number = max(1, int(number * target / elapsed))
    return min(timer.repeat(repeat=repeat, number=number)) / number * 1e6


def raising(fn: Callable[[Any], Any], exc: type[BaseException]) -> Callable[[Any], Any]:
    """`fn`, returning the exception instead of raising it (what a merchant's handler does)."""

    def call(arg: Any) -> Any:
        try:
            return fn(arg)
        except exc as e:
            return e

    return call


def pydantic_count(result: Any) -> int:
    return len(result.errors()) if isinstance(result, pydantic.ValidationError) else 0


def msgspec_count(result: Any) -> int:
    return 1 if isinstance(result, msgspec.ValidationError) else 0


def measure(p: Payload, repeat: int, target: float) -> list[Row]:
    rows: list[Row] = []
    text, data, obj = p.text, p.data, json.loads(p.text)

    def add(tool: str, input_: str, call: Callable[[], Any], count: Callable[[Any], int]) -> None:
        n = count(call())
        us = best_us(call, repeat, target)
        rows.append(Row(p.name, tool, input_, us, None if p.valid else n, p.planted))

    if cobro is not None:
        kind = p.kind
        validate = cobro.validate

        def cobro_count(report: Any) -> int:
            return len(report.errors)

        add("cobro", "text", lambda: validate(kind, text), cobro_count)
        add("cobro", "bytes", lambda: validate(kind, data), cobro_count)
        add("cobro", "dict", lambda: validate(kind, obj), cobro_count)

    model = models_pydantic.MODELS[p.kind]
    pyd_json = raising(model.model_validate_json, pydantic.ValidationError)
    pyd_py = raising(model.model_validate, pydantic.ValidationError)
    add("pydantic", "text", lambda: pyd_json(text), pydantic_count)
    add("pydantic", "dict", lambda: pyd_py(obj), pydantic_count)

    struct = models_msgspec.MODELS[p.kind]
    ms_json = raising(lambda t: msgspec.json.decode(t, type=struct), msgspec.ValidationError)
    ms_py = raising(lambda o: msgspec.convert(o, struct), msgspec.ValidationError)
    add("msgspec", "text", lambda: ms_json(text), msgspec_count)
    add("msgspec", "dict", lambda: ms_py(obj), msgspec_count)

    iter_errors = schemas_jsonschema.VALIDATORS[p.kind].iter_errors
    loads = json.loads
    add("jsonschema-rs", "text", lambda: list(iter_errors(loads(text))), len)
    add("jsonschema-rs", "dict", lambda: list(iter_errors(obj)), len)
    return rows


def signing_rows(repeat: int, target: float) -> list[tuple[str, str, float]]:
    """(function, tool, µs) for the two signing functions and their stdlib snippets."""
    out: list[tuple[str, str, float]] = []
    parts = ("1234", "ORDER-0001", "150.50", "PEN", PAYIN_KEY)

    def sha() -> str:
        return hashlib.sha512("".join(parts).encode("utf-8")).hexdigest()

    def mac() -> str:
        message = (str(VA_TIMESTAMP) + VA_API_KEY).encode("utf-8")
        return hmac.new(VA_SECRET.encode("utf-8"), message, hashlib.sha512).hexdigest()

    if cobro is not None:

        def cobro_payin() -> str:
            return cobro.payin_verification(
                merchant_id=1234, operation_number="ORDER-0001", amount="150.50", currency="PEN", key=PAYIN_KEY
            )

        def cobro_va() -> str:
            return cobro.virtual_account_signature(timestamp=VA_TIMESTAMP, api_key=VA_API_KEY, secret=VA_SECRET)

        for name, ours, theirs in (
            ("payin_verification", cobro_payin, sha),
            ("virtual_account_signature", cobro_va, mac),
        ):
            if ours() != theirs():
                print(f"WARNING: {name}: cobro and the stdlib snippet give different hashes", file=sys.stderr)
        out.append(("payin_verification", "cobro", best_us(cobro_payin, repeat, target)))
    out.append(("payin_verification", "hashlib.sha512", best_us(sha, repeat, target)))
    if cobro is not None:
        out.append(("virtual_account_signature", "cobro", best_us(cobro_va, repeat, target)))
    out.append(("virtual_account_signature", "hmac.new(sha512)", best_us(mac, repeat, target)))
    return out


def version(dist: str) -> str:
    try:
        return importlib_metadata.version(dist)
    except importlib_metadata.PackageNotFoundError:
        return "not installed"


def cobro_us(rows: list[Row], payload: str, input_: str) -> Optional[float]:
    for r in rows:
        if r.payload == payload and r.tool == "cobro" and r.input == input_:
            return r.us
    return None


def print_table(rows: list[Row]) -> None:
    print("| payload | tool | input | µs per call | errors found | ratio vs cobro |")
    print("|---|---|---|---:|---:|---:|")
    for r in rows:
        base = cobro_us(rows, r.payload, r.input)
        ratio = f"{r.us / base:.2f}" if base else "n/a"
        errors = "-" if r.errors is None else f"{r.errors} of {r.planted}"
        print(f"| {r.payload} | {r.tool} | {r.input} | {r.us:.2f} | {errors} | {ratio} |")
    print()
    print(
        "ratio vs cobro = the tool's time / cobro's time on the same input (text, dict); above 1 means cobro is faster."
    )


def check_bars(rows: list[Row]) -> list[str]:
    if cobro is None:
        return ["NOT RUN  every bar: cobro is not installed"]
    lines = []

    def get(payload: str, tool: str, input_: str) -> Row:
        return next(r for r in rows if r.payload == payload and r.tool == tool and r.input == input_)

    names = list(dict.fromkeys(r.payload for r in rows))
    for name in names:
        ours = get(name, "cobro", "text").us
        peers = [get(name, t, "text") for t in ("pydantic", "msgspec", "jsonschema-rs")]
        fastest = min(peers, key=lambda r: r.us)
        speedup = fastest.us / ours
        verdict = "PASS" if speedup >= 2 else "FAIL"
        lines.append(
            f"{verdict}  {name}: validate(JSON text) {ours:.2f} µs vs fastest peer on text "
            f"({fastest.tool}) {fastest.us:.2f} µs: {speedup:.2f}x (bar: >= 2x)"
        )
    # Not a bar: on an invalid body the fastest peer may be one that stops at the first
    # error (msgspec), so also compare with the fastest peer that finds every error.
    for name in names:
        c = get(name, "cobro", "text")
        if c.errors is None:
            continue
        complete = [
            get(name, t, "text")
            for t in ("pydantic", "msgspec", "jsonschema-rs")
            if (get(name, t, "text").errors or 0) >= c.planted
        ]
        if complete:
            fastest = min(complete, key=lambda r: r.us)
            lines.append(
                f"INFO  {name}: validate(JSON text) {c.us:.2f} µs vs fastest peer finding every error "
                f"({fastest.tool}) {fastest.us:.2f} µs: {fastest.us / c.us:.2f}x"
            )
    for name in names:
        ours = get(name, "cobro", "dict").us
        theirs = get(name, "jsonschema-rs", "dict").us
        verdict = "PASS" if ours < theirs else "FAIL"
        lines.append(
            f"{verdict}  {name}: validate(dict) {ours:.2f} µs vs jsonschema-rs on dict {theirs:.2f} µs: "
            f"{theirs / ours:.2f}x (bar: faster)"
        )
    for name in names:
        c = get(name, "cobro", "text")
        if c.errors is None:
            continue
        verdict = "PASS" if c.errors >= c.planted else "FAIL"
        lines.append(f"{verdict}  {name}: cobro found {c.errors} errors of the {c.planted} planted (bar: all)")
        for input_ in ("text", "dict"):
            ours = get(name, "cobro", input_).us
            theirs = get(name, "jsonschema-rs", input_).us
            verdict = "PASS" if theirs / ours >= 3 else "FAIL"
            lines.append(
                f"{verdict}  {name}: validate({input_}) {ours:.2f} µs vs jsonschema-rs on {input_} {theirs:.2f} µs: "
                f"{theirs / ours:.2f}x (bar: >= 3x)"
            )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="timeit repeats (the best is kept)")
    parser.add_argument("--target", type=float, default=0.2, help="seconds per repeat")
    parser.add_argument("--quick", action="store_true", help="3 repeats of 0.05 s (a smoke run)")
    args = parser.parse_args()
    repeat, target = (3, 0.05) if args.quick else (args.repeat, args.target)

    print(f"# cobro Python benchmark, {datetime.date.today().isoformat()}")
    print()
    print(f"- machine: {platform.machine()}, {os.cpu_count()} CPUs seen, {platform.system()} {platform.release()}")
    print(f"- Python {platform.python_version()} ({platform.python_implementation()})")
    versions = ", ".join(
        f"{d} {version(d)}" for d in ("cobro", "pydantic", "pydantic-core", "msgspec", "jsonschema-rs")
    )
    print(f"- {versions}")
    print(f"- best of {repeat} repeats of about {target} s each, after a warm-up")
    if cobro is None:
        print(f"- cobro is not installed ({COBRO_ERROR}): only the peers are measured")
    print()

    rows: list[Row] = []
    for p in payloads():
        rows += measure(p, repeat, target)
    print_table(rows)
    print()

    print("| function | tool | µs per call | ratio vs cobro |")
    print("|---|---|---:|---:|")
    sign = signing_rows(repeat, target)
    for fn, tool, us in sign:
        base = next((u for f, t, u in sign if f == fn and t == "cobro"), None)
        ratio = f"{us / base:.2f}" if base else "n/a"
        print(f"| {fn} | {tool} | {us:.2f} | {ratio} |")
    print()

    print("## Bars")
    print()
    for line in check_bars(rows):
        print(f"    {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
