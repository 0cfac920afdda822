"""The gap profile runs both engines and names, for each, the kinds of action it applied."""
from __future__ import annotations

import importlib.util
from pathlib import Path

spec = importlib.util.spec_from_file_location(
    "reference_gap", Path(__file__).parents[2] / "benchmarks" / "reference_gap.py")
gap = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gap)

TOY = '''
import random
NONE = -1
RNG = random.Random(0)

class State:
    pass

def new_game(rng):
    s = State()
    s.turn, s.winner, s.pend = 0, NONE, 0
    return s

def legal_actions(s):
    return [0, 1]

def apply(s, a):
    s.turn += a
    if s.turn >= 3:
        s.winner = 0

def describe(a):
    return "end turn" if a else "wait here"
'''


def test_both_engines_and_their_kinds_of_action_are_shown(tmp_path, capsys):
    toy = tmp_path / "toy.py"
    toy.write_text(TOY, encoding="utf-8")
    assert gap.main(["--reference", str(toy), "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tabletop: ") and "listing the legal actions" in out
    assert "\nreference: " in out and "  end " in out and "  wait " in out
