"""The instruction counts are differences of runs that differ only in the part measured."""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

spec = importlib.util.spec_from_file_location(
    "instructions", Path(__file__).parents[2] / "benchmarks" / "instructions.py")
ins = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ins)


def test_the_counted_games_follow_the_warm_ones():
    warm = ins.child("volfyirion", ["selfplay", "tabletop", "1", "0"])
    both = ins.child("volfyirion", ["selfplay", "tabletop", "1", "1"])
    again = ins.child("volfyirion", ["selfplay", "tabletop", "2", "0"])
    assert warm == {"steps": 0} and both["steps"] > 100 and again == {"steps": 0}


def test_a_kind_run_counts_every_kind_of_the_same_states():
    none = ins.child("volfyirion", ["kind", "", "1"])
    play = ins.child("volfyirion", ["kind", "play", "1"])
    assert none == play and none["counts"]["end turn"] > 5 and sum(none["counts"].values()) == none["states"]


def test_each_figure_is_a_difference_over_the_count(monkeypatch, capsys):
    """Under a fake callgrind, the figures printed are exactly the differences the runs were given."""
    def fake(pack, args, cache):
        answer = ins.child(pack, args)
        if args[0] == "selfplay":
            return 1_000_000 + 100 * answer["steps"], answer
        extra = {"": 0, "legal actions": 3 * answer["states"]}.get(args[1])
        return 5_000_000 + (7 * answer["counts"][args[1]] if extra is None else extra), answer

    monkeypatch.setattr(ins, "measure", fake)
    monkeypatch.setattr(ins.shutil, "which", lambda name: "/usr/bin/" + name)
    assert ins.main(["--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "  tabletop         100   (" in out
    assert "legal actions" in out and "x        3 each" in out
    assert "  end turn" in out and "x        7 each" in out
    assert "not counted (fewer than 30 of each)" in out


def test_without_valgrind_it_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setattr(ins.shutil, "which", lambda name: None)
    assert ins.main(["--no-kinds"]) == 1
    assert "needs valgrind" in capsys.readouterr().err


def test_another_pack_is_counted_the_same_way(monkeypatch, capsys):
    def fake(pack, args, cache):
        answer = ins.child(pack, args)
        return 1_000 + 10 * answer["steps"], answer

    monkeypatch.setattr(ins, "measure", fake)
    monkeypatch.setattr(ins.shutil, "which", lambda name: "/usr/bin/" + name)
    assert ins.main(["--pack", "virevolt", "--games", "1", "--no-kinds"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("instructions a random virevolt step") and "  tabletop          10   (" in out


def test_the_reference_plays_volfyirion_only(monkeypatch, capsys):
    monkeypatch.setattr(ins.shutil, "which", lambda name: "/usr/bin/" + name)
    assert ins.main(["--pack", "virevolt", "--reference", "ref.py"]) == 1
    assert "Volfyirion only" in capsys.readouterr().err


def test_a_failing_child_run_ends_with_its_message_not_a_traceback():
    with pytest.raises(SystemExit, match="the child run 'kind' failed"):
        ins.run_child([], "no-such-pack", ["kind"], dict(os.environ))


TINY_REFERENCE = '''
import random
NONE = -1
RNG = random.Random(0)


class State:
    def __init__(self):
        self.turn, self.winner, self.pend = 0, NONE, 0


def new_game(rng):
    return State()


def legal_actions(st):
    return [0, 1, 2]


def apply(st, a):
    st.pend = a == 1 and not st.pend
    if a == 2:
        st.turn += 1
        st.winner = 0 if st.turn == 40 else NONE


def clone(st):
    c = State()
    c.turn, c.winner, c.pend = st.turn, st.winner, st.pend
    return c


def action_kind(a):
    return ("place", "activate card", "end turn")[a]
'''


def test_the_reference_kinds_are_named_as_ours(tmp_path):
    """The hand-written engine's states are sampled from its own games; its kinds take our names
    where they are the same action, and a pending question is answered, whatever its number."""
    ref = tmp_path / "ref.py"
    ref.write_text(TINY_REFERENCE)
    got = ins.child("volfyirion", ["kind", "", "1", str(ref)])
    assert set(got["counts"]) == {"play", "activate", "end turn", "answer a decision"}
    assert sum(got["counts"].values()) == got["states"]


def test_with_the_reference_both_tables_and_their_ratio_are_printed(monkeypatch, capsys, tmp_path):
    ref = tmp_path / "ref.py"
    ref.write_text(TINY_REFERENCE)

    def fake(pack, args, cache):
        answer = ins.child(pack, args)
        if args[0] == "selfplay":
            return 1_000 + (10 if args[1] == "reference" else 30) * answer["steps"], answer
        per = 2 if len(args) > 3 else 6
        extra = {"": 0, "legal actions": per * answer["states"]}.get(args[1])
        return 5_000 + (per * answer["counts"][args[1]] if extra is None else extra), answer

    monkeypatch.setattr(ins, "measure", fake)
    monkeypatch.setattr(ins.shutil, "which", lambda name: "/usr/bin/" + name)
    assert ins.main(["--games", "1", "--reference", str(ref)]) == 0
    out = capsys.readouterr().out
    assert "tabletop 3.00x" in out and "the reference by kind" in out
    assert "  end turn               3.00x each" in out and "  legal actions          3.00x each" in out
