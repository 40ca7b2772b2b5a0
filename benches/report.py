#!/usr/bin/env python3
"""Prints the validation benchmarks as a markdown table.

Reads target/criterion/<payload>/<function>/new/estimates.json (written by
`cargo bench -p cobro-benches`) and, for each payload group that has both
`serde_json_value` and `cobro_validate`, prints the mean times in microseconds and
their ratio (cobro / serde_json; below 1 means cobro is faster); then, for each signing
group, every cobro function against its `raw_*` baseline. Python 3 stdlib only.
"""

import json
import sys
from pathlib import Path

SERDE = "serde_json_value"
COBRO = "cobro_validate"


def mean_us(path: Path) -> float:
    with path.open(encoding="utf-8") as f:
        return json.load(f)["mean"]["point_estimate"] / 1000.0


def main() -> int:
    root = Path(__file__).resolve().parent.parent / "target" / "criterion"
    if len(sys.argv) > 1:
        root = Path(sys.argv[1])
    rows = []
    for group in sorted(p for p in root.glob("*") if p.is_dir()):
        serde = group / SERDE / "new" / "estimates.json"
        cobro = group / COBRO / "new" / "estimates.json"
        if serde.is_file() and cobro.is_file():
            rows.append((group.name, mean_us(serde), mean_us(cobro)))
    if not rows:
        print(f"no benchmark results under {root}; run: cargo bench -p cobro-benches", file=sys.stderr)
        return 1
    print("| payload | serde_json Value (µs) | cobro validate (µs) | ratio |")
    print("|---|---:|---:|---:|")
    for name, serde_us, cobro_us in rows:
        print(f"| {name} | {serde_us:.2f} | {cobro_us:.2f} | {cobro_us / serde_us:.2f} |")
    signing = []
    for group in sorted(p for p in root.glob("*") if p.is_dir()):
        raws = sorted(group.glob("raw_*/new/estimates.json"))
        if not raws:
            continue
        raw = raws[0]
        raw_us = mean_us(raw)
        for other in sorted(group.glob("*/new/estimates.json")):
            if other != raw:
                fn = other.parent.parent.name
                signing.append((group.name, fn, raw.parent.parent.name, raw_us, mean_us(other)))
    if signing:
        print()
        print("| signing | cobro function | raw baseline | raw (µs) | cobro (µs) | ratio |")
        print("|---|---|---|---:|---:|---:|")
        for group, fn, raw_name, raw_us, cobro_us in signing:
            print(f"| {group} | {fn} | {raw_name} | {raw_us:.3f} | {cobro_us:.3f} | {cobro_us / raw_us:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
