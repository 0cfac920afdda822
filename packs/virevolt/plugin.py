"""The Virevolt pack's hook implementations (found through the ``tabletop.packs`` entry point).

Imports are lazy: listing packs or checking a deck must not pay for the card language.
"""
from __future__ import annotations

from importlib import resources

from tabletop.framework.hookspecs import hookimpl
from tabletop.framework.packs import CardFormat, PackInfo

NAME = "virevolt"


@hookimpl
def tabletop_pack_info():
    return PackInfo(NAME, "0.1.0", "Virevolt",
                    "Trading card game: heroes, crystals, six states, incantations and traps (2-4 players)")


@hookimpl
def tabletop_rules(pack):
    if pack != NAME:
        return None
    from tabletop.packs.virevolt.rules import VirevoltRules

    return VirevoltRules


@hookimpl
def tabletop_vocabulary(pack):
    if pack != NAME:
        return None
    from tabletop.packs.virevolt.vocabulary import vocabulary

    return vocabulary()


@hookimpl
def tabletop_card_format(pack):
    if pack != NAME:
        return None
    from tabletop.packs.virevolt import cardformat

    return CardFormat(cardformat.schema(), cardformat.build)


CARD_FILES = ("neutral.yaml", "red.yaml", "blue.yaml", "green.yaml", "mauve.yaml", "crystals.yaml")


@hookimpl
def tabletop_card_files(pack):
    if pack != NAME:
        return None
    folder = resources.files("tabletop.packs.virevolt").joinpath("cards")
    return [folder.joinpath(f) for f in CARD_FILES]


@hookimpl
def tabletop_bots(pack):
    if pack != NAME:
        return None
    from tabletop.packs.virevolt.ai import make_mcts
    from tabletop.packs.virevolt.bots import GreedyBot, make_random

    return {"random": make_random, "greedy": GreedyBot, "mcts": make_mcts}


@hookimpl
def tabletop_deck_rules(pack):
    if pack != NAME:
        return None
    from tabletop.packs.virevolt.deckcheck import DeckChecker

    return DeckChecker()


@hookimpl
def tabletop_board(pack):
    if pack != NAME:
        return None
    from tabletop.packs.virevolt.board import render

    return render


PRINT_LAYOUTS = ("style.yaml", "hero.yaml", "incantation.yaml", "trap.yaml", "crystal.yaml")


@hookimpl
def tabletop_print_layouts(pack):
    if pack != NAME:
        return None
    folder = resources.files("tabletop.packs.virevolt").joinpath("print")
    return [folder.joinpath(f) for f in PRINT_LAYOUTS]


@hookimpl
def tabletop_encoding(pack):
    if pack != NAME:
        return None
    from tabletop.packs.virevolt.encoding import encoding

    return encoding


@hookimpl
def tabletop_rule_catalogue(pack):
    if pack != NAME:
        return None
    return resources.files("tabletop.packs.virevolt").joinpath("rules.yaml")
