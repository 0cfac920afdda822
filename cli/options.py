"""``--option KEY=VALUE``: any option of a pack's setup from the command line (repeatable).

The value is read as a YAML scalar, so ``first_turn_protection=false`` is a boolean and
``cities=2`` a number; the pack checks the option and names the ones it accepts.
"""
from __future__ import annotations

from tabletop.framework.errors import TabletopError

OPTION_HELP = "A setup option of the game, KEY=VALUE (repeatable), e.g. cities=2 or first_turn_protection=false."


def parse_options(items) -> dict:
    """``["cities=2", ...]`` as ``{"cities": 2}``; a malformed item is a clear error."""
    import yaml

    out: dict = {}
    for item in items or ():
        key, sep, value = str(item).partition("=")
        key = key.strip()
        if not sep or not key:
            raise TabletopError(f"--option {item!r}: write KEY=VALUE, e.g. --option cities=2")
        try:
            out[key] = yaml.safe_load(value) if value.strip() else ""
        except yaml.YAMLError:
            out[key] = value
    return out
