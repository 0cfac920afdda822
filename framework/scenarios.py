"""Scenario files: a position, a list of actions, and what must be true afterwards.

The designer's way to test a rule or a card without Python (``docs/scenarios.md``)::

    game: volfyirion
    seed: 7
    setup: {active: p1, p1: {hand: [Captain, Prospector]}}
    steps:
      - play Captain
      - expect: {p1.points.command: 1}

Steps are action texts (which must be legal), ``expect`` maps of paths to values (paths
into the pack's ``describe`` of the state), ``legal`` / ``illegal`` lists of actions, and
``pending`` (the text of the decision waiting, or null); ``illegal`` may also map each
action to words of the reason the game gives for refusing it. A scenario may define its own
cards in the card language under ``cards:``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.framework.actions import DECISION_VERBS, NAME, ActionSyntaxError, format_action
from tabletop.framework.cards import CardCompiler, fresh_namespace
from tabletop.framework.effects import IllegalAction
from tabletop.framework.numerals import whole_number
from tabletop.framework.errors import ErrorList, LocatedError, TabletopError
from tabletop.framework.language import english_names, gettext
from tabletop.framework.setups import MAX_SEED, SetupError, check_options, position_problems
from tabletop.framework.userfiles import Document, link_problem, read_yaml
from tabletop.framework.wording import clip, kind_of, shown

_MISSING = object()
STEP_KINDS = ("expect", "legal", "illegal", "pending")

SCHEMA = {
    "type": "object",
    "required": ["game", "steps"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string", "minLength": 1, "examples": ["volfyirion"]},
        "description": {"type": "string", "examples": ["A guarded city needs two attacks"]},
        "options": {"type": ["object", "null"], "examples": ["{first: p1}"]},
        "players": {"type": "integer", "minimum": 1, "maximum": 16, "examples": [2]},
        "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED, "examples": [7]},
        "card_files": {"type": ["array", "null"], "items": {"type": "string", "minLength": 1},
                       "examples": ["[../cards/my-expansion.yaml]"]},
        "setup": {"type": ["object", "null"], "examples": ["{active: p1, p1: {hand: [Captain]}}"]},
        "cards": {"type": ["array", "null"], "items": {"type": "object"}},
        "deal_cards": {"type": "boolean", "examples": ["true"]},
        "steps": {"type": "array", "examples": ["[play Captain, {expect: {p1.points.command: 1}}]"]},
    },
}


class ScenarioFailure(TabletopError):
    """A scenario whose expectation did not hold or whose action was not legal."""


@dataclass
class Scenario:
    file: str
    data: dict
    pos: dict
    lines: list[str]

    def where(self, path: tuple) -> tuple[int | None, int | None, str | None]:
        path = tuple(path)
        while path not in self.pos and path:
            path = path[:-1]
        line, col, _ = self.pos.get(path, (None, None, None))
        return line, col, (self.lines[line - 1] if line and line <= len(self.lines) else None)

    def error(self, path: tuple, message: str) -> LocatedError:
        line, col, src = self.where(path)
        return LocatedError(message, self.file, line, col, src)


def load(path: str | Path) -> Scenario:
    """Read a scenario file and check every key and every step's shape (all faults at once)."""
    from tabletop.framework.schemaerrors import problems, validator

    doc: Document = read_yaml(path, "scenario file")
    sc = Scenario(doc.file, doc.data, doc.pos, doc.lines)
    if not isinstance(doc.data, dict):
        raise sc.error((), gettext(
            "a scenario is a YAML mapping with 'game', 'setup' and 'steps', not {kind_of}").format(
            kind_of=kind_of(doc.data)))
    errors = [sc.error(p, m) for p, m in problems(validator(SCHEMA), doc.data, "scenario")]
    if isinstance(doc.data.get("steps"), list):
        for n, step in enumerate(doc.data["steps"]):
            problem = _step_problem(step)
            if problem:
                errors.append(sc.error(("steps", n), gettext(
                    'step {value}: {problem}').format(value=n + 1, problem=problem)))
    if errors:
        raise ErrorList(sorted(errors, key=lambda e: (e.line or 0, e.column or 0)))
    return sc


def _step_problem(step: Any) -> str | None:
    """What is wrong with a step's shape, or None (whether it holds is only known by running it)."""
    if isinstance(step, (str, int)) and not isinstance(step, bool):
        return None if str(step).strip() else gettext("an empty action")
    if isinstance(step, bool):
        return None
    if not isinstance(step, dict) or len(step) != 1:
        return gettext("expected an action (e.g. '- play Captain') or one of {kinds} (e.g. '- expect: "
                       "{{p1.points.command: 1}}'), not {found}").format(kinds=", ".join(STEP_KINDS), found=kind_of(step))
    (kind, body), = step.items()
    if kind not in STEP_KINDS:
        from tabletop.framework.suggest import did_you_mean

        return gettext("unknown step kind {kind}{suggestion}; a step is an action or one of {kinds}").format(
            kind=shown(kind), suggestion=did_you_mean(str(kind), STEP_KINDS), kinds=", ".join(STEP_KINDS))
    if kind == "expect":
        if not isinstance(body, dict) or not body:
            return gettext("'expect' takes a mapping of paths to values, e.g. 'expect: {{p1.points.command: 1}}', "
                           "not {found}").format(found=kind_of(body))
    elif kind == "illegal" and isinstance(body, dict):
        if not body or any(not isinstance(t, (str, int)) or isinstance(t, bool) or not isinstance(r, str) or not r.strip()
                           for t, r in body.items()):
            return gettext(
                "'illegal' with reasons maps each action to words of the reason the game gives, e.g. "
                "'illegal: {{attack p2.city1: needs 8 battle}}', not {found}").format(found=kind_of(body))
    elif kind in ("legal", "illegal"):
        items = body if isinstance(body, list) else [body]
        if not items or any(not isinstance(t, (str, int)) for t in items):
            return gettext(
                "'{kind}' takes an action or a list of actions, e.g. '{kind}: [end turn]', not {found}").format(
                kind=kind, found=kind_of(body))
    elif not (body is None or body is True or isinstance(body, str)):
        return gettext("'pending' takes the text of the decision waiting, or null for none, not {found}").format(
            found=kind_of(body))
    return None


def run(path: str | Path, registry=None) -> Scenario:
    """Run one scenario file; raise :class:`ScenarioFailure` (or a located error) on the first failure."""
    from tabletop.framework.packs import UnknownPack
    from tabletop.framework.packs import registry as default_registry

    sc = load(path)
    reg = registry or default_registry()
    try:
        pack = reg.get(sc.data["game"])
    except UnknownPack as e:
        raise sc.error(("game",), str(e)) from None
    files = _card_files(sc)
    if files:
        pack = pack.with_cards(files)
    extra = _scenario_cards(sc, pack)
    rules = pack.rules_with(extra) if extra else pack.rules()
    seed = sc.data.get("seed", 0)
    players = sc.data.get("players")
    try:
        options = check_options(rules, sc.data.get("options"), players)
    except SetupError as e:
        raise sc.error(e.path if e.path[:1] == ("players",) else ("options",) + e.path, str(e)) from None
    try:
        state = rules.setup(options, seed, players)
    except (ValueError, TabletopError) as e:
        raise sc.error(("options",) if "options" in sc.data else ("game",),
                       gettext(
                           'cannot start {name} with these options: {text}').format(
                           name=pack.name, text=_text(e))) from None
    setup = sc.data.get("setup")
    if setup:
        try:
            rules.apply_setup(state, setup)
        except SetupError as e:
            raise sc.error(("setup",) + e.path, f"setup.{e}" if e.path else f"setup: {e}") from None
        except (ValueError, TabletopError) as e:
            raise sc.error(("setup",), gettext('bad setup: {text}').format(text=_text(e))) from None
        problems = position_problems(rules, state)
        if problems:
            raise ErrorList([sc.error(("setup",), gettext(
                'setup: impossible position: {p}').format(p=p)) for p in problems])
    for n, step in enumerate(sc.data["steps"]):
        _run_step(sc, rules, state, n, step)
    return sc


def _card_files(sc: Scenario) -> list[Path]:
    """``card_files``: card files (or folders of them) whose cards join the set for this scenario, as
    ``--cards`` adds them (an expansion's cards, say); paths are relative to the scenario file."""
    entries = sc.data.get("card_files") or []
    out: list[Path] = []
    for i, entry in enumerate(entries):
        path = Path(sc.file).parent / entry
        if path.is_dir():
            out.extend(sorted(path.glob("*.yaml")))
        elif path.is_file():
            out.append(path)
        else:
            raise sc.error(("card_files", i), gettext('{path}: {problem}').format(path=path, problem=link) if (
                link := link_problem(path)) else gettext('no such card file or folder: {path}').format(path=path))
    return out


def _text(e: Exception) -> str:
    return e.render() if isinstance(e, TabletopError) else clip(str(e), 400)


def _scenario_cards(sc: Scenario, pack) -> list:
    cards = sc.data.get("cards")
    if not cards:
        return []
    from tabletop.framework.schemaerrors import problems, validator

    fmt = pack.card_format()
    vocab = pack.vocabulary()
    check = validator(fmt.schema)
    deal = bool(sc.data.get("deal_cards", False))
    known = pack.cards().by_name
    out, errors = [], []
    namespace = fresh_namespace(vocab)
    shifted = {k[1:]: v for k, v in sc.pos.items() if k[:1] == ("cards",)}
    for i, entry in enumerate(cards):
        found = problems(check, entry, "card")
        name = entry.get("name") if isinstance(entry.get("name"), str) else None
        for p, message in found:
            err = sc.error(("cards", i) + p, message)
            err.card = name
            errors.append(err)
        if found:
            continue
        compiler = CardCompiler(sc.file, name, i, shifted, sc.lines, vocab, namespace=namespace)
        card = compiler.finish(fmt.build(entry, compiler))
        errors.extend(compiler.errors)
        if card is not None:
            # A new card is only where the scenario's setup puts it, never dealt into the pack's
            # decks, unless the scenario says ``deal_cards: true``; a card replacing a pack card
            # of the same name takes that card's place.
            card.scenario_only = not deal and entry.get("name") not in known
            out.append(card)
    if errors:
        raise ErrorList(errors)
    return out


def _run_step(sc: Scenario, rules, state, n: int, step: Any) -> None:
    label = gettext("step {n}").format(n=n + 1)
    if isinstance(step, bool):  # YAML reads a bare `- yes` / `- no` as a boolean
        step = "yes" if step else "no"
    if isinstance(step, (str, int)):
        step = str(step)
        try:
            action = rules.find_action(state, step)
        except (IllegalAction, ValueError) as e:
            msg = str(e)
            if "legal actions:" not in msg and not state.over:
                msg += gettext("; legal actions: ") + ", ".join(format_action(a) for a in rules.legal_actions(state))
            raise _fail(sc, n, gettext(
                '{label} ({shown}): {clip}').format(label=label, shown=shown(step), clip=clip(msg, 2000)))
        rules.apply(state, action)
        return
    (kind, body), = step.items()
    if kind == "expect":
        described = rules.describe(state)
        for path, expected in body.items():
            actual = lookup(described, str(path))
            if actual is _MISSING:
                raise _fail(sc, n, gettext(
                    '{label}: no such path {shown} (top-level keys: {described})').format(
                    label=label, shown=shown(path), described=', '.join(sorted(described))))
            if not _same(actual, expected):
                raise _fail(sc, n, gettext(
                    '{label}: {clip}: expected {shown}, got {shown2}').format(
                    label=label, clip=clip(path), shown=shown(expected), shown2=shown(actual)))
    elif kind == "illegal" and isinstance(body, dict):
        for text, reason in body.items():
            try:
                rules.find_action(state, str(text))
            except (IllegalAction, ValueError) as e:
                told = " ".join(str(getattr(e, "reason", e)).split())
                if " ".join(reason.split()).lower() not in told.lower():
                    raise _fail(sc, n, gettext('{label}: {action} is illegal, but the game says {told}, not {reason}').format(
                        label=label, action=shown(text), told=shown(told), reason=shown(reason))) from None
            else:
                raise _fail(sc, n, gettext("{label}: {action} should be illegal (legal actions: {legal})").format(
                    label=label, action=shown(text),
                    legal=", ".join(sorted(format_action(a).lower() for a in rules.legal_actions(state)))))
    elif kind in ("legal", "illegal"):
        legal = {format_action(a).lower() for a in rules.legal_actions(state)}
        for text in body if isinstance(body, list) else [body]:
            if isinstance(text, bool):  # `legal: [yes, no]`: YAML's booleans, as a bare `- yes` step
                text = "yes" if text else "no"
            is_legal = " ".join(str(text).split()).lower() in legal
            if not is_legal and kind == "illegal":
                unmeant = _no_action(rules, state, str(text))
                if unmeant:
                    raise _fail(sc, n, gettext("{label}: {action} is no action of the game, so it cannot test "
                                               "anything ({why})").format(label=label, action=shown(text), why=unmeant))
            if is_legal != (kind == "legal"):
                shown_legal = ", ".join(sorted(legal)) or gettext("none")
                raise _fail(sc, n, (gettext(
                    '{label}: {action} should be legal (legal actions: {legal})') if kind == "legal" else
                                    gettext("{label}: {action} should be illegal (legal actions: {legal})")).format(
                    label=label, action=shown(text), legal=shown_legal))
    else:
        actual = state.pending.prompt if state.pending is not None else None
        if (body is None) != (actual is None) or (body not in (None, True) and body != actual):
            raise _fail(sc, n, gettext(
                '{label}: pending: expected {shown}, got {shown2}').format(
                label=label, shown=shown(body), shown2=shown(actual)))


def _no_action(rules, state, text: str) -> str | None:
    """Why ``text`` cannot be an action of the game at all, or None: an ``illegal`` entry that is
    misspelt, or names a card the game does not have, would pass whatever the game does."""
    try:
        action = rules.parse(english_names(text))
    except ActionSyntaxError as e:
        return str(e)
    spec = rules.verbs.get(action[0])
    if spec is None or action[0] in DECISION_VERBS:
        return None
    names = rules.names(state)
    for kind, arg in zip(spec.args, action[1:]):
        if kind == NAME and str(arg).lower() not in names:
            return gettext("nothing in this game is named {name}").format(name=shown(arg))
    return None


def _fail(sc: Scenario, n: int, message: str) -> ScenarioFailure:
    line, col, src = sc.where(("steps", n))
    where = f"{sc.file}:{line}" if line else sc.file
    return ScenarioFailure(f"{where}: {message}")


def lookup(data: Any, path: str) -> Any:
    """Follow a dotted path (``p2.city1.troop``) through dicts, and lists by index."""
    cur = data
    parts = path.split(".")
    i = 0
    while i < len(parts):
        if isinstance(cur, dict):
            # keys may themselves contain dots (none do today, but allow the longest match)
            for j in range(len(parts), i, -1):
                key = ".".join(parts[i:j])
                if key in cur:
                    cur, i = cur[key], j
                    break
            else:
                return _MISSING
        elif isinstance(cur, list) and whole_number(parts[i], signed=True) is not None:
            k = whole_number(parts[i], signed=True)
            if not -len(cur) <= k < len(cur):
                return _MISSING
            cur, i = cur[k], i + 1
        else:
            return _MISSING
    return cur


def _same(actual: Any, expected: Any) -> bool:
    if isinstance(actual, tuple):
        actual = list(actual)
    if isinstance(expected, list) and isinstance(actual, list):
        return len(actual) == len(expected) and all(_same(a, e) for a, e in zip(actual, expected))
    return actual == expected
