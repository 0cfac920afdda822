"""Fuzzing with the packs' own vocabularies (selectors, counts, triggers, modifiers): any input
compiles or raises a located CardLanguageError, never anything else."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.dsl import CardLanguageError, compile_text
from tabletop.dsl.scope import Scope
from tabletop.dsl.words import entries
from tabletop.framework.packs import registry

PACKS = {name: registry().get(name).vocabulary() for name in ("volfyirion", "virevolt")}
KINDS = ["effect", "ability", "card ability", "condition", "number", "trigger", "modifier", "cards", "moment"]
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SCOPES = [None, Scope({"this": "card"}, "a card"), Scope({"this": "hero", "target": "hero", "attack": "attack"}, "an attack")]


def _words(vocab) -> list[str]:
    words = {w for e in entries(vocab) for w in e.example.replace(",", " , ").replace(":", " : ").split()}
    words |= {w for ws in vocab.classes.values() for w in ws}
    return sorted(words | {"when", "whenever", "at", "the", "start", "end", "of", "while", "if", "otherwise",
                           ";", ":", "(", ")", ",", "|", "may", "choose", "one", "or", "and", "not",
                           "for", "each", "equal", "to", "up", "+1", "-", "this", "turn", "it", "them"})


WORDS = {name: _words(v) for name, v in PACKS.items()}


def check(pack: str, text: str, kind: str, scope) -> None:
    try:
        compile_text(text, kind, PACKS[pack], program_id="fuzz", scope=scope)
    except CardLanguageError as e:
        assert e.line is not None and e.column is not None and e.message
        e.render()


@FAST
@given(st.sampled_from(sorted(PACKS)), st.data(), st.sampled_from(KINDS), st.sampled_from(SCOPES))
def test_word_soup(pack, data, kind, scope):
    tokens = data.draw(st.lists(st.sampled_from(WORDS[pack]), max_size=20))
    check(pack, " ".join(tokens), kind, scope)


@FAST
@given(st.sampled_from(sorted(PACKS)), st.data(), st.sampled_from(SCOPES))
def test_mutated_examples(pack, data, scope):
    ex = data.draw(st.sampled_from([e for e in entries(PACKS[pack])]))
    words = ex.example.split()
    i = data.draw(st.integers(0, len(words)))
    extra = data.draw(st.lists(st.sampled_from(WORDS[pack]), max_size=3))
    check(pack, " ".join(words[:i] + extra + words[i + 1:]), ex.kind if ex.kind != "quantity" else "number", scope)
