"""Fitting text into a box: shrink first, then wrap, and say when nothing works."""
from __future__ import annotations

from tabletop.printing.fit import fit


def unit(text: str, font: str) -> float:
    """A monospaced measure: every character is 0.5 of the font size wide (bold a little wider)."""
    return len(text) * (0.55 if font == "bold" else 0.5)


def laid(text: str, width: float, height: float, **kw):
    options = dict(size=10, min_size=5, shrink_to=8, leading=1.2, gap=0.0, unit=unit) | kw
    return fit([[(text, "regular")]], width, height, **options)


def test_text_that_fits_keeps_its_size_on_one_line():
    out = laid("twenty characters ok", 100, 12)
    assert out.fits and out.size == 10 and len(out.lines) == 1
    assert out.lines[0].width == 100


def test_a_little_too_long_shrinks_before_it_wraps():
    out = laid("twenty-two characters!", 100, 30)  # 110 wide at 10: 100 at 9.09
    assert out.fits and len(out.lines) == 1
    assert 8 <= out.size < 10 and out.lines[0].width <= 100


def test_too_long_to_shrink_wraps_at_the_largest_size_that_fits():
    text = "a b c d e f g h i j k l m n o p q r s t u v w x y z"  # 51 characters
    out = laid(text, 100, 40)
    assert out.fits and len(out.lines) == 3 and out.size == 10
    assert all(line.width <= 100 for line in out.lines)
    assert " ".join("".join(t for t, _ in line.spans) for line in out.lines) == text


def test_wrapped_text_too_tall_shrinks_until_it_fits():
    text = " ".join(["word"] * 30)
    out = laid(text, 100, 40)
    assert out.fits and 5 <= out.size < 10
    assert out.height <= 40


def test_text_that_cannot_fit_at_the_smallest_size_is_an_overflow():
    out = laid(" ".join(["word"] * 300), 100, 40)
    assert not out.fits and out.size == 5 and out.height > 40


def test_a_word_wider_than_the_box_at_the_smallest_size_is_an_overflow():
    out = laid("Supercalifragilisticexpialidocious", 50, 100)
    assert not out.fits and out.lines[0].width > 50


def test_label_and_text_keep_their_fonts_and_the_space_between_them():
    out = fit([[("Strike (2 red):", "bold"), (" deal 3 damage", "regular")]], 300, 20,
              size=10, min_size=5, shrink_to=8, leading=1.2, gap=0.0, unit=unit)
    assert out.lines[0].spans == (("Strike (2 red):", "bold"), (" deal 3 damage", "regular"))


def test_all_paragraphs_of_a_box_share_one_size_and_each_starts_a_line():
    out = fit([[("short", "regular")], [("a much longer paragraph of text here", "regular")]], 100, 60,
              size=10, min_size=5, shrink_to=9, leading=1.2, gap=0.5, unit=unit)
    assert out.fits and [ln.starts_paragraph for ln in out.lines][:2] == [True, True]
    assert out.height == out.size * 1.2 * len(out.lines) + out.size * 0.5
