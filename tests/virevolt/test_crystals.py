"""Crystals: the payment matrix, automatic payment, one crystal per turn (VIR-CRYSTAL-*)."""
from __future__ import annotations

import pytest

from tabletop.packs.virevolt.crystals import assignment, can_pay, choice_label, choices, parse_cost

N, R, B, G, M = range(5)


def avail(**kw):
    out = [0, 0, 0, 0, 0]
    for k, v in kw.items():
        out["nrbgm".index(k)] = v
    return out


@pytest.mark.parametrize("colour", "nrbgm")
def test_VIR_CRYSTAL_02_neutral_cost_paid_by_any_crystal(colour):
    """VIR-CRYSTAL-02."""
    assert can_pay(avail(**{colour: 1}), parse_cost("1 neutral"))


@pytest.mark.parametrize("own,cost_ok,cost_no", [
    ("r", ["1 red", "1 neutral"], ["1 blue", "1 green", "1 mauve"]),
    ("b", ["1 blue", "1 neutral"], ["1 red", "1 green", "1 mauve"]),
    ("g", ["1 green", "1 neutral"], ["1 red", "1 blue", "1 mauve"]),
])
def test_VIR_CRYSTAL_03_coloured_crystal_pays_own_colour_and_neutral(own, cost_ok, cost_no):
    """VIR-CRYSTAL-03."""
    for c in cost_ok:
        assert can_pay(avail(**{own: 1}), parse_cost(c))
    for c in cost_no:
        assert not can_pay(avail(**{own: 1}), parse_cost(c))


def test_VIR_CRYSTAL_04_neutral_crystal_pays_only_neutral():
    """VIR-CRYSTAL-04."""
    assert can_pay(avail(n=1), parse_cost("1 neutral"))
    for c in ("1 red", "1 blue", "1 green", "1 mauve"):
        assert not can_pay(avail(n=1), parse_cost(c))


@pytest.mark.parametrize("cost", ["1 neutral", "1 red", "1 blue", "1 green", "1 mauve"])
def test_VIR_CRYSTAL_05_mauve_pays_any_cost(cost):
    """VIR-CRYSTAL-05."""
    assert can_pay(avail(m=1), parse_cost(cost))


def test_VIR_CRYSTAL_06_mauve_cost_only_mauve():
    """VIR-CRYSTAL-06."""
    assert not can_pay(avail(n=3, r=3, b=3, g=3), parse_cost("1 mauve"))
    assert can_pay(avail(m=1), parse_cost("1 mauve"))


def test_VIR_CRYSTAL_07_one_crystal_one_symbol():
    """VIR-CRYSTAL-07."""
    cost = parse_cost("1 red and 2 neutral")
    assert can_pay(avail(r=1, b=1, n=1), cost)
    assert not can_pay(avail(r=1, b=1), cost)


def test_automatic_payment_keeps_the_most_flexible_crystals():
    # a red symbol takes the red crystal, not the mauve one
    assert assignment(avail(r=1, m=1), parse_cost("1 red")) == [0, 1, 0, 0, 0]
    # neutral symbols take neutral crystals first
    assert assignment(avail(n=1, r=1), parse_cost("1 neutral")) == [1, 0, 0, 0, 0]
    # then the most plentiful colour, mauve last
    assert assignment(avail(r=1, b=3, m=1), parse_cost("2 neutral")) == [0, 0, 2, 0, 0]
    assert assignment(avail(r=1, b=2, m=1), parse_cost("2 neutral")) == [0, 1, 1, 0, 0]
    assert assignment(avail(b=1, m=1), parse_cost("2 neutral")) == [0, 0, 1, 0, 1]
    # a missing colour falls back on mauve
    assert assignment(avail(r=1, m=1), parse_cost("2 red")) == [0, 1, 0, 0, 1]
    assert assignment(avail(r=1), parse_cost("2 red")) is None


def test_automatic_payment_pays_whenever_possible():
    import itertools

    for a in itertools.product(range(3), repeat=5):
        for c in itertools.product(range(2), repeat=5):
            use = assignment(list(a), c)
            if use is None:
                continue
            assert all(u <= x for u, x in zip(use, a))
            assert sum(use) == sum(c)


def test_cost_parsing():
    assert parse_cost("2 red and 1 neutral") == (1, 2, 0, 0, 0)
    assert parse_cost("1 blue, 1 mauve") == (0, 0, 1, 0, 1)
    assert parse_cost("free") == (0, 0, 0, 0, 0)
    with pytest.raises(ValueError, match="did you mean 'green'"):
        parse_cost("1 gren")


def test_VIR_CRYSTAL_08_paying_consumes(table):
    """VIR-CRYSTAL-08."""
    t = table({"active": "p1", "p1": {"hand": ["Kindle"], "crystals": ["red"], "main": "Ember Warden"},
               "p2": {"main": "Frost Warden"}})
    t.do("cast Kindle 1")
    assert t.p("p1")["crystals"] == [{"colour": "red", "consumed": True}]
    assert "cast Kindle 1" not in t.legal()


def test_VIR_CRYSTAL_09_unconsumed_crystals_pay_traps_in_other_turns(table):
    """VIR-CRYSTAL-09."""
    t = table({"active": "p2", "p1": {"traps": ["Ice Wall"], "crystals": ["blue"], "main": "Frost Warden"},
               "p2": {"main": "Cinder Imp", "crystals": ["red"]}, "phase": "combat"})
    t.do("attack p1 Scorch")
    assert "activate Ice Wall" in t.legal()
    t.do("activate Ice Wall")
    assert t.p("p1")["crystals"] == [{"colour": "blue", "consumed": True}]


def test_VIR_CRYSTAL_10_consumed_flag_public(table, rules):
    """VIR-CRYSTAL-10."""
    t = table({"active": "p1", "p1": {"crystals": [{"colour": "red", "consumed": True}, "blue"]}})
    v = rules.view(t.state, 1)
    assert v["players"]["p1"]["crystals"] == [{"colour": "red", "consumed": True}, {"colour": "blue", "consumed": False}]


def test_VIR_CRYSTAL_11_crystal_enters_unconsumed_and_pays_at_once(table):
    """VIR-CRYSTAL-11."""
    t = table({"active": "p1", "p1": {"hand": ["Green Crystal", "Antidote"], "main": "Grove Keeper"}})
    t.do("play Green Crystal")
    assert "cast Antidote 1" in t.legal()
    t.do("cast Antidote 1")
    assert t.p("p1")["crystals"] == [{"colour": "green", "consumed": True}]


def test_VIR_PHASE_MAIN_05_one_crystal_per_turn_shared_by_phases(table):
    """VIR-PHASE-MAIN-05."""
    t = table({"active": "p1", "p1": {"hand": ["Red Crystal", "Blue Crystal"], "deck": ["Kindle", "Kindle"]},
               "p2": {"deck": ["Kindle", "Kindle"]}})
    t.do("play Red Crystal")
    assert "play Blue Crystal" not in t.legal()
    t.do("next", "next")
    assert t.d["phase"] == "secondary"
    assert "play Blue Crystal" not in t.legal()
    t.do("next")                      # p2's turn
    t.do("next", "next", "next")      # back to p1
    assert t.d["active"] == "p1"
    assert "play Blue Crystal" in t.legal()


def test_VIR_PHASE_SECOND_02_crystal_offered_in_secondary_if_none_played(table):
    """VIR-PHASE-SECOND-02."""
    t = table({"active": "p1", "p1": {"hand": ["Red Crystal"]}})
    t.do("next", "next")
    assert "play Red Crystal" in t.legal()


def test_VIR_PHASE_DRAW_03_crystals_refreshed_at_draw(table):
    """VIR-PHASE-DRAW-03."""
    t = table({"active": "p2", "p1": {"crystals": [{"colour": "red", "consumed": True}] * 3},
               "p2": {}})
    t.do("next", "next", "next")
    assert t.d["active"] == "p1"
    assert all(not c["consumed"] for c in t.p("p1")["crystals"])


def labels(a, cost):
    return [choice_label(tuple(a), cost, u) for u in choices(tuple(a), cost)]


@pytest.mark.parametrize("a,cost", [
    (avail(n=1, r=2, b=1), (1, 0, 0, 0, 0)),   # a neutral crystal pays it: nothing else could be better
    (avail(r=1, m=1), (1, 0, 0, 0, 0)),         # the mauve pays everything the red does: keep it
    (avail(r=3), (2, 0, 0, 0, 0)),              # one colour: every way is the same
    (avail(r=2, b=1), (2, 1, 0, 0, 0)),         # every crystal goes
])
def test_VIR_CRYSTAL_07_no_choice_is_asked_where_none_can_matter(a, cost):
    """VIR-CRYSTAL-07: a payment is asked about only when two ways leave different crystals that
    neither dominates."""
    assert len(choices(tuple(a), cost)) == 1


def test_VIR_CRYSTAL_07_which_colours_pay_the_neutral_symbols_is_a_choice():
    """VIR-CRYSTAL-07/08/09: red, red, blue paying 1 neutral: a red or the blue; the automatic
    assignment first; with three colours and 2 neutral, every pair."""
    assert labels(avail(r=2, b=1), (1, 0, 0, 0, 0)) == ["red", "blue"]
    assert sorted(labels(avail(r=1, b=1, g=1, m=1), (2, 0, 0, 0, 0))) == ["blue+green", "red+blue", "red+green"]
