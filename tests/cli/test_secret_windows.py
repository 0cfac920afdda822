"""Watching or replaying as a spectator, or as the player whose action is being answered, never
says a player is being asked about a trap: being asked says that player holds one that can answer
now (VIR-TRAP-02: a face-down trap is hidden from the other players)."""
from __future__ import annotations

from tabletop.framework.game import Game
from tabletop.framework.packs import registry, rules_for
from tests.cli.test_cli import tabletop

ASKED = "p2: activate a trap"


def _plan(legal):
    """Set a trap, else play a hero, else play a crystal, else go on (the last action)."""
    for ok in (lambda a: a[0] == "set", lambda a: a[0] == "play" and "Crystal" not in a[1], lambda a: a[0] == "play"):
        found = [a for a in legal if ok(a)]
        if found:
            return found[0]
    return legal[-1]


def _saved_to_a_trap_window(tmp_path):
    """A saved two-player game (seed 5) whose last action left p2 asked, in p1's turn, about a trap."""
    game = Game(registry().packs["virevolt"].rules(), {}, 5, 2)
    while not (game.state.pending is not None and game.state.active == 0 and ASKED in str(game.state.pending.prompt)):
        game.apply(_plan(game.legal_actions()))
    path = tmp_path / "window.json"
    game.save(path)
    return path, len(game.log)


def test_VIR_TRAP_02_a_spectators_replay_does_not_show_who_is_asked_about_a_trap(tmp_path):
    path, n = _saved_to_a_trap_window(tmp_path)
    r = tabletop("replay", str(path), "--as", "spectator", input=f"g {n}\nboard\nq\n")
    assert r.returncode == 0, r.stderr
    at_the_window = r.stdout.split(f"replay {n}/{n}>")[1]
    assert "waiting for p2" not in at_the_window and ASKED not in at_the_window


def test_VIR_TRAP_02_the_question_is_in_the_asked_players_view_alone(tmp_path):
    path, _n = _saved_to_a_trap_window(tmp_path)
    game = Game.load(path, rules_for)
    rules = game.rules
    assert str(rules.view(game.state, 1)["pending"]["prompt"]).startswith(ASKED)
    assert rules.view(game.state, 0)["pending"] is None and rules.view(game.state, None)["pending"] is None
