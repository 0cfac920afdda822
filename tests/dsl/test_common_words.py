"""The same idea reads the same in both packs; plurals, 'a card', optional 'points', 'and',
'or' inside a condition, 'otherwise', 'for each', 'equal to' (issue 11)."""
from __future__ import annotations

import pytest

from tabletop.dsl import CardLanguageError, compile_text
from tabletop.framework.packs import registry

PACKS = ("volfyirion", "virevolt")


def compiles(pack: str, text: str, kind: str = "effect") -> bool:
    try:
        compile_text(text, kind, registry().get(pack).vocabulary(), program_id=f"t/{pack}/{text}")
    except CardLanguageError:
        return False
    return True


@pytest.mark.parametrize("pack", PACKS)
@pytest.mark.parametrize("text", ["draw 1", "draw 1 card", "draw a card", "draw 2 cards", "draw two cards"])
def test_draw_reads_the_same_in_both_packs(pack, text):
    assert compiles(pack, text)


@pytest.mark.parametrize("text", ["gain 2 battle points", "gain 2 battle", "gain 1 command and 2 battle points",
                                  "remove an enemy's troop", "gain 2 battle and draw a card",
                                  "draw a card and gain 1 command"])
def test_volfyirion_natural_forms(text):
    assert compiles("volfyirion", text)


def test_a_word_of_a_class_matches_in_either_grammatical_number():
    """'two battles' was an unknown resource: words match in either number (dsl.md)."""
    import tabletop

    game = tabletop.load("volfyirion")
    for text in ("gain two battles", "gain 2 battles and 1 commands"):
        state = game.new_state(1)
        tabletop.run_effect(state, text, "p1")
        points = game.view(state, 0)["players"]["p1"]["points"]
        assert points["battle"] == 2 and points["command"] == (1 if "command" in text else 0)


@pytest.mark.parametrize("text", ["heal 2 damage to your main hero", "heal 2 damage from your main hero",
                                  "draw a card and restore 1 of your crystals"])
def test_virevolt_natural_forms(text):
    assert compiles("virevolt", text)


@pytest.mark.parametrize("pack,text", [("virevolt", "you have 4 or more crystals"),
                                       ("virevolt", "you have 4 or more crystals or you have no cards in your hand"),
                                       ("volfyirion", "you have 2 or fewer cards in your hand"),
                                       ("volfyirion", "you have at least 3 cards in your hand and not it is your turn")])
def test_or_more_inside_a_condition(pack, text):
    assert compiles(pack, text, "condition")


def test_or_between_words_of_one_condition():
    assert compiles("volfyirion", "synergy red or purple", "condition")


def _vol():
    return registry().get("volfyirion")


def test_otherwise_takes_the_else_branch():
    """'if ...: A; otherwise B' runs B when the condition fails."""
    from tabletop.framework import effects
    from tabletop.framework.effects import Frame

    rules = _vol().rules()
    state = rules.setup({}, 1)
    prog = compile_text("if volfyirion is on an enemy city: gain 3 knowledge; otherwise gain 1 knowledge",
                        "effect", _vol().vocabulary(), program_id="t/otherwise")
    state.stack.append(Frame(prog, {"controller": state.active, "source": -1}))
    effects.run_stack(state)
    assert state.counters[f"p{state.active + 1}.knowledge"] == 1


def test_equal_to_needs_a_number_to_fill():
    with pytest.raises(CardLanguageError):
        compile_text("draw a card equal to its cost", "effect", _vol().vocabulary(), program_id="t/eq")


def test_unknown_verb_lists_every_verb_and_suggests():
    with pytest.raises(CardLanguageError) as info:
        compile_text("stael 2 command", "effect", _vol().vocabulary(), program_id="t/steal")
    e = info.value
    verbs = e.expected.split(" (or ")[0]
    assert e.suggestion == "'steal'" and not verbs.endswith("...")
    assert all(f" {v}," in verbs or verbs.endswith(f" {v}") for v in ("draw", "discard", "destroy", "steal", "put", "gain"))


@pytest.mark.parametrize("pack,text,meant", [("virevolt", "steal 2 crystals", "'take'"),
                                             ("volfyirion", "kill an enemy troop", "'destroy'"),
                                             ("virevolt", "tutor a hero", "'search'")])
def test_unknown_verbs_are_answered_by_meaning(pack, text, meant):
    with pytest.raises(CardLanguageError) as info:
        compile_text(text, "effect", registry().get(pack).vocabulary(), program_id="t/meaning")
    assert meant in info.value.suggestion


@pytest.mark.parametrize("pack,deck", [("volfyirion", "p1.deck"), ("virevolt", "p1.deck")])
def test_a_bare_shuffle_shuffles_your_own_deck_only(pack, deck):
    import tabletop

    game = tabletop.load(pack)
    state = game.new_state(4)
    before = {k: list(v) for k, v in state.zones.items()}
    tabletop.run_effect(state, "shuffle", "p1", game=game)
    assert sorted(state.zones[deck]) == sorted(before[deck]) and state.zones[deck] != before[deck]
    assert all(state.zones[k] == v for k, v in before.items() if k != deck)


@pytest.mark.parametrize("pack, text", [("virevolt", "deal 1 damage to the enemy’s main hero"),
                                        ("volfyirion", "remove an enemy’s troop")])
def test_a_word_processors_apostrophe_reads_as_a_typewriters(pack, text):
    """Pasted from a word processor, 'enemy’s' was an unexpected character."""
    assert compiles(pack, text) and compiles(pack, text.replace("’", "'"))


def test_an_x_left_unsaid_is_answered_with_where_x_is():
    """'gain X battle' suggested '"X" (card names go in double quotes)'."""
    with pytest.raises(CardLanguageError) as info:
        compile_text("gain X battle", "effect", registry().get("volfyirion").vocabulary(), program_id="t/x")
    assert "did you mean: 'gain X battle, where X is ...'?" in info.value.render()
