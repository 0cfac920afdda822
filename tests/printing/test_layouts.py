"""Layouts are data: a pack (or a fan expansion, or a designer) brings its own without Python,
a pack with none still prints every field, and a layout file can read card fields and nothing else."""
from __future__ import annotations

import ast
import re
import io
import types
from pathlib import Path

import pdfplumber
import pytest

from tabletop.framework.cards import CardDef
from tabletop.framework.errors import ErrorList, TabletopError
from tabletop.framework.hookspecs import hookimpl
from tabletop.framework.packs import CardFormat, PackInfo, Registry
from tabletop.printing import palette
from tabletop.printing.document import render_pdf
from tabletop.printing.fields import Values, fill
from tabletop.printing.layout import load_layout
from tabletop.printing.selection import choose
from tabletop.printing.sheet import Sheet
from tests.printing.sheets import name_band, tabletop, text_in, trim_box

ROOT = Path(__file__).resolve().parents[2]

MINI_SCHEMA = {"type": "object", "required": ["name", "type"],
               "properties": {"name": {"type": "string"}, "type": {"type": "string"}}}
MINI_CARDS = """\
- name: Lantern
  type: relic
  colour: gold
  power: 3
  text: when you draw this card, draw another
  tags: [light, starter]
- name: Tide Spell
  type: spell
  colour: seafoam
  cost: 2
  text: return a relic to its owner's hand
"""


def mini_plugin(card_file: Path):
    """A pack plugin made in the test: cards of two types, and no print layouts."""
    @hookimpl
    def tabletop_pack_info():
        return PackInfo("mini", "1.0", "Mini Game")

    @hookimpl
    def tabletop_card_format(pack):
        return CardFormat(MINI_SCHEMA, lambda entry, compiler: CardDef(**entry)) if pack == "mini" else None

    @hookimpl
    def tabletop_card_files(pack):
        return [card_file] if pack == "mini" else None

    return types.SimpleNamespace(tabletop_pack_info=tabletop_pack_info, tabletop_card_format=tabletop_card_format,
                                 tabletop_card_files=tabletop_card_files)


def _print(pack) -> tuple[pdfplumber.PDF, object]:
    layout = load_layout(pack.info.title, pack.print_layouts())
    data, printed = render_pdf(layout, choose(pack, copies_field=layout.copies), Sheet.plan("a4", (63, 88)))
    return pdfplumber.open(io.BytesIO(data)), printed


@pytest.fixture
def mini(tmp_path):
    cards = tmp_path / "mini.yaml"
    cards.write_text(MINI_CARDS, encoding="utf-8")
    reg = Registry()
    reg.add(mini_plugin(cards), "mini")
    return reg, tmp_path


def test_a_pack_without_layouts_prints_every_field_with_the_generic_layout(mini):
    reg, _ = mini
    doc, printed = _print(reg.get("mini"))
    with doc:
        assert len(doc.pages) == 2 and not printed.problems
        page = doc.pages[0]
        lantern = text_in(page, trim_box(0))
        assert text_in(page, name_band(trim_box(0))) == "Lantern"
        for shown in ("Relic", "Power: 3", "Text: when you draw this card, draw another", "Tags: light", "Tags: starter"):
            assert shown in lantern
        assert "Cost: 2" in text_in(page, trim_box(1))
        assert "MINI GAME" not in doc.pages[1].extract_text() and "Mini Game" in doc.pages[1].extract_text()


TEMPLATE = """\
types: [spell]
elements:
  - {shape: rect, box: [0, 0, 63, 20], fill: "{colour}"}
  - {text: "{name|upper}", box: [4, 2, 55, 7], font: serif-bold, size: 11, min_size: 6}
  - {text: "Costs {cost} mana", box: [4, 30, 55, 7]}
  - {rest: true, box: [4, 40, 55, 40]}
"""


def test_a_fan_expansion_brings_the_template_of_its_own_card_type(mini):
    reg, tmp = mini
    (tmp / "spell.yaml").write_text(TEMPLATE, encoding="utf-8")
    fan = types.SimpleNamespace(tabletop_print_layouts=hookimpl(lambda pack: [tmp / "spell.yaml"] if pack == "mini" else None))
    reg.add(fan, "mini-spells")
    doc, printed = _print(reg.get("mini"))
    with doc:
        page = doc.pages[0]
        spell = text_in(page, trim_box(1))
        assert "TIDE SPELL" in spell and "Costs 2 mana" in spell
        assert "Text: return a relic to its owner's hand" in spell and "Cost:" not in spell
        assert "Power: 3" in text_in(page, trim_box(0))  # the relic keeps the generic layout


def test_two_plugins_drawing_one_card_type_is_an_error_naming_both(mini):
    reg, tmp = mini
    for name in ("a.yaml", "b.yaml"):
        (tmp / name).write_text(TEMPLATE, encoding="utf-8")
    reg.add(types.SimpleNamespace(tabletop_print_layouts=hookimpl(lambda pack: [tmp / "a.yaml", tmp / "b.yaml"])), "two")
    with pytest.raises(ErrorList, match="'spell' has two templates") as e:
        load_layout("Mini", reg.get("mini").print_layouts())
    assert "a.yaml" in e.value.render() and "b.yaml" in e.value.render()


def test_a_designers_layout_replaces_the_packs_template_and_unnamed_fields_still_print(tmp_path):
    mine = tmp_path / "hero.yaml"
    mine.write_text("types: [hero]\nelements:\n"
                    "  - {text: '{name}', box: [4, 2, 40, 7], size: 11}\n"
                    "  - {rest: true, box: [4, 20, 55, 60]}\n", encoding="utf-8")
    pdf = tmp_path / "h.pdf"
    r = tabletop("cards", "print", "virevolt", "--only", "Ember Warden", "--only", "Fireball", "--layout", str(mine),
                 "--out", str(pdf))
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(pdf) as doc:
        hero = text_in(doc.pages[0], trim_box(0))
        spell = text_in(doc.pages[0], trim_box(1))
    assert hero.startswith("Ember Warden") and "HP" not in hero
    assert "Rotation: 1 neutral" in hero and "Attacks: name: Flame Lash; cost: 2 red" in hero
    assert "Incantation" in spell  # other types keep the pack's own template


def test_layout_errors_are_located_with_a_suggestion(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("types: [hero]\nelements:\n  - {text: '{name}', box: [4, 2, 40, 7], fnt: bold}\n"
                   "  - {shape: star, box: [1, 1, 5, 5]}\n", encoding="utf-8")
    r = tabletop("cards", "print", "virevolt", "--layout", str(bad), "--out", str(tmp_path / "x.pdf"))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert f"{bad}:3:" in r.stderr and "unknown key 'fnt' (did you mean 'font'?)" in r.stderr
    assert f"{bad}:4:" in r.stderr and "'star' is not one of" in r.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_an_unknown_font_is_named_with_the_fonts_there_are(mini):
    reg, tmp = mini
    (tmp / "f.yaml").write_text(TEMPLATE.replace("serif-bold", "serif-blod"), encoding="utf-8")
    reg.add(types.SimpleNamespace(tabletop_print_layouts=hookimpl(lambda pack: [tmp / "f.yaml"])), "fonts")
    with pytest.raises(TabletopError, match="unknown font 'serif-blod' \\(did you mean 'serif-bold'\\?\\)"):
        _print(reg.get("mini"))


def test_a_template_fills_fields_only():
    values = Values({"name": "Lantern", "cost": 2})
    assert fill("{name|upper} costs {cost}", values) == "LANTERN costs 2"
    assert fill("{name.__class__} {cost}", values) == "{name.__class__} 2"
    assert fill("{power} power", values) is None


def test_colour_words_palette_then_css_names_then_a_stable_colour_of_their_own():
    assert palette.resolve("red", {"red": "#b00000"}) == (0xb0 / 255, 0, 0)
    assert palette.resolve("Turquoise", {}) == palette.resolve("#40e0d0", {})
    assert palette.resolve("seafoam-ish", {}) == palette.resolve("Seafoam-Ish", {})
    assert palette.resolve("seafoam-ish", {}) != palette.resolve("moss-ish", {})


def test_printing_reaches_packs_only_through_the_registry():
    """Floors: the printing front end never imports a pack module, and no lower floor imports it."""
    def imports(folder: Path) -> set[str]:
        names = set()
        for f in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(f.read_text("utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module:
                    names.add(node.module)
                elif isinstance(node, ast.Import):
                    names.update(a.name for a in node.names)
        return names

    assert not [m for m in imports(ROOT / "printing") if m.startswith(("tabletop.packs", "tabletop.cli"))]
    for lower in ("framework", "dsl", "packs"):
        assert not [m for m in imports(ROOT / lower) if m.startswith("tabletop.printing")], lower


def test_the_layouts_shown_in_the_docs_load_and_print(mini):
    import re

    reg, tmp = mini
    blocks = re.findall(r"```yaml\n(.*?)```", (ROOT / "docs" / "print.md").read_text("utf-8"), re.S)
    assert len(blocks) == 2
    files = []
    for i, block in enumerate(blocks):
        files.append(tmp / f"doc{i}.yaml")
        files[-1].write_text(block, encoding="utf-8")
    reg.add(types.SimpleNamespace(tabletop_print_layouts=hookimpl(lambda pack: files)), "doc-layouts")
    doc, printed = _print(reg.get("mini"))
    with doc:
        assert not printed.problems
        assert "Tide Spell" in text_in(doc.pages[0], trim_box(1)) and "2" in text_in(doc.pages[0], trim_box(1))
        assert "Mini Game" in doc.pages[1].extract_text()


def test_png_file_names_fold_accents():
    from tabletop.printing.document import file_stem

    assert file_stem("Dragon de l'Été") == "dragon-de-l-ete"
    assert file_stem("Ωμέγα Wyrm #2") == "ωμεγα-wyrm-2"


@pytest.mark.parametrize("file, content, said", [
    ("nothere/Fancy.ttf", None, "no such font file: .*Fancy.ttf"),
    ("fake.ttf", b"not a font at all", "fake.ttf is not a TrueType font: give a .ttf file"),
    ("cff.otf", b"OTTO\0\0\0\0", "PostScript outlines, which cannot be embedded"),
])
def test_a_layout_font_file_that_cannot_be_used_is_reported_at_its_line(tmp_path, file, content, said):
    if content is not None:
        (tmp_path / file).write_bytes(content)
    layout = tmp_path / "mine.yaml"
    layout.write_text(f"types: [relic]\nfonts: {{fancy: {file}}}\nelements:\n"
                      "  - {text: '{name}', box: [6, 6, 51, 10], font: fancy}\n", encoding="utf-8")
    with pytest.raises(ErrorList) as got:
        load_layout("Mini", [], [layout])
    rendered = got.value.errors[0].render()
    assert rendered.startswith(f"{layout}:2:") and "fonts/fancy: " in rendered
    assert re.search(said, rendered)
