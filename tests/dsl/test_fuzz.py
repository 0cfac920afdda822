"""Fuzzing: any input compiles or raises CardLanguageError, never anything else."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.dsl.conftest import make_vocab
from tabletop.dsl import CardLanguageError, compile_text

VOCAB = make_vocab()
KINDS = ["effect", "ability", "condition", "number", "amounts:resource", "words:colour",
         "trigger", "cost", "modifier", "target"]
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WORDS = (["may", "choose", "one", ":", "if", "not", "and", "or", "->", ";", "|", "(", ")", ",",
          "+", "-", "*", '"Ember Warden"', "0", "1", "2", "12", "gain", "draw", "deal", "damage",
          "to", "target", "enemy", "each", "of", "your", "opponent", "you", "it", "from", "hand",
          "discard", "play", "log", "synergy", "flag", "cost", "count", "an", "plays", "costs",
          "less", "batle", "drw", "trop"]
         + [w for ws in VOCAB.classes.values() for w in ws])


def check(text: str, kind: str) -> None:
    try:
        compile_text(text, kind, VOCAB, program_id="fuzz")
    except CardLanguageError as e:
        assert e.line is not None and e.column is not None and e.message
        e.render()


@FAST
@given(st.text(max_size=60), st.sampled_from(KINDS))
def test_random_text(text, kind):
    check(text, kind)


@FAST
@given(st.lists(st.sampled_from(WORDS), max_size=25), st.sampled_from(KINDS))
def test_random_token_soup(tokens, kind):
    check(" ".join(tokens), kind)


# -- grammar-generated text: valid-looking phrases built from the test vocabulary ----------

res = st.sampled_from(VOCAB.classes["resource"])
col = st.sampled_from(VOCAB.classes["colour"])
kind_w = st.sampled_from(VOCAB.classes["cardkind"])
num_atom = st.one_of(st.integers(0, 20).map(str),
                     st.sampled_from(["(cost of it)", "(count of troop)", "(2 + count of hero * 3)",
                                      "(1 - -2)", "(count of trop)"]))
target = st.one_of(kind_w.map(lambda k: f"target enemy {k}"),
                   st.tuples(kind_w, st.sampled_from(["you", "your opponent"])).map(
                       lambda t: f"each {t[0]} of {t[1]}"),
                   st.just("it"))
amounts = st.lists(st.tuples(num_atom, res).map(" ".join), min_size=1, max_size=3).map(
    lambda xs: ", ".join(xs))
phrase = st.one_of(amounts.map(lambda a: f"gain {a}"), num_atom.map(lambda n: f"draw {n}"),
                   st.tuples(num_atom, target).map(lambda t: f"deal {t[0]} damage to {t[1]}"),
                   col.map(lambda c: f"log {c}"), st.just('from your hand, discard or play "X"'))
cphrase = st.one_of(st.lists(col, min_size=1, max_size=3).map(lambda cs: "synergy " + ", ".join(cs)),
                    num_atom.map(lambda n: f"flag {n}"))
cond = st.recursive(cphrase, lambda c: st.one_of(
    st.tuples(c, st.sampled_from(["and", "or"]), c).map(" ".join),
    c.map(lambda x: f"not {x}"), c.map(lambda x: f"({x})")), max_leaves=4)
step = st.recursive(phrase, lambda s: st.one_of(
    s.map(lambda x: f"may {x}"),
    st.lists(s, min_size=2, max_size=3).map(lambda xs: "choose one: " + " | ".join(
        x if not x.startswith("choose") else f"({x})" for x in xs)),
    st.lists(s, min_size=1, max_size=3).map(lambda xs: "(" + "; ".join(xs) + ")")), max_leaves=5)
effect = st.tuples(st.lists(step, min_size=1, max_size=3),
                   st.none() | st.tuples(cond, st.lists(step, min_size=1, max_size=2))).map(
    lambda t: "; ".join(t[0]) + (f"; if {t[1][0]}: " + "; ".join(t[1][1]) if t[1] else ""))


@FAST
@given(effect)
def test_generated_effects(text):
    check(text, "effect")


@FAST
@given(cond, effect)
def test_generated_abilities(c, e):
    check(f"{c} -> {e}", "ability")


@FAST
@given(effect, st.integers(0, 200), st.sampled_from(["", "x", ";", "(", ")", "|", ":", "zz", "1", "and"]))
def test_mutated_generated_effects(text, at, junk):
    at = at % (len(text) + 1)
    check(text[:at] + junk + text[at:], "effect")
