"""The base of every game: declared phases, action handlers, and the loop that runs them.

A pack subclasses :class:`Rules`. It declares its turn as a tuple of :class:`Phase` (each
with an ``enter`` procedure and, for phases where players act, an ``actions`` generator),
its verbs and their handlers, its setup, and its views. The framework does the rest:
answering decisions, running effects, ending phases and turns, stopping when the game is
over. ``legal_actions`` / ``apply`` / ``clone`` are the whole interface a bot or a screen
needs, in the manner of OpenSpiel's games.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tabletop.framework import lasting
from tabletop.framework.actions import Action, VerbSpec, format_action, parse_action, shown_action
from tabletop.framework.effects import IllegalAction, answer, push, run_stack
from tabletop.framework.language import N_, Phrase, Word, english_names, gettext as _, localised
from tabletop.framework.narration import DETAIL, narrate
from tabletop.framework.state import State, player_name
from tabletop.framework.triggers import (
    ACQUIRED, ENTERED, PLAYED, PHASE_END, PHASE_START, SUBJECT_OWNER, TURN_END, TURN_START, announce, listened,
)
from tabletop.framework.wording import shown as clipped

#: Events by which a card arrives: its own "whenever you play a red card" does not answer its
#: own arrival (it was not in play to see it); any other event about it ("when one of your
#: heroes takes damage") it answers like any card's.
_ARRIVALS = frozenset((PLAYED, ACQUIRED, ENTERED))


@dataclass(frozen=True)
class Phase:
    """One phase of a turn. ``actions`` is None for a phase that runs by itself."""

    name: str
    enter: Callable[[State], None] | None = None
    actions: Callable[[State], list] | None = None


#: how many rounds of triggered abilities one action may set off; a chain of abilities answering each
#: other without end ("whenever one of your heroes is healed: deal 1 damage to it" beside "whenever one
#: of your heroes takes damage: heal 1 damage from it") stops there, and the game goes on
MAX_ANSWERS = 1000
#: the var marking a turn whose start is being answered: its first phase is entered once that is done
BEGUN = "_begun"


class Rules:
    """A game's rules; see the module docstring. Subclasses fill in the class attributes."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    phases: tuple[Phase, ...] = ()
    verbs: dict[str, VerbSpec] = {}
    #: What a front end (the web lobby) offers for each option: name -> ``{"values": [...],
    #: "many": whether several may be chosen, "help": a sentence}``; the first value is the default.
    option_choices: dict = {}
    #: How this object pickles: ``(function, args)`` that finds the same rules in another
    #: process (set by the pack registry), so a bot holding its rules can be sent to workers.
    pickled_as: tuple | None = None
    #: ``(key, value)`` written into ``state.vars`` before each action a player takes (not an
    #: answer to a decision): an option that closes at the turn's next action (Volfyirion's
    #: mulligan), a moment that opens with every action (Virevolt's trap window).
    action_var: tuple | None = None
    #: JSON Schema of the options ``setup`` accepts, checked before any setup runs
    #: (:func:`tabletop.framework.setups.check_options`); None accepts anything.
    options_schema: dict | None = None

    def __init__(self, cards) -> None:
        self.cards = cards
        self._phase = {p.name: p for p in self.phases}
        n = len(self.phases)
        #: each phase's successor and whether it begins a new turn, looked up once per phase change
        self._after = {p.name: (self.phases[(i + 1) % n], i + 1 == n) for i, p in enumerate(self.phases)}
        self._actions = {p.name: p.actions for p in self.phases}
        self.handlers: dict[str, Callable[[State, Action], None]] = {}
        self.listen = listened(cards.cards if hasattr(cards, "cards") else cards)

    def __reduce_ex__(self, protocol):
        if self.pickled_as is not None:
            return self.pickled_as
        return super().__reduce_ex__(protocol)

    def __deepcopy__(self, memo) -> "Rules":
        return self  # rules are shared and never change during a game

    # ------------------------------------------------------------------ to be provided by packs
    def setup(self, options: dict, seed: int, nplayers: int | None = None) -> State:
        """A new game, ready for the first action (the first turn's automatic phases are done)."""
        raise NotImplementedError

    def check(self, state: State) -> None:
        """State-based checks after every action (conditions that fire by themselves)."""

    def view(self, state: State, player: int | None) -> dict:
        """What ``player`` may know (``None``: a spectator, who sees only what is public): with
        the events' renderings for that seat, the only input of screens and fair bots."""
        raise NotImplementedError

    def secret_decision(self, state: State) -> bool:
        """Whether the pending decision's very asking is hidden information, told to its player
        alone (a Virevolt trap window: being asked says you hold a trap you can use). Default: no."""
        return False

    def mover_shown_to(self, state: State, viewer: int | None) -> int:
        """The player ``viewer`` (a seat, None for a spectator) is told the game waits for: the
        one who must act, unless that is someone else's secret decision, when as far as
        ``viewer`` knows the game still waits on the active player's action."""
        p = state.pending
        if p is None:
            return state.active
        return state.active if p.player != viewer and self.secret_decision(state) else p.player

    def zone_seen_by(self, state: State, key: str) -> frozenset | None:
        """Who may see the cards in zone ``key``: None for everyone, else the seats (maybe none).
        Default: a seat sees every zone but those of its :meth:`hidden_pools`."""
        seats = [p for p in range(state.nplayers)
                 if not any(key in pool for pool in self.hidden_pools(state, p))]
        return None if len(seats) == state.nplayers else frozenset(seats)

    def seen_by(self, state: State, iid: int) -> frozenset | None:
        """Who may see card instance ``iid`` now: what decides how an event naming it is
        rendered for each seat (framework/narration.py). Default: those who see its zone."""
        key = state.zone_of(iid)
        return frozenset() if key is None else self.zone_seen_by(state, key)

    def zone_label(self, key: str) -> str:
        """A zone's name in narration: ``p1.deck`` is "p1's deck", ``asset_deck`` "the asset deck"."""
        owner, dot, rest = key.partition(".")
        if dot and owner[:1] == "p" and owner[1:].isdigit():
            return Phrase(N_("{p}'s {zone}"), p=owner, zone=Word(rest.replace('.', ' ').replace('_', ' ')))
        return Phrase(N_("the {zone}"), zone=Word(key.replace("_", " ").replace(".", " ")))

    def phase_label(self, phase: str) -> str:
        """A phase as people read it ("main phase"): English text shown in the reader's language."""
        return Phrase(N_("{phase} phase"), phase=Word(phase))

    def end_reason(self, state: State) -> str:
        """Why a finished game ended, for people ("p2 has no City left (VOL-WIN-01)")."""
        return ""

    def describe(self, state: State) -> dict:
        """Everything, hidden parts included, in the paths scenario files name."""
        raise NotImplementedError

    def listeners(self, state: State, event: str) -> list[tuple[int, int]]:
        """The cards (instance id, owner) whose triggers may answer the pack's signal ``event`` now."""
        return []

    def holders(self, state: State) -> list[tuple[int, int]]:
        """The cards (instance id, controller) whose static and triggered abilities are active:
        the cards in play. Default: none."""
        return []

    def owner(self, state: State, iid: int) -> int:
        """The player who controls card ``iid`` now (for a card's own triggers out of play)."""
        raise NotImplementedError

    def fire(self, state: State, iid: int, trigger, ctx: dict) -> None:
        """Resolve a trigger whose event and test matched: by default, run its program now."""
        push(state, trigger.program, ctx)

    def apply_setup(self, state: State, setup: dict) -> None:
        """Change a fresh game to the position a scenario's ``setup`` describes; a fault in it is a
        :class:`tabletop.framework.setups.SetupError` naming the key (its helpers check shapes)."""
        raise NotImplementedError(f"{self.name} does not support scenario setups")

    def position_problems(self, state: State) -> list[str]:
        """Why ``state`` (a scenario's position) could never happen in this game, e.g. a hero in
        play with more damage than hit points; empty when it could. Checked after ``apply_setup``."""
        return []

    def next_player(self, state: State) -> int:
        """Whose turn comes after the active player's (packs skip eliminated players)."""
        return (state.active + 1) % state.nplayers

    def start_turn(self, state: State) -> None:
        """Bookkeeping when a turn begins, before its first phase is entered."""

    # ------------------------------------------------------------------ bots and simulation (optional)
    # Defaults a pack may override; docs/simulation.md explains each. The framework's bots
    # (bots/mcts.py, bots/scripted.py) and `tabletop simulate` call them.
    def hidden_pools(self, state: State, player: int) -> list[list[str]]:
        """Groups of zone keys whose combined contents ``player`` cannot see but whose multiset
        of cards is public knowledge (e.g. ``[["p2.hand", "p2.deck"], ["p1.deck"]]``).
        :meth:`determinize` reshuffles each group. Default: none (perfect information)."""
        return []

    def determinize(self, state: State, player: int, rng) -> State:
        """A full state consistent with what ``player`` knows, sampled with the bot's ``rng``
        (a :class:`tabletop.framework.rng.Random`). Default: redistribute each of
        :meth:`hidden_pools` at random and reseed the game's generator. Packs whose hidden
        multisets are not public override this to sample from a public prior."""
        from tabletop.framework.determinize import determinize_pools

        return determinize_pools(state, self.hidden_pools(state, player), rng)

    def evaluate(self, state: State, player: int) -> float | None:
        """How well ``player`` stands in an unfinished game, in [0, 1] (0.5 = even), or None
        when the pack has no heuristic. Used by MCTS for cut-off rollouts and by the
        simulation report's lead series."""
        return None

    def evaluate_all(self, state: State) -> list[float | None]:
        """:meth:`evaluate` for every player, in seat order: what MCTS backs up at the end of a
        playout and the report's lead series records. A pack whose players' values share work
        (each is measured against the others) overrides it to do that work once; it must give
        exactly the values :meth:`evaluate` gives."""
        return [self.evaluate(state, p) for p in range(state.nplayers)]

    def annotate(self, state: State, action: Action) -> dict | None:
        """Facts worth counting about ``action``, called before it is applied, e.g.
        ``{"acquired": "Hidden Cache"}`` or ``{"played": "Fireball"}``; None for nothing.
        The simulation report computes per-card statistics from them."""
        return None

    def action_card(self, state: State, action: Action) -> str | None:
        """The name of the card ``action`` concerns, or None. Default: its first argument
        that names a card. Scripted bots order actions by this card's ``cost``."""
        cards = self.cards
        names = getattr(cards, "by_name", None)
        for arg in action[1:]:
            if isinstance(arg, str):
                if names is not None:
                    if arg in names:
                        return arg
                elif any(c.name == arg for c in cards):
                    return arg
        return None

    def safe_action(self, state: State, actions: list[Action]) -> Action | None:
        """An action among ``actions`` that is never worse than any other now (e.g. playing a
        card whose points come for free), which a searching bot may take without search; or
        None. It must depend only on what the player to move can see. MCTS plays it at once
        and skips it inside its tree, so the search spends its time on real choices.
        Default: None (every choice is searched)."""
        return None

    def safe_action_now(self, state: State) -> Action | None:
        """What :meth:`safe_action` answers for the legal actions of ``state`` when they are two
        or more, if the pack can tell without listing them: a search meets such positions
        thousands of times (a hand played card by card). None means "list them and ask
        :meth:`safe_action`", never "there is none". Default: None."""
        return None

    def market(self) -> list[str] | None:
        """The cards players choose to gain during a game (a deck-builder's market, e.g. an Asset
        Row), by name, once each; None for a game without one. ``tabletop cards value`` ranks
        them by what a bot told to prefer each one (its factory's ``prefer``) wins. Default: None."""
        return None

    def preferred_action(self, state: State, actions: list[Action]) -> Action | None:
        """The action a simple policy would take among ``actions`` (e.g. the pack's greedy
        bot), or None. MCTS gives it a bonus that fades with visits (progressive bias,
        weight ``prior_weight``), so a thin search falls back on it. Default: None."""
        return None

    #: Keyword defaults for the framework's MCTS bot on this game (``rollout_depth``,
    #: ``rollout_turns``, ``exploration``, ``prior_weight``), overridden by the options a
    #: caller passes.
    mcts_settings: dict = {}

    def rollout_action(self, state: State, actions: list[Action], rng) -> Action:
        """The action a fast playout takes among ``actions`` (MCTS rollouts). Default:
        uniformly at random with the bot's ``rng``; a pack may bias it cheaply."""
        return actions[rng.below(len(actions))]

    def rollout_action_now(self, state: State, rng) -> Action | None:
        """What :meth:`rollout_action` answers for the legal actions of ``state``, drawing the same
        numbers from ``rng``, if the pack can tell without listing them; else None, having drawn
        nothing. A shortcut for playouts, like :meth:`safe_action_now`. Default: None."""
        return None

    def may_lose_at_once(self, state: State) -> bool:
        """Whether any action of the player to move could lose the game by itself here: False
        spares :meth:`candidate_actions` trying each action (bots ask at every move). Default: True."""
        return True

    def can_lose_at_once(self, state: State, action: Action) -> bool:
        """Whether ``action`` could end the game in its mover's loss by itself: a cheap filter
        before :meth:`loses_at_once` tries it on a copy. Default: any action could."""
        return True

    def loses_at_once(self, state: State, action: Action) -> bool:
        """Whether applying ``action`` ends the game without its mover winning (tried on a copy;
        only whether the game ends is read, never a hidden card)."""
        if not self.can_lose_at_once(state, action):
            return False
        me = state.to_move()
        s = state.clone()
        self.apply(s, action)
        return s.over and s.winner != me

    def candidate_actions(self, state: State, actions: list[Action]) -> list[Action]:
        """The actions among ``actions`` a sensible player considers: every bot chooses among
        these. Default: drop the actions that lose at once when another action does not
        (one-ply loss avoidance). A pack adds its own common sense (Virevolt: keep a hero in
        play, no spell that does nothing); the result is never empty."""
        if len(actions) < 2 or not self.may_lose_at_once(state):
            return actions
        losing = [a for a in actions if self.loses_at_once(state, a)]
        if not losing or len(losing) == len(actions):
            return actions
        return [a for a in actions if a not in losing]

    # ------------------------------------------------------------------ the engine
    def legal_actions(self, state: State) -> list[Action]:
        """Every action the player to move may take now."""
        if state.over:
            return []
        if state.pending is not None:
            return list(state.pending.options)
        return self._actions[state.phase](state)

    def apply(self, state: State, action: Action) -> None:
        """Apply ``action`` (which must be legal) to ``state`` in place, and run until input is needed."""
        if state.pending is None:
            try:
                handler = self.handlers[action[0]]
            except KeyError:
                raise IllegalAction(f"unknown action {format_action(action)!r}") from None
            av = self.action_var
            if av is not None:
                state.vars[av[0]] = av[1]
            handler(state, action)
        else:
            answer(state, action)
        self.settle(state)
        if state.over and state.log is not None:
            self.narrate_end(state)

    def narrate_end(self, state: State) -> None:
        """Tell who won and why (:meth:`end_reason`), once, when the game ends."""
        winner = Word(N_("no one")) if state.winner is None else player_name(state.winner)
        reason = self.end_reason(state)
        why = Phrase(N_(" ({reason})"), reason=reason) if reason else ""
        narrate(state, "game over", "game over: {winner} wins{why}", winner=winner, why=why)

    def apply_checked(self, state: State, action: Action | str) -> None:
        """Like :meth:`apply`, but refuse an action that is not legal, listing the legal ones.
        ``action`` may also be its text (``"end turn"``), found among the legal actions."""
        if isinstance(action, str):
            action = self.find_action(state, action)
        legal = self.legal_actions(state)
        if action not in legal:
            shown = ", ".join(format_action(a) for a in legal) or "none (the game is over)"
            raise IllegalAction(f"{format_action(action)!r} is not legal now; legal actions: {shown}")
        self.apply(state, action)

    def settle(self, state: State) -> None:
        """Run effects, triggered abilities, state checks and automatic phases until a player must act."""
        check = self.check
        after = self._after
        rounds = 0
        while not state.over:
            if state.stack:
                if state.pending is None:
                    run_stack(state)
                if state.pending is not None or state.over:
                    return
            elif state.pending is not None:
                return
            if state.events:
                rounds += 1
                if rounds > MAX_ANSWERS:  # abilities setting each other off without end: the chain stops
                    state.events = []
                    if state.log is not None:
                        narrate(state, "loop", "abilities answering each other without end: the chain stops "
                                "after {n} rounds", n=MAX_ANSWERS)
                    continue
                self.resolve_events(state)
                continue
            check(state)
            if state.stack or state.pending is not None:
                continue
            if not state.phase_done:
                return
            # the phase is over: the next one begins (after the last, a new turn)
            phase, last = after[state.phase]
            if last and BEGUN in state.vars:  # the start of the turn has been answered: its first phase
                del state.vars[BEGUN]
                self.enter_phase(state, phase)
                continue
            if state.listen and self._announce_leaving(state, last):
                continue  # the abilities answering the end of the phase (or turn) resolve first
            if last:
                self._new_turn(state)
                if state.events:  # what answers the start of the turn resolves before its first phase
                    state.vars[BEGUN] = state.turn
                    continue
            self.enter_phase(state, phase)

    def _new_turn(self, state: State) -> None:
        state.active = self.next_player(state)
        state.turn += 1
        if lasting.LASTING in state.vars:
            lasting.expire(state)
        if state.log is not None:
            self.narrate_turn(state)
        self.start_turn(state)
        if state.listen:
            announce(state, TURN_START, player=state.active)

    @staticmethod
    def _announce_leaving(state: State, last: bool) -> bool:
        """Announce the end of the current phase (and turn) once; True when just announced."""
        leaving = (state.turn, state.phase)
        if state.vars.get("_leaving") == leaving:
            del state.vars["_leaving"]
            return False
        listen = state.listen
        if PHASE_END not in listen and not (last and TURN_END in listen):
            return False
        state.vars["_leaving"] = leaving
        announce(state, PHASE_END, player=state.active, phase=state.phase)
        if last:
            announce(state, TURN_END, player=state.active)
        return True

    def narrate_turn(self, state: State) -> None:
        """Tell that a turn begins, and whose it is."""
        narrate(state, "turn", "turn {turn}: {p} to play", actor=state.active, turn=state.turn,
                p=player_name(state.active))

    def enter_phase(self, state: State, phase: Phase) -> None:
        """Make ``phase`` the current phase and run its ``enter`` procedure."""
        state.phase = phase.name
        state.phase_done = phase.actions is None
        if state.log is not None:
            narrate(state, "phase", "{p}'s {phase}", actor=state.active, level=DETAIL,
                    p=player_name(state.active), phase=self.phase_label(phase.name))
        if phase.enter is not None:
            phase.enter(state)
        if state.listen:
            announce(state, PHASE_START, player=state.active, phase=phase.name)

    def begin(self, state: State) -> State:
        """Enter the first phase of the first turn and run until someone must act."""
        state.listen = self.listen
        if state.log is not None:
            self.narrate_turn(state)
        self.start_turn(state)
        announce(state, TURN_START, player=state.active)
        if state.events:  # answered before the first phase: the game waits as after a turn's last phase
            state.phase, state.phase_done = self.phases[-1].name, True
            state.vars[BEGUN] = state.turn
        else:
            self.enter_phase(state, self.phases[0])
        self.settle(state)
        return state

    # ------------------------------------------------------------------ triggered abilities
    def resolve_events(self, state: State) -> None:
        """Push the programs of every ability answering the queued events, first event first."""
        queued, state.events = state.events, []
        frames = []
        cards = state.cards
        holders = None
        for event, data in queued:
            subject = data.get("subject")
            if subject is not None:
                for trig in cards[subject].triggers:
                    if trig.own and trig.event == event:
                        who = data["player"] if "player" in data else self.owner(state, subject)
                        self._try(state, frames, subject, who, trig, data)
            if holders is None:
                holders = self.holders(state)
            for iid, controller in holders:
                if iid == subject and event in _ARRIVALS:
                    continue
                for trig in cards[iid].triggers:
                    if not trig.own and trig.event == event:
                        self._try(state, frames, iid, controller, trig, data)
            for entry in lasting.entries(state):
                trig = lasting.SPECS.get(entry[0])
                if getattr(trig, "event", None) == event and self._try(state, frames, entry[2], entry[1], trig, data,
                                                                      entry[5] if len(entry) > 5 else None):
                    if entry[4]:
                        lasting.use(state, entry)
        for prog, ctx in reversed(frames):
            push(state, prog, ctx)

    def _try(self, state: State, frames: list, source: int, controller: int, trig, data: dict,
             subjects: tuple | None = None) -> bool:
        ctx = dict(data)
        ctx["source"] = source
        ctx["controller"] = controller
        ctx["card"] = state.cards[source].name
        if trig.it in data:
            ctx["_it"] = [data[trig.it]]  # "it": the card the event is about (or the one its trigger names)
        elif subjects is not None:
            ctx["_it"] = list(subjects)  # what the effect that left this trigger acted on
        if trig.test is not None and not trig.test(state, ctx):
            return False
        if trig.they != "player" and data.get(trig.they) is not None:
            # (the test read the event's player, whose the card is; "they" is the doer)
            ctx[SUBJECT_OWNER], ctx["player"] = ctx.get("player"), data[trig.they]
        if trig.once_per_turn:
            key = (source, trig.text)
            done = state.vars.get("_once", ())
            if state.vars.get("_once_turn") != state.turn:
                done = ()
            if key in done:
                return False
            state.vars["_once"] = done + (key,)
            state.vars["_once_turn"] = state.turn
        frames.append((trig.program, ctx))
        return True

    # ------------------------------------------------------------------ notation
    def parse(self, text: str) -> Action:
        """The action written ``text`` in this game's notation (syntax only, not legality)."""
        return parse_action(text, self.verbs)

    def format(self, action: Action) -> str:
        """The notation of ``action``."""
        return format_action(action)

    def find_action(self, state: State, text: str) -> Action:
        """The legal action written ``text`` (case and spacing forgiven, or a form the pack
        understands, :meth:`resolve`), else an error that says why (:meth:`why_not`) or
        names the legal actions."""
        wanted = " ".join(text.split()).lower()
        legal = self.legal_actions(state)
        for a in legal:
            if format_action(a).lower() == wanted or shown_action(a).lower() == wanted:
                return a
        text = english_names(text)
        alias = self.resolve(state, text)
        if alias is not None and alias in legal:
            return alias
        action = alias if alias is not None else self.parse(text)  # a syntax error explains itself best
        if state.over:
            raise IllegalAction(_("the game is over"))
        if state.pending is not None:
            options = ", ".join(shown_action(a) for a in legal)
            raise IllegalAction(_("answer the question first: {question} ({options})").format(
                question=localised(state.pending.prompt), options=options))
        reason = self.why_not(state, action)
        shown = ", ".join(shown_action(a) for a in legal) or _("none (the game is over)")
        if reason:
            why = f"{shown_action(action)}: {localised(reason)}"
            raise IllegalAction(_("{why}; legal actions: {actions}").format(why=why, actions=shown), why)
        raise IllegalAction(_("{action} is not legal now; legal actions: {actions}").format(
            action=clipped(text.strip()), actions=shown))

    # ------------------------------------------------------------------ front ends (optional)
    # What terminal, web and other front ends use to explain the game to people; every one
    # reads only what the player it is asked about may know.
    #: The action that ends a phase where nothing else can be done (front ends may take it
    #: by themselves), e.g. ``("next",)``.
    pass_action: Action | None = None

    def names(self, state: State) -> set[str]:
        """Every name (in lower case) an action's name argument may take in this game: what makes
        ``play Fighter lair`` no action at all rather than one not legal now. Default: the names of
        the cards dealt into the game."""
        return {c.name.lower() for c in state.cards}

    def why_not(self, state: State, action: Action) -> str | None:
        """Why ``action`` (well formed, not legal now) cannot be taken, in words with the
        numbers and the rule id: "needs 8 battle; you have 1 (VOL-ATTACK-01)"."""
        return None

    def resolve(self, state: State, text: str) -> Action | None:
        """An action written another natural way ("acquire Catacombs" for "acquire asset 3"),
        or None. The result is checked for legality like any other."""
        return None

    def warnings(self, state: State, player: int) -> list[str]:
        """What will happen to ``player`` at the end of their turn unless they act (a City
        falls, a hand is over its limit), from what ``player`` may know."""
        return []

    def free_plays(self, state: State, actions: list[Action]) -> list[Action]:
        """Among ``actions``, those that need no choice and can never hurt (playing a card
        whose points are gained by themselves): what a "play all" command takes, in order."""
        return []

    def locate(self, view: dict, ref: str) -> list[tuple[str, list[str]]] | None:
        """The cards a place names in ``view`` ("asset 3", "p2.city2", a hero), each with what
        is true of it now ("defence 12 = 9 + Troop 3"): ``[(card name, [status lines])]``,
        or None for no such place. Reads the view only, so it can never show a hidden card."""
        return None

    def places(self, view: dict) -> list[str]:
        """The places :meth:`locate` understands in ``view``, for completion and help."""
        return []

    def card_rules(self, card) -> str:
        """How a card of this kind works, in a sentence or two with its rule ids."""
        return ""

    def reveal(self, state: State, player: int) -> dict[str, list[str]]:
        """What ``player`` kept hidden (hand, deck, face-down cards), shown when the game is
        over: zone label -> card names."""
        out: dict[str, list[str]] = {}
        prefix = player_name(player) + "."
        for key, ids in state.zones.items():
            if ids and key.startswith(prefix) and self.zone_seen_by(state, key) is not None:
                out[self.zone_label(key)] = [state.cards[i].name for i in ids]
        return out

    def player_names(self, state: State) -> list[str]:
        """The written names of the seats: ``p1``, ``p2``..."""
        return [player_name(i) for i in range(state.nplayers)]

    def result(self, state: State) -> dict[str, Any]:
        """A short summary of how the game ended: winner, why, turns played (``state.turn``,
        the number of the turn being played), and what the pack adds (scores)."""
        return {"over": state.over, "winner": None if state.winner is None else player_name(state.winner),
                "reason": self.end_reason(state) if state.over else "", "turns": state.turn}
