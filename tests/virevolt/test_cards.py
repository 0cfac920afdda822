"""The card set: counts, colours, every state, type and kind of cost used (VIR-COMP-*, VIR-COLOUR-*)."""
from __future__ import annotations

from collections import Counter

import pytest

COLOURS = ("neutral", "red", "blue", "green")


@pytest.fixture(scope="module")
def cards(rules):
    return rules.cards.cards


def texts(card) -> list[str]:
    out = [a.text for a in card.attacks] + [e.text for e in card.effects]
    if card.get("effect"):
        out.append(card.effect)
    return out


@pytest.mark.parametrize("colour", COLOURS)
def test_VIR_COMP_01_04_twenty_distinct_cards_per_colour(cards, colour):
    """VIR-COMP-01, VIR-COMP-02, VIR-COMP-03, VIR-COMP-04."""
    mine = [c for c in cards if c.colour == colour and c.type != "crystal"]
    assert len(mine) == 20 and len({c.name for c in mine}) == 20
    assert {c.type for c in mine} == {"hero", "incantation", "trap"}


def test_VIR_COMP_05_crystals_of_five_colours(cards):
    """VIR-COMP-05."""
    crystals = {c.colour for c in cards if c.type == "crystal"}
    assert crystals == {"neutral", "red", "blue", "green", "mauve"}


def test_VIR_COMP_08_VIR_COLOUR_07_mauve_cards_and_stun_only_mauve(cards):
    """VIR-COMP-08, VIR-COLOUR-07."""
    mauve = [c for c in cards if c.colour == "mauve" and c.type != "crystal"]
    assert len(mauve) >= 3
    stunners = [c for c in cards if any("stun" in t and "remove" not in t for t in texts(c))]
    assert stunners and all(c.colour == "mauve" for c in stunners)


def test_VIR_COLOUR_01_one_colour_each(cards):
    """VIR-COLOUR-01."""
    assert all(c.colour in ("neutral", "red", "blue", "green", "mauve") for c in cards)


def test_every_state_used_by_several_cards(cards):
    for state in ("poison", "burn", "freeze", "stun", "immunity", "invincibility"):
        users = [c.name for c in cards if any(state in t for t in texts(c))]
        assert len(users) >= 2, state


def test_every_kind_of_cost_used_by_several_cards(cards):
    heroes = [c for c in cards if c.type == "hero"]
    assert sum(1 for c in heroes if any(c.rot)) > 5 and sum(1 for c in heroes if any(c.sac)) > 5
    assert sum(1 for c in heroes if c.attacks) > 5
    assert sum(1 for c in cards if c.type == "incantation") > 5
    assert sum(1 for c in cards if c.type == "trap" and any(c.cost)) > 5
    used = Counter(i for c in cards for cost in [c.rot, c.sac, c.cost] + [a.cost for a in c.attacks]
                   + [e.cost for e in c.effects] for i, n in enumerate(cost) if n)
    assert all(used[i] >= 2 for i in range(5))


def test_VIR_COLOUR_04_05_06_colour_character(cards):
    """VIR-COLOUR-04, VIR-COLOUR-05, VIR-COLOUR-06."""
    def count(word, colour):
        return sum(1 for c in cards if c.colour == colour and any(word in t for t in texts(c)))
    assert count("burn", "red") > max(count("burn", c) for c in ("blue", "green", "neutral"))
    assert count("freeze", "blue") > max(count("freeze", c) for c in ("red", "green", "neutral"))
    assert count("poison", "green") > max(count("poison", c) for c in ("red", "blue", "neutral"))
    assert count("heal", "green") >= max(count("heal", c) for c in ("red", "blue", "neutral"))


def test_VIR_COLOUR_02_colour_does_not_restrict_payment(table):
    """VIR-COLOUR-02."""
    t = table({"active": "p1", "phase": "combat", "p1": {"main": "Ash Demon", "crystals": ["neutral"]},
               "p2": {"main": "Oak Guardian"}})
    assert "attack p2 Claw" in t.legal()


def test_card_files_report_language_errors_with_location(rules, tmp_path):
    from tabletop.framework.cardset import CardSet
    from tabletop.framework.errors import ErrorList
    from tabletop.packs.virevolt import cardformat
    from tabletop.framework.packs import CardFormat
    from tabletop.packs.virevolt.vocabulary import vocabulary

    f = tmp_path / "bad.yaml"
    f.write_text("- name: Bad Spell\n  type: incantation\n  colour: red\n  effects:\n"
                 "    - {cost: 1 red, effect: \"deal 2 damage to target ennemy hero\"}\n"
                 "    - {cost: 1 redd, effect: \"draw 1 card\"}\n")
    # line 5: an unknown word of the card language; line 6: a misspelt crystal colour
    with pytest.raises(ErrorList) as e:
        CardSet.load([f], CardFormat(cardformat.schema(), cardformat.build), vocabulary())
    text = e.value.render()
    assert "bad.yaml:5" in text and "bad.yaml:6" in text
    assert "did you mean: 'red'?" in text  # costs are card language too: located and suggested


def test_VIR_CRYSTAL_01_five_crystal_colours():
    """VIR-CRYSTAL-01."""
    from tabletop.packs.virevolt.vocabulary import vocabulary

    assert set(vocabulary().word_class("crystal")) == {"neutral", "red", "blue", "green", "mauve"}


def test_VIR_COLOUR_03_neutral_versatile_with_own_effects(cards):
    """VIR-COLOUR-03."""
    neutral = [c for c in cards if c.colour == "neutral" and c.type != "crystal"]
    assert {c.type for c in neutral} == {"hero", "incantation", "trap"}
    trap_destroyers = [c for c in cards if any("trap of each enemy" in t for t in texts(c))]
    assert trap_destroyers and all(c.colour == "neutral" for c in trap_destroyers)
