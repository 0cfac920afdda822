"""What one connection is sent: its seat's view, the events as its seat may read them, its
legal actions grouped by card, and the faces of the cards it may see. Nothing else of the
state ever leaves the server: every text here comes from ``rules.view`` or ``Event.for_viewer``
of the connection's own seat, and the card faces are looked up only for names those contain.
"""
from __future__ import annotations

from typing import Any

from tabletop.framework import language
from tabletop.framework.actions import format_action, shown_action
from tabletop.framework.state import player_name

#: not drawn: the name is the title; a card's ``translations`` are its texts in other languages,
#: which :func:`shown_face` puts in place of the English ones (drawn too, they doubled every card)
_FACE_SKIP = {"name", "copies", "id", "translations"}


def card_face(card) -> dict:
    """A card as written in its file (public: the card list is printed in the docs), for drawing."""
    source = card.get("source") or {}
    face: dict[str, Any] = {"name": card.name, "type": str(card.get("type") or source.get("type") or "")}
    for key in ("colour", "house"):
        value = card.get(key) or source.get(key)
        if value:
            face["colour"] = str(value)
            break
    fields = []
    for key, value in source.items():
        if key in _FACE_SKIP or key in ("type", "colour", "house"):
            continue
        fields.append([key, _text(value)])
    face["fields"] = fields
    face[_SOURCE] = source  # (for a translation to complete; never sent: see shown_face)
    return face


#: the key of a face holding its card's entry as written, kept on the server
_SOURCE = "_source"


def _text(value: Any) -> str:
    """A field as a card says it: an attack or an effect ``{name, cost, effect}`` as ``Name (cost):
    effect``, other mappings as ``key: value``, lists one item after the other."""
    if isinstance(value, dict):
        rest = {k: v for k, v in value.items() if k not in ("name", "cost", "effect")}
        head = ""
        if "name" in value:
            head = str(value["name"]) + (f" ({_text(value['cost'])})" if "cost" in value else "")
        elif "cost" in value:
            head = f"({_text(value['cost'])})"
        parts = [p for p in (head, _text(value["effect"]) if "effect" in value else "") if p]
        text = ": ".join(parts)
        extra = "; ".join(f"{k}: {_text(v)}" for k, v in rest.items())
        return "; ".join(p for p in (text, extra) if p)
    if isinstance(value, list):
        return " | ".join(_text(v) for v in value)
    return str(value)


def _merged(english: Any, translated: Any) -> Any:
    """A translated text over the English one: what the translation leaves out (an attack's cost,
    written once in the card's own words) is kept from the English."""
    if isinstance(english, dict) and isinstance(translated, dict):
        return {**english, **translated}
    if isinstance(english, list) and isinstance(translated, list) and len(english) == len(translated):
        return [_merged(e, t) for e, t in zip(english, translated)]
    return translated


def names_in(value: Any, known: dict, out: set) -> None:
    """Every card name of ``known`` that appears as a text in ``value`` (a view, an event)."""
    if isinstance(value, str):
        if value in known:
            out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            names_in(v, known, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            names_in(v, known, out)


def grouped_actions(rules, state, legal: list) -> list[dict]:
    """The legal actions as buttons: ``{"text", "verb", "card", "seats", "pass", "free"}``: the card an
    action concerns (None for none), the players its arguments name (whose card it is, when not the
    mover's: "seal p2 Pure Qoam"), whether it ends the phase, whether "play all" would take it."""
    free = set(rules.free_plays(state, legal)) if state.pending is None else set()
    names = {player_name(i) for i in range(state.nplayers)}
    from tabletop.web.words import action_caption

    return [{"text": format_action(a), "label": shown_action(a), "caption": action_caption(a), "verb": a[0],
             "card": rules.action_card(state, a),
             "seats": [x for x in a[1:] if x in names],
             "pass": a == rules.pass_action, "free": a in free} for a in legal]


def in_language(value: Any) -> Any:
    """A view with its phrases (a question asked, a cost) in the language spoken now; names stay keys."""
    if isinstance(value, language.Phrase):
        return str(language.localised(value))
    if isinstance(value, dict):
        return {k: in_language(v) for k, v in value.items()}
    if isinstance(value, list):
        return [in_language(v) for v in value]
    return value


def shown_face(face: dict) -> dict:
    """A card face in the language spoken now: its name and texts from the card's translation
    (the English face otherwise); the English name stays the card's key."""
    source = face.get(_SOURCE) or {}
    face = {k: v for k, v in face.items() if k != _SOURCE}
    if language.current() == language.DEFAULT:
        return face
    texts = language.card_texts(face["name"])
    out = dict(face, shown=language.card_name(face["name"]))
    if texts:
        out["fields"] = [[k, _text(_merged(source.get(k), texts[k])) if k in texts else v] for k, v in face["fields"]]
    return out


def seat_message(table, viewer: int | None, events_from: int) -> dict:
    """The ``state`` message for ``viewer`` (a seat, or None for a spectator)."""
    game = table.game
    rules = game.rules
    state = game.state
    view = in_language(rules.view(state, viewer))
    events = [e for e in (ev.for_viewer(viewer) for ev in game.events[events_from:]) if e is not None]
    to_move = None if state.over else state.to_move()
    # a secret decision (a trap window) is not shown to the others: as far as they know, the game
    # waits on the active player, and the active player, if a seat here, only that it waits
    shown = None if to_move is None else rules.mover_shown_to(state, viewer)
    legal = []
    if viewer is not None and viewer == to_move and table.seats[viewer]["kind"] == "human":
        legal = grouped_actions(rules, state, game.legal_actions())
    known = table.faces
    seen: set[str] = set()
    names_in(view, known, seen)
    for e in events:
        seen.update(n for n in e["cards"] if n in known)
    for a in legal:
        if a["card"] in known:
            seen.add(a["card"])
    msg: dict[str, Any] = {
        "type": "state",
        "table": table.id,
        "game": rules.name,
        "title": rules.title or rules.name,
        "phase_name": str(language.localised(rules.phase_label(state.phase))) if state.phase else "",
        "you": None if viewer is None else player_name(viewer),
        "seats": [{"name": player_name(i), "kind": s["kind"], "bot": s.get("bot"),
                   "online": table.online(i)} for i, s in enumerate(table.seats)],
        "version": table.version,
        "step": len(game.log),
        "to_move": None if shown is None else player_name(shown),
        "settling": shown is not None and shown != to_move and shown == viewer,
        "view": view,
        "events": events,
        "events_from": events_from,
        "legal": legal,
        "faces": {n: shown_face(known[n]) for n in sorted(seen)},
        "undo": table.undo_offer(viewer),
        "warnings": [str(language.localised(w)) for w in rules.warnings(state, viewer)]
        if viewer is not None and viewer == to_move and not state.over else [],
        "can_export": table.can_export(viewer),
    }
    if state.over:
        result = rules.result(state)
        msg["result"] = {k: language.localised(v) for k, v in result.items()}
        msg["revealed"] = {player_name(s): {str(language.localised(z)): [language.card_name(n) for n in names]
                                            for z, names in rules.reveal(state, s).items()}
                           for s in range(state.nplayers)}
    return msg
