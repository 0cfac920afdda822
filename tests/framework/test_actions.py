"""Action notation: every action formats to text that parses back to the same action."""
import pytest
from hypothesis import given, strategies as st

from tabletop.framework.actions import (ActionSyntaxError, INT, NAME, WORD, VerbSpec, format_action,
                                        parse_action)

SPECS = {
    "play": VerbSpec("play", (NAME, r"city\d"), optional_tail=1),
    "acquire": VerbSpec("acquire", (WORD, INT)),
    "attack": VerbSpec("attack", (r"p\d+\.city\d",)),
    "end turn": VerbSpec("end turn"),
    "seal": VerbSpec("seal", (r"p\d+", NAME)),
}

names = st.lists(st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'-", min_size=1, max_size=8),
                 min_size=1, max_size=3).map(" ".join)


@given(names, st.one_of(st.none(), st.integers(1, 9)))
def test_play_round_trip(name, city):
    action = ("play", name) if city is None else ("play", name, f"city{city}")
    assert parse_action(format_action(action), SPECS) == action


@given(st.sampled_from(["asset", "wonder"]), st.integers(0, 99))
def test_acquire_round_trip(kind, n):
    action = ("acquire", kind, n)
    assert parse_action(format_action(action), SPECS) == action


@given(st.integers(1, 4), names)
def test_name_after_token_round_trip(p, name):
    action = ("seal", f"p{p}", name)
    assert parse_action(format_action(action), SPECS) == action


def test_multi_word_verb():
    assert parse_action("end turn", SPECS) == ("end turn",)


def test_wrong_kind_of_argument_is_explained():
    with pytest.raises(ActionSyntaxError, match="expected a number"):
        parse_action("acquire asset three", SPECS)


def test_unknown_verb_suggests_the_closest():
    with pytest.raises(ActionSyntaxError, match="did you mean 'attack'"):
        parse_action("atack p2.city1", SPECS)


def test_bad_place_is_refused():
    with pytest.raises(ActionSyntaxError):
        parse_action("attack p2.castle", SPECS)


@pytest.mark.parametrize("word", ["²", "9" * 19])
def test_a_number_argument_is_ascii_digits_that_fit_a_whole_number(word):
    """'²'.isdigit() is true and int('²') fails: the answer was "invalid literal for int()"."""
    with pytest.raises(ActionSyntaxError, match="expected a number"):
        parse_action(f"acquire asset {word}", SPECS)
