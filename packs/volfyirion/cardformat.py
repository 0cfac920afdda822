"""Card entries: their JSON Schema (``card.schema.json``) and ``build``, which compiles one entry.

``build`` compiles the card-language fields once and precomputes everything the hot path
needs as plain attributes of the :class:`CardDef`:

``colour`` (the ``house:`` field, grey when absent), ``kind`` (int), ``main_text`` (the card's own ``main:`` text), ``colour_i`` (colour index, -1 for grey and Wonders), ``main`` (tuple of
(resource index, n)), ``gains`` (the same points for each player, as (counter key, n) pairs),
``need`` (Synergy requirement as (colour index, count) pairs, or None),
``cond`` (the compiled condition, used only when ``need`` cannot be known), ``auto`` (the
secondary is points only and fires by itself), ``sec_points`` (and ``sec_gains``, as ``gains``),
``stirs_chains`` (playing it may make such a chain hold), ``act`` (Program of a
secondary that must be activated), ``rem`` (Program of the Remove Ability), and the
action tuples the card appears in (``play_act``, ``city_play``, ``act_act``, ``act_city``,
``rem_act``, ``rem_city``).
"""
from __future__ import annotations

import json
import re
from importlib.resources import files

from tabletop.dsl.scope import Scope
from tabletop.framework.cards import CardDef
from tabletop.framework.language import N_, gettext
from tabletop.framework.triggers import ATTACKED, PHASE_END
from tabletop.framework.packs import CardFormat

from tabletop.packs.volfyirion.model import COLOURS, KEYS, KIND_OF, RESOURCES
from tabletop.packs.volfyirion.variants import When, on_attack

SCHEMA = json.loads(files("tabletop.packs.volfyirion").joinpath("card.schema.json").read_text("utf-8"))

#: a text that starts as an effect does (a verb), not as points do ("2 command", "one battle")
_AN_EFFECT = re.compile(r"\s*(?!(a|an|one|two|three|four|five|six|seven|eight|nine|ten)\b)[A-Za-z]", re.IGNORECASE)


class VolfyirionCard(CardDef):
    """A Volfyirion card: the fields the rules read at every step are slots (see :class:`CardDef`)."""

    __slots__ = ("name", "type", "kind", "cost", "defence", "colour", "colour_i", "main", "gains", "need", "cond",
                 "auto", "sec_points", "sec_gains", "act", "rem", "thin", "rem_battle", "has_ability", "stirs_chains", "play_act",
                 "city_play", "act_act", "act_city", "rem_act", "rem_city", "thin_act", "thin_city", "seal_act",
                 "unseal_act", "removal", "starting", "variant", "to_opp", "unremovable", "unsealable", "merc")

CITY_LABELS = ("city1", "city2", "city3")


def _analyse(program):
    """(points-only?, points) of a compiled program made of this pack's steps."""
    pts = [0, 0, 0]
    only_points = True
    for step in program.steps:
        kind = getattr(step, "kind", None)
        if kind == "gain" and step.points is not None:
            for r, n in step.points:
                pts[r] += n
        else:
            only_points = False
    return only_points, tuple((r, n) for r, n in enumerate(pts) if n)


def _keyed(points) -> tuple:
    """``points`` as each player's (counter key, n) pairs: what gaining them adds, with no lookup."""
    return tuple(tuple((K.res[r], n) for r, n in points) for K in KEYS)


def _scope(entry: dict, where: str) -> Scope:
    """What a text of this card may refer to: the card itself, and its City for Troops and Buildings."""
    refs = {"this": entry["type"] if entry["type"] in ("command", "building", "troop", "wonder") else "card"}
    if entry["type"] in ("troop", "building"):
        refs["city"] = "city"
    return Scope(refs, f"the {where} of {entry['type']} card {entry['name']!r}")


def build(entry: dict, compiler) -> CardDef:
    name = entry["name"]
    kind = KIND_OF[entry["type"]]
    colour = entry.get("house")
    fields = dict(entry)
    fields.setdefault("copies", 1)
    fields.setdefault("origin", "design")
    fields.setdefault("starting", False)
    fields.setdefault("cost", 0)
    fields.setdefault("defence", 0)
    fields["kind"] = kind
    fields["colour"] = colour or ("grey" if kind in (0, 1, 2) else None)
    fields["colour_i"] = COLOURS.index(colour) if colour in COLOURS else -1

    main = ()
    if "main" in entry:
        before = len(compiler.errors)
        amounts = compiler.text(("main",), "amounts:resource", entry["main"])
        if len(compiler.errors) > before and isinstance(entry["main"], str) and _AN_EFFECT.match(entry["main"]):
            compiler.errors[-1].hint = gettext(
                "a Main Ability is the points the card gives (VOL-CARD-01, VOL-GAIN-01: 'main: 2 command, 1 "
                "battle'); an effect goes in 'secondary:' (with no Synergy Chain before it, it may be used "
                "whenever the card is in play)")
        if amounts is not None:
            pts = [0, 0, 0]
            for n, w in amounts:
                pts[RESOURCES.index(w)] += n
            main = tuple((r, n) for r, n in enumerate(pts) if n)
    fields["main"] = main
    fields["gains"] = _keyed(main)
    fields["main_text"] = entry.get("main", "")

    need = None
    cond = None
    auto = False
    sec_points = ()
    act = None
    sec = None  # the Secondary Ability's program, points-only or not: what a copy of it runs (dsl.copying)
    if "secondary" in entry:
        ability = compiler.text(("secondary",), "ability", entry["secondary"], f"{name}/secondary",
                                _scope(entry, "secondary ability"))
        if ability is not None:
            cond = ability.condition
            need = getattr(cond, "need", None) if cond is not None else ()
            if cond is not None and need is None:
                need = None  # a compound condition: evaluated through ``cond``
            sec = ability.program
            only_points, sec_points = _analyse(ability.program)
            if only_points:
                auto = True
            else:
                act = ability.program
    fields.update(need=need, cond=cond, auto=auto, sec_points=sec_points, sec_gains=_keyed(sec_points), act=act, sec=sec)
    # whether playing the card can make a points-only chain hold (its own, or another's through its colour):
    # a grey card without one cannot, unless a chain of the set reads more than colours (``cond``)
    fields["stirs_chains"] = auto or fields["colour_i"] >= 0

    rem = None
    if "remove" in entry:
        rem = compiler.text(("remove",), "effect", entry["remove"], f"{name}/remove", _scope(entry, "remove ability"))
    fields["rem"] = rem
    # a Remove Ability whose bonus gives points (taken in full, VOL-SEC-05) can also be used only to
    # thin the deck, taking none of it (VOL-REMAB-03); any other bonus is optional step by step
    fields["thin"] = rem is not None and any(getattr(st, "kind", None) == "gain" for st in rem.steps)
    # whether the bonus gives Battle Points: only such a Remove Ability is used "to Attack" (Second Chance)
    fields["rem_battle"] = rem is not None and any(
        getattr(st, "kind", None) == "gain" and any(r == 1 for r, _ in (st.points or ((r, q) for q, r in st.quantities)))
        for st in rem.steps)
    fields["has_ability"] = act is not None or rem is not None

    if kind in (1, 2):
        fields["play_act"] = None
        fields["city_play"] = tuple(("play", name, c) for c in CITY_LABELS)
    else:
        fields["play_act"] = ("play", name)
        fields["city_play"] = ()
    fields["act_act"] = ("activate", name)
    fields["act_city"] = tuple(("activate", name, c) for c in CITY_LABELS)
    fields["rem_act"] = ("remove", name)
    fields["rem_city"] = tuple(("remove", name, c) for c in CITY_LABELS)
    fields["thin_act"] = ("thin", name)
    fields["thin_city"] = tuple(("thin", name, c) for c in CITY_LABELS)
    fields["seal_act"] = (("seal", "p1", name), ("seal", "p2", name))
    # the options "remove one of your cards" offers for it, by where it is (model.removal_options)
    fields["removal"] = {where: ("choose", f"{where}:{name}") for where in ("play", "discard", "hand")}
    fields["unseal_act"] = (("unseal", "p1", name), ("unseal", "p2", name))

    _variant_fields(entry, fields, compiler, name, kind)
    # the part of the box the card belongs to (``tabletop cards list`` totals per part)
    fields["section"] = fields["variant"] or ("starting" if fields["starting"] else entry["type"])
    _abilities(entry, fields, compiler, name)

    if kind in (4, 5) and ("secondary" in entry or "remove" in entry):
        compiler.fail(("type",), "cities and the Lair have no secondary or remove abilities")
    if kind == 3 and "house" in entry:
        compiler.fail(("house",), "Wonders have no House colour")
    return VolfyirionCard(**fields)


#: Attributes every card has (the ``rules:`` modifiers set them; see variants.py).
MOD_DEFAULTS = {"defeat_cost": None, "collider": False, "oracle": False, "heroes": None,
                "unsealable": False, "takeover": None, "unremovable": False, "to_opp": False,
                "merc": False}


def _abilities(entry: dict, fields: dict, compiler, name: str) -> None:
    """``abilities:``: triggered abilities and lasting modifiers, active while the card is in play
    (a trigger about the card itself, such as ``when you acquire this card``, wherever it is)."""
    triggers, statics = list(fields.get("triggers", ())), []
    for i, text in enumerate(entry.get("abilities") or ()):
        ab = compiler.text(("abilities", i), "card ability", text, f"{name}/ability/{i + 1}", _scope(entry, "ability"))
        if ab is None:
            continue
        if ab.trigger is not None:
            moment = ab.trigger.moment
            if entry["type"] == "command" and moment is not None and moment != (PHASE_END, "you", "main"):
                # (in play only from when it is played in its owner's Main Phase to the End of that turn)
                compiler.fail(("abilities", i), gettext(
                    "a command card is in play only in your Main Phase, from when you play it to the End of "
                    "the Turn, which discards it (VOL-END-01): '{text}' never finds it in play; say 'at the "
                    "end of your main phase'").format(text=text.split(",")[0].split(":")[0].strip()))
                continue
            triggers.append(ab.trigger)
        if ab.static is not None:
            statics.append(ab.static)
    fields["triggers"] = tuple(triggers)
    fields["statics"] = tuple(statics)


#: why a Ploy's requirement read as another card trigger is refused: a Ploy waits in its owner's
#: hand of one, answering the pack's signals only
PLOY_REQUIREMENTS = N_("a Ploy's requirement is an attack on your cities ('an opponent attacks one of your "
                       "cities', 'an enemy attacks one of your cities with a troop'), 'an opponent moves "
                       "volfyirion onto one of your cities', 'an opponent attacks one of your cities after using "
                       "a troop's remove ability' or 'there are N buildings|troops|wonders in play'")


def _requirement(compiler, when):
    """A Ploy's ``when:``: the pack's own requirements as they are; the card language's attack
    trigger (``an opponent attacks one of your cities``) as the Ploy answering that attack; any
    other trigger is refused, since a Ploy answers only what the pack signals to it."""
    if when is None or isinstance(when, When):
        return when
    if getattr(when, "event", None) == ATTACKED and getattr(when, "it", None) == "subject":
        return on_attack(when)
    compiler.fail(("when",), gettext(PLOY_REQUIREMENTS))
    return None


def _variant_fields(entry: dict, fields: dict, compiler, name: str, kind: int) -> None:
    """``variant``, ``rules`` (modifiers), a Ploy's ``when``/``effect``, a City's ``rebuild``."""
    from tabletop.framework.triggers import Trigger

    fields.setdefault("variant", None)
    fields.update(MOD_DEFAULTS)
    for i, text in enumerate(entry.get("rules") or ()):
        mod = compiler.text(("rules", i), "modifier", text, f"{name}/rules/{i + 1}")
        if mod is not None:
            fields[mod.kind] = mod.value
    if kind == 3 and fields["takeover"] is None and fields["variant"] == "ascension-path":
        fields["takeover"] = ((2, fields["cost"]),)  # default: KP = its cost (VOL-VAR-ASC-04)
    if "when" in entry or "effect" in entry:
        if kind != 7:
            compiler.fail(("when" if "when" in entry else "effect",), "only Ploys have 'when' and 'effect'")
            return
        when = _requirement(compiler, compiler.text(("when",), "trigger", entry["when"], f"{name}/when"))
        refs = {r: r for r in getattr(when, "provides", ())}
        prog = compiler.text(("effect",), "effect", entry["effect"], f"{name}/effect",
                             Scope(refs, f"the effect of Ploy {name!r} (its requirement: {entry['when']!r})"))
        if when is not None and prog is not None:
            fields["triggers"] = (Trigger(when.event, when.test, prog, text=entry["when"]),)
    fields["rebuild_cost"] = ()
    if kind == 4:
        if "rebuild" in entry:
            amounts = compiler.text(("rebuild",), "amounts:resource", entry["rebuild"])
            if amounts is not None:
                pts = [0, 0, 0]
                for n, w in amounts:
                    pts[RESOURCES.index(w)] += n
                fields["rebuild_cost"] = tuple((r, n) for r, n in enumerate(pts) if n)
        else:  # default: CP equal to the printed Defence (VOL-EXT-REBUILD-04)
            fields["rebuild_cost"] = ((0, fields["defence"]),)
    elif "rebuild" in entry:
        compiler.fail(("rebuild",), "only Cities have a rebuild cost")


CARD_FORMAT = CardFormat(SCHEMA, build)
