"""The game configurations the RL tests cover: both packs, base and every variant and mode,
Virevolt at 2, 3 and 4 players."""
from __future__ import annotations

VOLFYIRION_VARIANTS = ("mercenary", "ascension-path", "saboteur", "perks", "ploys")

CONFIGS: list[tuple[str, dict]] = (
    [("volfyirion", {})]
    + [("volfyirion", {"variants": [v]}) for v in VOLFYIRION_VARIANTS]
    + [("volfyirion", {"variants": ["all"]}),
       ("volfyirion", {"variants": ["all"], "mode": "extended", "hidden_asset_top": True}),
       ("virevolt", {"players": 2}),
       ("virevolt", {"players": 3, "decks": ["grove", "prism", "ember"]}),
       ("virevolt", {"players": 4})]
)


def config_id(config) -> str:
    name, options = config
    parts = [name] + [f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in options.items()]
    return ",".join(parts)
