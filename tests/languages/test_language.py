"""The language machinery: which language the environment asks for (gettext's order), a
browser's preference, plural forms, numbers as each language writes them."""
from __future__ import annotations

import pytest

from tabletop.framework import language


@pytest.mark.parametrize("env, lang", [
    ({}, "en"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_FR.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),            # LC_ALL before LANG
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr_CA:en"}, "fr"),             # LANGUAGE first of all
    ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "de:en"}, "en"),                # first language we speak
    ({"LC_ALL": "C", "LANGUAGE": "fr"}, "en"),                           # as gettext: C ignores LANGUAGE
    ({"LANG": "de_DE.UTF-8"}, "en"),
])
def test_the_environment_names_the_language_in_gettexts_order(env, lang):
    assert language.from_environment(env) == lang


@pytest.mark.parametrize("header, lang", [
    ("fr-CA,fr;q=0.9,en;q=0.8", "fr"), ("en-US,en;q=0.9,fr;q=0.8", "en"), ("de-DE,fr;q=0.5", "fr"),
    ("en;q=0.1, fr;q=0.7", "fr"), ("", "en"), (None, "en"), ("*", "en"), ("fr;q=0", "en"),
])
def test_a_browsers_accept_language_picks_the_best_language_we_speak(header, lang):
    assert language.from_accept_language(header) == lang


def test_an_unknown_language_is_refused_with_the_ones_spoken():
    with pytest.raises(language.UnknownLanguage, match="en, fr"):
        language.use("xx")


def test_french_numbers_group_with_a_narrow_no_break_space_and_use_a_decimal_comma():
    with language.speaking("fr"):
        assert language.number(1234.5, 1) == "1\u202f234,5"
        assert language.grouped(1234567) == "1\u202f234\u202f567"
        assert language.percent(0.523) == "52,3\u00a0%"
    assert language.number(1234.5, 1) == "1234.5" and language.grouped(1234567) == "1,234,567"
    assert language.percent(0.523) == "52.3%"


@pytest.mark.parametrize("n, english, french", [
    (0, "0 cards", "0 carte"), (1, "1 card", "1 carte"), (2, "2 cards", "2 cartes"),
    (1500, "1500 cards", "1 500 cartes"),
])
def test_plural_forms_follow_each_language(n, english, french):
    """French counts 0 and 1 in the singular, English only 1."""
    from tabletop.framework.narration import CARDS

    phrase = language.Count(n, *CARDS)
    assert language.localised(phrase) == english
    with language.speaking("fr"):
        assert language.localised(phrase) == french


def test_a_phrase_keeps_its_english_and_shows_each_reader_their_language():
    phrase = language.Phrase(language.N_("{p}'s {zone}"), p="p1", zone=language.Word("hand"))
    assert phrase == "p1's hand"
    with language.speaking("fr"):
        assert language.localised(phrase) == "main de p1"
    assert language.localised(phrase) == "p1's hand"
