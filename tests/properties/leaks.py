"""What each seat was shown, and the card names it could not have known.

The ground truth of what is hidden is written here, from the rules, independently of the
packs' own ``seen_by`` (which is what the packs use to render events): a test that asked the
pack what is hidden would pass with a pack that hides nothing.

- Volfyirion: the opponent's hand and secret Ploy, every House Deck, the Asset Deck but its
  face-up top (all of it when the top is kept hidden, VOL-SETUP-06, unless the seat's Perk is
  Qoam Oracle, VOL-VAR-PERK-ORACLE-02), the Wonder Deck, the undealt Perks and Ploys
  (VOL-SETUP-02/04/05, VOL-VAR-PLOY-01).
- Virevolt: every other player's hand and face-down traps, every deck (VIR-SETUP-02,
  VIR-TRAP-06), the out-of-game box.

A spectator (seat ``None``) sees what every seat sees.
"""
from __future__ import annotations

import json
import re

from tabletop.framework.game import Game


def volfyirion_hidden(state, seat: int | None) -> set[int]:
    zones = state.zones
    hidden: set[int] = set()
    for p in (0, 1):
        name = f"p{p + 1}"
        hidden.update(zones[f"{name}.deck"])
        if p != seat:
            hidden.update(zones[f"{name}.hand"])
            hidden.update(zones.get(f"{name}.ploy", ()))
    deck = zones["asset_deck"]
    top_seen = not state.vars["hidden_top"]
    if seat is not None and state.vars["hidden_top"] and f"p{seat + 1}.perk" in zones:
        perk = zones[f"p{seat + 1}.perk"]
        top_seen = bool(perk) and state.cards[perk[0]].name == "Qoam Oracle"
    hidden.update(deck if not top_seen else deck[:-1])
    for key in ("wonder_deck", "ploys", "perks", "box"):
        hidden.update(zones.get(key, ()))
    return hidden


def virevolt_hidden(state, seat: int | None) -> set[int]:
    zones = state.zones
    hidden: set[int] = set(zones.get("box", ()))
    for p in range(state.nplayers):
        name = f"p{p + 1}"
        hidden.update(zones[f"{name}.deck"])
        if p != seat:
            hidden.update(zones[f"{name}.hand"])
            hidden.update(zones[f"{name}.traps"])
    return hidden


HIDDEN = {"volfyirion": volfyirion_hidden, "virevolt": virevolt_hidden}


def seen_names(state, hidden: set[int]) -> set[str]:
    return {state.cards[i].name for i in range(len(state.cards)) if i not in hidden}


def leaked(text: str, forbidden: set[str], allowed: set[str]) -> list[str]:
    """The forbidden card names in ``text``, once every allowed name (longer ones first) is
    blotted out (so a hidden 'Captain' is not found inside a visible 'Militia Captain')."""
    for name in sorted(allowed, key=len, reverse=True):
        text = text.replace(name, "\0")
    return [n for n in forbidden if re.search(rf"(?<![A-Za-z']){re.escape(n)}(?![A-Za-z'])", text)]


def shown_to(rules, board, game: Game, seat: int | None, first_event: int) -> list[str]:
    """Everything a front end would show ``seat`` now: the view, the board drawn from it, the
    warnings, the renderings of the events since ``first_event``."""
    state = game.state
    view = rules.view(state, seat)
    out = [json.dumps(view, ensure_ascii=False), board(view, width=100, compact=False),
           board(view, width=100, compact=True)]
    if seat is not None and not state.over:
        out += rules.warnings(state, seat)
        out += [p for p in rules.places(view)]
    for e in game.events[first_event:]:
        text = e.render(seat)
        if text is not None:
            out.append(text)
        shown = e.for_viewer(seat)
        if shown is not None:
            out.append(json.dumps(shown, ensure_ascii=False))
    return out


def play_and_check(pack, options: dict, seed: int, bots: list, players: int | None = None,
                   max_steps: int = 3000) -> dict:
    """Play one recorded game with ``bots`` (factories), checking after every action what every
    seat and a spectator were shown; return counts of what was checked."""
    rules = pack.rules()
    board = pack.board()
    game = Game(rules, options, seed, players)
    n = game.state.nplayers
    players_bots = [bots[s % len(bots)](rules, seed * 7 + s) for s in range(n)]
    hidden_of = HIDDEN[rules.name]
    seats = list(range(n)) + [None]
    before = {s: seen_names(game.state, hidden_of(game.state, s)) for s in seats}
    checked = {"steps": 0, "texts": 0}
    first = 0
    steps = 0
    while True:
        state = game.state
        for s in seats:
            hidden = hidden_of(state, s)
            now = seen_names(state, hidden)
            allowed = now | before[s]
            forbidden = {state.cards[i].name for i in hidden} - allowed
            for text in shown_to(rules, board, game, s, first):
                bad = leaked(text, forbidden, allowed)
                assert not bad, (f"{options} seed {seed}, step {steps}: seat {s} was shown {bad}, hidden from it, "
                                 f"in: {text[:300]}")
                checked["texts"] += 1
            before[s] = now
        first = len(game.events)
        if state.over or steps >= max_steps:
            break
        game.apply(players_bots[state.to_move()].choose(rules, state.clone()))
        steps += 1
    checked["steps"] = steps
    return checked
