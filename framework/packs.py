"""Finding packs and assembling them: entry points, pluggy, and one :class:`Pack` per game.

Packs are found through the ``tabletop.packs`` entry-point group, the built-in ones exactly
like a third party's (read through :mod:`tabletop.framework.entrypoints`, which remembers the
group while nothing is installed or removed). Each entry point is loaded on its own, so a broken pack is reported
by name and the others still work (pluggy's ``load_setuptools_entrypoints`` would stop at
the first failure).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable

import pluggy

from tabletop.framework import hookspecs
from tabletop.framework.entrypoints import PACKS as GROUP, entry_points
from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.wording import clip, kind_of


@dataclass(frozen=True)
class PackInfo:
    name: str
    version: str
    title: str = ""
    description: str = ""


@dataclass(frozen=True)
class CardFormat:
    """How a pack's card files look (``schema``) and become definitions (``build``)."""

    schema: dict
    build: Callable


class UnknownPack(TabletopError):
    """No installed pack has this name (the message lists those installed and suggests one)."""


class CardText:
    """A card file's text held in memory (what ``--cards`` files become on a Dask worker)."""

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text

    def read_text(self, encoding: str = "utf-8") -> str:
        """The file's text (as a path's ``read_text`` would give it)."""
        return self.text

    def __str__(self) -> str:
        return self.name


class BrokenPack(TabletopError):
    """A pack whose plugin code failed: named, with its error, so every other pack still works."""

    def __init__(self, pack: str, reason: str) -> None:
        super().__init__(f"pack {pack!r} is broken: {reason}")
        self.pack = pack
        self.reason = reason


@dataclass
class Pack:
    """One game as assembled from every plugin's contributions.

    ``extra`` are card files added for one run (``--cards``, a deck's ``card_files``): their
    cards join the set, and one with the name of a pack card replaces it. Every call into
    plugin code goes through :meth:`_call`, so a plugin's bug or a missing hook is a
    :class:`BrokenPack` naming the pack and the hook, never a traceback.
    """

    info: PackInfo
    registry: "Registry"
    extra: tuple = ()
    _cards: Any = field(default=None, repr=False)
    _rules: Any = field(default=None, repr=False)

    @property
    def name(self) -> str:
        """The pack's name."""
        return self.info.name

    def _call(self, hook: str, required: bool = False):
        try:
            answer = getattr(self.registry.pm.hook, hook)(pack=self.name)
        except TabletopError:
            raise
        except Exception as e:
            raise BrokenPack(self.name, f"its {hook} hook failed: {type(e).__name__}: {clip(str(e))}") from None
        if required and answer is None:
            raise BrokenPack(self.name, f"no plugin answers its {hook} hook")
        return answer

    def _guard(self, what: str, fn: Callable, *args):
        """Run plugin code other than a hook (a card builder, a rules class) with the same care."""
        try:
            return fn(*args)
        except TabletopError:
            raise
        except Exception as e:
            raise BrokenPack(self.name, f"{what} failed: {type(e).__name__}: {clip(str(e))}") from None

    def vocabulary(self):
        """The pack's card-language vocabulary (None for a pack whose cards use no language)."""
        return self._call("tabletop_vocabulary")

    def card_format(self) -> CardFormat:
        """The pack's card format (schema and build), or :class:`BrokenPack` if no plugin gives one."""
        fmt = self._call("tabletop_card_format", required=True)
        if not isinstance(getattr(fmt, "schema", None), dict) or not callable(getattr(fmt, "build", None)):
            raise BrokenPack(self.name, "its tabletop_card_format hook gives no CardFormat "
                                        "(a schema and a build function)")
        return fmt

    def rules(self):
        """The pack's rules object (built once, with its card set loaded)."""
        if self._rules is None:
            cls = self._call("tabletop_rules", required=True)
            rules = self._guard("building its rules", cls, self.cards())
            if not self.extra:  # with a designer's extra cards, "the rules of pack p" is another set
                rules.pickled_as = (rules_for, (self.name,))
            self._rules = rules
        return self._rules

    def rules_with(self, extra_cards: list):
        """Rules over the pack's cards plus ``extra_cards`` (a scenario's own cards)."""
        from tabletop.framework.cardset import CardSet

        cls = self._call("tabletop_rules", required=True)
        base = [c for c in self.cards().cards if c.name not in {e.name for e in extra_cards}]
        return self._guard("building its rules", cls, CardSet(base + list(extra_cards)))

    def card_files(self) -> list:
        """Every plugin's card files for this pack, then the files added for this run."""
        files = []
        for answer in self._call("tabletop_card_files") or []:
            files.extend(answer or [])
        return files + list(self.extra)

    def cards(self):
        """The pack's card set, loaded and compiled once."""
        if self._cards is None:
            from tabletop.framework.cards import pack_namespace
            from tabletop.framework.cardset import CardSet

            fmt = self.card_format()
            vocab = self.vocabulary()
            base = self.registry.packs[self.name].cards() if self.extra else None
            if base is None:
                cards = self._guard("loading its cards", CardSet.load, self.card_files(), fmt, vocab,
                                    pack_namespace(self.name))
                for c in cards.cards:  # a designer's extra cards (below) cannot pickle by reference
                    c.pickled_as = (pack_card, (self.name, c.name))
                self._cards = cards
            else:
                added = self._guard("loading its cards", CardSet.load, list(self.extra), fmt, vocab)
                kept = [c for c in base.cards if c.name not in added.by_name]
                self._cards = CardSet(kept + added.cards)
        return self._cards

    def card_count(self) -> int:
        """How many cards the pack has: remembered per exact set of card files
        (:mod:`tabletop.framework.cardcounts`), else counted by loading them."""
        from tabletop.framework.cardcounts import card_count

        if self._cards is not None:
            return len(self._cards)
        return card_count(self.name, self.info.version, self.card_files(), lambda: len(self.cards()))

    def print_layouts(self) -> list:
        """Every plugin's layout files for printing this pack's cards (none: the generic layout)."""
        files = []
        for answer in self._call("tabletop_print_layouts") or []:
            files.extend(answer or [])
        return files

    def with_cards(self, files) -> "Pack":
        """This pack with more card files (paths or :class:`CardText`) for one run."""
        files = tuple(files or ())
        if not files:
            return self
        return Pack(self.info, self.registry, self.extra + files)

    def bots(self) -> dict[str, Callable]:
        """Bot name -> factory ``(rules, seed) -> bot``, from every plugin."""
        bots: dict[str, Callable] = {}
        for answer in self._call("tabletop_bots") or []:
            bots.update(answer or {})
        return bots

    def deck_rules(self):
        """The pack's deck checker (``check(deck) -> report``), or None."""
        return self._call("tabletop_deck_rules")

    def board(self):
        """The pack's terminal board ``(view) -> str``, or None."""
        return self._call("tabletop_board")

    def encoding(self, nplayers: int):
        """The pack's encoding for learning agents with ``nplayers`` (built once), or None."""
        cache = self.__dict__.setdefault("_encodings", {})
        if nplayers not in cache:
            make = self._call("tabletop_encoding")
            cache[nplayers] = make(self.rules(), nplayers) if make is not None else None
        return cache[nplayers]


class Registry:
    """The plugin manager and the packs it found; ``failures`` names the ones that broke."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager("tabletop")
        self.pm.add_hookspecs(hookspecs)
        self.packs: dict[str, Pack] = {}
        self.failures: dict[str, str] = {}

    def discover(self) -> "Registry":
        """Load every pack of the ``tabletop.packs`` entry-point group (failures are kept)."""
        for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
            if self.pm.has_plugin(ep.name):
                continue
            try:
                module = ep.load()
                self.add(module, ep.name)
            except Exception as e:  # a broken third-party pack must not take the others down
                self.failures[ep.name] = f"{type(e).__name__}: {clip(str(e))}"
                self.pm.unregister(name=ep.name)
        return self

    def add(self, plugin: Any, name: str) -> None:
        """Register a plugin object or module (also how tests add a pack without installing it)."""
        self.pm.register(plugin, name=name)
        impl = getattr(plugin, "tabletop_pack_info", None)
        if impl is not None:
            info = impl()
            if info is not None:
                self.packs[info.name] = Pack(info, self)

    def get(self, name: str) -> Pack:
        """The pack ``name``; :class:`UnknownPack` with a suggestion if it is not installed, or if
        ``name`` is no text at all (an API caller's ``None``, a JSON request's number)."""
        if not isinstance(name, str):
            raise UnknownPack(gettext("a game is named by a text such as 'volfyirion', not {kind}").format(
                kind=kind_of(name)))
        try:
            return self.packs[name]
        except KeyError:
            from tabletop.framework.suggest import did_you_mean

            known = ", ".join(sorted(self.packs)) or gettext("none installed")
            raise UnknownPack(gettext("unknown game {name!r}{suggestion}; installed: {known}").format(
                name=clip(name), suggestion=did_you_mean(name, self.packs), known=known)) from None


@functools.lru_cache(maxsize=1)
def registry() -> Registry:
    """The process-wide registry of installed packs."""
    return Registry().discover()


def rules_for(name: str):
    """The rules of the installed pack ``name`` (built once per process)."""
    return registry().get(name).rules()


def pack_card(pack: str, name: str):
    """The definition of card ``name`` of the installed ``pack``: how a pickled card is found
    again. The pack's rules are built first, so the programs its states refer to exist."""
    p = registry().get(pack)
    p.rules()
    try:
        return p.cards()[name]
    except KeyError:
        raise TabletopError(gettext(
            'pack {pack!r} has no card {name!r} (was it pickled with another version?)').format(
            pack=pack, name=name)) from None
