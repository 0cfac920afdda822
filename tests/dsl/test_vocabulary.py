"""How packs give the words: word classes, pattern syntax, families, extension."""
from __future__ import annotations

import pytest

from tabletop.dsl import CardLanguageError, Vocabulary, VocabularyError, compile_text, parser
from tabletop.dsl.vocabulary import Pattern


def test_pattern_display():
    p = Pattern("effect", "deal {n:number} damage to {target:target}", lambda **k: None)
    assert p.show() == "deal N damage to TARGET" and p.first == {"deal", "deals"}


def test_pattern_starting_with_placeholder_has_no_first_word():
    assert Pattern("cost", "{a:amounts:crystal}", lambda **k: None).first is None


@pytest.mark.parametrize("bad", ["draw {n}", "draw {n:word}", "Draw {n:number}", "{a:number} {a:number}",
                                 "draw {n:number:x}", ""])
def test_bad_patterns_are_vocabulary_errors(bad):
    with pytest.raises(VocabularyError):
        Pattern("effect", bad, lambda **k: None)


def test_bad_word_in_class():
    with pytest.raises(VocabularyError):
        Vocabulary("x").words("colour", ["Red"])


def test_first_registered_pattern_wins():
    v = Vocabulary("x")
    v.effect("hit {n:number}")(lambda n: (lambda s, c: "first"))
    v.effect("hit {n:number}")(lambda n: (lambda s, c: "second"))
    prog = compile_text("hit 1", "effect", v, program_id="x")
    assert prog.steps[0](None, {}) == "first"


def test_backtracking_over_word_lists():
    v = Vocabulary("x")
    v.words("colour", ["red", "blue"])
    got = {}

    @v.effect("paint {cs:words:colour} and blue")
    def paint(cs):
        got["cs"] = cs
        return lambda s, c: None

    compile_text("paint red and blue", "effect", v, program_id="x")
    assert got["cs"] == ("red",)


def test_left_recursive_family_does_not_loop():
    v = Vocabulary("x")
    v.pattern("thing", "{t:thing} too")(lambda t: t + "+")
    v.pattern("thing", "it")(lambda: "it")
    v.effect("hit {t:thing}")(lambda t: (lambda s, c: t))
    with pytest.raises(CardLanguageError):
        compile_text("hit it too", "effect", v, program_id="x")
    assert compile_text("hit it", "effect", v, program_id="x").steps[0](None, {}) == "it"


def test_extend_reuses_a_base_vocabulary(vocab):
    v = Vocabulary("child").extend(vocab)
    v.words("colour", ["purple"])
    assert compile_text("synergy purple", "condition", v, program_id="x")
    assert "purple" not in vocab.classes["colour"]


def test_unknown_kind_is_a_pack_error(vocab):
    with pytest.raises(VocabularyError):
        compile_text("x", "nonsense", vocab, program_id="x")


def test_effect_returning_a_non_step_is_a_pack_error():
    v = Vocabulary("x")
    v.effect("oops")(lambda: 3)
    with pytest.raises(VocabularyError):
        compile_text("oops", "effect", v, program_id="x")


def test_parser_is_built_once():
    assert parser() is parser()


def test_family_with_no_patterns_is_a_located_error():
    v = Vocabulary("x")
    v.effect("hit")(lambda: (lambda s, c: None))
    with pytest.raises(CardLanguageError) as e:
        compile_text("hit", "condition", v, program_id="x")
    assert "no condition phrases" in e.value.message


def test_malformed_kinds_are_refused_by_the_compiler():
    """A kind names a family or a built-in with exactly the arguments it takes: 'amounts:CLASS',
    'words:CLASS', 'word:CLASS', 'name'; anything else is the pack author's error, said so."""
    from tabletop.dsl import VocabularyError, compile_text
    from tests.dsl.conftest import make_vocab

    vocab = make_vocab()
    assert compile_text("2 command", "amounts:resource", vocab, program_id="t/a") == ((2, "command"),)
    assert compile_text('"Ember Warden"', "name", vocab, program_id="t/n") == "Ember Warden"
    for kind in ("amounts", "words", "word", "name:resource", "amounts:nothing", "gibberish"):
        with pytest.raises(VocabularyError):
            compile_text("2 command", kind, vocab, program_id=f"t/{kind}")
