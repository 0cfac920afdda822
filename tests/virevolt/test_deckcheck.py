"""deckcheck: every problem with its line, and unusable input (VIR-DECK-*)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.packs.virevolt.deckcheck import check_deck, preconstructed

DECKS = Path(__file__).with_name("decks")


def check(name):
    return check_deck(DECKS / name)


def kinds(rep):
    return [(p["kind"], p["line"]) for p in rep.problems]


def test_VIR_DECK_05_07_legal_deck_and_summary():
    """VIR-DECK-05, VIR-DECK-07."""
    rep = check("legal.yaml")
    assert rep.verdict == "legal" and rep.exit_code == 0 and rep.problems == []
    s = rep.summary
    assert s["total"] == 30
    assert s["by_type"] == {"hero": 7, "incantation": 1, "trap": 1, "crystal": 21}
    assert s["crystals"] == {"red": 20, "mauve": 1}
    assert s["by_colour"] == {"red": 4, "blue": 2, "green": 2, "neutral": 1}
    assert "blue" in s["cost_colours"] and "blue" in s["payable_colours"]   # thanks to the Mauve crystal
    assert "legal deck 'Legal Mix': 30 cards" in rep.render()


@pytest.mark.parametrize("deck", sorted(preconstructed()))
def test_preconstructed_decks_are_legal(deck):
    rep = check_deck(preconstructed()[deck])
    assert rep.verdict == "legal", rep.render()
    # only Prism's Mauve splash is short of crystals (one Mauve Crystal for 4 Mauve cards, VIR-DECK-06)
    assert rep.warnings == (["4 cards cost mauve but the deck has 1 crystal that pays mauve"] if deck == "prism" else [])


def test_VIR_DECK_01_exactly_30():
    """VIR-DECK-01."""
    for name, n in (("count_29.yaml", 29), ("count_31.yaml", 31)):
        rep = check(name)
        assert rep.verdict == "illegal" and rep.exit_code == 1
        assert kinds(rep) == [("deck-size", 2)]
        assert f"this one has {n}" in rep.problems[0]["message"]


@pytest.mark.parametrize("name,card,rule", [("three_heroes.yaml", "Ember Warden", "VIR-DECK-02"),
                                           ("three_incantations.yaml", "Fireball", "VIR-DECK-03"),
                                           ("three_traps.yaml", "Flame Ward", "VIR-DECK-04")])
def test_VIR_DECK_02_03_04_08_two_copies_by_name(name, card, rule):
    """VIR-DECK-02, VIR-DECK-03, VIR-DECK-04, VIR-DECK-08."""
    rep = check(name)
    assert kinds(rep) == [("too-many-copies", 3)]
    msg = rep.problems[0]["message"]
    assert card in msg and "3 copies" in msg and rule in msg
    assert rep.render().splitlines()[0] == f"{DECKS / name}:3:3: {msg}"


def test_VIR_DECK_06_one_mauve_crystal():
    """VIR-DECK-06."""
    rep = check("two_mauve.yaml")
    assert kinds(rep) == [("too-many-mauve", 5)]
    assert "Mauve" in rep.problems[0]["message"]


def test_VIR_DECK_06_a_mauve_crystal_of_the_decks_own_cards_counts_too():
    """VIR-DECK-06: the limit is one Mauve crystal card, whatever its name: a deck's own Mauve
    crystal (``card_files``) beside the pack's Mauve Crystal is one too many."""
    rep = check("two_mauve_crystals_by_colour.yaml")
    assert kinds(rep) == [("too-many-mauve", 7)]
    msg = rep.problems[0]["message"]
    assert "Mauve Crystal x1" in msg and "Amethyst Crystal x2" in msg and "VIR-DECK-06" in msg


def test_unknown_card_did_you_mean():
    rep = check("unknown_card.yaml")
    assert ("unknown-card", 4) in kinds(rep)
    msg = next(p["message"] for p in rep.problems if p["kind"] == "unknown-card")
    assert "did you mean 'Fireball'?" in msg


def test_card_listed_twice_reports_both_lines():
    rep = check("listed_twice.yaml")
    assert rep.verdict == "illegal"
    assert [p["line"] for p in rep.problems if p["kind"] == "listed-twice"] == [3, 5]
    assert "also on line 5" in next(p["message"] for p in rep.problems if p["kind"] == "listed-twice")


def test_counts_must_be_positive_whole_numbers():
    rep = check("bad_counts.yaml")
    bad = [p["line"] for p in rep.problems if p["kind"] == "bad-count"]
    assert bad == [3, 4, 5, 6]
    assert "'two'" in next(p["message"] for p in rep.problems if p["kind"] == "bad-count")


def test_VIR_DECK_09_components_are_not_deck_cards():
    """VIR-DECK-09."""
    rep = check("component.yaml")
    assert ("not-a-deck-card", 3) in kinds(rep)
    msg = next(p["message"] for p in rep.problems if p["kind"] == "not-a-deck-card")
    assert "a state" in msg


def test_VIR_DECK_09_no_heroes_is_legal_with_warning():
    """VIR-DECK-09."""
    rep = check("no_heroes.yaml")
    assert rep.verdict == "legal" and any("no hero" in w for w in rep.warnings)


def test_every_problem_is_reported():
    rep = check("many_problems.yaml")
    got = kinds(rep)
    for k in [("too-many-copies", 3), ("unknown-card", 4), ("too-many-mauve", 5), ("too-many-copies", 6)]:
        assert k in got
    assert ("deck-size", 2) in got
    assert "Ember Warden" in rep.render()


@pytest.mark.parametrize("name,message", [
    ("missing.yaml", "no such file"),
    ("empty.yaml", "empty"),
    ("comment_only.yaml", "no data"),
    ("not_yaml.yaml", "not valid YAML"),
    ("a_list.yaml", "not a deck"),
    ("no_cards.yaml", "no 'cards:'"),
    ("cards_list.yaml", "must map card names"),
])
def test_unusable_input(name, message):
    rep = check(name)
    assert rep.verdict == "unusable" and rep.exit_code == 2
    assert message in rep.problems[0]["message"]
    data = rep.to_json()
    assert json.loads(json.dumps(data))["verdict"] == "unusable"


def test_not_yaml_is_located():
    rep = check("not_yaml.yaml")
    assert rep.problems[0]["line"] in (3, 4)


def test_json_report_shape():
    data = check("many_problems.yaml").to_json()
    assert set(data) >= {"file", "verdict", "exit_code", "problems", "summary"}
    assert all(set(p) == {"line", "column", "kind", "message"} for p in data["problems"])


def test_full_cardset_gives_same_answer(rules):
    a = check_deck(DECKS / "legal.yaml", rules.cards).to_json()
    b = check_deck(DECKS / "legal.yaml").to_json()
    assert a == b


def test_deck_schema_is_valid_json_schema():
    import jsonschema
    import yaml

    from tabletop.packs.virevolt.deckcheck import DeckChecker

    schema = DeckChecker().schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(yaml.safe_load((DECKS / "legal.yaml").read_text()), schema)


def test_deckcheck_stays_fast_by_compiling_no_card_text():
    """What keeps deckcheck quick (a fraction of a second) without timing it: it checks a deck
    against the card table without the card-language parser, the bots or any game's rules."""
    code = ("from tabletop.packs.virevolt.deckcheck import check_deck; import sys; "
            "r = check_deck(sys.argv[1]); print(r.render()); "
            "print(sorted(m for m in sys.modules if m == 'lark' or m.startswith(('lark.', 'tabletop.dsl', "
            "'tabletop.bots.mcts', 'tabletop.bots.interface', 'tabletop.packs.virevolt.rules', "
            "'tabletop.packs.volfyirion.rules'))))")
    out = subprocess.run([sys.executable, "-c", code, str(DECKS / "legal.yaml")], check=True,
                         capture_output=True, text=True).stdout
    assert out.splitlines()[-1] == "[]"


def test_VIR_DECK_01_02_03_04_06_every_limit_at_its_boundary_is_legal():
    """VIR-DECK-01..04, VIR-DECK-06: 30 cards, 2 of a hero, incantation and trap, 1 Mauve crystal."""
    rep = check("every_limit_exactly.yaml")
    assert rep.verdict == "legal" and rep.problems == [], rep.render()
    assert rep.summary["total"] == 30 and rep.summary["crystals"] == {"mauve": 1, "neutral": 23}


def test_VIR_DECK_08_a_card_under_its_french_name_is_a_copy():
    """VIR-DECK-08: 'Boule de Feu' is Fireball, so 2 + 1 is three copies."""
    rep = check("french_and_english_names.yaml")
    assert rep.verdict == "illegal"
    assert any(p["kind"] == "too-many-copies" and "3 copies" in p["message"] for p in rep.problems), rep.render()
