"""The terminal game as a player meets it, each test one complaint of issue 13's 'Why' that
must not come back. Sessions run in-process on text streams (what a pipe gives), or as the
real command where the command line itself is the point."""
from __future__ import annotations

import io
import re

import pytest

from tabletop.cli.play import Session
from tests.cli.test_cli import tabletop


class Typist:
    """A text stream that types ``during`` (in a loop) while the game goes on, then ``after``."""

    def __init__(self, during: list[str], after: list[str]) -> None:
        self.during, self.after, self.i, self.session = during, list(after), 0, None

    def readline(self) -> str:
        if self.session.game.state.over or self.i >= 20000:
            return self.after.pop(0) + "\n" if self.after else ""
        line = self.during[self.i % len(self.during)]
        self.i += 1
        return line + "\n"


def session(pack, lines, vs="greedy", seed=5, options=None, players=None, auto_pass=True, after=None):
    """Play ``pack`` in-process typing ``lines``; with ``after``, ``lines`` repeat until the game
    is over, then ``after`` is typed."""
    out = io.StringIO()
    s = Session.start(pack, vs=vs, seed=seed, options=options or {}, load=None, players=players, auto_pass=auto_pass)
    s.out = out
    if after is None:
        s.reader.inp = io.StringIO("".join(line + "\n" for line in lines))
    else:
        s.reader.inp = Typist(lines, after)
        s.reader.inp.session = s
    s.reader.out = out
    s.loop()
    return s, out.getvalue()


# ---------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("vs", ["greedy", "mcts:30"])
def test_the_opponents_face_down_traps_are_never_named(vs):
    r = tabletop("play", "virevolt", "--deck", "ember", "--vs", vs, "--seed", "5",
                 input="next\nnext\nnext\nlog\nquit\ny\n")
    assert r.returncode == 0, r.stderr
    assert "p2 sets a trap face down" in r.stdout
    for secret in ("Frozen Snare", "Ice Wall"):
        assert secret not in r.stdout
    assert "p2 plays: set" not in r.stdout


def test_a_whole_game_shows_p1_no_card_it_could_not_see():
    from tests.properties.leaks import virevolt_hidden

    s, out = session("virevolt", ["next", "1", "log"], seed=11, options={"decks": ["ember", "tide"]}, after=["q"])
    before_end = out.split("Game over:")[0]
    state = s.game.state
    ever_seen = set()
    from tabletop.framework.game import Game

    replay = Game(s.game.rules, s.game.options, s.game.seed)
    for a in [None] + list(s.game.log):
        if a is not None:
            replay.apply(a)
        hidden = virevolt_hidden(replay.state, 0)
        ever_seen |= {replay.state.cards[i].name for i in range(len(replay.state.cards)) if i not in hidden}
    never = {c.name for c in state.cards} - ever_seen
    assert never, "the test needs cards p1 never saw"
    assert not [n for n in never if n in before_end]


# ---------------------------------------------------------------------- narration
def test_bot_moves_are_told_with_card_names_not_slots():
    s, out = session("volfyirion", ["end turn"] * 3 + ["quit", "y"], seed=3)
    bot_lines = [ln.strip() for ln in out.splitlines() if ln.strip().startswith("p2 ")]
    assert any(re.match(r"p2 acquires .+ for \d+ command", ln) for ln in bot_lines)
    assert not any("acquire asset" in ln for ln in bot_lines)


def test_the_dragon_warning_is_shown_before_the_players_move(monkeypatch):
    s = Session.start("volfyirion", vs="greedy", seed=3, options={}, load=None)
    s.game.rules.apply_setup(s.game.state, {"active": "p1", "volfyirion": "p1.city2",
                                            "p1": {"points": {"battle": 15, "knowledge": 3}}})
    out = io.StringIO()
    s.out = s.reader.out = out
    s.reader.inp = io.StringIO("quit\ny\n")
    s.loop()
    text = out.getvalue()
    assert "falls at the end of your turn" in text and "16 battle; you have 15" in text


# ---------------------------------------------------------------------- refusals
def test_a_refused_attack_says_what_it_needs():
    s, out = session("volfyirion", ["attack p2.city1", "quit", "y"], seed=3)
    assert "attack p2.city1: needs 8 battle; you have 0" in out and "is not legal now" not in out


def test_the_player_s_guide_tells_the_hero_limit_a_refusal_cites():
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "packs" / "virevolt.md").read_text()
    primer = guide.split("\n## ")[0] + guide.split("\n## ")[1]
    assert "VIR-PHASE-MAIN-02" in primer and "two secondary" in primer


# ---------------------------------------------------------------------- reading cards
def test_show_a_card_a_row_space_and_a_city():
    s, out = session("volfyirion", ["show Captain", "show asset 3", "show p2.city2", "quit", "y"], seed=3)
    assert "== Captain" in out and "main: 1 command, 3 battle" in out
    row3 = s.game.rules.view(s.game.state, 0)["asset_row"][2]["name"]
    assert f"== {row3}" in out and "Asset Row space 3" in out
    city = s.game.state.cards[s.game.state.vars["p2.cityids"][1]].name
    assert f"== {city}" in out and "p2.city2: defence 9" in out


def test_the_virevolt_board_shows_every_hero_s_attacks_and_powers():
    s, out = session("virevolt", ["play Ash Demon", "play Cinder Imp", "board", "quit", "y"], seed=5,
                     options={"decks": ["ember", "tide"]})
    whole = out.split("p1> ")[-2]  # what 'board' printed
    assert "secondary Cinder Imp" in whole and "attack Scorch (1 red)" in whole


def test_cards_show_prints_the_card_as_written():
    r = tabletop("cards", "show", "virevolt", "Ash", "Demon")
    assert r.returncode == 0 and "attacks:\n  - name: Claw" in r.stdout and "{'name'" not in r.stdout


# ---------------------------------------------------------------------- numbers and tedium
def test_the_same_number_never_picks_another_action_within_a_decision():
    s, out = session("volfyirion", ["7"] * 6 + ["quit", "y"], seed=3)  # 7 = play Prospector, five in hand
    assert out.count("p1 plays Prospector") == 5
    assert "action 7 (play Prospector) is no longer possible" in out and "acquires" not in out


def test_play_all_plays_every_card_that_needs_no_choice_and_the_board_stays_short():
    s, out = session("volfyirion", ["play all", "quit", "y"], seed=3)
    assert out.count("p1 plays Prospector") == 5
    assert out.count("=== Volfyirion - turn 1") == 1, "the whole board once per turn, a short one after each action"
    assert "you: 5 command, 0 battle, 0 knowledge" in out


def test_a_phase_with_nothing_to_do_passes_by_itself_unless_asked_not_to():
    s, out = session("virevolt", ["next", "quit", "y"], seed=5, options={"decks": ["ember", "tide"]})
    assert "nothing to do in the combat phase, so it ends" in out and "your move (combat phase)" not in out
    s, out = session("virevolt", ["next", "quit", "y"], seed=5, options={"decks": ["ember", "tide"]}, auto_pass=False)
    assert "your move (combat phase)" in out


def test_a_decision_is_asked_once():
    s, out = session("volfyirion", ["play all", "acquire wonder 2", "quit", "y"], seed=3,
                     options={})
    lines = [ln for ln in out.splitlines() if "remove another card of yours" in ln]
    assert len(lines) <= 1


# ---------------------------------------------------------------------- wrong texts
def test_acquire_with_a_card_name_works_and_a_bare_verb_explains_itself():
    s0 = Session.start("volfyirion", vs="greedy", seed=3, options={}, load=None)
    row = [c["name"] for c in s0.game.rules.view(s0.game.state, 0)["asset_row"]]
    s, out = session("volfyirion", ["play all", f"acquire {row[1]}", "acquire Nothing Here", "quit", "y"], seed=3)
    assert f"p1 acquires {row[1]} for" in out
    assert "did you mean 'acquire'" not in out and "'acquire' is written acquire asset <1-5>" in out


def test_virevolt_help_gives_virevolt_notation_and_real_examples():
    s, out = session("virevolt", ["help", "quit", "y"], seed=5)
    assert "cast <incantation> [<effect number>]" in out and "e.g. 'cast Fireball 2'" in out
    assert "<place>" not in out and "Captain" not in out and "p2.city1" not in out


def test_the_game_over_screen_is_consistent_and_offers_a_rematch():
    s, out = session("virevolt", ["next", "1"], seed=11, options={"decks": ["ember", "tide"]}, after=["s", "quit", "y"])
    m = re.search(r"Game over: (p\d)( \(you\))? wins after (\d+) turns", out)
    assert m, out[-2000:]
    assert "  turns:" not in out and "{'p1'" not in out
    assert re.search(r"tokens: p1 \d, p2 \d", out) and "why:" in out
    assert "revealed: p2's" in out
    assert "New game - seed 11." in out


def test_a_rematch_is_a_new_game_the_player_plays():
    s, out = session("virevolt", ["next", "1"], seed=11, options={"decks": ["ember", "tide"]}, after=["s", "x"])
    rematch = out.split("New game - seed 11.")[1]
    played = re.search(r"Game over: .* \((\d+) actions\)\.", rematch)
    assert "p1> " in rematch and played and int(played.group(1)) > 0  # played to its end, not over at once


def test_a_game_loaded_during_another_is_the_one_played_on(tmp_path):
    save = tmp_path / "g.json"
    session("volfyirion", ["play all", f"save {save}", "quit"], seed=11)
    s, out = session("volfyirion", [f"load {save}", "end turn", "quit", "y"], seed=12)
    assert "loaded" in out and "-- turn 2: p2 to play --" in out
    assert s.game.state.turn == 3 and s.game.state.to_move() == 0  # the bot played p2's turn, p1 is asked
    assert "there is no" not in out


def test_quit_asks_when_the_game_is_not_saved(tmp_path):
    s, out = session("volfyirion", ["play all", "quit", "n", "board", "quit", "y"], seed=3)
    assert out.count("Leave anyway?") == 2 and "leaving the game (not saved)" in out
    save = tmp_path / "g.json"
    s, out = session("volfyirion", ["play all", f"save {save}", "quit"], seed=3)
    assert "Leave anyway?" not in out and "leaving the game" in out


def test_the_asset_row_fits_the_terminal_and_words_are_whole(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")  # read by shutil.get_terminal_size
    s, out = session("volfyirion", ["quit", "y"], seed=3)
    row = out.split("Asset Row:")[1].split("Asset Deck:")[0]
    assert all(len(ln) <= 80 for ln in row.splitlines())
    names = [c["name"] for c in s.game.rules.view(s.game.state, 0)["asset_row"] if c]
    flat = " ".join(ln.strip() for ln in row.splitlines())
    assert all(n in flat for n in names)


def test_an_unknown_opponent_lists_human_too():
    r = tabletop("play", "volfyirion", "--vs", "gredy", input="")
    assert r.returncode == 1 and "human" in r.stderr and "did you mean 'greedy'" in r.stderr


def test_version():
    r = tabletop("--version")
    assert r.returncode == 0 and re.fullmatch(r"tabletop \d+\.\d+\.\d+\n", r.stdout)


def test_the_game_over_line_counts_turns_and_actions_each_in_its_own_number():
    from tabletop.cli.play import game_over_line

    assert game_over_line(None, 1, 0) == "Game over: no winner, after 1 turn (0 actions)."
    assert game_over_line("p2", 12, 1) == "Game over: p2 wins after 12 turns (1 action)."


def test_undo_takes_back_a_phase_passed_for_the_player_with_the_action_before_it():
    s, out = session("virevolt", ["next", "undo", "quit", "y"], seed=4, options={"first": "p1"})
    assert "nothing to do in the combat phase, so it ends" in out
    assert s.game.state.phase == "main" and s.game.state.active == 0


def test_undo_takes_back_a_whole_play_all():
    s, out = session("volfyirion", ["play all", "undo", "quit", "y"], seed=3)
    assert "undone: 5 actions" in out
    assert len(s.game.rules.describe(s.game.state)["p1"]["hand"]) == 5


@pytest.mark.parametrize("pack, card", [("volfyirion", "Decisive Strike"), ("virevolt", "Wandering Knight")])
def test_a_narrow_terminal_gets_every_line_within_its_width(monkeypatch, pack, card):
    monkeypatch.setenv("COLUMNS", "50")  # read by shutil.get_terminal_size
    s, out = session(pack, ["help", f"show {card}", "play all", "board", "quit", "y"], seed=3)
    long = [ln for ln in out.splitlines() if len(ln) > 50 and not ln.startswith("p1> ")]  # (a prompt and what follows)
    assert not long, long


def test_hot_seat_hands_the_screen_over_and_tells_the_next_player_what_they_may_see():
    s, out = session("virevolt", ["set Flame Ward", "next", "next", "", "quit", "y"], vs="human", seed=4,
                     options={"first": "p1"})
    before, after = out.split("p2: press Enter when only you can see the screen")
    assert "set Flame Ward" in before
    assert "p1 sets a trap face down" in after and "Flame Ward" not in after
    assert "[p2] your move" in after


def test_your_deck_is_yours_only_the_other_seats_play_their_default_decks(monkeypatch):
    from typer.testing import CliRunner

    from tabletop.cli import play
    from tabletop.cli.main import app

    started = {}
    monkeypatch.setattr(play.Session, "start", classmethod(lambda cls, pack, **kw: started.update(kw) or _Quiet()))
    r = CliRunner().invoke(app, ["play", "virevolt", "--players", "3", "--deck", "tide"])
    assert r.exit_code == 0, r.output
    assert started["options"]["decks"] == ["tide", None, None]


class _Quiet:
    def loop(self) -> None:
        """A session that ends at once."""
