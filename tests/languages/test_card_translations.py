"""Cards in French: every shipped Virevolt card carries a French translation (its name, and
each text it shows), every printed Volfyirion card the French rulebook names carries one (the
French edition keeps the English card names: « carte Prospector », « carte Volfyirion's Lair »),
a translation must mirror its card's own fields, and shown cards use it."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tabletop.framework import language
from tabletop.framework.packs import registry

ROOT = Path(__file__).resolve().parents[2]

#: Every card the French Volfyirion rulebook names (pages 5-35 of "LIVRE DES RÈGLES": the contents,
#: the worked examples, the variants, the Perks (« CARTES BONUS ») and the Ploys (« CARTES RUSE »)),
#: under the name it gives, which is the printed English name. Mercenary names the variant's Troops.
FRENCH_RULEBOOK_NAMES = (
    "Prospector", "Captain", "Diviner", "Apothecary", "Flawless Deploy", "Elite Trooper", "Suicide Mission",
    "Hidden Cache", "Sharp Qoam", "Saboteur", "Ascension Path", "Qoam Armory", "Anomaly Collider",
    "Qoam Oracle", "Heroes Party", "Mirage City", "Double Shift", "Qoam Instability", "Afterthought",
    "Crystallization", "Second Chance",
)
#: The French names Virevolt's rulebook gives its cards: only its crystals (« Crystal Rouge »...).
VIREVOLT_RULEBOOK_NAMES = {"Neutral Crystal": "Crystal Neutre", "Red Crystal": "Crystal Rouge",
                           "Blue Crystal": "Crystal Bleu", "Green Crystal": "Crystal Vert",
                           "Mauve Crystal": "Crystal Mauve"}
TEXTS = ("attacks", "powers", "abilities", "effects", "when", "effect", "main", "secondary", "remove", "rules")


def _shown_fields(entry: dict) -> dict:
    out = {}
    for key in TEXTS:
        value = entry.get(key)
        if value in (None, "none"):
            continue
        if key == "attacks":
            value = [{"name": a["name"], "effect": a["effect"]} for a in value]
        if key == "effects":
            value = [{"effect": e["effect"]} for e in value]
        out[key] = value
    return out


def _shape(value):
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return "text"


def _entries(pack: str):
    for f in registry().get(pack).card_files():
        yield from yaml.safe_load(f.read_text("utf-8")) or []


def test_every_virevolt_card_has_a_complete_french_translation():
    for entry in _entries("virevolt"):
        fr = entry.get("translations", {}).get("fr")
        assert fr, f"{entry['name']} has no French translation"
        assert fr["name"], entry["name"]
        theirs = {k: v for k, v in fr.items() if k != "name"}
        assert _shape(theirs) == _shape(_shown_fields(entry)), f"{entry['name']}: {theirs}"


def test_virevolt_crystals_take_the_rulebooks_french_names():
    by_name = {e["name"]: e for e in _entries("virevolt")}
    for english, french in VIREVOLT_RULEBOOK_NAMES.items():
        assert by_name[english]["translations"]["fr"]["name"] == french


def test_every_printed_volfyirion_card_the_french_rulebook_names_has_a_french_translation():
    printed = {c["name"] for c in yaml.safe_load((ROOT / "docs/data/volfyirion-printed-cards.yaml").read_text("utf-8"))}
    by_name = {e["name"]: e for e in _entries("volfyirion")}
    named = [n for n in FRENCH_RULEBOOK_NAMES if n in printed or n in by_name]
    assert len(named) == len(FRENCH_RULEBOOK_NAMES), set(FRENCH_RULEBOOK_NAMES) - set(named)
    for name in named + [n for n in by_name if n.startswith("Mercenary")]:
        fr = by_name[name].get("translations", {}).get("fr")
        assert fr and fr["name"] == name, name  # the French edition keeps the printed English name
        assert _shape({k: v for k, v in fr.items() if k != "name"}) == _shape(_shown_fields(by_name[name])), name


def test_a_translation_that_does_not_mirror_its_card_is_a_located_error(tmp_path):
    from tabletop.framework.cardset import CardSet
    from tabletop.framework.errors import TabletopError

    f = tmp_path / "cards.yaml"
    f.write_text("- name: Spark\n  type: incantation\n  colour: red\n  effects:\n"
                 "    - {cost: 1 red, effect: \"draw 1 card\"}\n"
                 "  translations:\n    fr:\n      name: Étincelle\n      effects: [{effect: pigez 1 carte}, {effect: x}]\n"
                 "      attacks: [{name: Non}]\n", encoding="utf-8")
    pack = registry().get("virevolt")
    with pytest.raises(TabletopError) as e:
        CardSet.load([f], pack.card_format(), pack.vocabulary())
    text = e.value.render()
    assert "translation effects: 2 items, but the card has 1" in text
    assert f"{f}:9:" in text


def test_shown_cards_use_their_french_texts_and_either_name_finds_them():
    from tabletop.cli.cardtext import card_block, find_card

    pack = registry().get("virevolt")
    cards = pack.cards()
    with language.speaking("fr"):
        card = find_card(cards, "gardien des braises")
        block = card_block(card, pack.rules(), width=100)
    assert card is find_card(cards, "Ember Warden")
    assert block.startswith("== Gardien des Braises (Ember Warden)")
    assert "Fouet de flammes\u00a0: inflige 3 dégâts à la cible" in block
    assert "effect: deal 3 damage to the target" in block  # the rules stay the card's own text


def test_a_shown_card_does_not_repeat_its_translations_block():
    """The French texts are given once, in the reader's words, not again as raw YAML (in any language)."""
    from tabletop.cli.cardtext import card_block, find_card

    pack = registry().get("virevolt")
    cards = pack.cards()
    for lang in ("fr", "en"):
        with language.speaking(lang):
            block = card_block(find_card(cards, "Ember Warden"), pack.rules(), width=100)
        assert "translations:" not in block and "name: Gardien des Braises" not in block, lang
        assert "name: Ember Warden" in block


def test_a_choice_a_card_asks_for_names_the_card_in_french():
    """The question around a card's choice is the reader's, the card named in French; the card
    language's own words after it stay English (docs/languages.md)."""
    pack = registry().get("virevolt")
    rules = pack.rules()
    state = rules.setup({}, 0, 2)
    rules.apply_setup(state, {"active": "p1", "p1": {"main": "Ember Warden", "crystals": ["red", "red"],
                                                     "hand": ["Fireball"]},
                              "p2": {"main": "Ash Demon", "secondary": ["Cinder Imp"], "hand": []}})
    rules.apply(state, ("cast", "Fireball", 1))
    assert state.pending.prompt == "Fireball: deal damage to target enemy hero"
    with language.speaking("fr"):
        assert language.localised(state.pending.prompt) == "Boule de Feu\u00a0: deal damage to target enemy hero"
