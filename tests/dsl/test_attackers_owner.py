"""``the attacker's owner`` (or ``the attacker's controller``, ``the attacking hero's owner``): the
player whose hero attacked, in a text that has an attacker (a Virevolt trap answering an attack,
an ability answering damage an attack dealt); a text with no attacker refuses it where it is
written, as it refuses ``the attacker``."""
from __future__ import annotations

import pytest

from tabletop.dsl import compile_text
from tabletop.dsl.errors import CardLanguageError
from tabletop.dsl.scope import Scope
from tabletop.framework.packs import registry

TRAP = Scope({"this": "trap", "attacker": "hero", "target": "hero"}, "the effect of trap 'Snare'")
SPELL = Scope({"this": "incantation"}, "effect 1 of incantation 'Bolt'")


def _compile(text: str, scope: Scope):
    vocab = registry().get("virevolt").vocabulary()
    return compile_text(text, "effect", vocab, program_id=f"test/attacker's owner/{text}", scope=scope)


@pytest.mark.parametrize("text", [
    "the attacker's owner discards a card at random",
    "the attacker's controller discards a card",
    "the attacking hero's owner discards a card",
    "destroy 1 crystal of the attacker's owner",
    "the attacker's owner's main hero takes 1 damage",
])
def test_a_trap_answering_an_attack_names_the_attacking_player(text):
    _compile(text, TRAP)


@pytest.mark.parametrize("text", ["the attacker's owner discards a card", "destroy 1 crystal of the attacker's controller"])
def test_a_text_with_no_attacker_refuses_its_owner(text):
    with pytest.raises(CardLanguageError) as info:
        _compile(text, SPELL)
    assert "refers to the attacker" in str(info.value)
