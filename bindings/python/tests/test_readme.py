"""Runs every ```python block of the package's long description (STYLE.md 11), the README
as the installed distribution's metadata holds it (what the package index shows), in
order, in one namespace per block, from an empty folder: an example that needs a file of
the checkout fails. The HTTP helpers are defined, not called (no network in tests). A
block followed by "It prints:" and a ```text block must print exactly that text, so the
output the README shows cannot drift. The description must be the checkout's README,
with absolute links that name files of this repository and no word of an unpublished
package."""

import importlib.metadata
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
ROOT = README.parents[2]
REPOSITORY = "https://github.com/cobro-dev/cobro"
DESCRIPTION = importlib.metadata.metadata("cobro").get_payload()
BLOCKS = [
    (m.group(1), m.group(2))
    for m in re.finditer(
        r"```python\n(.*?)```\n(?:\nIt prints:\n\n```text\n(.*?)```\n)?",
        DESCRIPTION,
        flags=re.S,
    )
]


def test_the_description_is_the_readme():
    assert DESCRIPTION.strip() == README.read_text(encoding="utf-8").strip()
    assert importlib.metadata.metadata("cobro")["Description-Content-Type"].startswith("text/markdown")


def test_the_description_says_how_to_install_from_the_index():
    assert "python3 -m pip install cobro\n" in DESCRIPTION
    assert "no published package" not in DESCRIPTION.lower()
    assert "never opens a socket" not in DESCRIPTION


def test_every_link_is_absolute_and_names_a_file_of_the_repository():
    links = re.findall(r"\]\(([^)\s]+)\)", DESCRIPTION)
    assert links
    for link in links:
        assert link.startswith("https://"), f"{link} does not resolve on the package index"
        if not link.startswith(REPOSITORY):
            continue
        rest = link[len(REPOSITORY) :].split("#")[0]
        if rest in ("", "/"):
            continue
        match = re.fullmatch(r"/(?:blob|tree)/main/(.+)", rest)
        assert match, f"{link} is not a file or folder of the main branch"
        assert (ROOT / match.group(1)).exists(), f"{link} names no file of the checkout"
    for anchor in re.findall(re.escape(REPOSITORY) + r"#([a-z0-9-]+)\)", DESCRIPTION):
        if anchor == "readme":
            continue
        headings = {
            re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.+)$", (ROOT / "README.md").read_text(encoding="utf-8"), flags=re.M)
        }
        assert anchor in headings, f"the repository's README has no heading #{anchor}"


def test_the_readme_has_python_examples():
    assert len(BLOCKS) >= 5


def test_the_readme_shows_the_output_of_some_examples():
    assert any(prints is not None for _, prints in BLOCKS)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_block_runs(index, monkeypatch, capsys, tmp_path):
    code, prints = BLOCKS[index]
    monkeypatch.chdir(tmp_path)
    exec(compile(code, f"README.md block {index + 1}", "exec"), {"__name__": "readme"})
    if prints is not None:
        assert capsys.readouterr().out == prints
