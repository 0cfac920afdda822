"""Deck files and their check (VIR-DECK-01..09): every problem, each with its line.

A deck file is YAML written by hand::

    name: Ember Rush
    card_files: [my_cards.yaml]     # optional: card files of your own, relative to this file
    cards:
      Ember Warden: 2
      Red Crystal: 12

This module is imported by ``tabletop deckcheck virevolt FILE``, which must answer in well
under half a second: it needs only PyYAML and the framework's user-file reader (which
refuses tags, alias bombs, deep nesting and non-UTF-8 text, located), and reads the card
files' facts (name, type, colour, costs) without compiling any card text.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tabletop.framework.language import (
    N_, card_name, english_card_name, gettext as _, ngettext, register_card_texts,
)

MAX_COPIES = 2
DECK_SIZE = 30
LIMITED = ("hero", "incantation", "trap")
COLOURS = ("neutral", "red", "blue", "green", "mauve")
#: Game components that are not deck cards (VIR-DECK-09).
COMPONENTS = {"poison": N_("a state"), "burn": N_("a state"), "freeze": N_("a state"), "stun": N_("a state"),
              "immunity": N_("a state"), "invincibility": N_("a state"), "victory token": N_("a victory token"),
              "victory tokens": N_("a victory token"), "brûlure": N_("a state"),
              "congélation": N_("a state"), "sonné": N_("a state"), "immunité": N_("a state"),
              "invincibilité": N_("a state"), "jeton de victoire": N_("a victory token"),
              "jetons de victoire": N_("a victory token")}
TOO_MANY = {
    "hero": N_("{card}: {n} copies; at most {max} of a hero ({rule}, copies counted by name, VIR-DECK-08)"),
    "incantation": N_("{card}: {n} copies; at most {max} of an incantation ({rule}, copies counted by name, "
                      "VIR-DECK-08)"),
    "trap": N_("{card}: {n} copies; at most {max} of a trap ({rule}, copies counted by name, VIR-DECK-08)"),
}
_TOP_KEYS = ("name", "description", "card_files", "cards")

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


# ---------------------------------------------------------------------- card facts
@dataclass(frozen=True)
class CardFacts:
    name: str
    type: str
    colour: str
    cost_colours: frozenset  # colour indexes appearing in the card's costs
    hp: int | None = None    # heroes
    use_cost: int | None = None  # crystals its cheapest use takes (hero: attack; incantation: effect; trap)


_INDEX: dict = {}


def is_mauve_crystal(f: "CardFacts") -> bool:
    """Whether a card counts against VIR-DECK-06's single Mauve crystal: any crystal card of
    colour mauve, the pack's Mauve Crystal or one of a deck's own card files."""
    return f.type == "crystal" and f.colour == "mauve"


def card_index(cardset=None) -> dict[str, CardFacts]:
    """Name -> facts, from a loaded CardSet or (fast) straight from the card files of every
    plugin that adds to Virevolt."""
    if cardset is not None:
        cards = cardset.cards if hasattr(cardset, "cards") else list(cardset)
        return {c.name: CardFacts(c.name, c.type, c.colour, frozenset(c.get("cost_colours", ())), c.get("hp"),
                                  _use_cost(c.type, [a.cost for a in c.get("attacks") or ()],
                                            [x.cost for x in c.get("effects") or ()], c.get("cost")))
                for c in cards}
    if not _INDEX:
        from tabletop.framework.packs import registry

        for f in registry().get("virevolt").card_files():
            _INDEX.update(_file_facts(f.read_bytes()))
    return _INDEX


FACTS_CACHE = "virevolt-card-facts.json"


def _file_facts(data: bytes) -> dict[str, CardFacts]:
    """The facts of a card file's cards, without compiling any text: remembered by the file's
    bytes in the user's cache (building the YAML is most of a deckcheck), else read."""
    import hashlib

    from tabletop import __version__
    from tabletop.framework.usercache import remembered

    def read() -> list:
        facts, texts = _facts_and_texts(yaml.load(data.decode("utf-8"), Loader=_LOADER))
        return [[f.name, f.type, f.colour, sorted(f.cost_colours), f.hp, f.use_cost, texts.get(f.name, {})]
                for f in facts.values()]

    key = hashlib.sha256(f"{__version__}\0".encode() + data).hexdigest()
    out = {}
    for name, kind, colour, cc, hp, use, texts in remembered(FACTS_CACHE, key, read, _valid_rows, keep=32):
        out[name] = CardFacts(name, kind, colour, frozenset(cc), hp, use)
        for lang, t in texts.items():
            register_card_texts(lang, name, t)
    return out


def _valid_rows(rows) -> bool:
    """Whether remembered facts have the shape :func:`_file_facts` writes (anything else is read again)."""
    def whole(x) -> bool:
        return x is None or (type(x) is int and x >= 0)

    return isinstance(rows, list) and all(
        isinstance(r, list) and len(r) == 7 and all(isinstance(x, str) for x in r[:3])
        and isinstance(r[3], list) and all(type(i) is int and 0 <= i < len(COLOURS) for i in r[3])
        and whole(r[4]) and whole(r[5]) and isinstance(r[6], dict)
        and all(isinstance(lang, str) and isinstance(t, dict) and isinstance(t.get("name"), str)
                for lang, t in r[6].items())
        for r in rows)


def _facts_of(data) -> dict[str, CardFacts]:
    """The facts of a card file's data (bad entries are skipped: the card loader reports them);
    the names its translations give are registered for display."""
    facts, texts = _facts_and_texts(data)
    for name, by_lang in texts.items():
        for lang, t in by_lang.items():
            register_card_texts(lang, name, t)
    return facts


def _facts_and_texts(data) -> tuple[dict[str, CardFacts], dict[str, dict]]:
    """The facts of a card file's data, and each card's translations that name it."""
    from tabletop.packs.virevolt.crystals import CostError, parse_cost

    out = {}
    texts: dict[str, dict] = {}
    for e in data if isinstance(data, list) else ():
        if not isinstance(e, dict) or not isinstance(e.get("name"), str):
            continue
        costs = [e.get("rotation"), e.get("sacrifice"), e.get("cost")]
        costs += [a.get("cost") for a in e.get("attacks") or () if isinstance(a, dict)]
        costs += [x.get("cost") for x in e.get("effects") or () if isinstance(x, dict)]
        try:
            cc = frozenset(i for c in costs if c is not None for i, n in enumerate(parse_cost(c)) if n)
            use = _use_cost(str(e.get("type")),
                            [parse_cost(a.get("cost")) for a in e.get("attacks") or () if isinstance(a, dict)],
                            [parse_cost(x.get("cost")) for x in e.get("effects") or () if isinstance(x, dict)],
                            parse_cost(e.get("cost")))
        except CostError:
            cc, use = frozenset(), None
        hp = e.get("hp") if isinstance(e.get("hp"), int) and not isinstance(e.get("hp"), bool) else None
        out[e["name"]] = CardFacts(e["name"], str(e.get("type")), str(e.get("colour")), cc, hp, use)
        for lang, t in (e.get("translations") or {}).items() if isinstance(e.get("translations"), dict) else ():
            if isinstance(lang, str) and isinstance(t, dict) and isinstance(t.get("name"), str):
                texts.setdefault(e["name"], {})[lang] = t
    return out, texts


def _english(name: str, index: dict) -> str:
    """The card a deck entry names: its own name, or the English name of a card it names in another language."""
    if name in index:
        return name
    english = english_card_name(name)
    return english if english in index else name


def _shown_names(index: dict) -> list[str]:
    return [card_name(n) for n in index if card_name(n) != n]


def _use_cost(kind: str, attacks: list, effects: list, cost) -> int | None:
    """The crystals a card's cheapest use takes: a hero's cheapest attack (heroes enter play free),
    an incantation's cheapest effect, a trap's cost; None for crystals and cards with no cost."""
    if kind == "hero":
        costs = attacks
    elif kind == "incantation":
        costs = effects
    elif kind == "trap":
        costs = [cost] if cost is not None else []
    else:
        return None
    return min((sum(c) for c in costs), default=None)


def deck_card_files(path) -> list[Path]:
    """The card files a deck file names under ``card_files:`` (relative to the deck file); none if
    the deck cannot be read (its check says why)."""
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.userfiles import read_yaml

    try:
        data = read_yaml(path, "deck file").data
    except TabletopError:
        return []
    files = data.get("card_files") if isinstance(data, dict) else None
    if not isinstance(files, list):
        return []
    return [Path(path).parent / f for f in files if isinstance(f, str)]


@functools.lru_cache(maxsize=1)
def _preconstructed() -> tuple:
    return tuple((p.stem, p) for p in sorted(Path(__file__).with_name("decks").glob("*.yaml")))


def preconstructed() -> dict[str, Path]:
    """The preconstructed decks: name -> file (the folder ships with the pack: listed once)."""
    return dict(_preconstructed())


def load_deck_cards(spec, by_name=None) -> list[str]:
    """The card list of a preconstructed deck (by id), a deck file, or a deck given as data
    (a mapping or a list of card names, checked against ``by_name``'s cards, see
    :func:`check_deck`); ValueError if not legal."""
    if not isinstance(spec, (str, Path)):
        report = check_deck(spec, list(by_name.values()) if by_name else None)
        if report.verdict != "legal":
            raise ValueError(f"this deck cannot be used:\n{report.render()}")
        return list(report.cards)
    from tabletop.framework.userfiles import names_something
    from tabletop.framework.wording import shown

    pre = preconstructed()
    path = pre.get(spec) or Path(spec)
    if spec not in pre and not names_something(path):
        from tabletop.framework.suggest import did_you_mean

        raise ValueError(f"deck {shown(str(spec))} is neither a preconstructed deck ({', '.join(pre)}) nor a deck file"
                         f"{did_you_mean(spec, list(pre))}")
    report = check_deck(path, list(by_name.values()) if by_name else None)  # the set with --cards joined
    if report.verdict != "legal":
        raise ValueError(f"deck {spec!r} cannot be used:\n{report.render()}")
    return list(report.cards)


# ---------------------------------------------------------------------- the report
@dataclass
class DeckReport:
    file: str
    verdict: str = "legal"                       # legal | illegal | unusable
    problems: list = field(default_factory=list)  # {line, column, kind, message}
    warnings: list = field(default_factory=list)
    summary: dict | None = None
    name: str | None = None
    cards: list = field(default_factory=list)    # card names, one per copy (legal decks)
    description: str | None = None
    written: dict = field(default_factory=dict)  # card -> count, as written (every readable entry)

    @property
    def exit_code(self) -> int:
        return {"legal": 0, "illegal": 1, "unusable": 2}[self.verdict]

    def add(self, kind: str, message: str, line: int | None = None, column: int | None = None) -> None:
        self.problems.append({"line": line, "column": column, "kind": kind, "message": message})

    def to_json(self) -> dict:
        return {"file": self.file, "name": self.name, "verdict": self.verdict, "exit_code": self.exit_code,
                "problems": self.problems, "warnings": self.warnings, "summary": self.summary}

    def render(self) -> str:
        out = []
        for p in self.problems:
            where = self.file
            if p["line"]:
                where += f":{p['line']}" + (f":{p['column']}" if p["column"] else "")
            out.append(f"{where}: {p['message']}")
        if self.verdict == "unusable":
            return "\n".join(out)
        if self.verdict == "illegal":
            out.append(ngettext("{file}: illegal deck ({n} problem)", "{file}: illegal deck ({n} problems)",
                                len(self.problems)).format(file=self.file, n=len(self.problems)))
            return "\n".join(out)
        from tabletop.framework.wording import clip
        from tabletop.packs.virevolt.deckstats import render_stats

        if self.name:  # clipped: a 5,000-character name would bury the verdict
            out.append(_("{file}: legal deck {name!r}: {n} cards").format(file=self.file, name=clip(self.name, 60),
                                                                        n=self.summary["total"]))
        else:
            out.append(_("{file}: legal deck: {n} cards").format(file=self.file, n=self.summary["total"]))
        out.extend(render_stats(self.summary))
        out.extend(_("{file}: warning: {warning}").format(file=self.file, warning=w) for w in self.warnings)
        return "\n".join(out)


# ---------------------------------------------------------------------- the check
def _own_card_files(deck: Path, files, doc, unusable) -> dict | DeckReport:
    """The facts of the cards a deck's ``card_files:`` list defines (each file read like every user
    file), or an unusable report naming the entry."""
    from tabletop.framework.errors import ErrorList, TabletopError
    from tabletop.framework.userfiles import read_yaml
    from tabletop.framework.wording import clip

    line, col, _src = doc.pos[("card_files",)]
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        return unusable(_("'card_files:' must be a list of card file paths, e.g. [my_cards.yaml]"), line, col)
    out: dict = {}
    for i, item in enumerate(files):
        f = deck.parent / item
        try:
            data = read_yaml(f, "card file").data
        except TabletopError as e:
            first = e.errors[0] if isinstance(e, ErrorList) else e
            return unusable(_("card file {file!r}: {error} (check it with 'tabletop cards lint virevolt {path}')").format(
                file=clip(item, 60), error=first.render().splitlines()[0], path=f), *doc.pos[("card_files", i)][:2])
        out.update(_facts_of(data))
    return out


def check_deck(source, cardset=None, label: str | None = None) -> DeckReport:
    """Check a deck; every problem is reported (with its line, in a file).

    ``source`` is a deck file's path, or a deck given as data: a mapping shaped like the
    file (``{"name": ..., "cards": {"Ember Warden": 2, ...}}``), a bare mapping of card
    names to counts, or a list of card names, one per copy. The same rules apply however
    the deck is given; ``label`` names a deck given as data in messages."""
    if isinstance(source, (str, Path)):
        return _check_file(source, cardset)
    return _check_data(source, cardset, label or "<deck>")


def _unusable(rep: DeckReport, msg: str, line=None, column=None) -> DeckReport:
    rep.verdict = "unusable"
    rep.problems.clear()
    rep.add("unusable", msg, line, column)
    return rep


def _deck_texts(rep: DeckReport, given: dict, doc=None) -> None:
    """The deck's ``name`` and ``description`` from ``given`` (a deck file's mapping with its
    ``doc``, or a deck given as data). Each is a text: anything else written there (``name: {a: 1}``,
    a list, ``name: 1984``, which YAML reads as a number) is a problem where it stands, not a name
    silently dropped; nothing written (``name:`` alone) is no name."""
    import re

    from tabletop.framework.wording import clip, kind_of

    for key in ("name", "description"):
        value = given.get(key)
        if value is None or isinstance(value, str):
            setattr(rep, key, value)
            continue
        message = _("'{key}:' must be a text, not {what}").format(key=key, what=kind_of(value))
        line = column = None
        if doc is not None:
            line, column, src = doc.at((key,))
            if src is not None and doc.keys[(key,)][0] == line:  # written on the key's line: quoting it makes a text
                written = re.sub(r"\s+#.*$", "", src[column - 1:]).strip().replace('"', '\\"')
                message = _("{message}; if it is a text, put it in quotes: {key}: {written}").format(
                    message=message, key=key, written=f'"{clip(written, 60)}"')
        rep.add("not-text", message, line, column)


def _check_file(path, cardset=None) -> DeckReport:
    from tabletop.framework.suggest import did_you_mean

    label = str(path)
    rep = DeckReport(label)

    def unusable(msg, line=None, column=None):
        return _unusable(rep, msg, line, column)

    from tabletop.framework.errors import LocatedError
    from tabletop.framework.userfiles import load_yaml, read_text
    from tabletop.framework.wording import clip, kind_of
    from tabletop.packs.virevolt.decklist import is_list, parse_list

    try:
        text = read_text(path, "deck file")
        if not text.strip():
            return unusable(_("the deck file is empty; a deck has 'name:' and 'cards:' (see docs/packs/virevolt.md)"))
        if is_list(text):
            return _check_list(rep, parse_list(text), dict(card_index(cardset)))
        doc = load_yaml(text, label, strict=False)
    except LocatedError as e:
        return unusable(e.message if e.line is None else e.message + (f" ({e.hint})" if e.hint else ""),
                        e.line, e.column)
    root = doc.data
    if root is None:
        return unusable(_("the deck file holds no data (only comments?); a deck has 'name:' and 'cards:'"))
    if not isinstance(root, dict):
        line, col, _src = doc.pos[()]
        return unusable(_("not a deck: expected a mapping with 'name:' and 'cards:', not {what}").format(
            what=kind_of(root)), line, col)
    for key in root:
        if key not in _TOP_KEYS:
            line, col, _src = doc.keys[(key,)]
            rep.add("unknown-key", _("unknown key {key!r}{hint}; a deck has 'name:' and 'cards:'").format(
                key=clip(key, 40), hint=did_you_mean(str(key), _TOP_KEYS)), line, col)
    for dup in doc.duplicates:
        if len(dup["path"]) == 1:
            rep.add("listed-twice", _("key {key!r} appears twice; write it once").format(key=clip(dup['path'][0], 40)),
                    dup["line"], dup["column"])
    _deck_texts(rep, root, doc)
    if "cards" not in root:
        return unusable(_("not a deck: no 'cards:' mapping of card names to counts"), 1, 1)
    index = dict(card_index(cardset))
    if "card_files" in root:
        got = _own_card_files(Path(path), root["card_files"], doc, unusable)
        if isinstance(got, DeckReport):
            return got
        index.update(got)
    cards_key_line = doc.keys[("cards",)][0]
    cards_value = root["cards"]
    if not isinstance(cards_value, dict):
        if cards_value is None:
            return unusable(_("not a deck: 'cards:' is empty"), cards_key_line, 1)
        line, col, _c = doc.pos[("cards",)]
        return unusable(_("not a deck: 'cards:' must map card names to counts (e.g. 'Ember Warden: 2'), not be "
                          "{what}").format(what=kind_of(cards_value)), line, col)
    written = [(name, value, doc.keys[("cards", name)][:2], doc.pos[("cards", name)][:2])
               for name, value in cards_value.items()]
    written += [(d["path"][1], d["value"], (d["line"], d["column"]), (d["line"], d["column"]))
                for d in doc.duplicates if len(d["path"]) == 2 and d["path"][0] == "cards"]
    entries = []
    for raw_name, value, (line, col), (vline, vcol) in sorted(written, key=lambda w: w[2]):
        if not raw_name.strip():
            rep.add("bad-name", _("a card name must be plain text"), line, col)
            continue
        name = raw_name.strip()
        n = value if isinstance(value, int) and not isinstance(value, bool) else None
        if n is None or n < 1:
            shown = value if isinstance(value, (str, int, float)) and not isinstance(value, bool) else kind_of(value)
            rep.add("bad-count", _("{card}: the count must be a positive whole number, not {value!r}").format(
                card=clip(name, 60), value=clip(str(shown), 40) or _("nothing")), vline, vcol)
            n = None
        entries.append((name, n, line, col))
    return _check_entries(rep, entries, cards_key_line, index)


def _check_list(rep: DeckReport, deck, index: dict) -> DeckReport:
    """A list deck (:mod:`tabletop.packs.virevolt.decklist`), checked by the rules a YAML deck is."""
    rep.name = deck.name
    for line, col, kind, message in deck.problems:
        rep.add(kind, message, line, col)
    if not deck.entries and not deck.problems:
        return _unusable(rep, _("the deck lists no card; write one card per line, e.g. '3 Cinder Imp'"))
    return _check_entries(rep, deck.entries, None, index)


def _check_data(deck, cardset, label: str) -> DeckReport:
    """A deck given as Python data, checked by the very rules a file is."""
    from tabletop.framework.suggest import did_you_mean
    from tabletop.framework.wording import clip

    rep = DeckReport(label)
    if isinstance(deck, dict) and ("cards" in deck or set(deck) & {"name", "description"}):
        for key in deck:
            if key not in _TOP_KEYS or key == "card_files":
                rep.add("unknown-key", f"unknown key {key!r}{did_you_mean(str(key), ('name', 'description', 'cards'))}; "
                        "a deck given as data has 'name' and 'cards' (card files belong to deck files)")
        _deck_texts(rep, deck)
        if rep.name and label == "<deck>":
            rep.file = f"deck {clip(rep.name, 60)!r}"
        cards = deck.get("cards")
        if cards is None:
            return _unusable(rep, "not a deck: no 'cards' mapping of card names to counts")
        if not isinstance(cards, dict):
            return _unusable(rep, "not a deck: 'cards' must map card names to counts (e.g. 'Ember Warden': 2), "
                             "not be a list or a single value")
    else:
        cards = deck
    entries = []
    if isinstance(cards, dict):
        if not cards:
            return _unusable(rep, "not a deck: 'cards' is empty")
        for name, count in cards.items():
            if not isinstance(name, str) or not name.strip():
                rep.add("bad-name", f"a card name must be plain text, not {name!r}")
                continue
            n = count if isinstance(count, int) and not isinstance(count, bool) and count >= 1 else None
            if n is None:
                rep.add("bad-count", f"{name.strip()}: the count must be a positive whole number, not {count!r}")
            entries.append((name.strip(), n, None, None))
    elif isinstance(cards, (list, tuple)):
        if not cards:
            return _unusable(rep, "not a deck: the card list is empty")
        counts: dict[str, int] = {}
        for name in cards:
            if not isinstance(name, str) or not name.strip():
                rep.add("bad-name", f"a card name must be plain text, not {name!r}")
                continue
            counts[name.strip()] = counts.get(name.strip(), 0) + 1
        entries = [(name, n, None, None) for name, n in counts.items()]
    else:
        return _unusable(rep, "not a deck: give a mapping of card names to counts (or a list of card names, "
                         f"one per copy), not {type(cards).__name__}")
    return _check_entries(rep, entries, None, card_index(cardset))


def _check_entries(rep: DeckReport, entries: list, cards_key_line, index: dict) -> DeckReport:
    """The deck rules (VIR-DECK-01..09) over ``(name, count or None, line, column)`` entries."""
    from tabletop.framework.suggest import did_you_mean
    from tabletop.framework.wording import clip

    lower = {n.lower(): n for n in index}
    entries = [(_english(name, index), n, line, col) for name, n, line, col in entries]
    counts: dict[str, int] = {}
    first_line: dict[str, int] = {}
    lines_of: dict[str, list] = {}
    for name, n, line, col in entries:
        lines_of.setdefault(name, []).append((line, col))
        if n is not None:
            rep.written[name] = rep.written.get(name, 0) + n
        if name not in index:
            comp = COMPONENTS.get(name.lower())
            if comp:
                rep.add("not-a-deck-card", _("{card!r} is {what}, a game component, not a deck card (VIR-DECK-09)").format(
                    card=name, what=_(comp)), line, col)
            elif name.lower() in lower:
                rep.add("unknown-card", _("unknown card {card!r} (did you mean {known!r}? names are case-sensitive)").format(
                    card=name, known=lower[name.lower()]), line, col)
            else:
                rep.add("unknown-card", _("unknown card {card!r}{hint}").format(
                    card=clip(name, 60), hint=did_you_mean(name, list(index) + _shown_names(index))), line, col)
            continue
        if n is not None:
            counts[name] = counts.get(name, 0) + n
            first_line.setdefault(name, (line, col))
    for name, ls in lines_of.items():
        if len(ls) > 1:
            for ln, cn in ls:
                others = ", ".join(str(x) for x, _c in ls if x != ln)
                rep.add("listed-twice", _("{card} is listed more than once (also on line {others}); list each card "
                                          "once with its total count").format(card=clip(name, 60), others=others),
                        ln, cn)
    total = sum(counts.values())
    if total != DECK_SIZE:
        if any(p["kind"] in ("bad-count", "unknown-card", "not-a-deck-card", "bad-name") for p in rep.problems):
            rep.add("deck-size", _("a deck has exactly {size} cards; the valid entries here make {total} "
                                   "(VIR-DECK-01; entries with a problem are not counted)").format(
                size=DECK_SIZE, total=total), cards_key_line, 1 if cards_key_line else None)
        else:
            rep.add("deck-size", _("a deck has exactly {size} cards; this one has {total} (VIR-DECK-01)").format(
                size=DECK_SIZE, total=total), cards_key_line, 1 if cards_key_line else None)
    rule = {"hero": "VIR-DECK-02", "incantation": "VIR-DECK-03", "trap": "VIR-DECK-04"}
    for name, n in counts.items():
        f = index[name]
        line, col = first_line[name]
        col = col if line else None
        if f.type in LIMITED and n > MAX_COPIES:
            rep.add("too-many-copies", _(TOO_MANY[f.type]).format(card=card_name(name), n=n, max=MAX_COPIES,
                                                                  rule=rule[f.type]), line, col)
    mauve = [name for name in counts if is_mauve_crystal(index[name])]
    n_mauve = sum(counts[name] for name in mauve)
    if n_mauve > 1:  # by colour: a Mauve crystal of the deck's own card files counts too
        line, col = first_line[mauve[-1]]
        if len(mauve) == 1:
            rep.add("too-many-mauve", _("{card}: {n} copies; a deck may hold only 1 Mauve Crystal (VIR-DECK-06)").format(
                card=card_name(mauve[0]), n=n_mauve), line, col if line else None)
        else:
            rep.add("too-many-mauve", _("{n} Mauve crystals ({cards}); a deck may hold only 1 Mauve crystal, "
                                        "whatever its name (VIR-DECK-06)").format(
                n=n_mauve, cards=", ".join(f"{card_name(m)} x{counts[m]}" for m in mauve)), line, col if line else None)
    if rep.problems:
        rep.problems.sort(key=lambda p: (p["line"] or 0, p["kind"]))
        rep.verdict = "illegal"
        return rep
    from tabletop.packs.virevolt.deckstats import deck_stats, deck_warnings

    for name, n in counts.items():
        rep.cards.extend([name] * n)
    rep.summary = deck_stats(counts, index)
    rep.warnings.extend(deck_warnings(rep.summary))
    return rep


class DeckChecker:
    """What ``tabletop_deck_rules`` returns: ``check(path) -> DeckReport``."""

    schema_file = Path(__file__).with_name("deck.schema.json")

    def __init__(self, cardset=None) -> None:
        self.cardset = cardset

    def check(self, deck, cardset=None) -> DeckReport:
        """Check a deck file, a preconstructed deck by name, or a deck given as data
        (see :func:`check_deck`)."""
        from tabletop.framework.userfiles import names_something

        if isinstance(deck, str) and not names_something(deck) and deck in preconstructed():
            deck = preconstructed()[deck]
        return check_deck(deck, cardset or self.cardset)

    def decks(self) -> dict[str, Path]:
        """The preconstructed decks, by name."""
        return preconstructed()

    def card_files(self, spec: str) -> list[Path]:
        """The card files deck ``spec`` (a file; a preconstructed name has none) defines cards in."""
        return [] if spec in preconstructed() else deck_card_files(spec)

    def schema(self) -> dict:
        """The JSON Schema of a deck file (for editors)."""
        return json.loads(self.schema_file.read_text("utf-8"))

    def convert(self, deck, to: str, cardset=None) -> tuple[str, DeckReport]:
        """Deck ``deck`` (a file, either format) written in format ``to`` (``list`` or ``yaml``), and
        its check; the text is empty when the deck cannot be read (the report says why). An illegal
        deck is converted as written (names kept), so a list with a typo can be fixed in YAML."""
        from tabletop.packs.virevolt.decklist import to_list, to_yaml

        report = self.check(deck, cardset)
        if report.verdict == "unusable" or not report.written:
            return "", report
        write = {"list": to_list, "yaml": to_yaml}[to]
        return write(report.name, report.written, report.description), report

    def dump(self, name: str | None, cards: dict[str, int], to: str = "yaml") -> str:
        """A deck (name -> copies) as a deck file in format ``to`` (``list`` or ``yaml``)."""
        from tabletop.packs.virevolt.decklist import to_list, to_yaml

        return {"list": to_list, "yaml": to_yaml}[to](name, cards)

    def formats(self) -> tuple[str, ...]:
        """The deck file formats :meth:`convert` writes."""
        return ("list", "yaml")

    def starter(self, colours: str, cardset=None) -> str:
        """A legal starting deck of ``colours`` (``"red,neutral"``), as a commented deck file."""
        from tabletop.packs.virevolt.deckstarter import parse_colours, starter_yaml

        return starter_yaml(parse_colours(colours), card_index(cardset or self.cardset))

    def swaps(self, cards: dict[str, int], candidates, cardset=None) -> list[tuple[str, str]]:
        """Every legal one-copy swap ``(card out, card in)`` of deck ``cards`` (name -> copies) with
        a card of ``candidates``: the moves ``tabletop decks tune`` searches."""
        index = card_index(cardset or self.cardset)
        out = []
        for gone in cards:
            for new in candidates:
                if new == gone or new not in index:
                    continue
                trial = dict(cards)
                trial[gone] -= 1
                if not trial[gone]:
                    del trial[gone]
                trial[new] = trial.get(new, 0) + 1
                f = index[new]
                if f.type in LIMITED and trial[new] > MAX_COPIES:
                    continue
                if is_mauve_crystal(f) and sum(n for c, n in trial.items() if is_mauve_crystal(index[c])) > 1:
                    continue
                out.append((gone, new))
        return out

    def card_names(self, cardset=None) -> list[str]:
        """Every card a deck may hold (components excluded), by name."""
        return sorted(card_index(cardset or self.cardset))
