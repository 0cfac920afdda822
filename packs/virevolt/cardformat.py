"""Virevolt card files: the JSON Schema of one card and ``build``, which compiles its texts once.

Everything the engine needs per card is precomputed here (costs as 5-tuples, compiled
programs, trap conditions, passive powers), so the hot path never looks at text.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources

from tabletop.dsl.scope import Scope
from tabletop.framework import lasting
from tabletop.framework.cards import CardDef
from tabletop.framework.language import gettext
from tabletop.packs.virevolt.crystals import ZERO, format_cost
from tabletop.packs.virevolt.keys import CIDX, HERO, INCANTATION, TRAP
from tabletop.packs.virevolt.keywords import KEYWORDS
from tabletop.packs.virevolt.table import HERO_COST
from tabletop.packs.virevolt.vocabulary import Keyword, TrapWhen


@dataclass(frozen=True)
class Attack:
    name: str
    cost: tuple
    program: object
    text: str


@dataclass(frozen=True)
class Effect:
    number: int
    cost: tuple
    program: object
    text: str


def schema() -> dict:
    return json.loads(resources.files("tabletop.packs.virevolt").joinpath("card.schema.json").read_text("utf-8"))


def _compile(compiler, path: tuple, kind: str, text: str, pid: str, scope: Scope | None = None):
    """Compile one language field; errors are collected by the compiler, located in the file."""
    return compiler.text(path, kind, text, program_id=pid, scope=scope)


#: how a triggered ability starts ("whenever ...", "at the start of ..."), or a "while" one
_ABILITY_HEAD = re.compile(r"\s*(when|whenever|while|at the (start|beginning|end) of|once (per|each) turn|"
                           r"the [a-z]+ time)\b", re.IGNORECASE)


def _power(compiler, i: int, text: str, pid: str, scope: Scope):
    """Compile ``powers[i]``, a lasting change; one written as a triggered ability is refused with
    where it goes instead (the located error keeps its caret)."""
    before = len(compiler.errors)
    out = _compile(compiler, ("powers", i), "modifier", text, pid, scope)
    if len(compiler.errors) > before and isinstance(text, str) and _ABILITY_HEAD.match(text):
        compiler.errors[-1].hint = gettext(
            "a triggered ability ('whenever ...', 'when ...', 'at the start of ...') or a 'while ...' one "
            "goes in the card's 'abilities:' field; 'powers:' holds lasting changes ('your attacks deal 1 "
            "more damage')")
    return out


def _own_cost(mod) -> bool:
    """Whether ``mod`` changes its own card's casting cost ("this card costs 1 less"), which a hero has not."""
    return isinstance(mod, lasting.Modifier) and mod.stat == "cost" and mod.own


def _scope(entry: dict, where: str, **refs: str) -> Scope:
    """What a text of this card may refer to: the card itself, plus what its context gives."""
    out = {"this": entry["type"]}
    out.update({k.replace("_", " "): v for k, v in refs.items()})
    return Scope(out, f"{where} of {entry['type']} {entry['name']!r}")


def _cost(compiler, path, value) -> tuple:
    """A crystal cost in the card language (``2 red and 1 neutral``), or ``free``."""
    if value is None or value == 0 or str(value).strip().lower() in ("free", "none", "0"):
        return ZERO
    amounts = compiler.text(path, "amounts:crystal", str(value))
    if amounts is None:
        return ZERO
    counts = [0, 0, 0, 0, 0]
    for n, colour in amounts:
        counts[CIDX[colour]] += n
    return tuple(counts)


class VirevoltCard(CardDef):
    """A Virevolt card: the fields the rules read at every step are slots (see :class:`CardDef`)."""

    __slots__ = ("name", "kind", "cidx", "colour", "hp", "atk_bonus", "armor", "regen", "keywords", "attacks", "effects",
                 "when", "program", "cost", "rot", "sac", "cost_colours", "play_act", "set_act", "cast_acts",
                 "rotate_act", "sacrifice_act", "trap_event")


def build(entry: dict, compiler) -> CardDef:
    name = entry["name"]
    kind = entry["type"]
    f = dict(entry)
    f["kind"] = kind
    f["cidx"] = CIDX[entry["colour"]]
    f.setdefault("flavour", "")
    f["hp"] = entry.get("hp", 0)
    f["atk_bonus"] = f["armor"] = f["regen"] = 0
    f["keywords"] = ()
    f["attacks"] = ()
    f["effects"] = ()
    f["when"] = None
    f["program"] = None
    f["cost"] = ZERO
    f["rot"] = f["sac"] = ZERO
    f["cost_colours"] = frozenset()
    needs: set = set()
    if kind == HERO:
        f["rot"] = _cost(compiler, ("rotation",), entry["rotation"])
        f["sac"] = _cost(compiler, ("sacrifice",), entry["sacrifice"])
        atks = []
        for i, a in enumerate(entry.get("attacks", [])):
            cost = _cost(compiler, ("attacks", i, "cost"), a["cost"])
            prog = _compile(compiler, ("attacks", i, "effect"), "effect", a["effect"], f"{name}/attack/{a['name']}",
                            _scope(entry, f"attack {a['name']!r}", target="hero", attack="attack"))
            atks.append(Attack(a["name"], cost, prog, a["effect"]))
            needs.add(cost)
        if len({a.name for a in atks}) != len(atks):
            compiler.fail(("attacks",), "two attacks of this hero have the same name")
        f["attacks"] = tuple(atks)
        statics = []
        for i, text in enumerate(entry.get("powers", [])):
            pw = _power(compiler, i, text, f"{name}/power/{i + 1}", _scope(entry, "a power"))
            if isinstance(pw, lasting.Modifier) and _own_cost(pw):
                compiler.fail(("powers", i), gettext(HERO_COST))
            elif isinstance(pw, lasting.Modifier):
                statics.append(pw)
            elif isinstance(pw, Keyword):  # in the order the keywords apply (packs.virevolt.keywords)
                f["keywords"] = tuple(w for w in KEYWORDS if w in f["keywords"] or w == pw.word)
            elif pw is not None:
                f[pw.kind] = f[pw.kind] + pw.amount
        for i, text in enumerate(entry.get("abilities", [])):
            ab = _compile(compiler, ("abilities", i), "card ability", text, f"{name}/ability/{i + 1}",
                          _scope(entry, "an ability"))
            if ab is not None and ab.trigger is not None:
                f["triggers"] = f.get("triggers", ()) + (ab.trigger,)
            elif ab is not None and _own_cost(ab.static):
                compiler.fail(("abilities", i), gettext(HERO_COST))
            elif ab is not None:
                statics.append(ab.static)
        f["statics"] = tuple(statics)
        if statics:
            f["listens"] = frozenset({lasting.MODIFIERS})
        needs.update((f["rot"], f["sac"]))
    elif kind == INCANTATION:
        effs = []
        for i, e in enumerate(entry["effects"]):
            cost = _cost(compiler, ("effects", i, "cost"), e["cost"])
            prog = _compile(compiler, ("effects", i, "effect"), "effect", e["effect"], f"{name}/effect/{i + 1}",
                            _scope(entry, f"effect {i + 1}"))
            effs.append(Effect(i + 1, cost, prog, e["effect"]))
            needs.add(cost)
        f["effects"] = tuple(effs)
    elif kind == TRAP:
        f["cost"] = _cost(compiler, ("cost",), entry["cost"])
        when = _compile(compiler, ("when",), "trigger", entry["when"], f"{name}/when")
        if when is not None and not isinstance(when, TrapWhen):  # a card's trigger ("one of your heroes dies")
            compiler.fail(("when",), "a trap's condition is one of: an enemy attacks [you], HEROES attack you, an "
                                     "enemy casts INCANTATIONS, an enemy plays HEROES, your main hero has N hp or "
                                     "less, an enemy hero has STATE")
            when = None
        f["when"] = when
        refs = {r.replace(" ", "_"): "hero" for r in getattr(when, "provides", ())}
        f["program"] = _compile(compiler, ("effect",), "effect", entry["effect"], f"{name}/effect",
                                _scope(entry, f"the effect (when {entry['when']!r})", **refs))
        needs.add(f["cost"])
    f["cost_colours"] = frozenset(i for c in needs for i, n in enumerate(c) if n)
    # the action tuples the card appears in, built once (the legal actions list them every step)
    f["play_act"] = ("play", name)
    f["set_act"] = ("set", name)
    f["rotate_act"] = ("rotate", name)  # (a twin in play is named "Name #2" instead)
    f["sacrifice_act"] = ("sacrifice", name)
    f["trap_event"] = f["when"].event if f["when"] is not None else None  # what a trap answers ("any": at any time)
    f["cast_acts"] = tuple(("cast", name, str(e.number)) for e in f["effects"])
    return VirevoltCard(**f)


def describe_cost(cost: tuple) -> str:
    return format_cost(cost)
