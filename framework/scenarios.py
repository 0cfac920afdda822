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
``pending`` (the text of the decision waiting, or null). A scenario may define its own
cards in the card language under ``cards:``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.framework.actions import format_action
from tabletop.framework.cards import CardCompiler, parse_yaml
from tabletop.framework.effects import IllegalAction
from tabletop.framework.errors import ErrorList, LocatedError, TabletopError

_MISSING = object()


class ScenarioFailure(TabletopError):
    """A scenario whose expectation did not hold or whose action was not legal."""


@dataclass
class Scenario:
    file: str
    data: dict
    pos: dict
    lines: list[str]

    def where(self, path: tuple) -> tuple[int | None, int | None, str | None]:
        line, col, _ = self.pos.get(path, (None, None, None))
        return line, col, (self.lines[line - 1] if line else None)

    def error(self, path: tuple, message: str) -> LocatedError:
        line, col, src = self.where(path)
        return LocatedError(message, self.file, line, col, src)


def load(path: str | Path) -> Scenario:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise TabletopError(f"{path}: cannot read: {e.strerror or e}") from None
    data, pos = parse_yaml(text, str(path))
    sc = Scenario(str(path), data, pos, text.splitlines())
    if not isinstance(data, dict):
        raise sc.error((), "a scenario is a YAML mapping with 'game', 'setup' and 'steps'")
    unknown = set(data) - {"game", "options", "seed", "setup", "steps", "cards", "description", "players"}
    if unknown:
        from tabletop.framework.suggest import did_you_mean

        k = sorted(unknown)[0]
        raise sc.error((k,), f"unknown scenario key {k!r}{did_you_mean(k, ['game', 'options', 'seed', 'setup', 'steps', 'cards', 'description', 'players'])}")
    for key in ("game", "steps"):
        if key not in data:
            raise sc.error((), f"scenario needs a {key!r} key")
    if not isinstance(data["steps"], list):
        raise sc.error(("steps",), "'steps' must be a list")
    return sc


def run(path: str | Path, registry=None) -> Scenario:
    """Run one scenario file; raise :class:`ScenarioFailure` (or a located error) on the first failure."""
    from tabletop.framework.packs import registry as default_registry

    sc = load(path)
    reg = registry or default_registry()
    pack = reg.get(sc.data["game"])
    extra = _scenario_cards(sc, pack)
    rules = pack.rules_with(extra) if extra else pack.rules()
    seed = sc.data.get("seed", 0)
    state = rules.setup(sc.data.get("options") or {}, seed, sc.data.get("players"))
    if sc.data.get("setup"):
        try:
            rules.apply_setup(state, sc.data["setup"])
        except (KeyError, ValueError) as e:
            raise sc.error(("setup",), f"bad setup: {e}") from None
    for n, step in enumerate(sc.data["steps"]):
        _run_step(sc, rules, state, n, step)
    return sc


def _scenario_cards(sc: Scenario, pack) -> list:
    cards = sc.data.get("cards")
    if not cards:
        return []
    import jsonschema

    fmt = pack.registry.pm.hook.tabletop_card_format(pack=pack.name)
    vocab = pack.vocabulary()
    validator = jsonschema.Draft202012Validator(fmt.schema)
    out, errors = [], []
    for i, entry in enumerate(cards):
        for err in validator.iter_errors(entry):
            errors.append(sc.error(("cards", i) + tuple(err.absolute_path), err.message))
        if errors:
            continue
        shifted = {k[1:]: v for k, v in sc.pos.items() if k[:1] == ("cards",)}
        compiler = CardCompiler(sc.file, entry.get("name"), i, shifted, sc.lines, vocab)
        card = compiler.finish(fmt.build(entry, compiler))
        errors.extend(compiler.errors)
        if card is not None:
            out.append(card)
    if errors:
        raise ErrorList(errors)
    return out


def _run_step(sc: Scenario, rules, state, n: int, step: Any) -> None:
    label = f"step {n + 1}"
    if isinstance(step, bool):  # YAML reads a bare `- yes` / `- no` as a boolean
        step = "yes" if step else "no"
    if isinstance(step, (str, int)) and not isinstance(step, bool):
        step = str(step)
        try:
            action = rules.find_action(state, step)
        except (IllegalAction, ValueError) as e:
            msg = str(e)
            if "legal actions:" not in msg and not state.over:
                msg += "; legal actions: " + ", ".join(format_action(a) for a in rules.legal_actions(state))
            raise _fail(sc, n, f"{label} ({step!r}): {msg}")
        rules.apply(state, action)
        return
    if not isinstance(step, dict) or len(step) != 1:
        raise _fail(sc, n, f"{label}: expected an action text or one of expect/legal/illegal/pending")
    (kind, body), = step.items()
    if kind == "expect":
        if not isinstance(body, dict):
            raise _fail(sc, n, f"{label}: 'expect' takes a mapping of paths to values")
        described = rules.describe(state)
        for path, expected in body.items():
            actual = lookup(described, str(path))
            if actual is _MISSING:
                raise _fail(sc, n, f"{label}: no such path {path!r} (top-level keys: {', '.join(sorted(described))})")
            if not _same(actual, expected):
                raise _fail(sc, n, f"{label}: {path}: expected {expected!r}, got {actual!r}")
    elif kind in ("legal", "illegal"):
        legal = {format_action(a).lower() for a in rules.legal_actions(state)}
        for text in body if isinstance(body, list) else [body]:
            is_legal = " ".join(str(text).split()).lower() in legal
            if is_legal != (kind == "legal"):
                shown = ", ".join(sorted(legal)) or "none"
                raise _fail(sc, n, f"{label}: {text!r} should be {kind} (legal actions: {shown})")
    elif kind == "pending":
        actual = state.pending.prompt if state.pending is not None else None
        if (body is None) != (actual is None) or (body not in (None, True) and body != actual):
            raise _fail(sc, n, f"{label}: pending: expected {body!r}, got {actual!r}")
    else:
        from tabletop.framework.suggest import did_you_mean

        raise _fail(sc, n, f"{label}: unknown step kind {kind!r}{did_you_mean(kind, ['expect', 'legal', 'illegal', 'pending'])}")


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
        elif isinstance(cur, list) and parts[i].lstrip("-").isdigit():
            k = int(parts[i])
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
