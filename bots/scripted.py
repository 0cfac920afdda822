"""Scripted bots as data: a YAML priority list of conditional rules.

In the manner of Dominion simulators' buy rules, a scripted bot is a list read from the
top; the first rule that applies decides::

    name: rusher
    game: volfyirion
    rules:
      - do: attack            # an action verb, or a prefix of an action's notation
        prefer: cheapest      # among matching actions: first|last|cheapest|dearest|random
      - do: acquire asset
        if: "points.command >= 5"    # a condition on the acting player's view
      - do: end turn

A rule applies when some legal action's notation is ``do`` or starts with ``do`` followed
by a space (case ignored), and every condition in ``if`` (one string or a list) holds.
A condition is ``PATH OP NUMBER`` with OP one of ``>= <= == != > <``; PATH is a dotted path
into ``rules.view(state, player)``, or into the acting player's own part of it
(``view["players"]["p1"]`` or ``view["p1"]``) when the view has no such top-level key; the words ``me`` and ``opponent`` stand for the acting
player's and the next player's names (``players.me.tally``), a list counts its items,
``turn`` is the turn number when the view has no ``turn``. ``prefer: cheapest`` and
``dearest`` order by the ``cost`` of the card each action concerns
(:meth:`Rules.action_card`). With no rule applying, the bot takes the first legal action.

Files are checked by JSON Schema and every error is reported as ``file:line``.
"""
from __future__ import annotations

import operator
import re
from pathlib import Path

from tabletop.framework.actions import Action, format_action
from tabletop.framework.errors import TabletopError, visible
from tabletop.framework.language import gettext
from tabletop.framework.numerals import DIGITS, whole_number
from tabletop.framework.rng import Random
from tabletop.framework.state import player_name
from tabletop.framework.userfiles import long_number
from tabletop.framework.wording import clip

PREFERENCES = ("first", "last", "cheapest", "dearest", "random")
MAX_NAME = 60  # characters of a bot's name

SCHEMA = {
    "type": "object",
    "required": ["rules"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME, "examples": ["rusher"]},
        "game": {"type": "string", "minLength": 1, "examples": ["volfyirion"]},
        "description": {"type": "string"},
        "rules": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["do"],
                "additionalProperties": False,
                "properties": {
                    "do": {"type": "string", "minLength": 1, "examples": ["acquire asset"]},
                    "prefer": {"enum": list(PREFERENCES)},
                    "if": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                           "examples": ["points.command >= 5"]},
                },
            },
        },
    },
}

_COND = re.compile(r"^\s*([A-Za-z_][\w]*(?:\.[\w]+)*)\s*(>=|<=|==|!=|>|<)\s*(-?\d+(?:\.\d+)?)\s*$", re.ASCII)
_OPS = {">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne, ">": operator.gt, "<": operator.lt}


class ScriptError(TabletopError):
    """A scripted bot file that cannot be used (the message names the file and line)."""


class Condition:
    __slots__ = ("path", "op", "value", "text", "where")

    def __init__(self, text: str, where: str) -> None:
        m = _COND.match(text)
        if m is None:
            raise ScriptError(gettext(
                "{where}: condition {text!r} is not 'PATH OP NUMBER' (e.g. 'points.command >= 5'; OP one of >= <= == "
                '!= > <)').format(where=where, text=clip(text)))
        self.path = tuple(m.group(1).split("."))
        self.op = _OPS[m.group(2)]
        num = m.group(3)
        self.value = float(num) if "." in num else whole_number(num, signed=True)
        if self.value is None:
            raise ScriptError(gettext(
                "{where}: condition {text!r}: {number} is too long for a condition (at most {digits} digits)").format(
                where=where, text=clip(text), number=long_number(num), digits=DIGITS))
        self.text = clip(text)  # as messages echo it
        self.where = where

    def holds(self, view, state, player: int) -> bool:
        return self.op(self._lookup(view, state, player), self.value)

    def _lookup(self, view, state, player: int):
        cur = view
        if isinstance(view, dict) and self.path[0] not in view and self.path[0] != "turn":
            # a path from the acting player's own part of the view: points.command
            pn = player_name(player)
            own = view.get("players", {}).get(pn) if isinstance(view.get("players"), dict) else None
            if own is None:
                own = view.get(pn)
            if isinstance(own, dict) and self.path[0] in own:
                cur = own
        for i, seg in enumerate(self.path):
            if isinstance(cur, dict):
                if seg in cur:
                    cur = cur[seg]
                    continue
                alias = _alias(seg, state, player)
                if alias is not None and alias in cur:
                    cur = cur[alias]
                    continue
                if i == 0 and seg == "turn":
                    cur = state.turn
                    continue
                from tabletop.framework.suggest import did_you_mean

                here = ".".join(self.path[:i]) or "the view"
                raise ScriptError(gettext(
                    '{where}: condition {text!r}: {here} has no {seg!r}{suggestion}; it has: {items}').format(
                    where=self.where, text=self.text, here=here, seg=seg,
                    suggestion=did_you_mean(seg, [str(k) for k in cur]), items=', '.join(sorted(map(str, cur)))))
            elif isinstance(cur, (list, tuple)) and whole_number(seg) is not None and whole_number(seg) < len(cur):
                cur = cur[whole_number(seg)]
            else:
                raise ScriptError(gettext(
                    '{where}: condition {text!r}: {items} is {name}, not a mapping').format(
                    where=self.where, text=self.text, items='.'.join(self.path[:i]), name=type(cur).__name__))
        if isinstance(cur, bool):
            return int(cur)
        if isinstance(cur, (int, float)):
            return cur
        if isinstance(cur, (list, tuple, dict, set, str)):
            return len(cur)
        if cur is None:
            return 0
        raise ScriptError(gettext(
            '{where}: condition {text!r}: the value is {name}, not a number').format(
            where=self.where, text=self.text, name=type(cur).__name__))


def _alias(seg: str, state, player: int) -> str | None:
    if seg == "me":
        return player_name(player)
    if seg in ("opponent", "opp"):
        return player_name((player + 1) % state.nplayers)
    return None


class Rule:
    __slots__ = ("do", "prefer", "conditions", "where")

    def __init__(self, do: str, prefer: str, conditions: list[Condition], where: str) -> None:
        self.do = " ".join(do.split()).lower()
        self.prefer = prefer
        self.conditions = conditions
        self.where = where

    def matches(self, text: str) -> bool:
        return text == self.do or text.startswith(self.do + " ")


class Script:
    """A loaded, checked scripted-bot file."""

    def __init__(self, name: str, game: str | None, rules: list[Rule], path: str) -> None:
        self.name = name
        self.game = game
        self.rules = rules
        self.path = path


def load_script(path: str | Path, rules=None) -> Script:
    """Read and check a scripted-bot file; with the game's ``rules``, also check each ``do`` verb."""
    from tabletop.framework.schemaerrors import problems as schema_problems
    from tabletop.framework.schemaerrors import validator
    from tabletop.framework.userfiles import read_yaml

    label = str(path)
    try:
        doc = read_yaml(path, "scripted bot file")
    except TabletopError as e:
        raise ScriptError(e.render()) from None
    data = doc.data
    path = Path(path)

    def at(p) -> str:
        line = doc.at(p)[0]
        return f"{label}:{line}" if line else label

    if isinstance(data, dict) and isinstance(data.get("rules"), list):
        for item in data["rules"]:  # YAML 1.1 reads "do: yes" / "do: no" as booleans
            if isinstance(item, dict) and isinstance(item.get("do"), bool):
                item["do"] = "yes" if item["do"] else "no"
    found = schema_problems(validator(SCHEMA), data, "scripted bot")
    if found:
        raise ScriptError(gettext("invalid scripted bot:") + "\n" + "\n".join(f"{at(p)}: {m}" for p, m in found))
    out: list[Rule] = []
    problems: list[str] = []
    verbs = getattr(rules, "verbs", None) if rules is not None else None
    for i, item in enumerate(data["rules"]):
        where = at(("rules", i, "do"))
        conds = item.get("if", [])
        if isinstance(conds, str):
            conds = [conds]
        parsed = []
        for j, c in enumerate(conds):
            cwhere = at(("rules", i, "if", j) if isinstance(item.get("if"), list) else ("rules", i, "if"))
            try:
                parsed.append(Condition(c, cwhere))
            except ScriptError as e:
                problems.append(str(e))
        if verbs:
            bad = _unknown_verb(item["do"], verbs)
            if bad:
                problems.append(f"{where}: {bad}")
        out.append(Rule(item["do"], item.get("prefer", "first"), parsed, where))
    if rules is not None and data.get("game") and data["game"] != getattr(rules, "name", data["game"]):
        problems.append(gettext("{where}: this bot is written for {game!r}, not {name!r}").format(
            where=at(("game",)), game=clip(data["game"]), name=rules.name))
    if problems:
        raise ScriptError(gettext("invalid scripted bot:") + "\n" + "\n".join(problems))
    return Script(shown_name(data.get("name") or path.stem), data.get("game"), out, label)


def shown_name(name: str) -> str:
    """A bot's name as reports and terminals show it: at most :data:`MAX_NAME` characters (a long
    file name stands in when the file names none), control characters as their pictures. YAML's
    escapes (``"\\e[2J"``) put any character in a text, and the name is echoed wherever the bot plays."""
    return visible(clip(name, MAX_NAME))


def _unknown_verb(do: str, verbs) -> str | None:
    words = do.lower().split()
    for n in range(min(3, len(words)), 0, -1):
        if " ".join(words[:n]) in verbs:
            return None
    # a prefix of a multi-word verb ("end") also matches actions
    joined = " ".join(words)
    if any(v.startswith(joined) for v in verbs):
        return None
    from tabletop.framework.suggest import did_you_mean

    return gettext("'do: {do}' starts with no action of this game{suggestion}; actions: {verbs}").format(
        do=clip(do), suggestion=did_you_mean(words[0], list(verbs)), verbs=", ".join(sorted(verbs)))


class ScriptedBot:
    """Plays a :class:`Script`: the first rule with a matching legal action and true conditions."""

    def __init__(self, rules, seed: int, script: Script) -> None:
        self.script = script
        self.name = script.name
        self.rng = Random(seed)
        self._costs: dict[str, float] = {}

    def choose(self, rules, state) -> Action:
        legal = rules.candidate_actions(state, rules.legal_actions(state))
        if len(legal) == 1:
            return legal[0]
        player = state.to_move()
        texts = [format_action(a).lower() for a in legal]
        view = None
        for rule in self.script.rules:
            matching = [a for a, t in zip(legal, texts) if rule.matches(t)]
            if not matching:
                continue
            if rule.conditions:
                if view is None:
                    view = rules.view(state, player)
                if not all(c.holds(view, state, player) for c in rule.conditions):
                    continue
            return self._pick(rules, state, rule.prefer, matching)
        return legal[0]

    def _pick(self, rules, state, prefer: str, matching: list[Action]) -> Action:
        if len(matching) == 1 or prefer == "first":
            return matching[0]
        if prefer == "last":
            return matching[-1]
        if prefer == "random":
            return matching[self.rng.below(len(matching))]
        costs = [self._cost(rules, state, a) for a in matching]
        if prefer == "cheapest":
            i = min(range(len(matching)), key=lambda k: (costs[k] is None, costs[k] or 0, k))
        else:
            i = min(range(len(matching)), key=lambda k: (costs[k] is None, -(costs[k] or 0), k))
        return matching[i]

    def _cost(self, rules, state, action: Action):
        name = rules.action_card(state, action)
        if name is None:
            return None
        cards = rules.cards
        by_name = getattr(cards, "by_name", None)
        card = by_name.get(name) if by_name is not None else next((c for c in cards if c.name == name), None)
        cost = card.get("cost") if card is not None else None
        return cost if isinstance(cost, (int, float)) else None


def factory_for(path: str | Path, rules=None):
    """A bot factory ``(rules, seed, **ignored) -> ScriptedBot`` for a script file, loaded once."""
    script = load_script(path, rules)

    def make(rules, seed: int = 0, **_ignored) -> ScriptedBot:
        return ScriptedBot(rules, seed, script)

    make.script = script  # type: ignore[attr-defined]
    return make
