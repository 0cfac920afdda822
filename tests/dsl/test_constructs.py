"""Every construct of the card language: what it compiles to and how it runs."""
from __future__ import annotations

import pytest

from tests.dsl.conftest import run
from tabletop.dsl import Ability, Quantity, compile_text
from tabletop.framework import effects
from tabletop.framework.effects import Program


def effect(vocab, text, pid="t"):
    return compile_text(text, "effect", vocab, program_id=pid)


# -- sequences and phrases -----------------------------------------------------------

def test_effect_compiles_to_registered_program(vocab):
    prog = effect(vocab, "draw 1", "Card/main")
    assert isinstance(prog, Program)
    assert effects.PROGRAMS["Card/main"] is prog
    assert prog.text == "draw 1"


def test_sequence_runs_steps_in_order(vocab, state):
    run(state, effect(vocab, "gain 2 command, 3 battle; draw 1; gain 1 command"))
    assert state.counters == {"command": 3, "battle": 3, "drawn": 1}
    assert state.pending is None and state.stack == []


def test_a_text_written_as_printed_cards_are_reads_the_same(vocab, state):
    run(state, effect(vocab, "Gain 2 Command, 3 Battle. Draw 1.\nGain 1 command."))
    assert state.counters == {"command": 3, "battle": 3, "drawn": 1}


def test_capitals_inside_a_card_name_are_kept(vocab, state):
    run(state, effect(vocab, 'From your hand, discard or play "Ember Warden".'))
    assert state.vars["log"] == [("discard-or-play", "Ember Warden")]


def test_phrase_returning_several_steps(vocab, state):
    run(state, effect(vocab, "log red"))
    assert state.vars["log"] == ["red", "red!"]


def test_grouping_inlines_a_sequence(vocab, state):
    prog = effect(vocab, "(draw 1; draw 2); draw 3")
    assert len(prog.steps) == 3
    run(state, prog)
    assert state.counters["drawn"] == 6


def test_and_or_are_words_inside_effect_phrases(vocab, state):
    run(state, effect(vocab, 'from your hand, discard or play "Ember Warden"'))
    assert state.vars["log"] == [("discard-or-play", "Ember Warden")]


def test_family_placeholder_matches_recursively(vocab, state):
    run(state, effect(vocab, "deal 3 damage to each troop of your opponent; deal 1 damage to it"))
    assert state.counters == {"damage:each troop of opponent": 3, "damage:it": 1}


def test_amounts_separated_by_and(vocab, state):
    run(state, effect(vocab, "gain 2 command, 1 battle and 4 knowledge"))
    assert state.counters == {"command": 2, "battle": 1, "knowledge": 4}


# -- may ------------------------------------------------------------------------------

def test_may_asks_the_controller(vocab, state):
    run(state, effect(vocab, "may draw 2"), controller=1)
    d = state.pending
    assert d.player == 1
    assert d.prompt == "may: draw 2"
    assert d.options == (("yes",), ("no",))
    assert state.counters == {}


def test_then_you_may_after_a_comma_is_an_optional_step_of_its_own(vocab, state):
    run(state, effect(vocab, "gain 1 command, then you may draw 2. Then may gain 2 battle."))
    assert state.counters == {"command": 1}
    assert state.pending.prompt == "may: draw 2"
    effects.answer(state, ("yes",))
    effects.run_stack(state)
    assert state.pending.prompt == "may: gain 2 battle"


def test_may_prompt_names_the_card(vocab, state):
    run(state, effect(vocab, "may draw 2"), card="Flawless Deploy")
    assert "Flawless Deploy" in state.pending.prompt


def test_may_yes_runs_the_step(vocab, state):
    run(state, effect(vocab, "may draw 2; gain 1 command"))
    effects.answer(state, ("yes",))
    effects.run_stack(state)
    assert state.counters == {"drawn": 2, "command": 1}
    assert state.pending is None and state.stack == []


def test_may_no_skips_the_step(vocab, state):
    run(state, effect(vocab, "may draw 2; gain 1 command"))
    effects.answer(state, ("no",))
    effects.run_stack(state)
    assert state.counters == {"command": 1}


def test_may_of_a_group(vocab, state):
    run(state, effect(vocab, "may (draw 1; gain 1 battle)"))
    assert state.pending.prompt == "may: draw 1; gain 1 battle"
    effects.answer(state, ("yes",))
    effects.run_stack(state)
    assert state.counters == {"drawn": 1, "battle": 1}


def test_answer_key_does_not_leak_into_child_frames(vocab, state):
    run(state, effect(vocab, "may (may draw 1)"))
    effects.answer(state, ("yes",))
    effects.run_stack(state)
    assert state.pending is not None  # the inner may asks on its own
    effects.answer(state, ("yes",))
    effects.run_stack(state)
    assert state.counters == {"drawn": 1}


# -- choose one -----------------------------------------------------------------------

def test_choose_one_offers_each_alternative(vocab, state):
    run(state, effect(vocab, "choose one: gain 1 command | (draw 1; log red) | may draw 3"))
    d = state.pending
    assert d.options == (("choose", "gain 1 command"), ("choose", "draw 1; log red"),
                         ("choose", "may draw 3"))
    assert d.values == (0, 1, 2)


def test_choose_one_runs_the_chosen_alternative(vocab, state):
    run(state, effect(vocab, "choose one: gain 1 command | (draw 1; log red); draw 10"))
    effects.answer(state, ("choose", "draw 1; log red"))
    effects.run_stack(state)
    assert state.counters == {"drawn": 11}
    assert state.vars["log"] == ["red", "red!"]


def test_choose_one_identical_alternatives_stay_distinct(vocab, state):
    run(state, effect(vocab, "choose one: draw 1 | draw 1"))
    assert len(set(state.pending.options)) == 2


# -- if ---------------------------------------------------------------------------------

def test_if_true_runs_the_rest_of_the_sequence(vocab, state):
    state.vars["flag1"] = True
    run(state, effect(vocab, "draw 1; if flag 1: draw 2; draw 4"))
    assert state.counters["drawn"] == 7


def test_if_false_skips_the_rest_of_the_sequence(vocab, state):
    run(state, effect(vocab, "draw 1; if flag 1: draw 2; draw 4"))
    assert state.counters["drawn"] == 1


def test_if_inside_a_group_ends_with_the_group(vocab, state):
    run(state, effect(vocab, "(if flag 1: draw 2); draw 4"))
    assert state.counters["drawn"] == 4


def test_sub_program_ids_are_derived_and_deterministic(vocab):
    effect(vocab, "may draw 1; choose one: draw 2 | draw 3", "X")
    assert {"X#1", "X#2", "X#3"} <= set(effects.PROGRAMS)
    assert effects.PROGRAMS["X#1"].text == "draw 1"
    assert effects.PROGRAMS["X#3"].text == "draw 3"


def test_frames_of_sub_programs_serialise(vocab, state):
    run(state, effect(vocab, "may draw 1", "Ser"))
    effects.answer(state, ("yes",))
    data = [f.to_json() for f in state.stack]
    assert effects.Frame.from_json(data[0]).prog.id == "Ser"


# -- abilities and conditions ------------------------------------------------------------

def test_guarded_ability(vocab, state):
    ab = compile_text("synergy red -> draw 1", "ability", vocab, program_id="g")
    assert isinstance(ab, Ability)
    assert not ab.usable(state, {})
    state.vars["colours"] = ["red"]
    assert ab.usable(state, {})
    run(state, ab.program)
    assert state.counters["drawn"] == 1


def test_unguarded_ability(vocab, state):
    ab = compile_text("draw 1", "ability", vocab, program_id="g2")
    assert ab.condition is None and ab.usable(state, {})


def test_arrow_inside_a_card_name_is_not_a_guard(vocab):
    ab = compile_text('from your hand, discard or play "a->b"', "ability", vocab, program_id="g3")
    assert ab.condition is None


@pytest.mark.parametrize("text,flags,expected", [
    ("flag 1 and flag 2", {1}, False),
    ("flag 1 and flag 2", {1, 2}, True),
    ("flag 1 or flag 2", {2}, True),
    ("flag 1 or flag 2", set(), False),
    ("not flag 1", set(), True),
    ("not flag 1", {1}, False),
    ("not (flag 1 or flag 2)", {2}, False),
    ("flag 1 or flag 2 and flag 3", {1}, True),      # 'and' binds tighter
    ("(flag 1 or flag 2) and flag 3", {1}, False),
])
def test_conditions(vocab, state, text, flags, expected):
    for f in flags:
        state.vars[f"flag{f}"] = True
    pred = compile_text(text, "condition", vocab, program_id="c")
    assert pred(state, {}) is expected


def test_words_list_in_condition(vocab, state):
    pred = compile_text("synergy red, blue", "condition", vocab, program_id="c")
    state.vars["colours"] = ["red"]
    assert not pred(state, {})
    state.vars["colours"] = ["red", "blue"]
    assert pred(state, {})


# -- numbers ------------------------------------------------------------------------------

def test_constant_expression_is_folded(vocab):
    q = compile_text("2 + 3 * 4 - (1 + 1)", "number", vocab, program_id="n")
    assert isinstance(q, Quantity) and q.const == 12


def test_unary_minus(vocab):
    assert compile_text("-3 + 5", "number", vocab, program_id="n").const == 2


def test_quantity_phrase_in_expression(vocab, state):
    q = compile_text("2 + count of troop * 3", "number", vocab, program_id="n")
    assert q.const is None
    state.counters["count:troop"] = 2
    assert q(state, {}) == 8


def test_parenthesised_quantity_in_a_phrase(vocab, state):
    state.counters["count:troop"] = 4
    run(state, effect(vocab, "draw (cost of it); gain (count of troop - 1) battle"), cost=3)
    assert state.counters["drawn"] == 3 and state.counters["battle"] == 3


def test_number_placeholder_gets_constant_quantity(vocab):
    got = []
    vocab2 = type(vocab)("v2").extend(vocab)

    @vocab2.effect("probe {n:number}")
    def probe(n):
        got.append(n)
        return lambda s, c: None

    compile_text("probe 7", "effect", vocab2, program_id="p")
    assert got[0].const == 7 and got[0](None, {}) == 7


# -- other kinds -------------------------------------------------------------------------

def test_amounts_kind(vocab):
    assert compile_text("2 command, 3 battle", "amounts:resource", vocab, program_id="a") == (
        (2, "command"), (3, "battle"))


def test_amounts_kind_folds_constant_expressions(vocab):
    assert compile_text("(1 + 1) command", "amounts:resource", vocab, program_id="a") == ((2, "command"),)


def test_words_kind(vocab):
    assert compile_text("red, blue or green", "words:colour", vocab, program_id="w") == (
        "red", "blue", "green")


def test_word_and_name_kinds(vocab):
    assert compile_text("red", "word:colour", vocab, program_id="w") == "red"
    assert compile_text('"Ember Warden"', "name", vocab, program_id="w") == "Ember Warden"


def test_trigger_family(vocab):
    assert compile_text("an opponent plays hero", "trigger", vocab, program_id="t") == ("plays", "hero")


def test_cost_family_starting_with_a_placeholder(vocab):
    assert compile_text("2 command and 1 battle", "cost", vocab, program_id="c") == (
        (2, "command"), (1, "battle"))


def test_modifier_family_with_name(vocab):
    assert compile_text('"Volfyirion" costs 2 less', "modifier", vocab, program_id="m") == ("Volfyirion", 2)


def test_pack_family_kind(vocab):
    assert compile_text("target enemy building", "target", vocab, program_id="x") == "enemy building"


def test_multiline_text(vocab, state):
    run(state, effect(vocab, "gain 1 command;\n  draw 1"))
    assert state.counters == {"command": 1, "drawn": 1}
