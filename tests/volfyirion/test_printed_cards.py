"""The pack's card set is the printed one: every card compared with the reconciled data file.

``docs/data/volfyirion-printed-cards.yaml`` lists every printed card with the sources' readings
and where they disagree (``conflicts``). The pack must say exactly what the file says, except on
a field the file lists as a conflict, where it may follow another source's reading, provided the
card's ``note`` names that field.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from tabletop.packs.volfyirion.model import COLOURS, RESOURCES

DATA = Path(__file__).resolve().parents[2] / "docs" / "data" / "volfyirion-printed-cards.yaml"
PRINTED = yaml.safe_load(DATA.read_text(encoding="utf-8"))

#: the data file's types as the pack's (type, variant, starting)
TYPES = {"city": ("city", None, False), "starting": ("command", None, True), "command": ("command", None, False),
         "building": ("building", None, False), "troop": ("troop", None, False), "wonder": ("wonder", None, False),
         "mercenary": ("troop", "mercenary", False), "saboteur": ("command", "saboteur", False),
         "ascension": ("wonder", "ascension-path", False)}


def _expected(entry: dict) -> dict:
    """What the pack's card must show, field by field, in the data file's names."""
    out = {"type": TYPES[entry["type"]], "copies": entry["copies"],
           "house": None if entry["house"] == "none" else entry["house"],
           "cost": 0 if entry["cost"] == "none" else entry["cost"]}
    if "defence" in entry:
        out["defence"] = entry["defence"]
    main = entry.get("main")
    out["main"] = {r: n for r, n in (main or {}).items() if n} if isinstance(main, dict) else {}
    sec = entry.get("secondary")
    out["secondary.colours"] = sorted(sec["colours"]) if isinstance(sec, dict) and sec["kind"] == "synergy" else None
    out["secondary.effect"] = sec["effect"] if isinstance(sec, dict) and sec["kind"] == "synergy" else None
    out["remove"] = sec["effect"] if isinstance(sec, dict) and sec["kind"] == "remove" else None
    if "take_control_cost_knowledge" in entry:
        out["take_control"] = {"knowledge": entry["take_control_cost_knowledge"]}
    return out


def _actual(card) -> dict:
    out = {"type": (card.type, card.get("variant"), bool(card.get("starting"))), "copies": card.copies,
           "house": card.get("house"), "cost": card.cost,
           "main": {RESOURCES[r]: n for r, n in card.main}}
    if card.type in ("troop", "city"):
        out["defence"] = card.defence
    sec = card.get("secondary")
    if sec:
        cond, _, effect = sec.partition("->")
        assert card.need is not None, f"{card.name}: its secondary must be a Synergy Chain"
        out["secondary.colours"] = sorted(COLOURS[c] for c, k in card.need for _ in range(k))
        out["secondary.effect"] = effect.strip()
        assert cond.strip() == "synergy " + ", ".join(c for c in cond.split(None, 1)[1].replace(",", " ").split())
    else:
        out["secondary.colours"] = out["secondary.effect"] = None
    out["remove"] = card.get("remove")
    if card.get("takeover"):
        out["take_control"] = {RESOURCES[r]: n for r, n in card.takeover}
    return out


def _differences(entry: dict, card) -> list[str]:
    want, got = _expected(entry), _actual(card)
    return [f for f in want if want[f] != got.get(f)]


def _allowed(entry: dict, card, field: str) -> bool:
    """A difference is a conflict reading: the file lists the field as disputed and the note names it."""
    top = field.split(".")[0]
    disputed = [c["field"] for c in entry.get("conflicts") or () if c["field"].split(".")[0] == top]
    return any(d in (card.get("note") or "") for d in disputed)


@pytest.fixture(scope="module")
def pack_cards(rules):
    return {c.name: c for c in rules.cards.cards}


@pytest.mark.parametrize("entry", PRINTED, ids=[e["name"] for e in PRINTED])
def test_VOL_RES_05_every_printed_card_is_in_the_pack_as_printed(entry, pack_cards):
    card = pack_cards.get(entry["name"])
    assert card is not None, f"{entry['name']} is missing from the pack"
    bad = [f for f in _differences(entry, card) if not _allowed(entry, card, f)]
    assert not bad, f"{entry['name']}: {', '.join(bad)} differ: {_expected(entry)} vs {_actual(card)}"


def test_VOL_RES_05_the_pack_has_no_card_beyond_the_printed_ones(pack_cards):
    printed = {e["name"] for e in PRINTED}
    rulebook_only = {n for n, c in pack_cards.items() if c.type in ("lair", "perk", "ploy")}
    assert set(pack_cards) - printed == rulebook_only
    assert all(pack_cards[n].origin == "rulebook" for n in rulebook_only)
    assert all(pack_cards[n].origin == "printed" for n in printed)


@pytest.mark.parametrize("entry", [e for e in PRINTED if e.get("conflicts")],
                         ids=[e["name"] for e in PRINTED if e.get("conflicts")])
def test_every_conflict_between_the_sources_is_listed_in_the_cards_note(entry, pack_cards):
    note = pack_cards[entry["name"]].get("note") or ""
    for conflict in entry["conflicts"]:
        assert conflict["field"] in note, f"{entry['name']}: the note does not list the conflict on {conflict['field']}"


def test_every_printed_card_names_its_sources(pack_cards):
    for e in PRINTED:
        card = pack_cards[e["name"]]
        assert card.get("sources"), e["name"]
        if e.get("printed_id_seen"):
            assert card.printed_id == e["printed_id_seen"]
            assert f"photo {e['printed_id_seen']}" in card.sources


def test_a_difference_from_the_data_file_fails_unless_it_is_a_listed_conflict_reading(pack_cards):
    """The comparison itself can fail: a changed value, and a change on a disputed field without a note."""
    entry = next(e for e in PRINTED if e["name"] == "Captain")  # disputed: main.command (tts 0)
    card = pack_cards["Captain"]
    changed = type(card)(**{**card.fields(), "main": ((1, 3),)})  # tts's reading: no command point
    assert _differences(entry, changed) == ["main"]
    assert _allowed(entry, changed, "main")  # a listed conflict, named in the note
    silent = type(card)(**{**changed.fields(), "note": ""})
    assert not _allowed(entry, silent, "main")  # the same reading without saying so fails
    other = next(e for e in PRINTED if e["name"] == "Stab")  # nothing disputed on its cost
    dearer = type(card)(**{**pack_cards["Stab"].fields(), "cost": 2, "note": "cost"})
    assert _differences(other, dearer) == ["cost"] and not _allowed(other, dearer, "cost")


def test_VOL_COMP_03_to_09_the_counts_are_the_rulebooks_contents(pack_cards):
    per = Counter()
    for c in pack_cards.values():
        per[c.section] += c.copies
    assert per == {"city": 6, "starting": 20, "command": 36, "building": 12, "troop": 15, "wonder": 26, "lair": 1,
                   "mercenary": 4, "saboteur": 2, "ascension-path": 2, "perks": 4, "ploys": 6}
    houses = {c.get("house") for c in pack_cards.values() if c.type in ("command", "building", "troop")}
    assert houses == {"turquoise", "red", "purple", "grey"}
