"""docs/OPERATIONS.md keeps to what it describes: its contents list its sections, its
exit-code table holds every code of bot/exit_codes.py, the files and tests it names exist."""

from __future__ import annotations

import re
from pathlib import Path

from bot import exit_codes

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "OPERATIONS.md").read_text()


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def test_the_contents_list_every_section_in_order() -> None:
    sections = re.findall(r"^## (.+)$", DOC, re.MULTILINE)
    listed = re.findall(r"^- \[(.+)\]\(#([^)]+)\)$", DOC, re.MULTILINE)
    assert sections[0] == "Contents"
    assert [title for title, _ in listed] == sections[1:]
    assert [link for _, link in listed] == [anchor(title) for title in sections[1:]]
    for placeholder in ("Health: live and ready", "Metrics", "Standby and resharding"):
        assert placeholder in sections


def test_the_exit_code_table_has_every_code() -> None:
    table = DOC.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    rows = {int(code) for code in re.findall(r"^\| (\d+) \|", table, re.MULTILINE)}
    codes = {value for name, value in vars(exit_codes).items() if name.isupper()}
    assert rows == codes


def test_the_files_it_names_exist() -> None:
    named = set(re.findall(r"\b((?:tests|bot|deploy|docs)/[\w/@.]+\.(?:py|md|service))", DOC))
    assert len(named) >= 8
    assert [path for path in sorted(named) if not (ROOT / path).exists()] == []
