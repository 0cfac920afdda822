"""State: clone shares nothing mutable; JSON round trip is exact; the RNG is deterministic."""
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.framework import rng
from tabletop.framework.state import State
from tests.framework.toy import Tally


def test_clone_is_independent():
    rules = Tally()
    s = rules.setup({}, seed=3)
    c = s.clone()
    c.zones["p1.hand"].append(99)
    c.counters["p1.tally"] += 5
    c.marks.setdefault("x", set()).add(1)
    c.vars["target"] = 1
    assert 99 not in s.zones["p1.hand"]
    assert s.counters["p1.tally"] == 0
    assert "x" not in s.marks
    assert s.vars["target"] == 12


def test_clone_equals_original():
    s = Tally().setup({}, seed=5)
    assert s.clone().to_json() == s.to_json()


def test_json_round_trip_is_exact():
    rules = Tally()
    s = rules.setup({}, seed=11)
    rules.apply(s, rules.legal_actions(s)[0])
    text = json.dumps(s.to_json())
    back = State.from_json(json.loads(text), {c.name: c for c in rules.cards})
    assert back.to_json() == s.to_json()


def test_json_round_trip_keeps_a_pending_decision():
    rules = Tally()
    s = rules.setup({}, seed=1)
    from tests.framework.test_decisions import _give

    _give(s, 0, "Fork")
    rules.apply(s, ("play", "Fork"))
    assert s.pending is not None
    back = State.from_json(json.loads(json.dumps(s.to_json())), {c.name: c for c in rules.cards})
    assert back.pending.options == s.pending.options
    rules.apply(back, ("choose", "me"))
    rules.apply(s, ("choose", "me"))
    assert back.to_json() == s.to_json()


def test_same_seed_same_sequence():
    a, b = rng.seed_state(42), rng.seed_state(42)
    xs, ys = [], []
    for _ in range(20):
        a, x = rng.below(a, 100)
        b, y = rng.below(b, 100)
        xs.append(x)
        ys.append(y)
    assert xs == ys
    assert len(set(xs)) > 5


def test_shuffle_is_a_permutation():
    items = list(range(50))
    rng.shuffled(rng.seed_state(1), items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, rng.MASK), n=st.integers(0, 1100))
def test_shuffle_draws_exactly_the_generators_numbers_one_per_position(seed, n):
    """Lists of 5 to 1,024 items draw their numbers all at once (rng._outputs); the shuffle and
    the generator's next state must be those of Fisher-Yates drawing one number at a time."""
    items, expected = list(range(n)), list(range(n))
    s = seed
    for i in range(n - 1, 0, -1):
        s, j = rng.below(s, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert rng.shuffled(seed, items) == s
    assert items == expected


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, rng.MASK), ops=st.lists(st.one_of(st.tuples(st.just("below"), st.integers(1, 1 << 40)),
                                                              st.tuples(st.just("random"), st.just(0)),
                                                              st.tuples(st.just("shuffle"), st.integers(0, 200))),
                                                    max_size=40))
def test_a_bot_generator_draws_the_numbers_one_at_a_time_would_whatever_it_computes_ahead(seed, ops):
    """Random computes its outputs 64 at a time; below, random and shuffle, in any order, must
    give what drawing one number at a time from the same state gives, and ``s`` must follow."""
    r, s = rng.Random(0), seed
    r.s = seed
    for op, n in ops:
        if op == "below":
            s, want = rng.below(s, n)
            assert r.below(n) == want
        elif op == "random":
            s, z = rng.next64(s)
            assert r.random() == (z >> 11) / float(1 << 53)
        else:
            items, expected = list(range(n)), list(range(n))
            s = rng.shuffled(s, expected)
            r.shuffle(items)
            assert items == expected
        assert r.s == s


def test_json_round_trip_keeps_tuples_and_lists_apart_in_a_frames_context():
    """A frame's context may hold tuples (a shift's (city, n)), lists and nested mappings; a saved
    game in the middle of an effect must come back with exactly those types."""
    from tabletop.framework.effects import Frame, native

    prog = native("test/round-trip", lambda state, ctx: None)
    ctx = {"pair": (1, (2, 3)), "list": [1, [2, (3,)]], "map": {"a": (4,), "b": [5]}, "n": 7}
    rules = Tally()
    s = rules.setup({}, seed=3)
    s.stack.append(Frame(prog, dict(ctx)))
    back = State.from_json(json.loads(json.dumps(s.to_json())), {c.name: c for c in rules.cards})
    got = back.stack[-1].ctx
    assert got == ctx
    assert isinstance(got["pair"], tuple) and isinstance(got["pair"][1], tuple)
    assert isinstance(got["list"], list) and isinstance(got["list"][1][1], tuple)
    assert isinstance(got["map"]["a"], tuple) and isinstance(got["map"]["b"], list)


def test_a_child_frame_hands_what_it_picked_to_its_parent_and_an_unrelated_frame_does_not():
    """What an 'if' or a 'choose' picked (and an attack's bonus) reaches the steps after it: a child
    frame's bindings go to the frame under it when it ends; a frame that is no child keeps its own."""
    from tabletop.framework.effects import CHILD, Frame, native, run_stack

    seen = {}
    parent = native("test/parent", lambda state, ctx: None, lambda state, ctx: seen.update(parent=dict(ctx)))
    child = native("test/child", lambda state, ctx: ctx.update(_it=[7], bonus=2))
    other = native("test/other", lambda state, ctx: ctx.update(_it=[9], bonus=5))
    rules = Tally()
    s = rules.setup({}, seed=3)
    s.stack[:] = [Frame(parent, {"controller": 0}), Frame(child, {"controller": 0, CHILD: 1})]
    s.stack[0].pc = 1
    run_stack(s)
    assert seen["parent"]["_it"] == [7] and seen["parent"]["bonus"] == 2
    s.stack[:] = [Frame(parent, {"controller": 0}), Frame(other, {"controller": 0})]
    s.stack[0].pc = 1
    run_stack(s)
    assert "_it" not in seen["parent"] and "bonus" not in seen["parent"]


def test_programs_and_decisions_show_themselves_readably_when_debugging():
    from tabletop.framework.effects import Decision, Program

    assert repr(Program("pack/card/main", ())) == "Program('pack/card/main')"
    d = Decision(1, "Draw a card?", [("yes",), ("no",)], [True, False], "draw")
    assert repr(d) == "Decision(p2: 'Draw a card?', ['yes', 'no'])"


def test_a_deep_copy_of_a_state_shares_its_card_programs():
    """Programs are compiled once and never change: a deep copy of anything holding one (a state
    with an effect under way) points at the same program, never a copy or nothing."""
    import copy

    from tabletop.framework.effects import Frame, Program

    prog = Program("test/deepcopy/main", ())
    frames = copy.deepcopy([Frame(prog, {"controller": 0})])
    assert frames[0].prog is prog
    assert copy.deepcopy(prog) is prog
