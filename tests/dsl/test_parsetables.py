"""The card language's parse tables, remembered between runs as JSON: read back, they parse every
text exactly as the parser built from the grammar does (trees, positions, errors), and anything
but the file this code wrote costs a rebuild, never a wrong parser."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from lark import Token

from tabletop.dsl import parsetables, syntax

ROOT = Path(__file__).resolve().parents[2]
GRAMMAR = (ROOT / "dsl" / "grammar.lark").read_text(encoding="utf-8")
OPTIONS = dict(parser="lalr", lexer="contextual", start=syntax._STARTS, propagate_positions=True,
               maybe_placeholders=False)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "tabletop" / parsetables.FILE


@pytest.fixture
def builds(monkeypatch):
    """How many times the tables were built from the grammar (not read back)."""
    made = []

    class Counting(parsetables.Lark):
        def __init__(self, *args, **kwargs):
            made.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(parsetables, "Lark", Counting)
    return made


def card_texts() -> list[str]:
    texts = []
    for path in sorted(ROOT.glob("packs/*/cards/*.yaml")):
        for card in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            for value in card.values() if isinstance(card, dict) else ():
                for text in value if isinstance(value, list) else [value]:
                    if isinstance(text, str) and " " in text:
                        texts.append(syntax.as_written(text))
    return texts + ["gain 2 batle", "draw (a card", "if you control: gain 1 battle", "deal 3 damage to"]


def shape(node):
    """A tree as nested tuples: each rule's name and place, each token's type, text and place.
    (A rule's name is a plain string in tables read back, a ``Token`` of type RULE when built:
    equal as strings, which is how the compiler reads it.)"""
    if isinstance(node, Token):
        return (node.type, str(node), node.line, node.column, node.end_column)
    m = node.meta
    where = () if m.empty else (m.line, m.column, m.end_line, m.end_column)
    return (str(node.data), where, tuple(shape(c) for c in node.children))


def reading(parser, text: str) -> list:
    """Each start's tree, or the error and where it is."""
    out = []
    for start in syntax._STARTS:
        try:
            out.append(shape(parser.parse(text, start=start)))
        except Exception as e:  # noqa: BLE001 (the error itself is what is compared)
            out.append((type(e).__name__, getattr(e, "line", None), getattr(e, "column", None),
                        sorted(getattr(e, "expected", None) or getattr(e, "allowed", None) or ())))
    return out


def test_tables_read_back_parse_every_text_as_the_built_parser(cache, builds):
    built = parsetables.parser(GRAMMAR, **OPTIONS)
    assert builds == [1] and cache.is_file()
    read_back = parsetables.parser(GRAMMAR, **OPTIONS)
    assert builds == [1]
    texts = card_texts()
    assert len(texts) > 150
    for text in texts:
        assert reading(read_back, text) == reading(built, text), text


def test_what_is_kept_is_json_data(cache):
    parsetables.parser(GRAMMAR, **OPTIONS)
    kept = json.loads(cache.read_text(encoding="utf-8"))
    assert set(kept) == {"key", "tables", "checksum"}
    assert set(parsetables._untag(json.loads(kept["tables"]))) == {"data", "memo"}


@pytest.mark.parametrize("damage", [
    lambda text: "",
    lambda text: text[: len(text) // 2],
    lambda text: text.replace("lalr", "lalx", 1),  # the tables changed, the checksum not
    lambda text: json.dumps({**json.loads(text), "tables": "[]", "checksum": parsetables._checksum("[]")}),
])
def test_a_damaged_or_foreign_file_costs_a_rebuild_and_is_replaced(cache, builds, damage):
    first = parsetables.parser(GRAMMAR, **OPTIONS)
    cache.write_text(damage(cache.read_text(encoding="utf-8")), encoding="utf-8")
    again = parsetables.parser(GRAMMAR, **OPTIONS)
    assert builds == [1, 1]
    assert reading(again, "gain 2 battle") == reading(first, "gain 2 battle")
    parsetables.parser(GRAMMAR, **OPTIONS)
    assert builds == [1, 1]  # the file was replaced, and is read back


def test_another_grammar_or_option_is_never_served_these_tables(cache, builds):
    parsetables.parser(GRAMMAR, **OPTIONS)
    parsetables.parser(GRAMMAR + "\n// a comment\n", **OPTIONS)
    parsetables.parser(GRAMMAR, **{**OPTIONS, "propagate_positions": False})
    assert builds == [1, 1, 1]


def test_a_cache_folder_that_cannot_be_written_still_gives_a_parser(tmp_path, monkeypatch, builds):
    blocked = tmp_path / "a file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert str(parsetables.parser(GRAMMAR, **OPTIONS).parse("gain 2 battle", start="start_effect"))
    assert str(parsetables.parser(GRAMMAR, **OPTIONS).parse("gain 2 battle", start="start_effect"))
    assert builds == [1, 1]
