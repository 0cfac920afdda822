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
