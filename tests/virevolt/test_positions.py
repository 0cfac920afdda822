"""A scenario's position must be one a game can reach: the setup is refused, with the reason, otherwise."""
from __future__ import annotations

import pytest

from tabletop.framework import scenarios
from tabletop.framework.errors import ErrorList


def run(tmp_path, setup: str, players: int = 2):
    path = tmp_path / "s.yaml"
    path.write_text(f"game: virevolt\nplayers: {players}\nsetup: {setup}\nsteps:\n  - next\n", encoding="utf-8")
    return scenarios.run(path)


def test_VIR_HERO_03_a_hero_with_damage_up_to_its_hp_cannot_be_in_play(tmp_path):
    with pytest.raises(ErrorList, match="impossible position: p2's hero 'Wandering Knight' has 99 damage"):
        run(tmp_path, "{active: p1, p1: {main: Cinder Imp}, p2: {main: Wandering Knight, damage: {Wandering Knight: 99}}}")


@pytest.mark.parametrize("what, given", [("heroes", "main: Wandering Knight"), ("crystals", "crystals: [red]"),
                                         ("traps", "traps: [Flame Ward]")])
def test_VIR_SETUP_07_a_player_who_has_not_had_a_turn_has_nothing_in_play(tmp_path, what, given):
    with pytest.raises(ErrorList, match=rf"p3 has not had a turn \(has_played: false\), so has nothing in play yet: "
                                        rf"no {what} \(VIR-SETUP-07, VIR-HERO-17\)"):
        run(tmp_path, f"{{active: p2, p2: {{main: Cinder Imp}}, p3: {{{given}, has_played: false}}}}", players=3)


def test_VIR_SETUP_07_the_player_to_act_has_had_a_turn(tmp_path):
    with pytest.raises(ErrorList, match="p1 is to act, so has had a turn: has_played cannot be false"):
        run(tmp_path, "{active: p1, p1: {has_played: false}}")


def test_VIR_SETUP_05_a_player_who_has_not_had_a_turn_may_hold_cards_in_hand(tmp_path):
    run(tmp_path, "{active: p1, p1: {main: Cinder Imp}, p2: {hand: [Flame Ward], has_played: false}}")
