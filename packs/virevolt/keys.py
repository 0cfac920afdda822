"""Per-player zone and counter keys, built once (never formatted in the hot path)."""
from __future__ import annotations

from tabletop.framework.numerals import whole_number

MAX_PLAYERS = 4
#: heroes a player may have in play: 1 main and 2 secondary (VIR-PHASE-MAIN-02)
MAX_HEROES = 3

HERO, CRYSTAL, INCANTATION, TRAP = "hero", "crystal", "incantation", "trap"
COLOURS = ("neutral", "red", "blue", "green", "mauve")
CIDX = {c: i for i, c in enumerate(COLOURS)}


class PlayerKeys:
    """The state keys of one player (``p1.hand``, ``p1.tokens``...)."""

    __slots__ = ("index", "name", "deck", "hand", "graveyard", "traps", "main", "secondary",
                 "crystals", "casting", "tokens", "crystal_played", "attacked", "eliminated",
                 "has_played", "zones")

    def __init__(self, i: int) -> None:
        p = f"p{i + 1}"
        self.index = i
        self.name = p
        self.deck = f"{p}.deck"
        self.hand = f"{p}.hand"
        self.graveyard = f"{p}.graveyard"
        self.traps = f"{p}.traps"
        self.main = f"{p}.main"
        self.secondary = f"{p}.secondary"
        self.crystals = f"{p}.crystals"
        self.casting = f"{p}.casting"
        self.tokens = f"{p}.tokens"
        self.crystal_played = f"{p}.crystal_played"
        self.attacked = f"{p}.attacked"
        self.eliminated = f"{p}.eliminated"
        self.has_played = f"{p}.has_played"
        self.zones = (self.deck, self.hand, self.graveyard, self.traps, self.main,
                      self.secondary, self.crystals, self.casting)


KEYS = tuple(PlayerKeys(i) for i in range(MAX_PLAYERS))
BOX = "box"

PHASES = ("draw", "state", "main", "combat", "secondary", "end")


def player_arg(value, n: int) -> int:
    """A player index from ``p2``, ``2`` (1-based) or an index; ValueError otherwise."""
    if isinstance(value, int) and not isinstance(value, bool):
        i = value - 1 if value >= 1 else value
    elif isinstance(value, str) and value.lower().startswith("p") and (k := whole_number(value[1:])) is not None:
        i = k - 1
    else:
        raise ValueError(f"a player is written p1..p{n}, not {value!r}")
    if not 0 <= i < n:
        raise ValueError(f"there is no player p{i + 1} in a {n}-player game")
    return i
