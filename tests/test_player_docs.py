"""The player's guides are for players first: each opens with the game in one page (goal, a
turn, how to win) and then the commands; what scenario writers and rule lawyers need lives
on the reference pages."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("pack", ["volfyirion", "virevolt"])
def test_the_guide_opens_with_a_primer_then_the_commands(pack):
    text = (ROOT / "docs" / "packs" / f"{pack}.md").read_text(encoding="utf-8")
    sections = [s.split("\n", 1)[0] for s in text.split("\n## ")[1:]]
    assert sections[:2] == ["The game in one page", "Playing in the terminal"]
    primer = text.split("\n## ")[1]
    for part in ("**Goal.**", "**A turn.**", "**How to win.**"):
        assert part in primer
    assert len(primer.split()) < 800, "the primer fits on a page"
    commands = text.split("\n## ")[2]
    for cmd in ("`show <card>`", "`log`", "`rule <ID>`", "`undo`", "`save FILE`", "`quit`"):
        assert cmd in commands


@pytest.mark.parametrize("pack", ["volfyirion", "virevolt"])
def test_scenario_keys_and_readings_are_on_the_reference_page(pack):
    guide = (ROOT / "docs" / "packs" / f"{pack}.md").read_text(encoding="utf-8")
    ref = (ROOT / "docs" / "packs" / "reference" / f"{pack}.md").read_text(encoding="utf-8")
    assert "describe" not in guide and "apply_setup" not in guide
    assert "For test and scenario writers" in ref and "readings" in ref.lower()
    assert f"reference/{pack}.md" in guide and f"../rules/{pack}.md" in guide
