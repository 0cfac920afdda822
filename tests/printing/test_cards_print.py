"""`tabletop cards print`: both packs' sets and a deck on paper, as a player would print and cut them."""
from __future__ import annotations

import math
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
import yaml

from tests.printing.sheets import LETTER, MM, grid, name_band, tabletop, text_in, trim_box

ROOT = Path(__file__).resolve().parents[2]
PACKS = ("volfyirion", "virevolt")


def _set_in_print_order(pack: str) -> list[str]:
    """The pack's cards in file order, each as many times as its card file's ``copies`` says."""
    from tabletop.framework.packs import registry

    return [c.name for c in registry().get(pack).cards().cards for _ in range(c.get("source", {}).get("copies", 1))]


@pytest.fixture(scope="module")
def full_sets(tmp_path_factory):
    out = {}
    for pack in PACKS:
        pdf = tmp_path_factory.mktemp(pack) / f"{pack}.pdf"
        r = tabletop("cards", "print", pack, "--out", str(pdf))
        out[pack] = (r, pdf)
    return out


@pytest.mark.parametrize("pack", PACKS)
def test_full_set_prints_without_problems(full_sets, pack):
    r, pdf = full_sets[pack]
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    assert pdf.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("pack", PACKS)
def test_full_set_has_a_page_of_fronts_and_a_page_of_backs_per_nine_cards(full_sets, pack):
    _, pdf = full_sets[pack]
    names = _set_in_print_order(pack)
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 2 * math.ceil(len(names) / 9)
        assert all((round(p.width / MM), round(p.height / MM)) == (210, 297) for p in doc.pages)


@pytest.mark.parametrize("pack", PACKS)
def test_every_card_name_is_text_at_its_place_on_the_sheet(full_sets, pack):
    _, pdf = full_sets[pack]
    names = _set_in_print_order(pack)
    with pdfplumber.open(pdf) as doc:
        for i, name in enumerate(names):
            page = doc.pages[2 * (i // 9)]
            assert text_in(page, name_band(trim_box(i))) == name, f"card {i + 1} of {pack}"


@pytest.mark.parametrize("pack", PACKS)
def test_backs_show_no_card_name(full_sets, pack):
    _, pdf = full_sets[pack]
    names = set(_set_in_print_order(pack))
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages[1::2]:
            text = page.extract_text()
            assert pack.upper() in text
            assert not [n for n in names if n in text]


@pytest.mark.parametrize("pack", PACKS)
def test_crop_marks_in_the_margins_in_line_with_every_cut(full_sets, pack):
    _, pdf = full_sets[pack]
    left, top, _, _ = trim_box(0)
    _, _, right, bottom = trim_box(8)
    xs = sorted({round(trim_box(i)[k], 1) for i in range(3) for k in (0, 2)})
    ys = sorted({round(trim_box(i)[k], 1) for i in (0, 3, 6) for k in (1, 3)})
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages[0::2]:
            marks = [ln for ln in page.lines
                     if ln["bottom"] < top or ln["top"] > bottom or ln["x1"] < left or ln["x0"] > right]
            vertical = [ln for ln in marks if abs(ln["x0"] - ln["x1"]) < 0.01]
            horizontal = [ln for ln in marks if abs(ln["top"] - ln["bottom"]) < 0.01]
            for x in xs:
                assert any(abs(ln["x0"] - x) < 0.2 and ln["bottom"] < top for ln in vertical), f"no mark above cut x={x}"
                assert any(abs(ln["x0"] - x) < 0.2 and ln["top"] > bottom for ln in vertical), f"no mark below cut x={x}"
            for y in ys:
                assert any(abs(ln["top"] - y) < 0.2 and ln["x1"] < left for ln in horizontal), f"no mark left of cut y={y}"
                assert any(abs(ln["top"] - y) < 0.2 and ln["x0"] > right for ln in horizontal), f"no mark right of cut y={y}"
            assert all(ln["x0"] >= 0 and ln["x1"] <= page.width and ln["top"] >= 0 and ln["bottom"] <= page.height
                       for ln in marks)


def test_a_deck_prints_exactly_its_cards_with_their_counts(tmp_path):
    deck = ROOT / "packs" / "virevolt" / "decks" / "ember.yaml"
    counts = yaml.safe_load(deck.read_text("utf-8"))["cards"]
    pdf = tmp_path / "ember.pdf"
    r = tabletop("cards", "print", "virevolt", "--deck", str(deck), "--out", str(pdf))
    assert r.returncode == 0, r.stderr
    total = sum(counts.values())
    printed = Counter()
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 2 * math.ceil(total / 9)
        for i in range(total):
            printed[text_in(doc.pages[2 * (i // 9)], name_band(trim_box(i)))] += 1
        assert text_in(doc.pages[2 * (total // 9)], name_band(trim_box(total))) == ""  # nothing after the deck
    assert printed == Counter(counts)


def test_a_preconstructed_deck_is_accepted_by_name(tmp_path):
    r = tabletop("cards", "print", "virevolt", "--deck", "grove", "--out", str(tmp_path / "grove.pdf"))
    assert r.returncode == 0, r.stderr
    assert "30 cards on 4 sheets, 8 pages" in r.stdout


def test_an_illegal_deck_is_refused_with_the_deck_report(tmp_path):
    deck = tmp_path / "short.yaml"
    deck.write_text("name: Short\ncards:\n  Ember Warden: 2\n  Red Crystal: 3\n", encoding="utf-8")
    r = tabletop("cards", "print", "virevolt", "--deck", str(deck), "--out", str(tmp_path / "d.pdf"))
    assert r.returncode == 1
    assert "exactly 30 cards" in r.stderr and f"{deck}:2" in r.stderr
    assert not (tmp_path / "d.pdf").exists()


def test_a_game_without_decks_says_so(tmp_path):
    r = tabletop("cards", "print", "volfyirion", "--deck", "ember", "--out", str(tmp_path / "d.pdf"))
    assert r.returncode == 1
    assert "volfyirion has no decks" in r.stderr and "Traceback" not in r.stderr


LONG_HERO = """\
- name: Endless Lecture
  type: hero
  colour: blue
  hp: 4
  rotation: 1 neutral
  sacrifice: 1 blue
  attacks:
    - {name: Drone, cost: 1 blue, effect: "%s"}
- name: Short Fuse
  type: hero
  colour: red
  hp: 3
  rotation: 1 neutral
  sacrifice: 1 red
  attacks:
    - {name: Spark, cost: 1 red, effect: "deal 1 damage to the target"}
""" % "; ".join(["deal 1 damage to the target"] * 40)


def test_a_card_whose_text_cannot_fit_is_reported_and_the_pdf_still_written(tmp_path):
    cards = tmp_path / "long.yaml"
    cards.write_text(LONG_HERO, encoding="utf-8")
    pdf = tmp_path / "long.pdf"
    r = tabletop("cards", "print", "virevolt", "--cards", str(cards), "--out", str(pdf))
    assert r.returncode == 1
    assert "Endless Lecture: powers and attacks: text does not fit" in r.stderr
    assert "Short Fuse" not in r.stderr.split("\n")[0] and "1 card(s) do not print as written: Endless Lecture" in r.stderr
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 2
        assert text_in(doc.pages[0], name_band(trim_box(0))) == "Endless Lecture"
        assert text_in(doc.pages[0], name_band(trim_box(1))) == "Short Fuse"
        red = [r for r in doc.pages[0].rects if r.get("stroking_color") == (0.85, 0, 0)]
        assert red and red[0]["x0"] < trim_box(0)[2]  # the overflowing box outlined on its card


FRENCH = """\
- name: Dragon de l'Été
  type: hero
  colour: red
  hp: 5
  rotation: 1 neutral
  sacrifice: 1 red
  flavour: "« Là où brûle la forêt, renaît l'été. » Œuvre, Ærø, Łódź, Ωμέγα, Привет"
  attacks:
    - {name: Souffle brûlant, cost: 2 red, effect: "deal 3 damage to the target; inflict burn on the target"}
"""


def test_accented_and_other_scripts_print_and_can_be_read_back(tmp_path):
    cards = tmp_path / "fr.yaml"
    cards.write_text(FRENCH, encoding="utf-8")
    pdf = tmp_path / "fr.pdf"
    r = tabletop("cards", "print", "virevolt", "--cards", str(cards), "--out", str(pdf))
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        card = text_in(page, trim_box(0))
        assert text_in(page, name_band(trim_box(0))) == "Dragon de l'Été"
        assert "« Là où brûle la forêt, renaît l'été. » Œuvre, Ærø, Łódź, Ωμέγα, Привет" in card
        assert "Souffle brûlant (2 red):" in card
        fonts = {c["fontname"] for c in page.chars}
        assert fonts and all("+DejaVu" in f for f in fonts)  # embedded subsets (a tag before the '+') of DejaVu


def test_a_character_no_font_has_is_reported(tmp_path):
    cards = tmp_path / "glyph.yaml"
    cards.write_text(FRENCH.replace("Dragon de l'Été", "Dragon \U00013000"), encoding="utf-8")
    r = tabletop("cards", "print", "virevolt", "--cards", str(cards), "--out", str(tmp_path / "g.pdf"))
    assert r.returncode == 1
    assert "U+13000" in r.stderr and "Dragon" in r.stderr


def test_errors_in_a_designers_card_file_are_located(tmp_path):
    cards = tmp_path / "bad.yaml"
    cards.write_text(FRENCH.replace("deal 3 damage", "deall 3 damage"), encoding="utf-8")
    r = tabletop("cards", "print", "virevolt", "--cards", str(cards), "--out", str(tmp_path / "b.pdf"))
    assert r.returncode == 1
    assert f"{cards}:9:" in r.stderr and "^" in r.stderr and "deal" in r.stderr
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "b.pdf").exists()


def test_a_designers_card_joins_a_deck(tmp_path):
    cards = tmp_path / "fr.yaml"
    cards.write_text(FRENCH, encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: Été\ncards:\n  Dragon de l'Été: 2\n  Ember Warden: 2\n  Red Crystal: 26\n", encoding="utf-8")
    pdf = tmp_path / "deck.pdf"
    r = tabletop("cards", "print", "virevolt", "--cards", str(cards), "--deck", str(deck), "--out", str(pdf))
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(pdf) as doc:
        assert [text_in(doc.pages[0], name_band(trim_box(i))) for i in range(4)] == \
            ["Dragon de l'Été", "Dragon de l'Été", "Ember Warden", "Ember Warden"]


def test_only_prints_the_named_cards_and_suggests_misspelt_ones(tmp_path):
    pdf = tmp_path / "only.pdf"
    r = tabletop("cards", "print", "volfyirion", "--only", "captain", "--only", "Sharp Qoam", "--out", str(pdf))
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(pdf) as doc:
        assert [text_in(doc.pages[0], name_band(trim_box(i))) for i in range(3)] == ["Captain", "Captain", "Sharp Qoam"]
    r = tabletop("cards", "print", "volfyirion", "--only", "Sharp Qom", "--out", str(pdf))
    assert r.returncode == 1 and "did you mean 'Sharp Qoam'" in r.stderr


def test_one_each_prints_each_card_once(tmp_path):
    pdf = tmp_path / "once.pdf"
    r = tabletop("cards", "print", "volfyirion", "--one-each", "--out", str(pdf))
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 2 * math.ceil(len(set(_set_in_print_order("volfyirion"))) / 9)
        assert text_in(doc.pages[0], name_band(trim_box(1))) == "Captain"


def test_letter_paper_also_holds_nine(tmp_path):
    pdf = tmp_path / "letter.pdf"
    r = tabletop("cards", "print", "virevolt", "--paper", "letter", "--deck", "ember", "--out", str(pdf))
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(pdf) as doc:
        assert (round(doc.pages[0].width), round(doc.pages[0].height)) == (612, 792)
        assert len(doc.pages) == 8
        assert text_in(doc.pages[0], name_band(trim_box(8, paper=LETTER))) != ""


def test_bleed_extends_each_card_and_moves_the_cuts(tmp_path):
    pdf = tmp_path / "bleed.pdf"
    r = tabletop("cards", "print", "virevolt", "--bleed", "3", "--deck", "ember", "--out", str(pdf))
    assert r.returncode == 0, r.stderr
    cols, rows = grid(bleed=3)
    assert f"{cols} x {rows} per a4 sheet" in r.stdout
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 2 * math.ceil(30 / (cols * rows))
        page = doc.pages[0]
        x0, top, x1, bottom = trim_box(0, bleed=3)
        assert text_in(page, name_band((x0, top, x1, bottom))) == "Ember Warden"
        frame = [r for r in page.rects if r["fill"] and abs(r["x0"] - (x0 - 3 * MM)) < 0.2 and abs(r["top"] - (top - 3 * MM)) < 0.2]
        assert frame and abs(frame[0]["width"] - (63 + 6) * MM) < 0.2  # the colour runs 3 mm past the cut
        assert any(abs(ln["x0"] - x0) < 0.2 and ln["bottom"] < top - 3 * MM for ln in page.lines)


def test_card_size_changes_the_grid(tmp_path):
    pdf = tmp_path / "tarot.pdf"
    r = tabletop("cards", "print", "virevolt", "--size", "70x120", "--deck", "ember", "--out", str(pdf))
    assert r.returncode == 0, r.stderr
    cols, rows = grid(card=(70, 120))
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 2 * math.ceil(30 / (cols * rows))
        box = trim_box(0, card=(70, 120))
        assert text_in(doc.pages[0], (box[0], box[1], box[0] + 52 * MM, box[1] + 12 * MM)) == "Ember Warden"


def test_backs_are_mirrored_for_long_edge_duplex(tmp_path):
    pdf = tmp_path / "two.pdf"
    r = tabletop("cards", "print", "virevolt", "--only", "Ember Warden", "--only", "Cinder Imp", "--out", str(pdf))
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(pdf) as doc:
        backs = [(round(r["x0"]), round(r["top"])) for r in doc.pages[1].rects if r["fill"]]
    for i in range(2):
        x0, top, _, _ = trim_box(i, back=True)
        assert (round(x0), round(top)) in backs
    assert (round(trim_box(0)[0]), round(trim_box(0)[1])) not in backs


def _ink(png: Path) -> tuple[float, int]:
    """The share of pixels that are not paper white, and the number of distinct colours."""
    from PIL import Image

    with Image.open(png) as im:
        rgb = im.convert("RGB")
        colours = rgb.getcolors(maxcolors=rgb.width * rgb.height)
    inked = sum(n for n, c in colours if min(c) < 248)
    return inked / (rgb.width * rgb.height), len(colours)


@pytest.mark.parametrize("pack", PACKS)
def test_a_page_rendered_by_pdftoppm_is_not_blank(full_sets, pack, tmp_path):
    _, pdf = full_sets[pack]
    assert shutil.which("pdftoppm"), "pdftoppm (poppler-utils) is needed: .ci/run installs it"
    subprocess.run(["pdftoppm", "-r", "40", "-f", "1", "-l", "2", "-png", str(pdf), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page*.png"))
    assert len(pages) == 2
    for png in pages:
        ink, colours = _ink(png)
        assert ink > 0.5 and colours > 20, (png.name, ink, colours)


def test_png_writes_each_card_once_at_card_size(tmp_path):
    folder = tmp_path / "share"
    r = tabletop("cards", "print", "virevolt", "--deck", "ember", "--png", str(folder), "--dpi", "100",
                 "--out", str(tmp_path / "e.pdf"))
    assert r.returncode == 0, r.stderr
    distinct = yaml.safe_load((ROOT / "packs/virevolt/decks/ember.yaml").read_text("utf-8"))["cards"]
    files = sorted(p.name for p in folder.iterdir())
    assert len(files) == len(distinct)
    assert "ember-warden.png" in files and "red-crystal.png" in files
    from PIL import Image

    with Image.open(folder / "ember-warden.png") as im:
        width, height = im.size
    assert abs(width - 63 / 25.4 * 100) <= 1 and abs(height - 88 / 25.4 * 100) <= 1
    ink, colours = _ink(folder / "ember-warden.png")
    assert ink > 0.5 and colours > 20


@pytest.mark.parametrize("args, message", [
    (["--out", "cards.yaml"], "must end in .pdf"),
    (["--out", "no/such/folder/x.pdf"], "does not exist"),
    (["--out", "x.pdf", "--paper", "a3"], "expected one of a4, letter"),
    (["--out", "x.pdf", "--size", "big"], "expected WIDTHxHEIGHT"),
    (["--out", "x.pdf", "--size", "300x300"], "does not fit on a4 paper"),
    (["--out", "x.pdf", "--cards", "missing.yaml"], "missing.yaml: no such card file"),
])
def test_bad_options_are_clean_errors(tmp_path, args, message):
    r = tabletop("cards", "print", "virevolt", *[a if not a.endswith((".yaml", ".pdf")) else str(tmp_path / a) for a in args])
    assert r.returncode == 1
    assert message in r.stderr and "Traceback" not in r.stderr
    assert not list(tmp_path.glob("*.pdf"))


PREVIOUS = b"%PDF-1.4 the sheets printed last week"


@pytest.mark.parametrize("args, message", [
    (["--deck", "no_such_deck.yaml"], "deck 'no_such_deck.yaml' is neither a deck file nor a preconstructed deck"),
    (["--only", "Nobody Here"], "no card 'Nobody Here' in virevolt's cards"),
    (["--only", "Ember Wardn"], "did you mean 'Ember Warden'"),
    (["--cards", "missing.yaml"], "missing.yaml: no such card file"),
    (["--size", "300x300"], "does not fit on a4 paper"),
])
def test_bad_input_keeps_the_pdf_already_there(tmp_path, args, message):
    out = tmp_path / "sheets.pdf"
    out.write_bytes(PREVIOUS)
    r = tabletop("cards", "print", "virevolt", *args, "--out", str(out), cwd=tmp_path)
    assert r.returncode == 1
    assert message in r.stderr and "Traceback" not in r.stderr
    assert out.read_bytes() == PREVIOUS
    assert [p.name for p in tmp_path.iterdir()] == ["sheets.pdf"]  # no temporary file left behind


def test_a_read_only_pdf_is_not_replaced(tmp_path):
    out = tmp_path / "sheets.pdf"
    out.write_bytes(PREVIOUS)
    out.chmod(0o444)
    r = tabletop("cards", "print", "virevolt", "--deck", "ember", "--out", str(out))
    assert r.returncode == 1
    assert "the file is read-only: not replacing it" in r.stderr and "Traceback" not in r.stderr
    assert out.read_bytes() == PREVIOUS
    assert [p.name for p in tmp_path.iterdir()] == ["sheets.pdf"]


def test_a_new_pdf_replaces_the_old_one_whole(tmp_path):
    out = tmp_path / "sheets.pdf"
    out.write_bytes(PREVIOUS)  # a PDF tabletop did not write: replaced only when asked (tests/cli/test_no_overwrite.py)
    r = tabletop("cards", "print", "virevolt", "--only", "Ember Warden", "--out", str(out), "--force")
    assert r.returncode == 0, r.stderr
    with pdfplumber.open(out) as doc:
        assert text_in(doc.pages[0], name_band(trim_box(0))) == "Ember Warden"
    assert [p.name for p in tmp_path.iterdir()] == ["sheets.pdf"]


def test_without_the_print_extra_the_command_says_how_to_install_it(monkeypatch, tmp_path):
    import importlib.util

    from typer.testing import CliRunner

    from tabletop.cli.main import app

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "reportlab" else real(name, *a))
    r = CliRunner().invoke(app, ["cards", "print", "virevolt", "--out", str(tmp_path / "x.pdf")])
    assert r.exit_code == 1
    assert "pip install 'tabletop[print]'" in r.output and "reportlab" in r.output
    assert not (tmp_path / "x.pdf").exists()


def test_the_commands_that_made_the_pictures_of_docs_print_still_print(tmp_path):
    """The pictures show the shipped cards: the documented commands run as written."""
    import re
    import shlex

    part = (ROOT / "docs" / "print.md").read_text("utf-8").split("## The pictures", 1)[1]
    block = re.search(r"```sh\n(.*?)```", part, re.S).group(1).replace("\\\n", " ")
    commands = [shlex.split(line) for line in block.splitlines() if line.strip()]
    assert [c[:4] for c in commands] == [["tabletop", "cards", "print", p] for p in PACKS]
    for command in commands:
        r = tabletop(*command[1:], cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        assert "9 cards on 1 sheet" in r.stdout
