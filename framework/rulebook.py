"""A pack's rule catalogue: every rule with its stable id, so any id a message cites can be read.

Packs carry their catalogue as package data (hook ``tabletop_rule_catalogue``): a YAML list of
``{id, section, rule, ambiguous?, interpretation?, test_hint?}``. Messages and docs cite ids
alone (``VOL-ATTACK-01``), as ranges (``VOL-DRAW-01..05``), lists (``VIR-WIN-04/05``) or
families (``VOL-VAR-PLOY-*``); :func:`cited_ids` finds them in any text and
:meth:`Rulebook.expand` says which rules each one means. ``tabletop rules PACK [ID]`` prints
them, ``rule ID`` does during a game, and docs/rules/PACK.md is generated from them.
"""
from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

import yaml

from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.numerals import whole_number
from tabletop.framework.wording import clip

#: An id, optionally followed by a range (..05), a list (/05/06) or a family wildcard (-*).
CITED = re.compile(r"\b((?:VOL|VIR)(?:-[A-Z0-9]+)+)(\.\.\d+|(?:/\d+)+|-\*)?")


@dataclass(frozen=True)
class Rule:
    id: str
    section: str
    text: str
    interpretation: str = ""
    ambiguous: bool = False


class Rulebook:
    """The rules of one game, in catalogue order."""

    def __init__(self, game: str, rules: list[Rule]) -> None:
        self.game = game
        self.rules = rules
        self.by_id = {r.id: r for r in rules}

    def __iter__(self):
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def get(self, rule_id: str) -> Rule:
        """The rule ``rule_id`` (any case); KeyError with a suggestion when there is none."""
        r = self.by_id.get(rule_id.strip().upper())
        if r is None:
            from tabletop.framework.suggest import did_you_mean

            raise KeyError(gettext("no rule {id!r} in {game}{suggestion}").format(
                id=clip(rule_id), game=self.game, suggestion=did_you_mean(rule_id.upper(), self.by_id)))
        return r

    def expand(self, head: str, tail: str | None = None) -> list[Rule]:
        """The rules a citation means: ``("VOL-DRAW-01", "..05")`` -> VOL-DRAW-01 to -05;
        ``("VIR-WIN-04", "/05")`` -> 04 and 05; ``("VOL-VAR-PLOY", "-*")`` -> the family.
        An empty list when any id it names does not exist."""
        if tail == "-*" or (not tail and head not in self.by_id):  # a family, with or without its "-*"
            return [r for r in self.rules if r.id.startswith(head + "-")]
        ids = [head]
        if tail:
            stem, _, first = head.rpartition("-")
            start = whole_number(first)
            if start is None:
                return []
            width = len(first)
            if tail.startswith(".."):
                last = whole_number(tail[2:])
                if last is None or last - start >= len(self.rules):  # more ids than the catalogue holds: some do not exist
                    return []
                ids = [f"{stem}-{n:0{width}d}" for n in range(start, last + 1)]
            else:
                more = [whole_number(n) for n in tail.strip("/").split("/")[:len(self.rules) + 1]]
                if None in more:
                    return []
                ids += [f"{stem}-{n:0{width}d}" for n in more]
        if not ids or any(i not in self.by_id for i in ids):
            return []
        return [self.by_id[i] for i in ids]

    def explain(self, rule_id: str, width: int = 80) -> str:
        """A rule as text: its id and section, its statement, and our reading when it is ambiguous."""
        r = self.get(rule_id)
        lines = [f"{r.id} ({r.section})"]
        lines += textwrap.wrap(r.text, width, initial_indent="  ", subsequent_indent="  ", break_on_hyphens=False)
        if r.interpretation:
            lines += textwrap.wrap(r.interpretation, width, initial_indent="  " + gettext("our reading: "),
                                   subsequent_indent="    ", break_on_hyphens=False)
        return "\n".join(lines)

    def markdown(self, title: str) -> str:
        """The whole catalogue as a Markdown page (docs/rules/PACK.md), one entry per id."""
        out = [f"# {title}: the rules, one entry per id", "",
               f"Generated from the rule catalogue the {self.game} pack carries "
               f"(`tabletop rules doc {self.game}`); do not edit by hand. Every id cited by a message or "
               "a page of these docs is here. *Our reading* is the interpretation we play by where the "
               "rulebook is ambiguous or silent.", ""]
        section = None
        for r in self.rules:
            if r.section != section:
                section = r.section
                out += [f"## {section}", ""]
            out += [f"### {r.id}", "", r.text, ""]
            if r.interpretation:
                out += [f"*Our reading{' (ambiguous rule)' if r.ambiguous else ''}:* {r.interpretation}", ""]
        return "\n".join(out).rstrip() + "\n"


def cited_ids(text: str) -> list[tuple[str, str | None]]:
    """Every rule citation in ``text``: ``(head, tail)`` pairs for :meth:`Rulebook.expand`."""
    return [(m.group(1), m.group(2)) for m in CITED.finditer(text)]


def load_rulebook(resource, game: str) -> Rulebook:
    """Read a catalogue file (path or traversable); a :class:`TabletopError` if it is not one."""
    from tabletop.framework.cards import read_text

    where = str(resource)
    try:
        data = yaml.safe_load(read_text(resource))
    except (OSError, yaml.YAMLError) as e:
        raise TabletopError(gettext('{where}: cannot read the rule catalogue: {e}').format(where=where, e=e)) from None
    if not isinstance(data, list):
        raise TabletopError(gettext('{where}: a rule catalogue is a YAML list of rules').format(where=where))
    rules = []
    for n, entry in enumerate(data, 1):
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) for k in ("id", "section", "rule")):
            raise TabletopError(gettext(
                '{where}: rule {n} needs the text fields id, section and rule').format(where=where, n=n))
        rules.append(Rule(entry["id"], " ".join(entry["section"].split()), " ".join(entry["rule"].split()),
                          " ".join(str(entry.get("interpretation") or "").split()), bool(entry.get("ambiguous"))))
    return Rulebook(game, rules)


_BOOKS: dict[str, Rulebook | None] = {}


def rulebook(pack) -> Rulebook | None:
    """The catalogue ``pack`` carries (read once), or None for a pack without one."""
    if pack.name not in _BOOKS:
        resource = pack.registry.pm.hook.tabletop_rule_catalogue(pack=pack.name)
        _BOOKS[pack.name] = None if resource is None else load_rulebook(resource, pack.name)
    return _BOOKS[pack.name]
