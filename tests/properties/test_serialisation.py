"""A state serialised to JSON and back is the same state: it continues identically.

Checked in the middle of real games of both packs, pending decisions and running effects
included (their programs are saved by id).
"""
from __future__ import annotations

import json

import pytest

from tabletop.framework.packs import registry
from tabletop.framework.rng import Random
from tabletop.framework.state import State

CASES = [("volfyirion", {}), ("volfyirion", {"variants": ["all"], "mode": "extended"}), ("virevolt", {})]


@pytest.mark.parametrize("pack,options", CASES)
def test_json_round_trip_continues_identically(pack, options):
    rules = registry().get(pack).rules()
    index = {c.name: c for c in rules.cards.cards}
    rng = Random(3)
    checked = pending = 0
    for seed in range(6):
        state = rules.setup(options, seed)
        steps = 0
        while not state.over and steps < 400:
            if steps % 7 == 0:
                back = State.from_json(json.loads(json.dumps(state.to_json())), index)
                assert back.to_json() == state.to_json()
                pending += state.pending is not None
                a, b = state.clone(), back
                for _ in range(30):
                    if a.over:
                        break
                    acts = rules.legal_actions(a)
                    assert acts == rules.legal_actions(b)
                    act = acts[rng.below(len(acts))]
                    rules.apply(a, act)
                    rules.apply(b, act)
                assert a.to_json() == b.to_json()
                checked += 1
            acts = rules.legal_actions(state)
            rules.apply(state, acts[rng.below(len(acts))])
            steps += 1
    assert checked > 20 and pending > 0, (checked, pending)
