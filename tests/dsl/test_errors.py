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
    assert e.expected == "'if', ';' or the end of the text"
    assert e.column == 16


def test_syntax_error_text_ends_too_early(vocab):
    e = err(vocab, "draw 1;")
    assert e.message == "the text ends too early"
    assert "a word" in e.expected and "'may'" in e.expected


def test_syntax_error_empty_text_names_the_field(vocab):
    assert err(vocab, "   ").message == "the text is empty (main): write what the card does"


def test_a_capitalised_word_inside_a_sentence_is_offered_as_a_card_name(vocab):
    e = err(vocab, "from your hand, discard or play Ember Warden")
    assert e.column == 9 + 32 and e.suggestion == '"Ember Warden" (card names go in double quotes)'


def test_a_full_stop_inside_a_number_is_refused(vocab):
    e = err(vocab, "draw 1.5")
    assert e.column == 9 + 6 and "numbers in card texts are whole" in e.message


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


def test_an_empty_text_points_at_its_start_with_one_caret(vocab):
    e = err(vocab, "   ")
    assert "the text is empty (main)" in str(e)
    assert (e.line, e.column) == (4, 9)
    assert e.render().splitlines()[2].strip() == "^"


def test_a_trigger_with_nothing_after_its_keyword_points_after_the_keyword(vocab):
    from tabletop.framework.packs import registry

    v = registry().get("volfyirion").vocabulary()
    e = err(v, "when : draw a card", kind="card ability")
    assert "say what it waits for after 'when'" in str(e)
    assert e.column == 9 + 4 and e.render().splitlines()[2] == " " * 16 + "^"


def test_an_amount_that_must_be_plain_underlines_the_whole_expression():
    from tabletop.framework.packs import registry

    v = registry().get("volfyirion").vocabulary()
    e = err(v, "(2 + your command) battle", kind="amounts:resource")
    assert "this amount must be a plain number here" in str(e)
    assert e.column == 9 and e.render().splitlines()[2] == " " * 12 + "^" * 18


def test_what_may_follow_is_listed_with_or_before_the_last():
    from tabletop.framework.packs import registry

    v = registry().get("volfyirion").vocabulary()
    e = err(v, "move volfyirion toward the moon")
    assert "unexpected word 'toward' in this statement, expected the end of the phrase, 'to', 'onto' or 'back'" in str(e)


def test_an_unknown_verb_lists_the_verbs_and_the_phrases_that_open_with_a_subject():
    from tabletop.framework.packs import registry

    v = registry().get("volfyirion").vocabulary()
    e = err(v, "frobnicate 2 battle")
    assert "unknown verb 'frobnicate'" in str(e)
    assert "starting with one of:" in e.render() and "(or PLAYERS draw|draws N [card]" in e.render()


def test_a_long_list_of_phrases_that_could_follow_is_cut_and_says_where_the_rest_is():
    """'if if you control a hero' listed some 60 condition patterns, 2,000 characters."""
    from tabletop.framework.packs import registry

    v = registry().get("virevolt").vocabulary()
    e = err(v, "if you control a hero", "condition")
    text = e.render()
    assert "more: 'tabletop cards words virevolt' lists them all)" in text
    assert text.count(" | ") <= 9 and len(text) < 1200


def test_a_misspelt_if_is_named_and_a_word_that_is_no_if_is_not():
    from tabletop.framework.packs import registry

    v = registry().get("volfyirion").vocabulary()
    e = err(v, "gain 1 battle; iff you have no cards in your hand: draw a card")
    assert "unknown word 'iff' before ':'" in str(e) and "did you mean: 'if'?" in e.render()
    e = err(v, "gain 1 battle; at you have no cards in your hand: draw a card")
    assert "did you mean" not in e.render()
    assert "only 'if', 'when', 'whenever' and 'at the start/end of' end with ':'" in str(e)


def _lint_error(tmp_path, secondary: str) -> str:
    from tabletop.framework.cardset import CardSet
    from tabletop.framework.errors import ErrorList
    from tabletop.framework.packs import registry

    f = tmp_path / "cards.yaml"
    f.write_text("- name: Test Scout\n  type: command\n  house: red\n  cost: 2\n"
                 f"  secondary: '{secondary}'\n", encoding="utf-8")
    p = registry().get("volfyirion")
    with pytest.raises(ErrorList) as info:
        CardSet.load([f], p.registry.pm.hook.tabletop_card_format(pack="volfyirion"), p.vocabulary())
    return info.value.render()


def test_a_reference_to_what_the_card_has_not_underlines_the_reference(tmp_path):
    text = _lint_error(tmp_path, "if volfyirion is on this city: gain 2 battle")
    lines = text.splitlines()
    assert "cards.yaml:5:35:" in lines[0] and "'this city' refers to the city this card stands in" in lines[0]
    assert lines[2] == " " * 38 + "^" * 9


def test_a_phrase_the_pack_rejects_underlines_the_whole_phrase(tmp_path):
    lines = _lint_error(tmp_path, "draw 0").splitlines()
    assert "cards.yaml:5:15:" in lines[0] and "draw needs a positive number" in lines[0]
    assert lines[2] == " " * 18 + "^" * 6 and lines[3].strip() == "expected: draw N [card]"


def test_whenever_without_a_duration_underlines_whenever():
    from tabletop.framework.packs import registry

    v = registry().get("volfyirion").vocabulary()
    e = err(v, "whenever you play a red card: gain 1 battle")
    assert "say how long this lasts" in str(e)
    assert e.render().splitlines()[2] == " " * 12 + "^" * len("whenever")


def test_whenever_without_a_duration_shows_both_places_a_duration_may_go():
    from tabletop.framework.packs import registry

    e = err(registry().get("volfyirion").vocabulary(), "whenever you play a red card, gain 1 battle")
    assert "'this turn, whenever ...: ...' or 'whenever ... this turn, ...'" in e.message


def test_the_expected_phrases_listed_are_at_most_eight():
    from tabletop.framework.packs import registry

    v = registry().get("volfyirion").vocabulary()
    shown = err(v, "draw the moon").render().splitlines()[3].split("expected: ", 1)[1]
    assert shown.startswith("draw N [card] | ") and len(shown.split(" | ")) == 8


def test_a_colour_where_a_condition_is_expected_says_why(vocab):
    e = err(vocab, "flag 1 and blue", kind="condition")
    assert "unknown condition 'blue' ('blue' is a colour; in a condition 'and'/'or' join whole " \
           "conditions, so list words with ',')" in str(e)
    e = err(vocab, "frobnicate 1", kind="condition")
    assert "unknown condition 'frobnicate'" in str(e) and "is a colour" not in str(e)


def test_an_error_running_past_the_end_of_its_line_is_underlined_to_the_end_of_that_line(tmp_path):
    from tabletop.framework.cardset import CardSet
    from tabletop.framework.errors import ErrorList
    from tabletop.framework.packs import registry

    f = tmp_path / "cards.yaml"
    f.write_text("- name: Test Scout\n  type: command\n  house: red\n  cost: 2\n  secondary: >-\n"
                 "    fi you have no cards in\n    your hand, gain 1 battle: draw a card\n", encoding="utf-8")
    p = registry().get("volfyirion")
    with pytest.raises(ErrorList) as info:
        CardSet.load([f], p.registry.pm.hook.tabletop_card_format(pack="volfyirion"), p.vocabulary())
    lines = info.value.render().splitlines()
    assert "cards.yaml:6:5:" in lines[0]
    assert lines[1] == "        fi you have no cards in" and lines[2] == " " * 8 + "^" * len("fi you have no cards in")


def test_a_phrase_too_ambiguous_to_read_underlines_the_whole_phrase(monkeypatch):
    """When the matcher gives up (its step budget spent), the error points at that phrase only."""
    from tabletop.dsl import matcher
    from tabletop.framework.packs import registry

    tick = matcher.Matcher.tick

    def give_up_on_gain(self):
        if str(self.atoms[0].value) == "gain":
            raise matcher.TooComplex()
        tick(self)

    monkeypatch.setattr(matcher.Matcher, "tick", give_up_on_gain)
    v = registry().get("volfyirion").vocabulary()
    e = err(v, "draw 1; gain 2 battle; draw 1")
    assert "this statement is too long or ambiguous to read; split it with ';'" in str(e)
    assert e.render().splitlines()[2] == " " * 20 + "^" * len("gain 2 battle")


def test_a_second_effect_that_lost_its_verb_is_told_to_name_it():
    """'heal 2 damage from X and 1 from Y' reads as English; the error says how to write it."""
    from tabletop.framework.packs import registry

    e = err(registry().get("virevolt").vocabulary(), "heal 2 damage from your main hero and 1 from each secondary hero")
    assert "unexpected word 'and'" in e.message
    assert "a second effect names its own verb: '... and heal ...', or follows a ';'" in e.message


def test_expected_words_are_named_once_each():
    """Two patterns sharing 'have'/'has' do not list them twice."""
    from tabletop.framework.packs import registry

    e = err(registry().get("volfyirion").vocabulary(), "if they dance, draw a card")
    expected = e.message.split(", expected ", 1)[1]
    words = [w.strip(" '") for w in expected.replace(" or ", ", ").split(",")]
    assert "have" in words and "do" in words
    assert len(words) == len(set(words)), expected


def test_typographic_quotes_are_named(vocab):
    e = err(vocab, "“draw 1”")
    assert e.message.startswith("unexpected '“': card names go in straight double quotes")


def test_a_condition_before_a_colon_is_offered_as_if_or_guard(vocab):
    e = err(vocab, "synergy red: draw 1")
    assert e.suggestion == "'if synergy red: ...', or 'synergy red -> ...' where the card's ability may be guarded"


@pytest.mark.parametrize("text", ["; is sealed , to 0 you remove while until has", "-1 its next divided plays while that"])
def test_a_while_after_words_that_are_no_phrase_is_a_located_error(text):
    """``CHANGE while CONDITION`` is tried only where the words before ``while`` read: these are an error, not a crash."""
    from tabletop.framework.packs import registry

    with pytest.raises(CardLanguageError) as info:
        compile_text(text, "card ability", registry().get("volfyirion").vocabulary(), program_id="test/while")
    assert info.value.column is not None


@pytest.mark.parametrize("text", ["draw two cards; gain 1 knowledge for each red card in them",
                                  "look at the top 3 cards of your deck; gain 1 knowledge for each red card in it"])
def test_cards_counted_in_it_or_them_are_pointed_to_among_them(text):
    from tabletop.framework.packs import registry

    e = err(registry().get("volfyirion").vocabulary(), text)
    assert "'among them', not a place" in e.message and e.suggestion == "'among them'"
