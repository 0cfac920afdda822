"""The game configurations the RL tests cover: both packs, base and every variant, mode and
option (Volfyirion's second set of Cities and a random one, Virevolt without first-turn
protection), Virevolt at 2, 3 and 4 players."""
from __future__ import annotations

VOLFYIRION_VARIANTS = ("mercenary", "ascension-path", "saboteur", "perks", "ploys")

CONFIGS: list[tuple[str, dict]] = (
    [("volfyirion", {})]
    + [("volfyirion", {"variants": [v]}) for v in VOLFYIRION_VARIANTS]
    + [("volfyirion", {"variants": ["all"]}),
       ("volfyirion", {"variants": ["all"], "mode": "extended", "hidden_asset_top": True}),
       ("volfyirion", {"cities": 2, "first": "p2"}),
       ("volfyirion", {"cities": "random", "first": "random"}),
       ("virevolt", {"players": 2}),
       ("virevolt", {"players": 2, "first_turn_protection": False, "first": "p2"}),
       ("virevolt", {"players": 3, "decks": ["grove", "prism", "ember"], "hand_size": 6}),
       ("virevolt", {"players": 4})]
)


def config_id(config) -> str:
    name, options = config
    parts = [name] + [f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in options.items()]
    return ",".join(parts)


def game_string(config) -> str:
    """The OpenSpiel game string of a configuration (lists joined by ``+``, "random" Cities as 0)."""
    name, options = config
    params = []
    for key, value in options.items():
        if isinstance(value, list):
            value = "+".join(value)
        elif key == "cities" and value == "random":
            value = 0
        params.append(f"{key}={value}")
    return f"python_tabletop_{name}({','.join(params)})" if params else f"python_tabletop_{name}"
