"""Card sizes no one can print: refused before any page is drawn, with the least size and the names."""
from __future__ import annotations

import pytest

from tests.cli.test_bad_input import refused, tabletop


@pytest.mark.parametrize("size", ["1x1", "0.5x0.5", "24.9x88", "63x10"])
def test_a_card_too_small_to_print_text_on_is_refused_with_the_least_size(tmp_path, size):
    out = tmp_path / "cards.pdf"
    refused(tabletop("cards", "print", "volfyirion", "--size", size, "-o", str(out)),
            "card is too small to print its text on; each side is at least 25 mm")
    assert not out.exists()


def test_a_misspelt_size_name_is_refused_with_a_suggestion(tmp_path):
    out = tmp_path / "cards.pdf"
    refused(tabletop("cards", "print", "volfyirion", "--size", "tarrot", "-o", str(out)),
            "card size 'tarrot' (did you mean 'tarot'?): expected WIDTHxHEIGHT")
    assert not out.exists()


def test_the_smallest_named_size_still_prints(tmp_path):
    out = tmp_path / "cards.pdf"
    r = tabletop("cards", "print", "volfyirion", "--size", " mini ", "-o", str(out))
    assert r.returncode == 0 and out.exists(), r.stderr
