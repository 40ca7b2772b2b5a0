"""Runs every ```python block of the README (STYLE.md 11), in order, in one namespace
per block, from the repository root (where the examples' files are); the HTTP helpers
are defined, not called (no network in tests). A block followed by "It prints:" and a
```text block must print exactly that text, so the output the README shows cannot drift."""

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
ROOT = README.parents[2]
BLOCKS = [
    (m.group(1), m.group(2))
    for m in re.finditer(
        r"```python\n(.*?)```\n(?:\nIt prints:\n\n```text\n(.*?)```\n)?",
        README.read_text(encoding="utf-8"),
        flags=re.S,
    )
]


def test_the_readme_has_python_examples():
    assert len(BLOCKS) >= 5


def test_the_readme_shows_the_output_of_some_examples():
    assert any(prints is not None for _, prints in BLOCKS)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_block_runs(index, monkeypatch, capsys):
    code, prints = BLOCKS[index]
    monkeypatch.chdir(ROOT)
    exec(compile(code, f"README.md block {index + 1}", "exec"), {"__name__": "readme"})
    if prints is not None:
        assert capsys.readouterr().out == prints
