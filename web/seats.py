"""Who holds each seat of a table, and the secret tokens of their links.

A seat is held by a bot (any bot the pack or the framework offers: ``random``, ``greedy``,
``mcts``, ``mcts:ITERATIONS``) or by a human, who is whoever opens the seat's link: the link
carries a token made by :func:`secrets.token_urlsafe`, so it cannot be guessed. A spectator
link sees the public view only. The browser is untrusted: a token is the only thing that
picks what a connection sees.
"""
from __future__ import annotations

import hmac
import secrets

from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.wording import shown

SPECTATOR = "spectator"


def new_token() -> str:
    """A secret of 128 random bits, safe in a URL."""
    return secrets.token_urlsafe(16)


def new_table_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def make_seats(pack, specs: list, nplayers: int) -> list[dict]:
    """Seats from the lobby's ``specs`` (``{"kind": "bot", "bot": "greedy"}``, ``{"kind": "here"}`` or
    ``{"kind": "invite"}``), one per player, each human seat with a fresh token."""
    from tabletop.batches.games import bot_factory, bot_names

    if not isinstance(specs, list) or len(specs) != nplayers:
        raise TabletopError(gettext(
            'this game has {nplayers} seats: say who holds each ({n} given)').format(
            nplayers=nplayers, n=len(specs) if isinstance(specs, list) else 0))
    seats = []
    for i, spec in enumerate(specs):
        kind = spec.get("kind") if isinstance(spec, dict) else None
        if kind == "bot":
            if spec.get("bot") is not None and not isinstance(spec["bot"], str):
                raise TabletopError(gettext("seat p{value}: 'bot' is a bot's name such as 'greedy', not {bot}").format(
                    value=i + 1, bot=shown(spec["bot"])))
            name = spec.get("bot") or "greedy"
            if name.startswith("scripted:"):
                raise TabletopError(gettext('a scripted bot reads a file on the server: not offered in the lobby'))
            try:
                bot_factory(pack, name)
            except TabletopError as e:
                raise TabletopError(gettext('seat p{value}: {text}').format(value=i + 1, text=e.render())) from None
            seats.append({"kind": "bot", "bot": name, "token": new_token()})
        elif kind in ("here", "invite"):
            seats.append({"kind": "human", "invited": kind == "invite", "token": new_token()})
        else:
            raise TabletopError(gettext(
                'seat p{value}: kind must be bot, here or invite, not {kind!r}; bots: {pack}').format(
                value=i + 1, kind=kind, pack=', '.join(bot_names(pack))))
    return seats


def viewer_of(seats: list[dict], spectator: str, token: str) -> int | None | str:
    """The seat a token holds (an index), :data:`SPECTATOR`, or "" for no such token.
    Compared in constant time, so the answer's speed tells nothing about the token."""
    found: int | None | str = ""
    for i, seat in enumerate(seats):
        if seat["kind"] == "human" and hmac.compare_digest(seat["token"], token):
            found = i
    if hmac.compare_digest(spectator, token):
        found = SPECTATOR
    return found
