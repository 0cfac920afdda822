"""Every kind of card-language error: where, what was expected, and 'did you mean'."""
from __future__ import annotations

import pytest

from tabletop.dsl import CardLanguageError, Source, compile_text
from tabletop.framework.errors import LocatedError

SRC = Source(file="cards.yaml", card="Flawless Deploy", field="main", line=4, column=9, indent=4)


def err(vocab, text, kind="effect", source=SRC) -> CardLanguageError:
    with pytest.raises(CardLanguageError) as info:
        compile_text(text, kind, vocab, program_id="e", source=source)
    return info.value


def test_error_is_a_located_error(vocab):
    assert isinstance(err(vocab, "drw 1"), LocatedError)


def test_error_names_file_card_line_and_column(vocab):
    e = err(vocab, "draw 1; drw 1")
    assert (e.file, e.card, e.field, e.line, e.column) == ("cards.yaml", "Flawless Deploy", "main", 4, 17)
    assert e.render().startswith("cards.yaml:4:17: card 'Flawless Deploy', field 'main': ")


def test_error_shows_the_line_with_a_caret(vocab):
    lines = err(vocab, "draw 1; drw 1").render().splitlines()
    assert lines[1] == "            draw 1; drw 1"
    assert lines[2] == "                    ^^^"


def test_default_source_locates_within_the_text(vocab):
    e = err(vocab, "draw 1;\ndrw 1", source=None)
    assert (e.file, e.line, e.column) == (None, 2, 1)
    assert e.render().startswith("<text>:2:1: ")


def test_continuation_lines_use_the_indent(vocab):
    e = err(vocab, "gain 2 command,\n3 batle")
    assert (e.line, e.column, e.width) == (5, 7, 5)


def test_source_lines_of_the_file_are_shown(vocab):
    src = Source(file="f.yaml", line=2, column=9, lines=("- name: X", "  main: drw 1"))
    e = err(vocab, "drw 1", source=src)
    assert e.source_line == "  main: drw 1" and e.column == 9


def test_unknown_verb_suggests_a_verb(vocab):
    e = err(vocab, "drw 1")
    assert e.message == "unknown verb 'drw'"
    assert e.suggestion == "'draw'"
    assert "deal, draw" in e.expected


def test_unknown_word_of_a_class(vocab):
    e = err(vocab, "gain 2 batle")
    assert e.message.startswith("unknown resource 'batle'")
    assert e.suggestion == "'battle'"
    assert e.width == 5 and e.column == 16


def test_unknown_word_inside_a_family(vocab):
    e = err(vocab, "deal 3 damage to target enemy trop")
    assert "unknown cardkind 'trop'" in e.message and e.suggestion == "'troop'"


def test_phrase_not_matching_its_verb_lists_the_patterns(vocab):
    e = err(vocab, "deal 3 dmg to it")
    assert e.expected == "deal N damage to TARGET"
    assert "expected 'damage'" in e.message and e.suggestion == "'damage'"


def test_phrase_ending_too_early(vocab):
    e = err(vocab, "deal 3 damage")
    assert "ends too early" in e.message and "'to'" in e.message


def test_phrase_with_extra_words(vocab):
    e = err(vocab, "draw 1 card")
    assert "unexpected word 'card'" in e.message and "end of the phrase" in e.message


def test_unknown_condition(vocab):
    e = err(vocab, "synergi red", kind="condition")
    assert e.message == "unknown condition 'synergi'" and e.suggestion == "'synergy'"


def test_and_between_words_of_one_condition_joins_the_words(vocab, state):
    """'synergy red and blue' is one condition whose list is 'red and blue', not two conditions."""
    cond = compile_text("synergy red and blue", "condition", vocab, program_id="t")
    state.vars["colours"] = ("red",)
    assert not cond(state, {})
    state.vars["colours"] = ("red", "blue")
    assert cond(state, {})


def test_and_between_a_word_and_a_condition_is_explained(vocab):
    e = err(vocab, "synergy red and blue and flag", kind="condition")
    assert "unknown condition" in e.message or "expected" in e.message


def test_unknown_quantity(vocab):
    e = err(vocab, "draw (cout of troop)")
    assert e.message == "unknown quantity 'cout'" and e.suggestion == "'count'"


def test_syntax_error_unexpected_token(vocab):
    e = err(vocab, "draw 1 |")
    assert e.message == "unexpected '|'"
    assert e.expected == "';' or the end of the text"
    assert e.column == 16


def test_syntax_error_text_ends_too_early(vocab):
    e = err(vocab, "draw 1;")
    assert e.message == "the text ends too early"
    assert "a word" in e.expected and "'may'" in e.expected


def test_syntax_error_empty_text_names_the_field(vocab):
    assert err(vocab, "   ").message == "the text is empty (main): write what the card does"


def test_syntax_error_uppercase(vocab):
    e = err(vocab, "Draw 1")
    assert "lowercase" in e.message and e.suggestion == "'draw'" and e.width == 4


def test_syntax_error_unterminated_name(vocab):
    e = err(vocab, 'from your hand, discard or play "Ember')
    assert "closing" in e.message


def test_syntax_error_bad_character(vocab):
    e = err(vocab, "draw 1 & draw 2")
    assert e.message == "unexpected character '&'" and e.column == 16


def test_if_in_the_middle_of_a_phrase_is_explained(vocab):
    e = err(vocab, "draw 1 if flag 2: draw 2")
    assert "only start a step" in e.message


def test_misspelt_choose_one(vocab):
    assert err(vocab, "chose one: draw 1 | draw 2").suggestion == "'choose one:'"


def test_non_constant_amount(vocab):
    e = err(vocab, "(count of troop) command", kind="amounts:resource")
    assert e.message == "this amount must be a plain number here"
    assert e.width == len("(count of troop)")


def test_pack_rejection_is_located(vocab):
    e = err(vocab, "draw 0")
    assert e.message == "draw needs at least 1 card" and e.expected == "draw N"


def test_words_kind_unknown_word(vocab):
    e = err(vocab, "red, blu", kind="words:colour")
    assert "unknown colour 'blu'" in e.message and e.suggestion == "'blue'"


def test_render_has_no_traceback(vocab):
    out = err(vocab, "gain 2 batle").render()
    assert "Traceback" not in out
    assert "  expected: gain N RESOURCE, ..." in out
    assert "  did you mean: 'battle'?" in out


def test_non_text_is_an_error(vocab):
    assert "expected a card text" in err(vocab, 3).message
