"""Compile card texts once, at load time, into steps, predicates, quantities and pack objects.

The skeleton (sequences, ``may``, ``choose one``, ``if``/``otherwise``, ``and``/``or``/``not``,
number expressions, triggers and lasting effects) comes from ``grammar.lark``; every phrase
is matched against the pack's :class:`~tabletop.dsl.vocabulary.Vocabulary`, whose shared
part (selectors, counts, the common verbs) is in :mod:`tabletop.dsl.common`. A statement may
end with ``for each SELECTOR`` (its numbers count once per card) or ``equal to QUANTITY``
(the number it leaves out), each optionally capped with ``, up to N``; two statements may be
joined with ``and``. Nothing here runs at play time except the small closures compiled.
"""
from __future__ import annotations

import inspect
import re
import operator
from dataclasses import dataclass, replace
from typing import Any, Callable

from lark import Token, Tree

from tabletop.dsl.changes import DURATIONS, PickedMod, SaidFirst, counted
from tabletop.dsl.conditions import Asks
from tabletop.dsl.costs import cost_to
from tabletop.dsl.control import choose_step, if_step, lasting_step, may_step, repeat_step
from tabletop.dsl.errors import CardLanguageError, Unfit, VocabularyError
from tabletop.dsl.picking import Only, Pick, pick_steps
from tabletop.dsl.places import HOLD, PlayerSel, chosen_in, refusal
from tabletop.dsl.matcher import MAX_NUMBER, NUMBER_WORDS, ORDINALS, Atom, Matcher, TooComplex, article, norm, to_atoms
from tabletop.dsl.quantity import Quantity, capped, for_each
from tabletop.dsl.scope import Scope, Tentative
from tabletop.dsl.selectors import CardSelector
from tabletop.dsl.source import Source
from tabletop.dsl.steps import ask_player, numbering
from tabletop.dsl.syntax import Reading, as_written, capitalised
from tabletop.dsl.vocabulary import CONDITION, EFFECT, MODIFIER, QUANTITY, TRIGGER, Element, Pattern, Vocabulary, forms
from tabletop.framework import effects, lasting, triggers
from tabletop.framework.effects import Program
from tabletop.framework.language import N_, gettext, gettext as _
from tabletop.framework.suggest import closest
from tabletop.framework.triggers import Trigger
from tabletop.framework.wording import clip

__all__ = ["Ability", "CardAbility", "compile_text", "KINDS"]


KINDS = ("effect", "ability", "card ability", "condition", "number", "amounts:CLASS", "words:CLASS",
         "word:CLASS", "name", "FAMILY")

# the verbs a condition's second half may leave understood: "it is purple or red"
_VERBS_UNDERSTOOD = frozenset(("is", "are", "has", "have", "control", "controls"))
#: the selector modes that pick a number of cards, which a "for each" may multiply
_COUNTED_MODES = frozenset(("one", "n", "upto", "random", "top", "bottom"))

# how an unmatched phrase of each family is named in errors
_LABEL = {EFFECT: N_("statement"), CONDITION: N_("condition"), QUANTITY: N_("quantity")}
_UNKNOWN = {EFFECT: N_("verb"), CONDITION: N_("condition"), QUANTITY: N_("quantity")}


@dataclass(frozen=True, slots=True)
class Ability:
    """A guarded ability ``COND -> EFFECT``: ``condition`` is None when unguarded."""

    condition: Callable[[Any, dict], bool] | None
    program: Program

    def usable(self, state, ctx: dict) -> bool:
        return self.condition is None or bool(self.condition(state, ctx))


@dataclass(frozen=True)
class CardAbility:
    """One entry of a card's ``abilities:``: a triggered ability or a static modifier.

    ``listens`` holds the events the card answers (or whose lasting triggers its effects
    make), and ``modifies`` whether it can change numbers the rules read.
    """

    trigger: Trigger | None = None
    static: lasting.Modifier | None = None
    listens: frozenset = frozenset()
    modifies: bool = False


@dataclass(frozen=True)
class Event:
    """What a trigger phrase compiles to: the event, a test of its data, and what it lets the
    effect refer to (``provides``: scope references such as ``it`` or ``they``). ``own``: the
    event is about the card itself (it answers wherever the card is). ``it``: the key of the
    event's data naming the card ``it`` is (the attacker in ``when this hero attacks``); ``they``,
    the key naming the player ``they`` is (``by``: the attacking player in ``whenever an enemy
    attacks this city``)."""

    event: str
    test: Callable[[Any, dict], bool] | None = None
    own: bool = False
    provides: tuple = ()
    text: str = ""
    it: str = "subject"
    they: str = "player"
    moment: tuple | None = None  # "at the start of your main phase": (event, whose, phase)


#: ``, if`` in a trigger's head: the intervening condition of ``when ..., if ...: EFFECT``
_INTERVENING_IF = re.compile(r",\s*if\b")


def _guarded(event: Event, cond: Callable[[Any, dict], bool]) -> Event:
    """``event`` answered only while ``cond`` holds (an intervening ``if``)."""
    test = event.test
    if test is None:
        return replace(event, test=cond)
    return replace(event, test=lambda state, ctx: test(state, ctx) and cond(state, ctx))


def compile_text(text: str, kind: str, vocab: Vocabulary, *, program_id: str,
                 source: Source | None = None, scope: Scope | None = None) -> object:
    """Compile ``text`` as ``kind`` with ``vocab``; raise :class:`CardLanguageError` if it does not.

    Kinds: ``"effect"`` (a registered Program), ``"ability"`` (an :class:`Ability`: ``COND ->
    EFFECT``), ``"card ability"`` (a :class:`CardAbility`: ``when ...: EFFECT``, ``at the start
    of ...: EFFECT``, ``while COND: MODIFIER`` or a modifier), ``"condition"`` (a predicate),
    ``"number"`` (a Quantity), ``"amounts:CLASS"`` (tuple of (int, str)), ``"words:CLASS"``
    (tuple of str), ``"word:CLASS"`` (str), ``"name"`` (str), or a pattern family name
    (``"trigger"``, ``"cost"``, ``"modifier"``, a pack family).

    ``scope`` says what the text may refer to (``the target``, ``that city``...); a phrase
    referring to anything else is an error. Without a scope nothing is checked.
    """
    src = (source or Source()).with_text(text if isinstance(text, str) else "")
    if not isinstance(text, str):
        raise CardLanguageError(gettext('expected a card text, found {name}').format(name=type(text).__name__),
                                file=src.file, card=src.card, field=src.field,
                                expected=gettext("a line of the card language"))
    with numbering():
        return _Compiler(as_written(text), vocab, src, program_id, scope, written=text).run(kind)


#: how many of the phrases a text could have gone on with an error lists
SHOWN_FORMS = 8


# ---------------------------------------------------------------------------------------
# the compiler

class _Compiler(Reading):
    def __init__(self, text: str, vocab: Vocabulary, source: Source, program_id: str,
                 scope: Scope | None, written: str | None = None) -> None:
        self.text = text
        self.written = text if written is None else written  # as the card has it (capitals, full stops)
        self.vocab = vocab
        self.source = source
        self.program_id = program_id
        self.scope = scope
        self.nprog = 0
        self.nkey = 0
        self.nuid = 0
        self.scale: tuple | None = None      # (count, cap) while compiling a "for each" statement
        self.scale_used = False              # whether a number of that statement took it
        self.counted: Any = None             # the selector that "for each" counts, when it counts cards
        self.moment = "start"                # "start" or "end", for "at the start/end of ..."
        self.listens: set[str] = set()       # events of the lasting triggers this text makes
        self.just_now = False                # a condition asks what happened during the effect ("if it dies")
        self.modifies = False                # whether this text makes lasting modifiers
        self.cond_override: dict[int, Callable] = {}
        self.last_ref: Any = None            # the card last named ("the target", or a selector), for "it"
        self.named: Any = None               # what the last statement picking cards named by reference
        self.holds: set[str] = set()         # kinds of "its KIND" read ("its city"): picks note holders
        self.gone = False                    # "it" is a trigger's card that has left play ("when ... is destroyed")
        self.asked: dict | None = None       # in an effect's condition: the cards it chooses, by their words
        self.chosen_player: PlayerSel | None = None  # the last player chosen ("target enemy"), for "their"
        self.only: Only | None = None        # the test the statement being read puts on each card it picks
        self.instead: int | None = None      # where a statement just read ended with "instead"

    # -- errors ----------------------------------------------------------------
    def error(self, message: str, offset: int, width: int = 1, expected: str | None = None,
              suggestion: str | None = None) -> CardLanguageError:
        line, column, src = self.source.locate(offset)
        room = max(1, len(src) - column + 1)
        name = capitalised(self.written, offset) if suggestion is None else None
        before = self.written[:offset].rstrip()
        if name == "X" and before:  # a number left out: 'gain X battle, where X is ...'
            suggestion = gettext("'{text}, where X is ...'").format(text=clip(self.written.strip().rstrip("."), 70))
        elif name is not None and before and before[-1] not in ".;:(":  # a capital inside a sentence: a name?
            suggestion = gettext('"{name}" (card names go in double quotes)').format(name=name)
        return CardLanguageError(message, file=self.source.file, line=line, column=column,
                                 source_line=src, card=self.source.card, expected=expected or None,
                                 suggestion=suggestion or None, width=min(max(1, width), room),
                                 field=self.source.field)

    def meaning_error(self, message: str, offset: int, width: int) -> CardLanguageError:
        """An error about what the words name, not how they are written (see ``CardLanguageError.meaning``)."""
        e = self.error(message, offset, width)
        e.meaning = True
        return e

    # -- entry -----------------------------------------------------------------
    def run(self, kind: str) -> object:
        if kind == "effect":
            tree = self.parse("start_effect")
            return self.top(self.seq(tree.children[0]), self.text)
        if kind == "ability":
            if _has_arrow(self.text):
                tree = self.parse("start_guarded")
                cond_t, seq_t = tree.children
                cond = self.cond(cond_t)
                return Ability(cond, self.top(self.seq(seq_t), self._slice(seq_t)))
            tree = self.parse("start_effect")
            return Ability(None, self.top(self.seq(tree.children[0]), self.text))
        if kind == "card ability":
            return self.card_ability()
        if kind == "condition":
            return self.cond(self.parse("start_condition").children[0])
        if kind == "number":
            return self.expr(self.parse("start_number").children[0])
        base, _sep, arg = kind.partition(":")
        if base in ("amounts", "words", "word", "name") and (bool(arg) == (base != "name")):
            if arg:
                self.vocab.word_class(arg)
            return self.builtin(Element(base, "value", arg or None))
        if kind not in self.vocab.families and kind not in self.vocab.parsers:
            raise VocabularyError(gettext(
                'vocabulary {name!r}: unknown kind {kind!r}').format(name=self.vocab.name, kind=kind))
        tree = self.parse("start_phrase")
        atoms = to_atoms(tree.children)
        if kind != MODIFIER:
            return self.phrase(kind, atoms)
        try:
            out = self.phrase(kind, atoms)
        except CardLanguageError as first:
            out = self._counted_modifier(atoms, first)
        self._never_picked(out, atoms)
        return out

    def _counted_modifier(self, atoms: list[Atom], first: CardLanguageError) -> Any:
        """A lasting change ending ``for each ...`` (a Virevolt hero's power ``this hero has +1 hp for
        each victory token you have``), as an ability's is read (:meth:`static`); ``first`` if not."""
        try:
            cut, counts, implicit = self.tails(atoms)
        except CardLanguageError:
            raise first from None
        if counts is None or implicit is not None:
            raise first
        mod = self.phrase(MODIFIER, cut)
        saved, self.scale = self.scale, counts
        try:
            return self.counted_change(mod, atoms, made_by_effect=False)
        finally:
            self.scale = saved

    def _never_picked(self, mod, atoms: list[Atom]) -> None:
        """A card's standing change (an ability, a power) applies to every card it describes:
        one that picks ("target enemy city has -1 defence") has nobody to pick for it."""
        if isinstance(mod, PickedMod):
            raise self.error(gettext(
                "a lasting ability changes every card it describes, and nobody picks {cards!r} for it: "
                "write 'each ...' to change every such card, or an effect with a duration ('... this "
                "turn') to change the one picked").format(cards=mod.sel.text),
                atoms[0].start, atoms[-1].end - atoms[0].start)

    def builtin(self, el: Element) -> object:
        tree = self.parse("start_phrase")
        atoms = to_atoms(tree.children)
        m = Matcher(self.vocab, atoms, self, self.scope)
        for end, v in m.elem(el, 0):
            if end == len(atoms):
                if el.kind == "amounts":
                    out = []
                    for q, w in v:
                        if q.const is None:
                            at = next((a for a in atoms if a.kind == "e"), atoms[0])
                            raise self.error(gettext('this amount must be a plain number here'), at.start,
                                             at.end - at.start, gettext("a number like 2"))
                        out.append((q.const, w))
                    return tuple(out)
                return v
            m.fail(end, gettext('the end of the text'))
        raise self.match_error(m, atoms, el.kind if el.kind != "word" else el.arg, [])

    def program(self, pid: str, steps: tuple, text: str) -> Program:
        return effects.register(Program(pid, steps, norm(text)))

    def top(self, steps: tuple, text: str) -> Program:
        """The text's program, knowing what lasting triggers and modifiers it may leave behind
        (and first noting where the turn's history stands, when a condition asks what happened
        just now: "if it dies")."""
        if self.instead is not None:  # an "instead" no statement before it could be replaced by
            raise self._instead_error()
        if self.just_now:
            steps = (triggers.mark,) + tuple(steps)
        if self.holds:
            steps = (_noting(self.holds),) + tuple(steps)
        listens = set(self.listens)
        if self.modifies:
            listens.add(lasting.MODIFIERS)
        return effects.register(Program(self.program_id, steps, norm(text), frozenset(listens)))

    def sub_program(self, steps: tuple, text: str) -> Program:
        self.nprog += 1
        return self.program(f"{self.program_id}#{self.nprog}", steps, text)

    def key(self) -> str:
        self.nkey += 1
        return f"_d{self.nkey}"

    def uid(self) -> str:
        """An id for something this text registers (a modifier): the program id and a count."""
        self.nuid += 1
        return f"{self.program_id}~{self.nuid}"

    def _slice(self, node) -> str:
        if isinstance(node, Token):
            return str(node)
        return self.text[node.meta.start_pos:node.meta.end_pos]

    def _label(self, step: Tree) -> str:
        """The normalised text of a step, without the parentheses of a group."""
        return norm(self._slice(step.children[0] if step.data == "group" else step))

    # -- card abilities ----------------------------------------------------------
    def card_ability(self) -> CardAbility:
        """``[once per turn,] when|whenever|at the start of ...: EFFECT``, ``while COND: CHANGE`` or ``CHANGE``.

        A comma may stand for the colon (``when you acquire this card, draw a card``): the
        first comma after which the text reads as an ability ends its head."""
        text = self.text
        colon = _top_colon(text)
        if colon >= 0:
            return self.card_ability_at(colon)
        if re.match(r"\s*(when|whenever|while|at the (start|beginning|end) of|once (per|each) turn|the [a-z]+ time)\b",
                    text):
            saved = self.scope, self.last_ref, self.moment
            first: CardLanguageError | None = None
            for comma in _top_commas(text, 0, len(text)):
                self.scope, self.last_ref, self.moment = saved
                try:
                    return self.card_ability_at(comma)
                except CardLanguageError as e:
                    first = first or e
            self.scope, self.last_ref, self.moment = saved
            if first is not None:
                raise first
        try:
            return self.static(to_atoms(self.parse("start_phrase").children), None)
        except CardLanguageError as plain:
            return self._while_after(plain)

    def _while_after(self, plain: CardLanguageError) -> CardAbility:
        """``CHANGE while CONDITION`` (``this troop has +2 defence while volfyirion is in its
        lair``): the ``while`` ability said the other way round; ``plain`` (the error of the text
        read as a change) stands when it does not read so."""
        text = self.text
        for m in reversed(list(re.finditer(r"\bwhile\b", text))):
            if m.start() == 0 or text[:m.start()].count("(") != text[:m.start()].count(")"):
                continue
            if not text[m.end():].strip():
                raise self.error(gettext("'while' needs a condition after it: 'your troops have +1 defence while you "
                                         "control a building'"), m.start(), m.end() - m.start())
            saved = self.scope, self.last_ref, self.modifies
            try:
                change = to_atoms(self.parse("start_phrase", text[:m.start()]).children)
            except CardLanguageError:
                continue
            try:
                cond = self.cond(self.parse("start_condition", " " * m.end() + text[m.end():]).children[0])
            except CardLanguageError as bad_condition:
                self.scope, self.last_ref, self.modifies = saved
                try:  # the words before 'while' are a change: the condition after it is at fault
                    self.static(change, None)
                except CardLanguageError:
                    self.scope, self.last_ref, self.modifies = saved
                    continue
                raise bad_condition from None
            try:
                return self.static(change, cond)
            except CardLanguageError:
                self.scope, self.last_ref, self.modifies = saved
        raise plain

    def card_ability_at(self, colon: int) -> CardAbility:
        """The ability whose head (trigger, moment or ``while``) ends at offset ``colon``.

        A trigger's head may end with ``, if CONDITION`` (``at the start of your turn, if you
        have 5 or more crystals: draw a card``): the ability answers only while the condition
        holds, and does nothing if it no longer holds when it resolves."""
        text = self.text
        guard = _INTERVENING_IF.search(text, 0, colon)
        head = to_atoms(self.parse("start_phrase", text[:guard.start() if guard else colon]).children)
        body = " " * (colon + 1) + text[colon + 1:]
        head = _each_turn_first(head)
        head, once = _once_per_turn(head)
        head, nth = _nth_time(head)
        head, whose_turn = _during(head)
        if head and head[0].kind == "w" and head[0].value == "while" and not once:
            cond_text = " " * head[0].end + text[head[0].end:colon]
            cond = self.cond(self.parse("start_condition", cond_text).children[0])
            return self.static(to_atoms(self.parse("start_phrase", body).children), cond)
        kw, rest = _trigger_word(head)
        if kw is None and len(head) > 2 and head[0].value == "the" and head[2].value == "time":
            if head[1].value in ORDINALS:  # "the second time you play a card: ..."
                raise self.error(gettext("'the second time X' counts the events of each turn: end it with 'each "
                                         "turn' ('the second time you play a card each turn: ...')"),
                                 head[0].start, head[-1].end - head[0].start)
            raise self.error(gettext("'the ... time X each turn' counts this turn's events in order: 'the first time', "
                                     "'the second time' ... 'the tenth time'"),
                             head[1].start, head[1].end - head[1].start)
        if kw is None:
            at = head[0] if head else Atom("w", "", 0, len(text))
            raise self.error(gettext("an ability is 'when ...: EFFECT', 'whenever ...: EFFECT', 'at the start of ...: "
                                     "EFFECT', 'while CONDITION: CHANGE' or a lasting change such as 'your troops have "
                                     "+1 defence'"), at.start, max(1, at.end - at.start))
        event = self.event_phrase(kw, rest, head)
        if nth is not None:
            from tabletop.dsl.history import nth_time  # (history builds on this module's Event)
            try:
                event = nth_time(self.vocab.table, event, nth)
            except ValueError as e:
                raise self.error(str(e), head[0].start, head[-1].end - head[0].start) from None
        saved = self.scope
        if self.scope is not None:
            self.scope = self.scope.adding(**{r.replace(" ", "_"): "card" for r in event.provides})
        self.gone = _gone(event)
        if whose_turn is not None:  # "whenever you draw a card during your turn": answered in that turn only
            event = _guarded(event, self.cond(self.parse("start_condition", whose_turn).children[0]))
        cond = None
        if guard is not None:
            cond = self.cond(self.parse("start_condition", " " * guard.end() + text[guard.end():colon]).children[0])
            event = _guarded(event, cond)
        seq_t = self.parse("start_effect", body).children[0]
        steps = self.seq(seq_t)
        if cond is not None:
            steps = (if_step(cond, self.sub_program(steps, self._slice(seq_t))),)
        prog = self.top(steps, self._slice(seq_t))
        self.scope = saved
        trig = Trigger(event.event, event.test, prog, text=norm(text), own=event.own, once_per_turn=once, it=event.it,
                       they=event.they, moment=event.moment)
        listens = frozenset({event.event} | ({triggers.HISTORY} if nth is not None else set()))
        return CardAbility(trigger=trig, listens=listens | prog.listens, modifies=self.modifies)

    def static(self, atoms: list[Atom], cond) -> CardAbility:
        body, scale = atoms, None
        try:  # "your troops have +1 defence for each wonder you control": the count, read off its end
            cut, counts, implicit = self.tails(atoms)
            if counts is not None and implicit is None:
                body, scale = cut, counts
        except CardLanguageError as bad_count:
            try:  # a change may read such words itself; else the count is at fault
                self.phrase(MODIFIER, atoms)
            except CardLanguageError:
                raise bad_count from None
        try:  # the reading that is a lasting change ("your attacks deal 1 more damage": not the hero's power)
            mod = self.phrase(MODIFIER, body, accept=_standing)
        except CardLanguageError:
            mod = self.phrase(MODIFIER, body)  # read again for the error it gives
        if scale is not None:
            saved, self.scale = self.scale, scale
            try:
                mod = self.counted_change(mod, atoms, made_by_effect=False)
            finally:
                self.scale = saved
        self._never_picked(mod, atoms)
        if not isinstance(mod, lasting.Modifier):
            raise self.error(gettext("this is not something a card can do while it is in play: an ability is 'when "
                                     "...: EFFECT', 'at the start of ...: EFFECT', or a lasting change such as 'your "
                                     "troops have +1 defence'"), atoms[0].start, atoms[-1].end - atoms[0].start)
        if cond is not None:
            mod = _with(mod, condition=cond)
        lasting.register(mod.id, mod)
        # with what its condition reads ("while you have not attacked this turn": the turn's history)
        return CardAbility(static=mod, listens=frozenset({lasting.MODIFIERS}) | frozenset(self.listens), modifies=True)

    def event_phrase(self, kw: str, atoms: list[Atom], head: list[Atom]) -> Event:
        """What ``when ...`` / ``at the start of ...`` waits for."""
        if not atoms:
            last = head[-1] if head else Atom("w", "", 0, 0)
            raise self.error("say what it waits for after '" + kw + "'", last.end, 1)
        if kw in ("start", "end"):
            self.moment = kw
            event = self.phrase("moment", atoms)
        else:
            event = self.phrase(TRIGGER, atoms, accept=lambda v: isinstance(v, Event))
        if not isinstance(event, Event):
            raise self.error(gettext("this requirement is one of the pack's own (a Ploy's or a trap's) and cannot "
                                     "start an ability here"), atoms[0].start, atoms[-1].end - atoms[0].start)
        return event

    # -- effects ---------------------------------------------------------------
    def seq(self, tree: Tree) -> tuple:
        steps: tuple = ()
        prev: tuple | None = None  # the steps of the statement before, and its text
        for ch in tree.children:
            if self.instead is not None:  # "..., gain 3 battle instead; draw a card"
                raise self._instead_error()
            got = self.step(ch)
            if self.instead is not None:
                parts = getattr(got[-1], "parts", None) if got else None
                if prev is not None and parts is not None and parts[2] is None:
                    # "gain 1 battle; if you control a building, gain 3 battle instead": the statement
                    # before becomes what happens otherwise (the condition is read before either)
                    if getattr(prev[0][-1], "binds", None):  # "it" after it would name what no longer ran
                        raise self._instead_error(gettext(
                            "'instead' cannot replace a statement that acts on cards, which the condition and "
                            "'it' may be about: say both with 'otherwise' ('if the target has burn, deal 3 "
                            "damage to it, otherwise deal 1 damage to it')"))
                    cond, then, _ = parts
                    steps = steps[:len(steps) - len(prev[0])] + got[:-1] + \
                        (if_step(cond, then, self.sub_program(prev[0], prev[1])),)
                    self.instead, prev = None, None
                    continue
            steps += got
            prev = (got, self._label(ch))
        return steps

    def _instead_error(self, message: str | None = None) -> CardLanguageError:
        """The error at the ``instead`` just read (``message``, or that nothing before it can be replaced)."""
        at = self.instead
        self.instead = None
        return self.error(message or gettext(
            "'instead' replaces the statement just before a conditional one: 'gain 1 battle; if you control "
            "a building, gain 3 battle instead' (or say it with 'otherwise': 'if ..., gain 3 battle, otherwise "
            "gain 1 battle')"), at, len("instead"), suggestion="")

    def step(self, t: Tree) -> tuple:
        d = t.data
        if d == "phrase":
            return self.statement(to_atoms(t.children))
        if d == "group":
            return self.seq(t.children[0])
        if d == "may":
            if self.text.startswith("you", t.meta.start_pos):  # a pack's own "you may ..." phrase first
                a, b = t.meta.start_pos, t.meta.end_pos
                saved = self.scope, self.last_ref
                try:
                    return self.statement(to_atoms(self.parse("start_phrase", " " * a + self.text[a:b]).children))
                except CardLanguageError:
                    self.scope, self.last_ref = saved
            child = t.children[0]
            txt = self._label(child)
            prog = self.sub_program(self.step(child), txt)
            return (may_step(prog, self.key(), txt),)
        if d == "choose":
            progs, labels = [], []
            saved = self.scope, self.last_ref
            alts = list(t.children)
            n, upto = 1, False
            if isinstance(alts[0], Token):  # "choose two:", "choose one or both:"
                head = alts.pop(0)
                n, upto = (2, True) if head.type == "ONE_OR_BOTH" else ({"two": 2, "three": 3}[str(head)], False)
                if n >= len(alts) and not upto:
                    raise self.error(gettext(
                        "'choose {n}:' needs more than {n} alternatives to choose from; to do them all, "
                        "write them one after the other").format(n=str(head)), head.start_pos, len(str(head)),
                        suggestion="")
            for alt in alts:
                self.scope, self.last_ref = saved
                txt = self._label(alt)
                progs.append(self.sub_program(self.step(alt), txt))
                labels.append(txt)
            self.scope, self.last_ref = saved
            seen: dict[str, int] = {}
            for i, lab in enumerate(labels):  # identical alternatives still get distinct options
                if lab in seen:
                    labels[i] = f"{lab} ({i + 1})"
                seen[lab] = i
            return (choose_step(tuple(progs), tuple(labels), self.key(), n, upto),)
        if d in ("ifstep", "postif"):
            if d == "ifstep":
                cond_t, body, compiled, label = t.children[0], t.children[1], self.seq, self._slice
                cond, asks = self.effect_cond(lambda: self.cond(cond_t))
                saved = self.scope, self.last_ref
                prog = self.sub_program(compiled(body), label(body))
            else:  # "gain 3 battle if you control a troop": the condition after its statement
                cond_t, body, compiled, label = t.children[1], t.children[0], self.step, self._label
                before = self.scope, self.last_ref
                self.named = None
                prog = self.sub_program(compiled(body), label(body))
                # "deal 5 damage to the target if it has 2 hp or less": "it" is the target, read before
                # the statement runs; "deal 2 damage to each enemy hero if it is burning": each card picked
                named = self.last_ref if self.last_ref is not None else self.named
                words = [str(tok) for tok in cond_t.scan_values(lambda v: isinstance(v, Token))]
                each = self.each_picked(body, lambda: self.cond(cond_t), False, before) \
                    if not isinstance(named, str) and len(t.children) == 2 and _about_it(words) else None
                if each is not None:
                    return each
                self.scope, self.last_ref = before[0], named
                cond, asks = self.effect_cond(lambda: self.cond(cond_t))
                saved = self.scope, self.last_ref
            other = None
            if len(t.children) > 2:
                self.scope, self.last_ref = saved
                other = self.sub_program(compiled(t.children[2]), label(t.children[2]))
            self.scope, self.last_ref = saved
            return asks + (if_step(cond, prog, other),)
        if d == "ifcomma":
            return self.if_comma(t)
        if d == "lasting":
            return self.lasting(t)
        raise AssertionError(d)  # pragma: no cover - grammar and compiler out of step

    def if_comma(self, t: Tree) -> tuple:
        """``if CONDITION, EFFECT[, otherwise EFFECT]``: the condition ends at the first comma after
        which the rest reads as an effect (a condition may hold commas: ``synergy red, blue``);
        without such a comma, at the first word where it does (``if X gain 3 knowledge``)."""
        node = t.children[0]
        start, end = node.meta.start_pos, node.meta.end_pos
        saved = self.scope, self.last_ref
        failures: list[tuple[int, CardLanguageError]] = []  # (where the condition read ends or -1, error)
        commas = [(c, c + 1) for c in _top_commas(self.text, start, end)]
        words = [(tok.start_pos, tok.start_pos) for tok in node.scan_values(lambda v: isinstance(v, Token))
                 if tok.start_pos > start and tok.type == "WORD"]
        for cut, resume in commas + words:
            self.scope, self.last_ref = saved
            try:
                cond, asks = self.effect_cond(lambda: self.cond(
                    self.parse("start_condition", " " * start + self.text[start:cut]).children[0]))
            except CardLanguageError as e:
                failures.append((-1, e))
                continue
            read = self.scope, self.last_ref  # what the condition names ("the target") is "it" in both branches
            try:
                seq_t = self.parse("start_effect", " " * resume + self.text[resume:end]).children[0]
                prog = self.sub_program(self.seq(seq_t), self.text[resume:end])
            except CardLanguageError as e:
                failures.append((cut, e))
                continue
            other = None
            if len(t.children) > 1:
                self.scope, self.last_ref = read
                other = self.sub_program(self.step(t.children[1]), self._label(t.children[1]))
            self.scope, self.last_ref = saved
            return asks + (if_step(cond, prog, other),)
        self.scope, self.last_ref = saved
        meant = [e for _, e in failures if e.meaning]
        if meant:  # read, but naming what the context lacks
            raise meant[0]
        at_commas, at_words = failures[:len(commas)], failures[len(commas):]
        for tried in (at_commas, at_words):
            read = [f for f in tried if f[0] >= 0]
            if read:  # the longest condition that reads: the fault is in what follows it
                raise max(read, key=lambda f: f[0])[1]
            if tried and tried is at_commas:
                raise tried[-1][1]
        raise self.error(gettext("say what happens if the condition holds: 'if CONDITION: EFFECT' or 'if CONDITION, "
                                 "EFFECT'"), end, 1, gettext("':' or ',' and an effect"))

    def lasting(self, t: Tree) -> tuple:
        """A trigger an effect leaves behind: ``[this turn,] whenever ...: ...``, ``at the start of ...: ...``."""
        tphrase, seq_t = t.children
        this_turn, head = _leading_duration(to_atoms(tphrase.children))
        if this_turn is None:  # "whenever you play a red card this turn: ..."
            this_turn, head = _trailing_duration(head)
        kw, rest = _trigger_word(head, once=True)
        if kw is None and any(a.value in ("if", "one", "may") for a in head[1:]):
            colon = tphrase.meta.end_pos + self.text[tphrase.meta.end_pos:].index(":")
            raise self.error(gettext("unexpected ':' ('if', 'may' and 'choose one:' only start a step: at the start or "
                                     "after ';')"), colon, 1, None, self._syntax_hint(Token("_COLON", ":", colon)))
        if kw is None:
            a0 = head[0] if head else to_atoms(tphrase.children)[0]
            hint = self._syntax_hint(Token("_COLON", ":", tphrase.meta.end_pos))
            if hint:
                raise self.error(gettext(
                    "unknown word {value!r} before ':'").format(
                    value=a0.value), a0.start, a0.end - a0.start, None, hint)
            raise self.error(gettext(
                "only 'if', 'when', 'whenever' and 'at the start/end of' end with ':' in an effect"),
                             a0.start, tphrase.meta.end_pos - a0.start,
                             "'if CONDITION: ...', 'this turn, whenever ...: ...' or 'at the start of ...: ...'",
                             self._condition_hint(a0.start, tphrase.meta.end_pos))
        return self.lasting_trigger(kw, rest, head, this_turn, seq_t, self._slice(seq_t), self._slice(t))

    def lasting_trigger(self, kw: str, rest: list[Atom], head: list[Atom], this_turn: str | None, seq_t: Tree,
                        body: str, whole: str) -> tuple:
        """The step leaving behind the trigger ``kw rest`` (``whenever you play a red card``) whose effect is ``seq_t``."""
        if kw == "whenever" and this_turn is None:
            raise self.error(gettext("say how long this lasts: 'this turn, whenever ...: ...' or 'whenever ... this "
                                     "turn, ...'"), head[0].start, head[0].end - head[0].start,
                             "'this turn,' or 'until the end of your turn,' before 'whenever', or 'this turn' at the end "
                             "of what it waits for")
        uses = 0 if kw == "whenever" else 1
        if this_turn == "end-next-owner":  # (a trigger left behind is on no card)
            raise self.error(gettext("a trigger an effect leaves lasts this turn, until your next turn or until "
                                     "the end of your next turn, not an owner's"), head[0].start,
                             head[0].end - head[0].start, suggestion="")
        event = self.event_phrase(kw, rest, head)
        saved = self.scope, self.gone
        if self.scope is not None:
            self.scope = self.scope.adding(**{r.replace(" ", "_"): "card" for r in event.provides})
        self.gone = _gone(event)
        holds = set(self.holds)
        steps = self.seq(seq_t)
        if self.holds - holds:  # its own context: "its city" in it needs its picks to note holders
            steps = (_noting(self.holds),) + steps
        prog = self.sub_program(steps, body)
        self.scope, self.gone = saved
        spec_id = f"{prog.id}@trigger"
        lasting.register(spec_id, Trigger(event.event, event.test, prog, text=norm(whole), own=event.own, it=event.it,
                                                   they=event.they))
        self.listens.add(event.event)
        return (lasting_step(spec_id, this_turn, uses),)

    def _condition_hint(self, start: int, end: int) -> str | None:
        """When the words before a stray ':' read as a condition ("synergy purple: gain 4 battle"):
        the two ways to say it, an ``if`` or, where the card has one, a guarded ability."""
        saved = self.scope, self.last_ref
        try:
            self.cond(self.parse("start_condition", " " * start + self.text[start:end]).children[0])
        except CardLanguageError:
            return None
        finally:
            self.scope, self.last_ref = saved
        words = self.text[start:end].strip()
        return gettext("'if {cond}: ...', or '{cond} -> ...' where the card's ability may be guarded").format(cond=words)

    def repeated(self, atoms: list[Atom]) -> tuple | None:
        """``EFFECT twice``, ``EFFECT three times``: the statement run again after itself."""
        words = [a.value if a.kind == "w" else None for a in atoms[-2:]]
        if words[-1] == "twice" and len(atoms) > 1:
            times, body = 2, atoms[:-1]
        elif words[-1] == "times" and len(atoms) > 2 and (atoms[-2].kind == "n" or words[0] in NUMBER_WORDS):
            times = int(atoms[-2].value) if atoms[-2].kind == "n" else NUMBER_WORDS[words[0]]
            body = atoms[:-2]
        else:
            return None
        if body and body[-1].kind == ",":
            body = body[:-1]
        if not 1 <= times <= 10:
            raise self.error(gettext(
                'say how many times, from 1 to 10'), atoms[-2].start, atoms[-1].end - atoms[-2].start)
        prog = self.sub_program(self.statement(body), self.text[body[0].start:body[-1].end])
        return (repeat_step(prog, times),)

    def unless(self, atoms: list[Atom]) -> tuple | None:
        """``EFFECT unless CONDITION``: the statement runs when the condition does not hold."""
        at = [k for k, a in enumerate(atoms) if a.kind == "w" and a.value == "unless" and 0 < k < len(atoms) - 1]
        if not at:
            return None
        k = at[-1]
        left = atoms[:k - 1] if atoms[k - 1].kind == "," else atoms[:k]
        start, end = atoms[k + 1].start, atoms[-1].end
        saved = self.scope, self.last_ref
        self.named = None
        prog = self.sub_program(self.statement(left), self.text[left[0].start:left[-1].end])
        # "deal 3 damage to the target unless it has immunity": "it" is what the statement names,
        # read before it runs (as after "if" at the end of a statement); "deal 2 damage to target
        # enemy hero unless it is frozen": the card the statement picks
        named = self.last_ref if self.last_ref is not None else self.named

        def read():
            return self.cond(self.parse("start_condition", " " * start + self.text[start:end]).children[0])
        each = self.each_picked(left, read, True, saved) if not isinstance(named, str) and _about_it(
            [a.value for a in atoms[k + 1:]]) else None
        if each is not None:
            return each
        self.scope, self.last_ref = saved[0], named
        cond, asks = self.effect_cond(read)
        self.scope, self.last_ref = saved
        return asks + (if_step(lambda state, ctx: not cond(state, ctx), prog),)

    def effect_cond(self, read: Callable[[], Callable]) -> tuple[Callable, tuple]:
        """The condition of an effect's ``if`` or ``unless`` that ``read`` compiles, and the steps asking
        first for the cards it chooses (``if target enemy hero is burning``: which hero), in the order
        the words come; the cards chosen last are then ``it``."""
        outer, self.asked = self.asked, {}
        try:
            cond = read()
            asks = tuple(step for _at, steps, _store in sorted(self.asked.values(), key=lambda a: a[0])
                         for step in steps)
            cards = any(not isinstance(store, PlayerSel) for _at, _steps, store in self.asked.values())
        finally:
            self.asked = outer
        if cards:  # a card chosen (not only a player: "if target enemy has 3 or more crystals")
            self.last_ref = None
            if self.scope is not None:
                self.scope = self.scope.adding(it="card")
        return cond, asks

    def each_picked(self, body, read: Callable[[], Callable], unless: bool, before: tuple) -> tuple | None:
        """``STATEMENT unless|if it ...`` where the statement names no card by reference (``the
        target``) but picks or describes its cards (``deal 2 damage to target enemy hero unless it is
        frozen``, ``... to each enemy hero if it is burning``): the condition is about each card picked,
        tested as the statement comes to act on it, and a card that fails it is spared. ``body`` is the statement (atoms or a tree),
        ``before`` the scope and ``it`` before it. None when the words do not read so (nothing picked)."""
        self.scope, self.last_ref = before
        if self.scope is not None:
            self.scope = self.scope.adding(it="card")
        self.last_ref = None
        try:
            cond = read()
        except CardLanguageError:
            return None
        finally:
            self.scope, self.last_ref = before
        outer, self.only = self.only, Only((lambda state, ctx: not cond(state, ctx)) if unless else cond)
        only = self.only
        try:
            steps = self.statement(body) if isinstance(body, list) else self.step(body)
        finally:
            self.only = outer
        return steps if only.used else None

    def lasting_comma(self, atoms: list[Atom]) -> tuple | None:
        """``this turn, whenever EVENT, EFFECT`` / ``at the start of MOMENT, EFFECT``: a trigger left
        behind, written with a comma for the colon (the first comma after which the rest reads)."""
        this_turn, head = _leading_duration(atoms)
        kw, _ = _trigger_word(head, once=True)
        if kw is None:
            return None
        first = len(atoms) - len(head)
        saved = self.scope, self.last_ref, self.moment
        error: CardLanguageError | None = None
        for k in range(first + 1, len(atoms) - 1):
            if atoms[k].kind != ",":
                continue
            self.scope, self.last_ref, self.moment = saved
            trig = atoms[first:k]
            lasts = this_turn
            if lasts is None:  # "when you destroy a troop this turn, gain 2 knowledge"
                lasts, trig = _trailing_duration(trig)
            kw, rest = _trigger_word(trig, once=True)
            start, end = atoms[k].end, atoms[-1].end
            try:
                seq_t = self.parse("start_effect", " " * start + self.text[start:end]).children[0]
                return self.lasting_trigger(kw, rest, trig, lasts, seq_t, self.text[start:end],
                                            self.text[atoms[0].start:end])
            except CardLanguageError as e:
                error = error or e
        self.scope, self.last_ref, self.moment = saved
        if error is not None:
            raise error
        return None

    def statement(self, atoms: list[Atom]) -> tuple:
        """One statement, with its ``for each`` / ``equal to`` tail, or statements in a row joined
        by ``and``, ``then``, ``and then`` or a comma (``draw 2 cards, then discard a card``); a last
        word ``instead`` is for the sequence it stands in (:meth:`seq`)."""
        if len(atoms) > 1 and atoms[-1].kind == "w" and atoms[-1].value == "instead":
            steps = self.statement(atoms[:-1])
            self.instead = atoms[-1].start
            return steps
        try:
            return self._statement(atoms)
        except CardLanguageError as first:
            # lasting_comma first: its error, if the text starts as a trigger, is the one to show
            refused = None  # a cost reading's refusal ("draw a card to ..."), shown if nothing else reads
            for reading in (self.lasting_comma, self.unless, self.repeated, self.next_one, self.cost,
                            self.for_each_first):
                got = reading(atoms)
                if isinstance(got, CardLanguageError):
                    refused = got
                elif got is not None:
                    return got
            for i, j in _joins(atoms):
                left, right = atoms[:i], atoms[j:]
                try:
                    head = self._statement(left)
                except CardLanguageError as e:
                    if e.meaning and not first.meaning:  # "inflict poison on the attacker and ...": read, but
                        first = e                        # naming what is not there: that is the fault
                    continue
                try:
                    return head + self.statement(right)
                except CardLanguageError:
                    understood = _verb_understood(left, right) if right[0].kind == "w" else None
                    if understood is not None:  # "put X into A and the rest into B"
                        try:
                            return head + self.statement(understood)
                        except CardLanguageError:
                            pass
            for reading in (self.delayed, self.either):  # last: "or" and "at the start of" read other ways first
                got = reading(atoms)
                if got is not None:
                    return got
            raise refused or first

    def for_each_first(self, atoms: list[Atom]) -> tuple | CardLanguageError | None:
        """``for each victory token you have, deal 1 damage to target enemy hero``: the count said
        first, as card texts often put it, reads as the statement ending with it (its fault, if it
        reads not, is the one to show)."""
        if len(atoms) < 5 or [a.value for a in atoms[:2]] not in (["for", "each"], ["for", "every"]):
            return None
        refusal = None
        for k in range(3, len(atoms) - 1):
            if atoms[k].kind != ",":
                continue
            with Tentative(self) as reading:
                try:
                    steps = self.statement(atoms[k + 1:] + atoms[:k])
                except CardLanguageError as error:
                    refusal = refusal or error
                    continue
                reading.keep()
                return steps
        return refusal

    def cost(self, atoms: list[Atom]) -> tuple | CardLanguageError | None:
        """``COST to EFFECT`` (``discard a card to gain 3 battle``): :mod:`tabletop.dsl.costs`."""
        return cost_to(self, atoms)

    def next_one(self, atoms: list[Atom]) -> tuple | None:
        """``put the next card you acquire this turn on top of your deck``: the statement, with
        ``it`` for the card, left behind as a trigger answering once (``this turn, the next time
        you acquire a card, put it on top of your deck``). Without a duration it waits until such a
        card comes; the player and verb are those of the pack's triggers (``you acquire``, ``an enemy
        plays``...)."""
        said_first, rest = _leading_duration(atoms)
        first = atoms[0].start  # the whole text, its duration said first included
        if said_first is not None and rest:  # "until your next turn, deal 2 damage to the next hero an enemy plays"
            atoms = rest
        values = [a.value if a.kind == "w" else None for a in atoms]
        for i in range(len(atoms) - 4):
            if values[i:i + 2] != ["the", "next"]:
                continue
            j = next((k for k in range(i + 3, len(atoms) - 1) if values[k] == "you"
                      or values[k:k + 2] in (["an", "enemy"], ["the", "enemy"], ["an", "opponent"],
                                             ["your", "opponent"])), None)
            if j is None:
                continue
            who = 1 if values[j] == "you" else 2  # the player's words, then the verb
            if j + who >= len(atoms) or atoms[j + who].kind != "w":
                continue
            end, this_turn = j + who + 1, said_first
            for words, d in DURATIONS:
                if values[end:end + len(words)] == list(words):
                    end, this_turn = end + len(words), d
                    break
            trig = [Atom("w", "when", atoms[i].start, atoms[i + 1].end)] + atoms[j:j + who + 1] + atoms[i + 2:j]
            kw, rest = _trigger_word(trig, once=True)
            start, stop = atoms[0].start, atoms[-1].end
            a, b = atoms[i].start, atoms[end - 1].end
            body = " " * start + self.text[start:a] + "it" + " " * (b - a - 2) + self.text[b:stop]
            saved = self.scope, self.last_ref, self.moment, set(self.listens)
            try:
                seq_t = self.parse("start_effect", body).children[0]
                return self.lasting_trigger(kw, rest, trig, this_turn, seq_t, norm(body), self.text[first:stop])
            except CardLanguageError:
                self.scope, self.last_ref, self.moment, self.listens = saved
        return None

    def delayed(self, atoms: list[Atom]) -> tuple | None:
        """``EFFECT at the start of MOMENT`` (``draw a card at the start of your next turn``): the
        moment after its effect, as ``at the start of MOMENT: EFFECT`` leaves it behind."""
        for k in range(1, len(atoms) - 4):
            kw, rest = _trigger_word(atoms[k:])
            if kw not in ("start", "end") or not rest:
                continue
            body = atoms[:k - 1] if atoms[k - 1].kind == "," else atoms[:k]
            if not body:
                continue
            start, end = body[0].start, body[-1].end
            saved = self.scope, self.last_ref, self.moment
            try:
                seq_t = self.parse("start_effect", " " * start + self.text[start:end]).children[0]
                return self.lasting_trigger(kw, rest, atoms[k:], None, seq_t, self.text[start:end],
                                            self.text[atoms[0].start:atoms[-1].end])
            except CardLanguageError:
                self.scope, self.last_ref, self.moment = saved
        return None

    def either(self, atoms: list[Atom]) -> tuple | None:
        """``EFFECT or EFFECT`` (``gain 3 knowledge or 3 battle``, ``draw a card or gain 2 battle``):
        the controller chooses one, as ``choose one:`` asks; the second may leave the first's verb
        understood. Tried last, so ``or`` inside a selector (``an enemy troop or building``) and in
        a condition keeps its meaning."""
        saved = self.scope, self.last_ref
        for k, a in enumerate(atoms):
            if not (a.kind == "w" and a.value == "or" and 0 < k < len(atoms) - 1):
                continue
            left = atoms[:k - 1] if atoms[k - 1].kind == "," else atoms[:k]
            right = atoms[k + 1:]
            if not left:
                continue
            try:
                first = self._alternative(left, saved)
            except CardLanguageError:
                continue
            for body in (right, _verb_understood(left, right)):
                if body is None:
                    continue
                try:
                    second = self._alternative(body, saved)
                except CardLanguageError:
                    continue
                self.scope, self.last_ref = saved
                return (choose_step((first[0], second[0]), (first[1], second[1]), self.key()),)
        self.scope, self.last_ref = saved
        return None

    def _alternative(self, body: list[Atom], saved: tuple) -> tuple:
        """One alternative of a choice, compiled from the scope before the choice: (program, label)."""
        self.scope, self.last_ref = saved
        label = self.text[body[0].start:body[-1].end]
        if body[0].start == body[0].end:  # a verb understood
            label = f"{body[0].value} {label}"
        return self.sub_program(self.statement(body), label), label

    def _statement(self, atoms: list[Atom]) -> tuple:
        if len(atoms) > 1 and atoms[0].kind == "w" and atoms[0].value == "then":  # "... . Then draw a card."
            atoms = atoms[1:]
        if self.scope is None or self.scope.has("they") or not self._players_first(atoms):
            return self._read_statement(atoms)
        # "each player draws a card for each card in their hand": a statement done by each of several
        # players in turn names each of them "they" (per_player); read so only if it is such a statement
        saved = self.scope, self.last_ref, self.named, self.gone, self.chosen_player, self.modifies
        self.scope = self.scope.adding(they="player")
        try:
            steps = self._read_statement(atoms)
        except CardLanguageError:
            steps = None
        if steps is not None and any(getattr(s, "each_player", False) for s in steps):
            self.scope = Scope({k: v for k, v in self.scope.refs.items() if k != "they"}, self.scope.where)
            return steps
        self.scope, self.last_ref, self.named, self.gone, self.chosen_player, self.modifies = saved
        return self._read_statement(atoms)

    def _players_first(self, atoms: list[Atom]) -> bool:
        """Whether the statement's subject is players other than its controller (``each player
        draws``, ``the enemy discards``), who may do it in turn."""
        sub = self.vocab.parsers.get("players")
        if sub is None or len(atoms) < 2 or atoms[0].kind != "w":
            return False
        m = Matcher(self.vocab, atoms, self, None, None, None)
        try:
            return any(stop < len(atoms) and getattr(who, "mode", "you") not in ("you", "they", "chosen")
                       for stop, who in sub(m, 0))
        except TooComplex:
            return False

    def _read_statement(self, atoms: list[Atom]) -> tuple:
        whole = atoms
        atoms, scale, implicit = self.tails(atoms)
        saved = self.scale, self.scale_used
        self.scale, self.scale_used = scale, False
        try:
            try:
                res = self.phrase(EFFECT, atoms, implicit)
            except CardLanguageError as first:
                res = self.said_first(atoms, implicit, first)
            if scale is not None and not self.scale_used:  # never a "for each" silently dropped
                raise self.error(gettext(
                    "'for each ...' multiplies a number, but this statement has none it can multiply: give the "
                    "number it counts for ('deal 1 damage to the target for each ...', 'discard 1 card for each "
                    "...'), or count with 'equal to the number of ...'"),
                    whole[0].start, whole[-1].end - whole[0].start, suggestion="")
        finally:
            self.scale, self.scale_used = saved
        steps = (res,) if callable(res) else tuple(res) if isinstance(res, (tuple, list)) else None
        if not steps or not all(callable(s) for s in steps):
            raise VocabularyError(gettext(
                'vocabulary {name!r}: the effect for {items!r} returned {name2}, not a step').format(
                name=self.vocab.name, items=' '.join(str(a.value) for a in atoms), name2=type(res).__name__))
        binds = getattr(steps[-1], "binds", None)
        if binds:
            self.named = self.last_ref  # the reference the statement named, if any ("the target")
            self.last_ref = None  # "it" is now the card this statement picked
            self.gone = False
            if self.scope is not None:
                self.scope = self.scope.adding(**{b: "card" for b in binds})
        if getattr(steps[-1], "modifies", False):
            self.modifies = True
        for s in steps:  # events a vocabulary's step may leave a trigger for ("until the end of your turn")
            self.listens.update(getattr(s, "listens", ()))
        return steps

    def said_first(self, atoms: list[Atom], implicit: Quantity | None, first: CardLanguageError) -> Any:
        """``this turn, EFFECT`` / ``until your next turn, EFFECT``: a statement that takes its
        duration at its end (``give immunity to your heroes until your next turn``) with the
        duration said first, as cards often put it; ``first`` is the error of the plain reading."""
        for words, d in DURATIONS:
            n = len(words)
            if len(atoms) <= n or any(a.kind != "w" or a.value != w for a, w in zip(atoms, words)):
                continue
            rest = atoms[n + 1:] if atoms[n].kind == "," else atoms[n:]
            if not rest:
                break
            saved = self.scope, self.last_ref, self.named
            try:
                return self.phrase(EFFECT, rest, implicit, implied=SaidFirst(d))
            except CardLanguageError as e:
                self.scope, self.last_ref, self.named = saved
                if e.meaning and not first.meaning:  # read so, but naming what is not there: that is the fault
                    raise e from None
            break
        raise first

    def tails(self, atoms: list[Atom]) -> tuple[list[Atom], tuple | None, Quantity | None]:
        """Split ``... for each SELECTOR[, up to N]``, ``... equal to QUANTITY[, up to N]`` or ``..., where X
        is QUANTITY`` off a statement."""
        cap = None
        body = atoms
        if len(atoms) >= 4 and atoms[-4].kind == "," and [a.value for a in atoms[-3:-1]] == ["up", "to"] \
                and atoms[-1].kind in "ne":
            cap = self.quantity(atoms[-1])
            body = atoms[:-4]
        for i in range(1, len(body) - 4):
            if body[i].kind == "," and [(a.kind, a.value) for a in body[i + 1:i + 4]] == [("w", "where"), ("w", "x"), ("w", "is")]:
                # "deal X damage to the target, where X is the number of ...": X is the number left out
                q = self.quantity_atoms(body[i + 4:])
                stmt = [a for a in body[:i] if a.kind != "w" or a.value != "x"]
                if len(stmt) == i:
                    raise self.error(gettext("the statement before 'where X is' has no X: write X where the number goes "
                                             "('deal X damage to the target, where X is ...')"),
                                     body[i + 2].start, body[i + 2].end - body[i + 2].start, suggestion="")
                return stmt, None, q if cap is None else capped(q, cap)
        for i in range(1, len(body) - 1):
            a, b = body[i], body[i + 1]
            if a.kind != "w":
                continue
            each = a.value == "for" and b.kind == "w" and b.value in ("each", "every") and i + 2 < len(body)
            if each or (a.value == "per" and body[i - 1].value != "once"):  # "gain 1 battle per card in your hand"
                per, start = self._per(body, i + 2) if each and b.value == "every" else (1, i + 2 if each else i + 1)
                count = self._on_cards(body[start:], per) or self._this_way(body[start:], per)
                self.counted, after = None, []
                if count is None:
                    try:
                        sel, after = self._count_then_duration(body[start:])
                    except CardLanguageError as error:  # "for each victory token you have": no cards counted
                        count = self._held(body[start:], per, error)
                    else:
                        self.counted = sel
                        count = Quantity(lambda st, ctx, sel=sel, per=per: len(sel.candidates(st, ctx)) // per,
                                         None, sel.text if per == 1 else f"every {per} {sel.text}")
                return body[:i] + after, (count, cap), None
            if a.value == "equal" and b.kind == "w" and b.value == "to" and i + 2 < len(body):
                q, rest = self._equal_to(body[i + 2:])
                if cap is not None:
                    q = capped(q, cap)
                return body[:i] + rest, None, q
        return atoms, None, None

    def _count_then_duration(self, atoms: list[Atom]) -> tuple[Any, list[Atom]]:
        """What ``for each`` counts, and the duration that may follow it (``your troops get +1
        defence for each wonder you control this turn``: the change lasts the turn), which goes
        back to the statement."""
        try:
            return self.phrase("count", atoms), []
        except CardLanguageError as error:
            for j in range(len(atoms) - 1, 0, -1):
                if atoms[j].kind == "w" and atoms[j].value in ("this", "until"):
                    try:
                        self.phrase("duration", atoms[j:])
                        return self.phrase("count", atoms[:j]), atoms[j:]
                    except CardLanguageError:
                        continue
            raise error from None

    def _held(self, atoms: list[Atom], per: int, error: CardLanguageError) -> Quantity:
        """``victory token you have`` after ``for each``: what a player has that is no card (a pack's
        tally, a resource), read as ``the number of ...`` reads it; ``error`` (the words read as no
        cards) when they read so neither."""
        number = [Atom("w", "number", atoms[0].start, atoms[0].start), Atom("w", "of", atoms[0].start, atoms[0].start)]
        try:
            q = self.quantity_atoms(number + atoms)
        except CardLanguageError:
            raise error from None
        text = " ".join(str(a.value) for a in atoms)
        return Quantity(lambda st, ctx: q(st, ctx) // per, None, text if per == 1 else f"every {per} {text}")

    def _equal_to(self, atoms: list[Atom]) -> tuple[Quantity, list[Atom]]:
        """The quantity after ``equal to``, and what of the statement follows it: nothing when
        the quantity ends the statement, else the phrase from a later ``to`` (``deal damage
        equal to the number of cards in your hand to the target``)."""
        try:
            return self.quantity_atoms(atoms), []
        except CardLanguageError as error:
            for j in range(1, len(atoms) - 1):
                if atoms[j].kind == "w" and atoms[j].value == "to":
                    try:
                        return self.quantity_atoms(atoms[:j]), atoms[j:]
                    except CardLanguageError:
                        continue
            raise error from None

    def _on_cards(self, atoms: list[Atom], per: int) -> Quantity | None:
        """``state on it``, ``damage on your heroes`` after ``for each``: a number on cards
        (a table attribute) summed over them, rather than cards counted; None for other words."""
        attrs = self.vocab.table.attributes if self.vocab.table is not None else {}
        if len(atoms) < 3 or atoms[0].kind != "w" or atoms[1].kind != "w" or atoms[1].value != "on":
            return None
        attr = next((a for a in attrs if atoms[0].value in forms(a)), None)
        if attr is None:
            return None
        sel = self.phrase("cards", atoms[2:])
        value = attrs[attr]
        text = " ".join(str(a.value) for a in atoms)
        return Quantity(lambda st, ctx: sum(value(st, iid) for iid, _ in sel.candidates(st, ctx)) // per, None,
                        text if per == 1 else f"every {per} {text}")

    def _this_way(self, atoms: list[Atom], per: int) -> Quantity | None:
        """``troop destroyed this way`` after ``for each``: the cards this effect has sent away so
        far (the pack's quantity, a count of this turn's events since the effect began); None for
        other words."""
        if len(atoms) < 3 or [a.value for a in atoms[-2:]] != ["this", "way"]:
            return None
        q = self.quantity_atoms(atoms)
        return q if per == 1 else Quantity(lambda st, ctx: q(st, ctx) // per, None, f"every {per} {q.text}")

    @staticmethod
    def _per(body: list[Atom], k: int) -> tuple[int, int]:
        """``for every two troops you control``: (2, where the troops begin); ``for every one of
        your troops``: (1, past 'one'); (1, k) without a number."""
        a = body[k]
        n = a.value if a.kind == "n" else NUMBER_WORDS.get(a.value) if a.kind == "w" else None
        if isinstance(n, int) and k + 1 < len(body) and (n >= 2 or body[k + 1].value == "of"):
            return n, k + 1
        return 1, k

    def quantity_atoms(self, atoms: list[Atom]) -> Quantity:
        if len(atoms) == 1 and atoms[0].kind in "ne":
            return self.quantity(atoms[0])
        if len(atoms) >= 3 and atoms[-2].kind == "w" and atoms[-2].value in ("plus", "minus") and atoms[-1].kind in "ne":
            # "equal to the damage on this hero plus 1": the words' arithmetic, never below 0
            base, k = self.quantity_atoms(atoms[:-2]), self.quantity(atoms[-1])
            sign = 1 if atoms[-2].value == "plus" else -1
            return Quantity(lambda s, c: max(0, base(s, c) + sign * k(s, c)), None,
                            f"{base.text} {atoms[-2].value} {k.text}")
        if len(atoms) >= 2 and atoms[0].kind == "w" and atoms[0].value == "twice":  # "equal to twice the number of ..."
            base = self.quantity_atoms(atoms[1:])
            return Quantity(lambda s, c: 2 * base(s, c), None, f"twice {base.text}")
        try:
            fn = self.phrase(QUANTITY, atoms)
        except CardLanguageError as error:
            if len(atoms) < 2 or atoms[0].kind != "w" or atoms[0].value != "the":
                raise
            try:  # "the damage on this hero": a pack's quantity with its article
                fn = self.phrase(QUANTITY, atoms[1:])
            except CardLanguageError:
                raise error from None
        self.reads(fn)
        return _as_quantity(fn, " ".join(str(a.value) for a in atoms))

    def reads(self, fn: Any) -> None:
        """Note what a condition or a quantity ``fn`` reads: the events it counts (the program
        listens for them) and whether it asks what happened during the effect (``just_now``)."""
        self.listens.update(getattr(fn, "listens", ()))
        self.just_now = self.just_now or getattr(fn, "just_now", False)

    # -- conditions ------------------------------------------------------------
    def cond(self, t) -> Callable[[Any, dict], bool]:
        over = self.cond_override.get(id(t))
        if over is not None:
            return over
        d = t.data
        if d == "cphrase":
            atoms = to_atoms(t.children)
            pred = self.asking(self.phrase(CONDITION, atoms), atoms)
            self.reads(pred)  # what it reads ("if you attacked this turn", "if it dies")
            return pred
        if d == "not_":
            f = self.cond(t.children[1])
            return lambda state, ctx: not f(state, ctx)
        left, op, right = t.children
        try:
            b = self.cond(right)
        except CardLanguageError:
            merged = self._merge(left, op, right)
            if merged is not None:
                return merged
            b = self._subject_understood(left, right)
            if b is None:
                raise
        a = self.cond(left)
        if d == "and_":
            return lambda state, ctx: a(state, ctx) and b(state, ctx)
        return lambda state, ctx: a(state, ctx) or b(state, ctx)

    def _merge(self, left, op: Token, right):
        """``the target is red or blue``: 'or'/'and' inside one condition's word list, not between two."""
        leaf = _last_phrase(left, right)
        if leaf is None:
            return None
        atoms = to_atoms(leaf.children) + [Atom("w", str(op), op.start_pos, op.end_pos)] + to_atoms(right.children)
        try:
            merged = self.asking(self.phrase(CONDITION, atoms), atoms)
        except CardLanguageError:
            return None
        self.cond_override[id(leaf)] = merged
        try:
            return self.cond(left)
        finally:
            del self.cond_override[id(leaf)]

    def _subject_understood(self, left, right):
        """``it is purple or red``: the second condition with the first's subject and verb put
        back (``it is red``), or None when that does not read either."""
        leaf = _last_phrase(left, right)
        if leaf is None:
            return None
        head = to_atoms(leaf.children)
        verb = next((k for k, a in enumerate(head) if a.kind == "w" and a.value in _VERBS_UNDERSTOOD), None)
        if verb is None:
            return None
        at = to_atoms(right.children)
        understood = [Atom(a.kind, a.value, at[0].start, at[0].start) for a in head[:verb + 1]]
        try:
            return self.asking(self.phrase(CONDITION, understood + at), at)
        except CardLanguageError:
            return None

    def asking(self, pred, atoms: list[Atom]) -> Callable:
        """``pred``, or for a condition on a card a player chooses (:class:`Asks`) the test of the card
        chosen, with the steps asking for it left in ``asked`` for the effect's ``if`` to run first (the
        same words, one choice: ``if target enemy hero is burning or frozen``); refused where nothing
        can be asked (a guard, ``while``, a trigger's ``if``)."""
        if not isinstance(pred, Asks):
            return pred
        if self.asked is None:
            raise self.meaning_error(gettext(
                "{cards!r} is a card a player chooses, which only an effect's 'if' or 'unless' asks for: here write "
                "'an ...' (any such card) or 'each ...'").format(cards=pred.sel.text),
                atoms[0].start, atoms[-1].end - atoms[0].start)
        at, test = atoms[0].start, pred.test
        known = self.asked.get(pred.sel.text)
        if known is None:
            store = self.key()

            def keep(state, ctx):
                ctx[store] = list(ctx.get("_it") or ())
                return None
            picks = pick_steps(Pick(pred.sel, self.key(), "choose"), lambda state, ctx, iid, key: None) + (keep,)
            known = self.asked[pred.sel.text] = [at, picks, store]
        known[0] = min(known[0], at)
        store = known[2]

        def chosen(state, ctx) -> bool:
            got = ctx.get(store) or ()
            return bool(got) and all(test(state, iid, ctx) for iid in got)
        return chosen

    # -- numbers ---------------------------------------------------------------
    def quantity(self, atom: Atom) -> Quantity:
        if atom.q is None:
            atom.q = Quantity.constant(atom.value) if atom.kind == "n" else self.expr(atom.tree)
        return atom.q

    def expr(self, t) -> Quantity:
        if isinstance(t, Token):  # NUMBER
            return Quantity.constant(int(t))
        d = t.data
        text = norm(self._slice(t))
        if d == "qphrase":
            fn = self.phrase(QUANTITY, to_atoms(t.children))
            self.reads(fn)
            return _as_quantity(fn, text)
        if d == "neg":
            a = self.expr(t.children[1])
            if a.const is not None:
                return Quantity.constant(-a.const, text)
            fa = a.fn
            return Quantity(lambda state, ctx: -fa(state, ctx), None, text)
        a, b = self.expr(t.children[0]), self.expr(t.children[2])
        op = {"add": operator.add, "sub": operator.sub, "mul": operator.mul}[d]
        if a.const is not None and b.const is not None:
            value = op(a.const, b.const)
            if abs(value) > MAX_NUMBER:  # "(9999 * 9999 * 9999) battle": bounded like a number written out
                start = t.meta.start_pos
                raise self.error(gettext('this comes to {value}; numbers in card texts go up to {max_number}').format(
                    value=value, max_number=MAX_NUMBER), start, t.meta.end_pos - start)
            return Quantity.constant(value, text)
        fa, fb = a.fn, b.fn
        if a.const is not None:
            ka = a.const
            fn = {"add": lambda s, c: ka + fb(s, c), "sub": lambda s, c: ka - fb(s, c),
                  "mul": lambda s, c: ka * fb(s, c)}[d]
        elif b.const is not None:
            kb = b.const
            fn = {"add": lambda s, c: fa(s, c) + kb, "sub": lambda s, c: fa(s, c) - kb,
                  "mul": lambda s, c: fa(s, c) * kb}[d]
        else:
            fn = {"add": lambda s, c: fa(s, c) + fb(s, c), "sub": lambda s, c: fa(s, c) - fb(s, c),
                  "mul": lambda s, c: fa(s, c) * fb(s, c)}[d]
        return Quantity(fn, None, text)

    def counted_change(self, mod: Any, atoms: list[Atom], made_by_effect: bool) -> Any:
        """The lasting change ``mod`` counted ``for each`` card the statement's tail counts
        (:func:`changes.counted`), its fault located at the whole statement."""
        count, cap = self.scale
        self.scale_used = True
        try:
            return counted(mod, count, cap, self.counted, made_by_effect)
        except ValueError as e:
            raise self.error(str(e), atoms[0].start, atoms[-1].end - atoms[0].start) from None

    def scaled(self, q: Quantity) -> Quantity:
        if self.scale is None:
            return q
        self.scale_used = True
        return for_each(q, *self.scale)

    def scaled_pick(self, kw: dict) -> None:
        """``discard a card for each ...``: where no number of the statement took its ``for each``,
        the cards it picks are that many, once per card counted."""
        for name, sel in kw.items():
            if isinstance(sel, CardSelector) and sel.mode in _COUNTED_MODES and not sel.alts:
                one = sel.count if sel.count is not None else Quantity.constant(1)
                kw[name] = replace(sel, mode="n" if sel.mode == "one" else sel.mode, count=self.scaled(one))
                return

    # -- phrases ---------------------------------------------------------------
    def phrase(self, family: str, atoms: list[Atom], implicit: Quantity | None = None,
               accept: Callable[[Any], bool] | None = None, implied: str | None = None) -> Any:
        """What ``atoms`` mean as a phrase of ``family``: the first pattern that matches (and
        whose result ``accept`` takes, when given; that reads the duration ``implied``, said
        before the phrase, when given)."""
        pats = self.vocab.families.get(family, [])
        sub = self.vocab.parsers.get(family)
        label = _(_LABEL[family]) if family in _LABEL else family
        if not atoms:
            raise self.error(gettext('a {label} is missing here').format(label=label), 0, 1)
        start, end = atoms[0].start, atoms[-1].end
        if not pats and sub is None:
            raise self.error(gettext('this pack has no {label} phrases').format(label=label), start, end - start)
        first = atoms[0].value if atoms[0].kind == "w" else None
        cands = [p for p in pats if p.first is None or first in p.first]
        m = Matcher(self.vocab, atoms, self, self.scope, implicit, implied)
        unfit: CardLanguageError | None = None  # the first reading that did not fit here (an Unfit)
        try:
            if sub is not None:
                for stop, value in sub(m, 0):
                    if stop == len(atoms):
                        self.check_problem(value, atoms)
                        return value
                    m.fail(stop, gettext('the end of the phrase'))
            for p in cands:
                for stop, binds in m.seq(p.elements, 0, 0):
                    if stop == len(atoms):
                        if implicit is not None and not _uses(binds, implicit):
                            continue
                        if implied is not None and not _says(binds, implied):
                            continue
                        saved = self.scope, self.last_ref, self.named
                        try:
                            out = self.build(p, binds, 0, stop, atoms, 0)
                        except CardLanguageError as e:
                            if not e.unfit:
                                raise
                            # "this turn, your attacks deal 2 more damage": a hero's power read first,
                            # which an effect cannot make last; the same words' next reading may
                            unfit = unfit or e
                            self.scope, self.last_ref, self.named = saved
                            continue
                        if accept is not None and not accept(out):
                            break
                        return out
                    m.fail(stop, gettext('the end of the phrase'))
        except TooComplex:
            raise self.error(gettext(
                "this {label} is too long or ambiguous to read; split it with ';'").format(label=label),
                             start, end - start) from None
        if unfit is not None:  # no reading fits: why the first did not
            unfit.unfit = False
            raise unfit
        raise self.match_error(m, atoms, family, cands)

    def remember(self, value) -> None:
        """A single card named by reference becomes what a later 'it' means; so do the cards a
        condition names by description (``if your main hero has 3 hp or less: heal 3 damage from it``)."""
        sel = getattr(value, "sel", value)
        ref = getattr(sel, "ref", None)
        if ref in ("target", "attacker", "this", "new hero"):
            self.last_ref = ref
        elif ref is None and getattr(sel, "mode", None) == "all" and not getattr(sel, "alts", ()) \
                and getattr(sel, "problem", None) is None and hasattr(sel, "candidates"):
            self.last_ref = sel

    def check_problem(self, value, atoms: list[Atom]) -> None:
        """Report what a sub-parser found wrong in the reading chosen (a reference to nothing here)."""
        problem = getattr(value, "problem", None)
        if problem:
            a, b, msg = problem
            s = atoms[a].start
            t = atoms[max(a, b - 1)].end
            raise self.meaning_error(msg, s, t - s)

    def build(self, p: Pattern, binds: tuple, a: int, b: int, atoms: list[Atom], depth: int) -> Any:
        kw: dict = {}
        self._collect(binds, kw, atoms, depth, p.family)
        if depth == 0 and self.scale is not None and not self.scale_used and p.family == EFFECT:
            self.scaled_pick(kw)
        for need in p.needs:
            if self.scope is not None and not self.scope.has(need):
                s = atoms[a].start if a < len(atoms) else atoms[-1].end
                t = atoms[b - 1].end if b > a else s + 1
                raise self.meaning_error(self.scope.missing(need, norm(self.text[s:t])), s, t - s)
        if _wants(p.fn, "scope"):
            kw["scope"] = self.scope
        if _wants(p.fn, "uid"):
            kw["uid"] = self.uid
        if _wants(p.fn, "text"):
            s = atoms[a].start if a < len(atoms) else atoms[-1].end
            kw["text"] = norm(self.text[s:atoms[b - 1].end]) if b > a else ""
        try:
            out = p.fn(**kw)
            return _asking_first(out, kw, self.text, atoms, a, b) if p.family == EFFECT else out
        except ValueError as e:  # a pack rejecting a phrase it matched (e.g. "draw 0")
            s = atoms[a].start if a < len(atoms) else atoms[-1].end
            t = atoms[b - 1].end if b > a else s + 1
            err = self.error(str(e), s, t - s, p.show() if p.listed else None)  # a refused form is no model
            err.unfit = isinstance(e, Unfit)  # this reading only: phrase() tries the next one
            err.refused = not p.listed
            raise err from None

    def choosing(self, value, family: str, atoms: list[Atom]):
        """``value``, a sub-parser's reading, checked for the players it chooses as the statement runs
        (``target enemy``, ``target enemy's hand``): a statement's verb asks for them itself
        (:func:`_asking_first`); an effect's ``if`` or ``unless`` asks first, once for the same words
        (``if target enemy has 3 or more crystals``); anywhere else nothing can ask, and it is refused.
        The last such player is who ``they``, ``their`` and ``that player`` name after it."""
        found = chosen_in(value)
        if not found:
            return value
        if family != EFFECT:
            if self.asked is None:
                if _chooses(value):
                    self.check_problem(value, atoms)
                raise self.meaning_error(refusal(found[0].text), atoms[0].start, atoms[-1].end - atoms[0].start)
            said = norm(self.text[atoms[0].start:atoms[-1].end])
            for who in found:
                known = self.asked.setdefault(("player", who.text), [atoms[0].start, (ask_player(who, said),), who])
                if who is value:  # the same words, the same player: asked once
                    value = replace(known[2], text=value.text, problem=None)
                    found = [value]
        self.chosen_player = found[-1]
        return value

    def _collect(self, binds: tuple, kw: dict, atoms: list[Atom], depth: int, family: str) -> None:
        for el, v in binds:
            k = el.kind
            if k == "lit":
                continue
            if k == "opt":
                self._collect(v, kw, atoms, depth, family)
                continue
            if k == "number" and depth == 0:
                v = self.scaled(v)
            elif k == "amounts" and depth == 0:
                v = tuple((self.scaled(q), w) for q, w in v)
            elif k == "family":
                if v[0] == "parsed":
                    v = self.choosing(v[1], family, atoms)
                    if family != EFFECT or not _chooses(v):  # "target enemy": a statement's verb asks
                        self.check_problem(v, atoms)
                    self.remember(v)
                else:
                    pat = v[0]
                    v = self.build(pat, v[1], v[2], v[3], atoms, depth + 1)
                    if depth == 0 and self.scale is not None and pat.family == MODIFIER:
                        v = self.counted_change(v, atoms, made_by_effect=True)  # "... for each wonder you control"
            kw[el.name] = v

    def match_error(self, m: Matcher, atoms: list[Atom], family: str, cands: list) -> CardLanguageError:
        label = _(_LABEL[family]) if family in _LABEL else family
        by_first, open_ = self.vocab.index(family) if family in self.vocab.families else ({}, [])
        a0 = atoms[0]
        if family in self.vocab.families and a0.kind == "w" and a0.value not in by_first and m.far <= 0 \
                and family not in self.vocab.parsers:
            verbs = sorted({w for p in self.vocab.families[family] if p.first and p.listed for w in p.elements[0].shown})
            open_ = [p for p in open_ if p.listed]  # (a form this game refuses is no model: Virevolt's acquiring)
            what = _(_UNKNOWN[family]) if family in _UNKNOWN else _("{family} word").format(family=family)
            exp = _("a {label} starting with one of: {verbs}").format(label=label, verbs=", ".join(verbs))
            if open_:
                forms = " | ".join(p.show() for p in open_[:SHOWN_FORMS])
                if len(open_) > SHOWN_FORMS:  # (a condition has some 60: the list would bury the message)
                    forms += " | " + _("{n} more: 'tabletop cards words {game}' lists them all").format(
                        n=len(open_) - SHOWN_FORMS, game=self.vocab.name)
                exp += " " + _("(or {forms})").format(forms=forms)
            sug = closest(a0.value, verbs)
            if family == EFFECT:  # by meaning as well as by spelling
                sug += [v for v in MEANINGS.get(a0.value, ()) if v in verbs and v not in sug]
            msg = _("unknown {what} {word!r}").format(what=what, word=a0.value)
            if family == CONDITION:
                cls = next((c for c, ws in self.vocab.classes.items() if a0.value in ws), None)
                if cls is not None:
                    msg += _(" ({word!r} is {what}; in a condition 'and'/'or' join whole conditions, so list "
                             "words with ',')").format(word=a0.value, what=article(cls))
            return self.error(msg, a0.start, a0.end - a0.start, exp,
                              _(" or ").join(repr(x) for x in sug[:3]) if sug else None)
        shown = [p.show() for p in cands if p.listed][:SHOWN_FORMS]
        expected = " | ".join(shown) if shown else None
        local = m.expect[0] if len(m.expect) == 1 else (
            ", ".join(m.expect[:-1]) + _(" or ") + m.expect[-1] if m.expect else _("something else"))
        pos = max(m.far, 0)
        if pos < len(atoms):
            at = atoms[pos]
            width = at.end - at.start
            if at.kind == "w" and m.classes:
                pool = [w for w in dict.fromkeys(m.words) if w != at.value]  # (the word itself is no suggestion)
                sug = closest(at.value, pool)
                what = _(" or ").join(m.classes)
                msg = _("unknown {what} {word!r}, expected {expected}").format(what=what, word=at.value, expected=local)
                verb = self._verb_after_subject(family, atoms, pos)
                if verb is not None:  # "each enemy reveals their hand": the verb first, as cards write it
                    msg += _(" ('{word}' after a player is read only for some verbs; start with the verb: "
                             "'{verb} ...')").format(word=at.value, verb=verb)
                if at.value in ("it", "them") and pos and atoms[pos - 1].value == "in":
                    # "for each red card in it": the cards a statement before looked at are no place
                    msg += _(" (the cards a statement before acted on are 'among them', not a place)")
                    start = atoms[pos - 1].start
                    return self.error(msg, start, at.end - start, expected, "'among them'")
                return self.error(msg, at.start, width, expected, repr(sug[0]) if sug else None)
            if at.kind == "w":
                sug = closest(at.value, [w for w in dict.fromkeys(m.words) if w != at.value])
                msg = _("unexpected word {word!r} in this {label}, expected {expected}").format(
                    word=at.value, label=label, expected=local)
                verb = self._verb_after_subject(family, atoms, pos)
                if verb is not None:
                    msg += _(" ('{word}' after a player is read only for some verbs; start with the verb: "
                             "'{verb} ...')").format(word=at.value, verb=verb)
                if at.value == "and" and family == EFFECT and a0.kind == "w" and pos + 1 < len(atoms) \
                        and atoms[pos + 1].value != a0.value:
                    # "deal 1 damage to X and 1 damage to Y": the second effect lost its verb
                    msg += _(" (a second effect names its own verb: '... and {verb} ...', or follows a ';')").format(
                        verb=a0.value)
                return self.error(msg, at.start, width, expected, repr(sug[0]) if sug else None)
            return self.error(_("unexpected {what} in this {label}, expected {expected}").format(
                what=at.show(), label=label, expected=local), at.start, width, expected)
        last = atoms[-1]
        return self.error(_("this {label} ends too early, expected {expected}").format(label=label, expected=local),
                          last.end, 1, expected)


    def _verb_after_subject(self, family: str, atoms: list[Atom], pos: int) -> str | None:
        """The effect verb a statement's word at ``pos`` is the third person of (``reveals``,
        ``loses``), after a subject that is not a card; None when it is not one."""
        if family != EFFECT or pos < 1 or atoms[pos].kind != "w":
            return None
        word = atoms[pos].value
        by_first, _open = self.vocab.index(family)
        for verb in (word[:-2], word[:-1]) if word.endswith("es") else (word[:-1],) if word.endswith("s") else ():
            if verb in by_first:
                return verb
        return None


#: Words designers reach for, and the verbs of the language that mean the same (suggested by meaning).
MEANINGS = {
    "steal": ("take", "steal"), "take": ("take", "put"), "kill": ("destroy",), "slay": ("destroy",),
    "banish": ("remove",), "exile": ("remove",), "trash": ("remove",), "sacrifice": ("destroy",),
    "tutor": ("search",), "find": ("search",), "fetch": ("search",), "mill": ("put",), "bounce": ("return",),
    "recall": ("return",), "hurt": ("deal",), "damage": ("deal",), "hit": ("deal",), "attack": ("deal",),
    "cure": ("heal", "cleanse"), "restore": ("heal", "restore"), "scry": ("look",), "peek": ("look",),
    "view": ("look",), "see": ("look",), "buy": ("acquire",), "purchase": ("acquire",), "get": ("gain",),
    "earn": ("gain",), "add": ("gain",), "spend": ("pay", "lose"), "lose": ("lose",), "toss": ("discard",),
    "ditch": ("discard",), "shuffle": ("shuffle",), "poison": ("inflict",), "burn": ("inflict",),
    "freeze": ("inflict",), "stun": ("inflict",), "shield": ("give",), "protect": ("give",),
    "place": ("put",), "send": ("put", "return"), "give": ("give", "put"), "swap": ("rotate",),
}


def _chooses(value) -> bool:
    """Whether ``value`` is a player the controller chooses as the statement runs (``target enemy``)."""
    return isinstance(value, PlayerSel) and value.mode == "chosen"


def _asking_first(out, kw: dict, text: str, atoms: list[Atom], a: int, b: int):
    """A statement's steps ``out``, after a step asking for each player it chooses (``consume 1
    crystal of target enemy``: which enemy), in the order the words come."""
    asked: list[PlayerSel] = []
    for v in kw.values():  # "look at target enemy's hand": the owner of the zone too
        asked.extend(who for who in chosen_in(v) if all(who.key != o.key for o in asked))
    if not asked:
        return out
    said = norm(text[atoms[a].start:atoms[b - 1].end])
    return tuple(ask_player(who, said) for who in asked) + ((out,) if callable(out) else tuple(out))


def _top_colon(text: str) -> int:
    """The offset of the first ':' outside card names, or -1."""
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "\n":
            quoted = False
        elif ch == ":" and not quoted:
            return i
    return -1


def _leading_duration(head: list[Atom]) -> tuple[str | None, list[Atom]]:
    """How long a lasting trigger lasts when it opens with a duration: "turn" (``this turn``, ``until
    the end of your turn``), "next" (``until your next turn``) or None; and the words after it."""
    for words, d in DURATIONS:
        if [a.value for a in head[:len(words)]] == list(words):
            head = head[len(words):]
            return d, head[1:] if head and head[0].kind == "," else head
    return None, head


def _trailing_duration(head: list[Atom]) -> tuple[str | None, list[Atom]]:
    """How long a lasting trigger lasts when its words end with a duration (``whenever you play a
    red card this turn``), and the words before it; (None, ``head``) otherwise."""
    values = [a.value for a in head]
    for words, d in DURATIONS:
        n = len(words)
        if len(head) > n + 1 and values[-n:] == list(words):
            return d, head[:-n]
    return None, head


def _trigger_word(head: list[Atom], once: bool = False) -> tuple[str | None, list[Atom]]:
    """``when``/``whenever`` or ``at the start|end|beginning of`` at the start of ``head``, and the
    rest. With ``once`` (a trigger an effect leaves, which ``when`` answers once), ``the next time
    X`` and ``when you next VERB`` are ``when X``."""
    words = [a.value for a in head[:4]]
    if once and words[:3] == ["the", "next", "time"] and len(head) > 3:
        return "when", head[3:]
    if once and words[:1] == ["when"] and "next" in words[2:4]:
        k = words.index("next", 2)
        return "when", head[1:k] + head[k + 1:]
    if words[:1] in (["when"], ["whenever"]):
        return words[0], head[1:]
    if len(words) == 4 and words[0] == "at" and words[1] == "the" and words[2] in ("start", "beginning", "end") \
            and words[3] == "of":
        return ("end" if words[2] == "end" else "start"), head[4:]
    return None, head


def _uses(binds: tuple, q: Quantity) -> bool:
    """Whether a match used the implicit number ``q`` (given by ``equal to ...``)."""
    for _name, v in binds:
        if v is q:
            return True
        if isinstance(v, tuple) and v and v[0] != "parsed" and _uses_deep(v, q):
            return True
    return False


def _says(binds: tuple, d: str) -> bool:
    """Whether a match read the duration ``d`` said before its statement (a duration placeholder's)."""
    for el, v in binds:
        if el.kind == "opt" and _says(v, d):
            return True
        if el.kind == "family" and (v[1] is d if v[0] == "parsed" else _says(v[1], d)):
            return True
    return False


def _uses_deep(v, q) -> bool:
    if v is q:
        return True
    if isinstance(v, (tuple, list)):
        return any(_uses_deep(x, q) for x in v)
    return False


def _as_quantity(fn, text: str) -> Quantity:
    if isinstance(fn, Quantity):
        return fn
    if isinstance(fn, int):
        return Quantity.constant(fn, text)
    return Quantity(fn, None, text)


def _noting(kinds) -> Callable:
    """A program's first step when its text reads ``its KIND``: its picks note where their cards
    stand (see :data:`tabletop.dsl.places.HOLD`)."""
    kinds = tuple(sorted(kinds))

    def step(state, ctx):
        ctx[HOLD] = kinds
        return None
    return step


def _gone(event: Event) -> bool:
    """Whether the card ``it`` names in a trigger on ``event`` has left play ("when this troop is destroyed")."""
    return event.event == triggers.LEFT and event.it == "subject"


def _standing(value) -> bool:
    """Whether a modifier phrase's reading is a change a card's ability can make (not a pack's power)."""
    return isinstance(value, (lasting.Modifier, PickedMod))


def _with(mod: lasting.Modifier, **changes) -> lasting.Modifier:
    from dataclasses import replace

    return replace(mod, **changes)


_PARAMS: dict = {}


def _wants(fn, param: str) -> bool:
    """Whether a pattern function takes ``param`` (``scope``: what the text may refer to;
    ``uid``: a maker of ids, stable across processes, for what the text registers; ``text``:
    the phrase as written, for prompts)."""
    got = _PARAMS.get(fn)
    if got is None:
        try:
            got = frozenset(inspect.signature(fn).parameters)
        except (TypeError, ValueError):
            got = frozenset()
        _PARAMS[fn] = got
    return param in got


def _has_arrow(text: str) -> bool:
    quoted = False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "\n":
            quoted = False
        elif not quoted and ch == "-" and text.startswith("->", i):
            return True
    return False


_JOINING = ("and", "then")


def _about_it(words: list) -> bool:
    """Whether a condition's words name ``it`` (``unless it is frozen``, ``if its hp is 3 or less``)."""
    return any(w in ("it", "its") for w in words)


def _joining(a: Atom) -> bool:
    return a.kind == "," or (a.kind == "w" and a.value in _JOINING)


def _last_phrase(left, right) -> Tree | None:
    """The condition phrase just before ``op right`` (the last one of ``left``), when ``right``
    is a phrase too; else None."""
    if not (isinstance(right, Tree) and right.data == "cphrase"):
        return None
    leaf = left
    while isinstance(leaf, Tree) and leaf.data in ("and_", "or_"):
        leaf = leaf.children[2]
    return leaf if isinstance(leaf, Tree) and leaf.data == "cphrase" else None


def _verb_understood(left: list[Atom], right: list[Atom]) -> list[Atom] | None:
    """``right`` with ``left``'s verb put back (``gain 3 knowledge or 3 battle``), or None when
    ``left`` does not start with a word or ``right`` already does with it; the verb is an atom of
    no width where ``right`` starts."""
    if left[0].kind != "w" or (right[0].kind == "w" and right[0].value == left[0].value):
        return None
    return [Atom("w", left[0].value, right[0].start, right[0].start)] + right


def _joins(atoms: list[Atom]) -> list[tuple[int, int]]:
    """Where a statement may split into two: ``(end of the first, start of the second)`` at each
    run of ``,``, ``and``, ``then`` between words (``, and then``), the words first."""
    out, n = [], len(atoms)
    i = 1
    while i < n - 1:
        if _joining(atoms[i]) and not _joining(atoms[i - 1]):
            j = i
            while j < n and _joining(atoms[j]):
                j += 1
            if j < n:
                out.append((i, j))
            i = j
        else:
            i += 1
    out.sort(key=lambda ij: not any(a.kind == "w" for a in atoms[ij[0]:ij[1]]))
    return out


def _top_commas(text: str, start: int, end: int) -> list[int]:
    """Offsets of the commas of ``text[start:end]`` outside parentheses and card names."""
    out, depth, quoted = [], 0, False
    for i in range(start, end):
        ch = text[i]
        if ch == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(i)
    return out


_FIRST_TIME = (["for", "the", "first", "time", "each", "turn"], ["for", "the", "first", "time", "this", "turn"])


#: "the second time X each turn": the event's order in the turn, from the second (the first is once a turn)
_NTH = {w: n for w, n in ORDINALS.items() if n > 1}


def _each_turn_first(head: list[Atom]) -> list[Atom]:
    """``the first time each turn X`` (the order Magic and Flesh and Blood print) as ``the first
    time X each turn``; the same for ``the second time each turn`` ... ``the tenth time``."""
    values = [a.value for a in head[:5]]
    if len(head) > 5 and values[0] == "the" and values[1] in ORDINALS and values[2] == "time" \
            and values[3:5] in (["each", "turn"], ["this", "turn"]):
        return head[:3] + head[5:] + head[3:5]
    return head


def _nth_time(head: list[Atom]) -> tuple[list[Atom], int | None]:
    """The trigger head without ``the second time X each turn`` (or ``whenever X for the third time
    each turn``) around it, and the order said (None without it)."""
    values = [a.value for a in head]
    if (len(head) > 5 and values[0] == "the" and values[1] in _NTH and values[2] == "time"
            and values[-2:] in (["each", "turn"], ["this", "turn"])):
        return [Atom("w", "when", head[0].start, head[2].end)] + head[3:-2], _NTH[values[1]]
    tail = values[-6:]
    if len(values) > 7 and tail[:2] == ["for", "the"] and tail[2] in _NTH and tail[3:] == ["time", "each", "turn"]:
        return head[:-6], _NTH[tail[2]]
    return head, None


#: the words ending a trigger that say in whose turn it answers, and the condition they are
_DURING = {("during", "your", "turn"): "it is your turn", ("on", "your", "turn"): "it is your turn",
           **{("during", w, x, "turn"): "it is not your turn"
              for w in ("an", "the", "each", "your") for x in ("enemy's", "opponent's")},
           **{("on", w, x, "turn"): "it is not your turn" for w in ("an", "the", "each", "your")
              for x in ("enemy's", "opponent's")}}


def _during(head: list[Atom]) -> tuple[list[Atom], str | None]:
    """The trigger head without its last words saying in whose turn it answers (``whenever you draw
    a card during your turn``, ``... during an opponent's turn``), and the condition they say."""
    values = tuple(a.value for a in head)
    for n in (3, 4):
        cond = _DURING.get(values[-n:]) if len(head) > n + 1 else None
        if cond is not None:
            return head[:-n - 1] if head[-n - 1].kind == "," else head[:-n], cond
    return head, None


def _once_per_turn(head: list[Atom]) -> tuple[list[Atom], bool]:
    """The trigger head without its once-a-turn words, and whether it had them: ``once per
    turn, when X``, ``once each turn, when X``, ``the first time X each turn`` and ``whenever X
    for the first time each turn`` all answer X at most once a turn."""
    values = [a.value for a in head]
    if values[:3] in (["once", "per", "turn"], ["once", "each", "turn"]):
        return (head[4:] if len(head) > 3 and head[3].kind == "," else head[3:]), True
    if values[:3] == ["the", "first", "time"] and values[-2:] in (["each", "turn"], ["this", "turn"]) and len(head) > 5:
        return [Atom("w", "when", head[0].start, head[2].end)] + head[3:-2], True
    if len(values) > 7 and values[-6:] in _FIRST_TIME:
        return head[:-6], True
    return head, False
