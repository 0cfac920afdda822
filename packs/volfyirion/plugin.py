"""The Volfyirion pack: pluggy hook implementations (entry point ``tabletop.packs: volfyirion``)."""
from __future__ import annotations

from importlib.resources import files

from tabletop.framework.hookspecs import hookimpl
from tabletop.framework.packs import PackInfo

NAME = "volfyirion"
CARD_FILES = ("starting.yaml", "commands.yaml", "buildings.yaml", "troops.yaml", "wonders.yaml", "cities.yaml",
              "variant-mercenary.yaml", "variant-ascension-path.yaml", "variant-saboteur.yaml",
              "variant-perks.yaml", "variant-ploys.yaml")


@hookimpl
def tabletop_pack_info():
    return PackInfo(NAME, "0.1.0", "Volfyirion",
                    "Two-player deck-builder: destroy the enemy Cities, or tame the dragon Volfyirion.")


@hookimpl
def tabletop_rules(pack):
    if pack != NAME:
        return None
    from tabletop.packs.volfyirion.ai import VolfyirionAIRules  # the rules, with the bots' hooks
    return VolfyirionAIRules


@hookimpl
def tabletop_vocabulary(pack):
    if pack != NAME:
        return None
    from tabletop.packs.volfyirion.vocabulary import VOCABULARY
    return VOCABULARY


@hookimpl
def tabletop_card_format(pack):
    if pack != NAME:
        return None
    from tabletop.packs.volfyirion.cardformat import CARD_FORMAT
    return CARD_FORMAT


@hookimpl
def tabletop_card_files(pack):
    if pack != NAME:
        return None
    folder = files("tabletop.packs.volfyirion").joinpath("cards")
    return [folder.joinpath(name) for name in CARD_FILES]


@hookimpl
def tabletop_bots(pack):
    if pack != NAME:
        return None
    from tabletop.bots import mcts
    from tabletop.bots.interface import RandomBot
    from tabletop.packs.volfyirion.bots import GreedyBot
    return {"random": lambda rules, seed=0: RandomBot(rules, seed),
            "greedy": lambda rules, seed=0, prefer=None: GreedyBot(rules, seed, prefer),
            "mcts": mcts.factory}


@hookimpl
def tabletop_board(pack):
    if pack != NAME:
        return None
    from tabletop.packs.volfyirion.board import draw_board
    return draw_board


PRINT_LAYOUTS = ("style.yaml", "asset.yaml", "wonder.yaml", "city.yaml", "variant-perk-ploy.yaml")


@hookimpl
def tabletop_print_layouts(pack):
    if pack != NAME:
        return None
    folder = files("tabletop.packs.volfyirion").joinpath("print")
    return [folder.joinpath(name) for name in PRINT_LAYOUTS]


@hookimpl
def tabletop_encoding(pack):
    if pack != NAME:
        return None
    from tabletop.packs.volfyirion.encoding import encoding
    return encoding


@hookimpl
def tabletop_rule_catalogue(pack):
    if pack != NAME:
        return None
    return files("tabletop.packs.volfyirion").joinpath("rules.yaml")
