"""Every rule id the project cites can be looked up: each id (or range, list, family) in the
docs, the README and the code's messages exists in the rule catalogue the pack carries, which
docs/rules/ is generated from; and nothing sends a user to files they do not have."""
from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.framework.packs import registry
from tabletop.framework.rulebook import cited_ids, rulebook

ROOT = Path(__file__).resolve().parents[1]
BOOKS = {"VOL": rulebook(registry().get("volfyirion")), "VIR": rulebook(registry().get("virevolt"))}
CITING = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md"),
                 *(p for d in ("framework", "packs", "cli", "dsl") for p in (ROOT / d).rglob("*.py"))])


@pytest.mark.parametrize("path", CITING, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_rule_id_cited_exists_in_the_packs_rule_catalogue(path):
    text = path.read_text(encoding="utf-8")
    missing = sorted({head + (tail or "") for head, tail in cited_ids(text) if not BOOKS[head[:3]].expand(head, tail)})
    assert not missing, f"{path.relative_to(ROOT)} cites rule ids that do not exist: {missing}"


@pytest.mark.parametrize("path", CITING, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_sends_a_user_to_files_outside_the_project(path):
    text = path.read_text(encoding="utf-8")
    assert "shared/rules" not in text and "../shared" not in text and "shared/seeds" not in text


def test_every_catalogue_id_is_unique_and_has_a_statement():
    for book in BOOKS.values():
        ids = [r.id for r in book]
        assert len(ids) == len(set(ids)) and all(r.text for r in book)


def test_a_citation_of_a_missing_rule_is_caught():
    book = BOOKS["VOL"]
    assert book.expand("VOL-WIN-01") and book.expand("VOL-DRAW-01", "..05") and book.expand("VOL-SYN", "-*")
    assert not book.expand("VOL-WIN-99") and not book.expand("VOL-WIN-01", "..99")
