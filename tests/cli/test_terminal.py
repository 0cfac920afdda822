"""The prompt in a real terminal (a pseudo-terminal driven by pexpect, its screen drawn by
pyte): arrow keys edit and recall lines instead of printing escape codes, Tab completes
actions and card names, and history is kept."""
from __future__ import annotations

import pexpect

from tests.cli.terminal import ESCAPES, Screen, spawn


def test_tab_completes_arrows_recall_and_nothing_prints_escape_codes(tmp_path):
    child = spawn(tmp_path, "play", "volfyirion", "--seed", "3")
    s = Screen(child)
    s.wait("p1>")
    child.send("play Pro\t")
    s.wait("play Prospector")
    child.send("\r")
    s.wait("p1 plays Prospector")
    s.wait("p1>")
    child.send("\x1b[A")      # Up: the last line again
    child.send("\r")
    s.wait("p1 plays Prospector")
    s.wait("p1>")
    child.send("show Capt\t")
    s.wait("show Captain")
    child.send("\r")
    s.wait("== Captain")
    s.wait("p1>")
    child.send("play Prospectorzz\x7f\x7f\x1b[D\x1b[C\r")  # two backspaces, Left, Right: editing
    s.wait("p1 plays Prospector")
    s.wait("p1>")
    text = s.text()
    assert "^[[A" not in text and "\\x1b" not in text and "[A" not in text
    assert ESCAPES.sub("", s.raw).count("p1 plays Prospector") >= 3
    child.send("quit\r")
    s.wait("Leave anyway")
    child.send("y\r")
    child.expect(pexpect.EOF)
    history = (tmp_path / "tabletop" / "history").read_text()
    assert "play Prospector" in history and "show Captain" in history


def test_ctrl_d_leaves_and_ctrl_c_does_not_kill_the_game(tmp_path):
    child = spawn(tmp_path, "play", "virevolt", "--seed", "5", "--deck", "ember")
    s = Screen(child)
    s.wait("p1>")
    child.sendintr()
    s.wait("type 'quit' to leave")
    s.wait("p1>")
    child.sendeof()
    s.wait("end of input: leaving the game")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_d_in_a_game_with_unsaved_moves_keeps_it_and_says_how_to_continue(tmp_path):
    child = spawn(tmp_path, "play", "volfyirion", "--seed", "3")
    s = Screen(child)
    s.wait("p1>")
    child.send("play Prospector\r")
    s.wait("p1 plays Prospector")
    s.wait("p1>")
    child.sendeof()
    s.wait("--load")
    child.expect(pexpect.EOF)
    child.close()
    kept = list((tmp_path / "tabletop" / "unsaved").glob("volfyirion-seed3-*.json"))
    assert child.exitstatus == 0 and len(kept) == 1
    assert f"tabletop play volfyirion --load {kept[0]}" in ESCAPES.sub("", s.raw).replace("\r\n", "")
    child = spawn(tmp_path, "play", "volfyirion", "--load", str(kept[0]))
    s = Screen(child)
    s.wait("playing area: Prospector")
    s.wait("p1>")
    child.sendeof()
    s.wait("end of input: leaving the game")
    child.expect(pexpect.EOF)


def test_ctrl_d_at_the_leave_question_keeps_the_game_too(tmp_path):
    child = spawn(tmp_path, "play", "volfyirion", "--seed", "3")
    s = Screen(child)
    s.wait("p1>")
    child.send("play Prospector\r")
    s.wait("p1>")
    child.send("quit\r")
    s.wait("Leave anyway")
    child.sendeof()
    s.wait("--load")
    child.expect(pexpect.EOF)
    assert len(list((tmp_path / "tabletop" / "unsaved").glob("*.json"))) == 1


def test_the_issue_s_leak_in_a_real_terminal_names_no_face_down_trap(tmp_path):
    """Issue 13's first complaint as it was typed: `next` three times, then `log`."""
    from tests.cli.test_session import session

    s, _ = session("virevolt", ["next", "next", "next", "quit", "y"], options={"decks": ["ember", None]})
    state = s.game.state
    secrets = {state.cards[i].name for i in state.zones["p2.traps"]}
    assert secrets, "p2 must have set traps for the test to mean something"
    child = spawn(tmp_path, "play", "virevolt", "--deck", "ember", "--vs", "greedy", "--seed", "5")
    screen = Screen(child)
    screen.wait("p1>")
    for _ in range(3):
        child.send("next\r")
        screen.wait("p1>")
    screen.wait("traps (face down): 2")
    child.send("log\r")
    screen.wait("p2 sets a trap face down")
    screen.wait("p1>")
    child.send("quit\r")
    screen.wait("Leave anyway")
    child.send("y\r")
    child.expect(pexpect.EOF)
    shown = ESCAPES.sub("", screen.raw)
    assert shown.count("p2 sets a trap face down") >= 4   # as it happened, then in the log
    assert not [name for name in secrets if name in shown]
