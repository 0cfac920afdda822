"""The expansion's one hook: its card files join the Volfyirion pack's card set.

A plugin that extends another pack answers ``tabletop_card_files`` for that pack and declares
no pack of its own (no ``tabletop_pack_info``). Its cards are written with the pack's words
(houses turquoise, red, purple, grey): ``tabletop cards lint volfyirion`` checks them.
"""
from __future__ import annotations

from importlib.resources import files

from tabletop.framework.hookspecs import hookimpl

PACK = "volfyirion"
CARD_FILES = ("commands.yaml", "buildings.yaml", "troops.yaml", "wonders.yaml")


def card_files() -> list:
    """The expansion's card files, in order (also what ``--cards`` can be given)."""
    folder = files("tabletop_volfyirion_designed").joinpath("cards")
    return [folder.joinpath(name) for name in CARD_FILES]


@hookimpl
def tabletop_card_files(pack):
    if pack != PACK:
        return None
    return card_files()
