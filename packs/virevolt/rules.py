"""Virevolt's rules: setup, the six phases, legal actions, handlers, checks, views.

State layout (keys in keys.py): zones ``pK.deck`` (bottom -> top), ``pK.hand``,
``pK.graveyard``, ``pK.traps`` (face down), ``pK.main`` (0 or 1 hero), ``pK.secondary``
(0-2 heroes), ``pK.crystals``, ``pK.casting`` (an incantation being cast) and ``box`` (out
of the game); counters ``pK.tokens``, ``pK.crystal_played``, ``pK.attacked``,
``pK.eliminated``, ``pK.has_played``; marks ``consumed`` (crystals) and one per state;
values ``damage``; vars ``owner`` (owner of every instance) and ``initiator`` (who began
the current exchange, VIR-WIN-03).
"""
from __future__ import annotations

import functools
from pathlib import Path

from tabletop.dsl import picking
from tabletop.framework import lasting
from tabletop.framework.actions import DECISION_VERBS, NAME, VerbSpec
from tabletop.framework.effects import Decision, Frame, IllegalAction, native
from tabletop.framework.language import N_, CardText, Count, Phrase, Word
from tabletop.framework.narration import CARDS, Card, narrate
from tabletop.framework.rng import below, seed_state
from tabletop.framework.rules import Phase, Rules
from tabletop.framework.state import State
from tabletop.framework.triggers import ENTERED, GAINED, PLAYED, announce, announce_gain
from tabletop.framework.zones import draw as draw_cards, shuffle
from tabletop.packs.virevolt import ai, combat
from tabletop.packs.virevolt import costs
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt import traps
from tabletop.packs.virevolt.keys import BOX, CRYSTAL, HERO, INCANTATION, KEYS, MAX_HEROES, TRAP, player_arg
from tabletop.packs.virevolt.explain import Explain
from tabletop.packs.virevolt.positions import Positions
from tabletop.packs.virevolt.views import Views

A_TRAP = N_("a trap")  # what a seat that cannot see a set trap reads

HAND_LIMIT = 7
WIN_TOKENS = 5
MODIFIERS, AFTER, STEP, open_after = lasting.MODIFIERS, traps.AFTER, traps.STEP, traps.open_after
TOKEN_KEYS = {n: tuple(KEYS[q].tokens for q in range(n)) for n in range(1, len(KEYS) + 1)}
#: per number of players, each seat with its traps zone: what the check after every action reads
TRAP_SEATS = {n: tuple((q, KEYS[q].traps) for q in range(n)) for n in range(1, len(KEYS) + 1)}
DEFAULT_DECKS = ("ember", "tide", "grove", "prism")

VERBS = {
    "play": VerbSpec("play", (NAME,), "put a hero (free; 3 in play at most) or your turn's crystal into play",
                     usage="play <hero or crystal>", example="play Cinder Imp"),
    "set": VerbSpec("set", (NAME,), "set a trap face down (free)", usage="set <trap>", example="set Frozen Snare"),
    "cast": VerbSpec("cast", (NAME, r"\d+"), "cast an incantation with one of its effects (1 if not given)",
                     optional_tail=1, usage="cast <incantation> [<effect number>]", example="cast Fireball 2"),
    "rotate": VerbSpec("rotate", (NAME,), "pay your main hero's rotation cost; the named secondary hero becomes main",
                       usage="rotate <secondary hero>", example="rotate Cinder Imp"),
    "sacrifice": VerbSpec("sacrifice", (NAME,), "pay a hero's sacrifice cost; it goes to the graveyard, no token",
                          usage="sacrifice <hero>", example="sacrifice Cinder Imp"),
    "attack": VerbSpec("attack", (r"p\d+", NAME), "attack a player's main hero with one of your main hero's attacks",
                       usage="attack <p2..p4> <attack name>", example="attack p2 Claw"),
    "activate": VerbSpec("activate", (NAME,), "activate one of your face-down traps", usage="activate <trap>",
                         example="activate Frozen Snare"),
    "next": VerbSpec("next", (), "end the current phase (main -> combat -> secondary -> end)", example="next"),
    "pass": VerbSpec("pass", (), "let the action go unanswered (no trap)", example="pass"),
    **DECISION_VERBS,
    "choose": VerbSpec("choose", (NAME,), "pick one of the options offered (as listed)", usage="choose <option>",
                       example="choose p2:Frost Warden"),
}


# ---------------------------------------------------------------------- automatic phases
def _enter_draw(state: State) -> None:
    p = state.active
    k = KEYS[p]
    cr.refresh(state, p)                                  # VIR-PHASE-DRAW-03
    if not state.zones[k.deck]:                            # VIR-PHASE-DRAW-02 / VIR-WIN-01
        if state.log is not None:
            narrate(state, "deck out", "{p} must draw from an empty deck and loses (VIR-WIN-01)", actor=p, p=k.name)
        eliminate(state, p)
        if not state.over:
            state.phase = "end"                            # the rest of the turn is skipped
        return
    draw_cards(state, k.deck, k.hand, 1)                   # VIR-PHASE-DRAW-01
    state.vars[traps.AFTER] = traps.STEP


def _lose_to(state, p: int, mark: str) -> None:
    """Each of ``p``'s heroes with the state ``mark`` (and no Immunity, VIR-STATE-05) loses 1 HP."""
    traps.begin_exchange(state, p)
    marks = state.marks
    afflicted, imm = marks[mark], marks[st.IMMUNITY]
    for h in hz.in_play(state, p):
        if h in afflicted and h not in imm:
            hz.lose_hp(state, h, 1)


def _poison_step(state, ctx):
    """VIR-PHASE-STATE-01, step 2a: Poison costs 1 HP to each of the active player's heroes that has it."""
    _lose_to(state, ctx["player"], st.POISON)
    return None


def _burn_step(state, ctx):
    """VIR-PHASE-STATE-02, step 2b: Burn costs 1 HP; then the heroes that regenerate heal."""
    p = ctx["player"]
    _lose_to(state, p, st.BURN)
    for h in hz.in_play(state, p):
        r = state.cards[h].regen
        if r:
            hz.heal(state, h, r)
    return None


POISON_STEP = native("virevolt/state-phase/poison", _poison_step)
BURN_STEP = native("virevolt/state-phase/burn", _burn_step)


def _enter_state(state: State) -> None:
    """The State Phase's steps: Poison (2a), then Burn (2b), each a step of its own (VIR-PHASE-STATE-03),
    so a trap whose standing condition the first makes hold may be activated before the second
    (VIR-TRAP-03: a window after each step of a phase that runs by itself)."""
    p = state.active
    marks = state.marks
    heroes = hz.in_play(state, p)
    poison, burn, imm = marks[st.POISON], marks[st.BURN], marks[st.IMMUNITY]
    poisoned = bool(poison) and any(h in poison and h not in imm for h in heroes)
    burning = bool(burn) and any(h in burn and h not in imm for h in heroes)
    if burning or any(state.cards[h].regen for h in heroes):
        state.stack.append(Frame(BURN_STEP, {"player": p}))
    if poisoned:
        if burning:
            state.stack.append(Frame(traps.WINDOW, {"event": "after", "actor": p, "everyone": True}))
        state.stack.append(Frame(POISON_STEP, {"player": p}))
    state.vars[traps.AFTER] = traps.STEP


def _hand_limit_step(state, ctx):
    """VIR-PHASE-END-04: discard cards of your choice down to 7."""
    p = ctx["player"]
    k = KEYS[p]
    hand = state.zones[k.hand]
    chosen = ctx.pop("card", None)
    if chosen is not None:
        for iid in hand:
            if state.cards[iid].name == chosen:
                hand.remove(iid)
                state.zones[k.graveyard].append(iid)
                if state.log is not None:
                    narrate(state, "discard", "{p} discards {card} (hand limit 7)", actor=p, p=k.name, card=Card(iid))
                break
    if len(hand) <= HAND_LIMIT:
        return None
    names = []
    for iid in hand:
        n = state.cards[iid].name
        if n not in names:
            names.append(n)
    extra = len(hand) - HAND_LIMIT
    return Decision(p, Phrase(N_("{p}: discard {cards} (hand limit 7)"), p=k.name, cards=Count(extra, *CARDS)),
                    [("choose", f"hand:{n}") for n in names], names, "card")


HAND_LIMIT_PROGRAM = native("virevolt/hand-limit", _hand_limit_step)


def _moment(state: State) -> None:
    """Entering a phase where a player acts is a moment to answer with a trap (VIR-TRAP-03)."""
    state.vars[traps.AFTER] = 1


def _enter_end(state: State) -> None:
    p = state.active
    st.end_phase(state, p)                                 # VIR-PHASE-END-01
    if len(state.zones[KEYS[p].hand]) > HAND_LIMIT:
        state.stack.append(Frame(HAND_LIMIT_PROGRAM, {"player": p}))
    state.vars[traps.AFTER] = traps.STEP


# ---------------------------------------------------------------------- action generation
def _main_actions(state: State) -> list:
    p = state.active
    k = KEYS[p]
    z = state.zones
    cards = state.cards
    c = state.counters
    avail = cr.available(state, p)
    acts = []
    seen = set()
    main, sec = z[k.main], z[k.secondary]
    room = len(main) + len(sec) < MAX_HEROES
    crystal_ok = not c[k.crystal_played]
    mods = lasting.MODIFIERS in state.listen
    for iid in z[k.hand]:
        d = cards[iid]
        name = d.name
        if name in seen:
            continue
        seen.add(name)
        kind = d.kind
        if mods and lasting.forbidding(state, hz.holders, "cast" if kind == INCANTATION else "play", iid, p):
            continue  # a restriction ("the enemy cannot cast incantations this turn")
        if kind == HERO:
            if room:
                acts.append(d.play_act)
        elif kind == CRYSTAL:
            if crystal_ok:
                acts.append(d.play_act)
        elif kind == TRAP:
            acts.append(d.set_act)
        else:
            for e, a in zip(d.effects, d.cast_acts):
                if cr.can_pay(avail, costs.spell(state, p, iid, e.cost)):
                    acts.append(a)
    inplay = main + sec
    if inplay:
        names = set()
        for iid in inplay:
            names.add(cards[iid].name)
        twins = len(names) < len(inplay)  # two heroes of one name: labels tell them apart
        if sec and main and cr.can_pay(avail, cards[main[0]].rot) and not st.stunned(state, p):
            if twins:
                for lab in hz.labels(state, sec):
                    acts.append(("rotate", lab))
            else:
                for iid in sec:
                    acts.append(cards[iid].rotate_act)
        if twins:
            for iid, lab in zip(inplay, hz.labels(state, inplay)):
                if cr.can_pay(avail, cards[iid].sac):
                    acts.append(("sacrifice", lab))
        else:
            for iid in inplay:
                d = cards[iid]
                if cr.can_pay(avail, d.sac):
                    acts.append(d.sacrifice_act)
    if z[k.traps]:
        ev = {"event": "own", "actor": p}
        for name in traps.activatable(state, p, ev):
            acts.append(("activate", name))
    acts.append(("next",))
    return acts


def _combat_actions(state: State) -> list:
    p = state.active
    acts = combat.attack_actions(state, p)
    if state.zones[KEYS[p].traps]:  # a standing-condition trap, at any time (VIR-TRAP-03)
        for name in traps.activatable(state, p, {"event": "own", "actor": p}):
            acts.append(("activate", name))
    acts.append(("next",))
    return acts


# ---------------------------------------------------------------------- handlers
def _from_hand(state, p, name, kinds) -> int:
    for iid in state.zones[KEYS[p].hand]:
        d = state.cards[iid]
        if d.name == name and d.kind in kinds:
            return iid
    raise IllegalAction(f"{KEYS[p].name} has no {name!r} to play")


def _h_play(state, action) -> None:
    p = state.active
    k = KEYS[p]
    iid = _from_hand(state, p, action[1], (HERO, CRYSTAL))
    z = state.zones
    z[k.hand].remove(iid)
    if state.cards[iid].kind == CRYSTAL:
        z[k.crystals].append(iid)                          # enters unconsumed (VIR-CRYSTAL-11)
        state.counters[k.crystal_played] = 1
        if state.log is not None:
            narrate(state, "play", "{p} plays a {card}", actor=p, p=k.name, card=Card(iid))
        if state.listen:
            announce(state, PLAYED, subject=iid, player=p)
            announce(state, ENTERED, subject=iid, player=p)
            if GAINED in state.listen:
                announce_gain(state, p, "crystal", 1, iid)
        return
    if z[k.main]:                                          # VIR-HERO-17
        z[k.secondary].append(iid)
    else:
        z[k.main].append(iid)
        hz.became_main(state, iid, p)
    if state.log is not None:
        role = Word(N_("main")) if z[k.main][0] == iid else Word(N_("secondary"))
        narrate(state, "play", "{p} plays {card} as {role} hero", actor=p, p=k.name, card=Card(iid), role=role)
    traps.begin_exchange(state, p)
    if state.listen:
        announce(state, PLAYED, subject=iid, player=p)
        announce(state, ENTERED, subject=iid, player=p)
    if traps.anyone_may_answer(state, p):
        state.stack.append(Frame(traps.WINDOW, {"event": "hero", "actor": p, "hero": iid}))


def _h_set(state, action) -> None:
    p = state.active
    k = KEYS[p]
    iid = _from_hand(state, p, action[1], (TRAP,))
    state.zones[k.hand].remove(iid)
    state.zones[k.traps].append(iid)                       # free (VIR-TRAP-06)
    if state.log is not None:
        narrate(state, "set", "{p} sets {card} face down", actor=p, p=k.name, card=Card(iid, hidden_as=A_TRAP))


def _cast_targets(state, ctx):
    """VIR-TRAP-09: an incantation's targets (``target enemy hero``, the picks that open its effect)
    are chosen as it is cast, before any trap can answer it; the effect acts later on those that
    are still in play. (Its other choices are made as it resolves.)"""
    d = state.cards[ctx["spell"]]
    steps = d.effects[ctx["effect"] - 1].program.steps
    eff = dict(ctx.get("_eff") or {"controller": ctx["actor"], "source": ctx["spell"], "card": d.name})
    ask = ctx.pop("_ask", None)
    if ask is not None and ask in ctx:
        eff[ask] = ctx.pop(ask)  # the answer reached this frame; the pick reads it in the effect's context
    i = ctx.pop("_at", 0)
    while i < len(steps) and picking.targets_ahead(steps[i]):
        decision = picking.choose_ahead(steps[i], state, eff)
        if decision is not None:
            ctx["_eff"], ctx["_at"], ctx["_ask"] = eff, i, decision.key
            return decision
        i += 1
    ctx["_eff"] = eff
    return None


def _cast_resolve(state, ctx):
    if state.vars.get(traps.CANCELLED) == ctx["spell"]:  # a trap said "cancel that incantation"
        del state.vars[traps.CANCELLED]
        return None
    d = state.cards[ctx["spell"]]
    eff = d.effects[ctx["effect"] - 1]
    context = dict(ctx["_eff"])
    if picking.targets_gone(state, eff.program.steps, context):
        if state.log is not None:
            narrate(state, "cast", "{card} has no effect: its target has left play (VIR-TRAP-09)", card=Card(ctx["spell"]))
        return None
    state.stack.append(Frame(eff.program, context))
    return None


def _cast_finish(state, ctx):
    p = ctx["actor"]
    k = KEYS[p]
    iid = ctx["spell"]
    z = state.zones
    if iid in z[k.casting]:
        z[k.casting].remove(iid)
        z[k.graveyard].append(iid)                         # VIR-INC-03
    return None


CAST = native("virevolt/cast", _cast_targets, traps._window_step, _cast_resolve, _cast_finish)


def _h_cast(state, action) -> None:
    p = state.active
    k = KEYS[p]
    iid = _from_hand(state, p, action[1], (INCANTATION,))
    n = int(action[2]) if len(action) > 2 else 1
    d = state.cards[iid]
    if not 1 <= n <= len(d.effects):
        raise IllegalAction(f"{d.name} has no effect {n}")
    cost = costs.spell(state, p, iid, d.effects[n - 1].cost)
    if not cr.can_pay(cr.available(state, p), cost):
        raise IllegalAction(f"cannot pay effect {n} of {d.name}")
    costs.spell(state, p, iid, d.effects[n - 1].cost, consume=True)
    state.zones[k.hand].remove(iid)
    state.zones[k.casting].append(iid)
    if state.log is not None:
        narrate(state, "cast", "{p} casts {card} (effect {n}: {text})", actor=p, p=k.name, card=Card(iid), n=n,
                text=CardText(d.name, ("effects", n - 1, "effect"), d.effects[n - 1].program.text))
    traps.begin_exchange(state, p)
    if state.listen:
        announce(state, PLAYED, subject=iid, player=p)
    state.stack.append(Frame(CAST, {"event": "cast", "actor": p, "spell": iid, "effect": n}))
    cr.pay_or_ask(state, p, cost, d.name)


def _hero_by_label(state, iids, label):
    h = hz.find_label(state, iids, label)
    if h is None:
        raise IllegalAction(f"no hero {label!r} here")
    return h


def _h_rotate(state, action) -> None:
    p = state.active
    k = KEYS[p]
    z = state.zones
    sec = z[k.secondary]
    h = _hero_by_label(state, sec, action[1])
    old = z[k.main][0]
    cost = state.cards[old].rot
    if st.stunned(state, p) or not cr.can_pay(cr.available(state, p), cost):
        raise IllegalAction("cannot rotate now")
    sec[sec.index(h)] = old                                # VIR-HERO-14
    z[k.main][0] = h
    if state.log is not None:
        narrate(state, "rotate", "{p} rotates: {new} becomes main hero, {old} secondary", actor=p, p=k.name,
                new=Card(h), old=Card(old))
    cr.pay_or_ask(state, p, cost, state.cards[old].name)
    hz.became_main(state, h, p, rotated=True)


def _h_sacrifice(state, action) -> None:
    p = state.active
    k = KEYS[p]
    inplay = hz.in_play(state, p)
    h = _hero_by_label(state, inplay, action[1])
    cost = state.cards[h].sac
    if not cr.can_pay(cr.available(state, p), cost):
        raise IllegalAction("cannot pay the sacrifice cost")
    if state.log is not None:
        narrate(state, "sacrifice", "{p} sacrifices {card} (nobody scores)", actor=p, p=k.name, card=Card(h))
    hz.leave_play(state, h, k.graveyard, "sacrificed")     # VIR-HERO-12: no token
    cr.pay_or_ask(state, p, cost, state.cards[h].name)


def _h_attack(state, action) -> None:
    p = state.active
    q = int(action[1][1:]) - 1
    combat.declare(state, p, q, action[2])


def _h_activate(state, action) -> None:
    p = state.active
    traps.begin_exchange(state, p)
    traps.activate(state, p, action[1], {"event": "own", "actor": p})


def _h_next(state, action) -> None:
    state.phase_done = True


# ---------------------------------------------------------------------- eliminations
def eliminate(state: State, p: int) -> None:
    """VIR-WIN-01/06: ``p`` loses; with 3-4 players they leave the game and it goes on."""
    c = state.counters
    k = KEYS[p]
    c[k.eliminated] = 1
    if state.log is not None:
        narrate(state, "eliminated", "{p} is out of the game", p=k.name)
    left = [q for q in range(state.nplayers) if not c[KEYS[q].eliminated]]
    if len(left) == 1:
        state.over = True
        state.winner = left[0]
        return
    z = state.zones
    for h in list(z[k.main]) + list(z[k.secondary]):
        st.clear(state, h)
        state.values[hz.DAMAGE].pop(h, None)
    for key in (k.main, k.secondary, k.traps, k.crystals):
        for iid in z[key]:
            state.marks[cr.CONSUMED].discard(iid)
        z[k.graveyard].extend(z[key])
        z[key].clear()


# ---------------------------------------------------------------------- the rules object
_PLAYERS = {"type": "integer", "minimum": 2, "maximum": 4, "examples": [2],
            "description": "the number of players, 2 to 4 (VIR-SETUP-01)"}
#: The shape of the options (checked before setup; setup explains the values it refuses).
OPTIONS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "players": _PLAYERS,
        "nplayers": _PLAYERS,
        "decks": {"type": ["array", "string", "null"],
                  "items": {"type": ["string", "null", "array", "object"], "items": {"type": "string"}},
                  "examples": ["[ember, tide]"],
                  "description": "a deck per seat: a preconstructed deck's name, a deck file, a list of card names "
                                 "or a deck given as data"},
        "first": {"type": ["string", "integer", "null"], "examples": ["p1"],
                  "description": "who plays first: p1..p4 or random (default random, VIR-SETUP-04)"},
        "hand_size": {"type": "integer", "minimum": 0, "maximum": 30, "examples": [5],
                      "description": "cards in the opening hand (default 5, VIR-SETUP-03)"},
        "first_turn_protection": {"type": "boolean", "examples": [False],
                                  "description": "the first player's first turn may not attack (VIR-SETUP-05, our "
                                                 "addition; default true)"},
    },
}


class VirevoltRules(Explain, Views, Positions, Rules):
    name = "virevolt"
    title = "Virevolt"
    pass_action = ("next",)
    #: VIR-TRAP-03: each action opens a trap window once it has settled (``check``)
    action_var = (traps.AFTER, 1)
    min_players = 2
    max_players = 4
    options_schema = OPTIONS_SCHEMA
    option_choices = {
        "first": {"values": [None, "p1", "p2", "p3", "p4"], "many": False,
                  "help": N_("who plays first (default random, VIR-SETUP-04)")},
    }
    phases = (
        Phase("draw", enter=_enter_draw),
        Phase("state", enter=_enter_state),
        Phase("main", enter=_moment, actions=_main_actions),
        Phase("combat", enter=_moment, actions=_combat_actions),
        Phase("secondary", enter=_moment, actions=_main_actions),
        Phase("end", enter=_enter_end),
    )
    verbs = VERBS

    def __init__(self, cards) -> None:
        super().__init__(cards)
        self.handlers = {"play": _h_play, "set": _h_set, "cast": _h_cast, "rotate": _h_rotate,
                         "sacrifice": _h_sacrifice, "attack": _h_attack, "activate": _h_activate,
                         "next": _h_next}
        self.by_name = {c.name: c for c in cards.cards} if hasattr(cards, "cards") else {c.name: c for c in cards}

    # ------------------------------------------------------------------ setup
    def setup(self, options: dict, seed: int, nplayers: int | None = None) -> State:
        options = dict(options or {})
        n = nplayers if nplayers is not None else options.get("players", options.get("nplayers", 2))
        try:
            n = int(n)
        except (TypeError, ValueError):
            raise ValueError(f"Virevolt is played by 2 to 4 players; {n!r} is not a number of players") from None
        if not 2 <= n <= 4:
            raise ValueError(f"Virevolt is played by 2 to 4 players, not {n} (VIR-SETUP-01)")
        decks = self._decks(options, n)
        state = State("virevolt", [], n, seed_state(seed))
        cards: list = []
        owner: list = []
        z = state.zones
        by_name = self.by_name
        for i in range(n):
            k = KEYS[i]
            for key in k.zones:
                z[key] = []
            first = len(cards)
            cards += map(by_name.__getitem__, decks[i])
            z[k.deck] += range(first, len(cards))
            owner += [i] * (len(cards) - first)
            for key in (k.tokens, k.crystal_played, k.attacked, k.eliminated, k.has_played):
                state.counters[key] = 0
        z[BOX] = []
        state.cards = cards
        state.vars["owner"] = tuple(owner)
        state.vars["initiator"] = 0
        state.marks[cr.CONSUMED] = set()
        for s in st.STATES:
            state.marks[s] = set()
        state.values[hz.DAMAGE] = {}
        for i in range(n):                                  # VIR-SETUP-02
            shuffle(state, KEYS[i].deck)
        first = options.get("first")
        if first is None or first == "random":              # VIR-SETUP-04
            state.rng, first_i = below(state.rng, n)
        else:
            first_i = player_arg(first, n)
        size = int(options.get("hand_size", 5))             # VIR-SETUP-03
        if size < 0:
            raise ValueError("hand_size must be 0 or more")
        for i in range(n):
            draw_cards(state, KEYS[i].deck, KEYS[i].hand, size)
        protect = options.get("first_turn_protection", True)
        if not isinstance(protect, bool):
            raise ValueError(f"option first_turn_protection is true or false, not {protect!r}")
        if not protect:  # VIR-SETUP-05 is our addition; the literal rules can be played without it
            state.vars["protect"] = False
        state.active = first_i
        state.turn = 1
        return self.begin(state)

    def _decks(self, options: dict, n: int) -> list[list[str]]:
        from tabletop.packs.virevolt import deckcheck

        spec = options.get("decks")
        if spec is None:
            names = [DEFAULT_DECKS[i % len(DEFAULT_DECKS)] for i in range(n)]
        elif isinstance(spec, str):
            names = [s.strip() for s in spec.split(",") if s.strip()]
        else:
            names = list(spec)
        if not names:
            raise ValueError("option 'decks' names no deck")
        if len(names) > n:  # (dealt round the seats, a deck past the last one would be dropped)
            raise ValueError(f"{len(names)} decks for {n} players: give one per seat at most")
        names = [names[i % len(names)] for i in range(n)]
        names = [DEFAULT_DECKS[i % len(DEFAULT_DECKS)] if d is None else d for i, d in enumerate(names)]
        out = []
        for d in names:
            key = self._deck_key(d)
            cards = self._deck_cards.get(key) if key is not None else None
            if cards is None:
                cards = deckcheck.load_deck_cards(d, self.by_name)  # a deck as data obeys the deck rules too
                for c in cards:
                    if c not in self.by_name:
                        raise ValueError(f"deck {d!r}: unknown card {c!r}")
                if key is not None:
                    self._deck_cards[key] = cards
            out.append(list(cards))
        return out

    @functools.cached_property
    def _deck_cards(self) -> dict:
        """Decks already read and checked, so a batch of games does not read its deck files
        again for every game (see :meth:`_deck_key`)."""
        return {}

    @staticmethod
    def _deck_key(spec) -> tuple | None:
        """What identifies a deck's content: a preconstructed deck's name (shipped, so it never
        changes), a deck file's path with its size and modification time (an edited file is
        read again); None for a deck given as data (checked every time: it is no file)."""
        from tabletop.packs.virevolt import deckcheck

        if not isinstance(spec, (str, Path)):
            return None
        if spec in deckcheck.preconstructed():
            return ("pre", spec)
        try:
            st = Path(spec).stat()
        except OSError:
            return None
        return ("file", str(Path(spec).resolve()), st.st_size, st.st_mtime_ns)

    def holders(self, state: State) -> list[tuple[int, int]]:
        return hz.holders(state)

    def owner(self, state: State, iid: int) -> int:
        return hz.owner(state, iid)

    def start_turn(self, state: State) -> None:
        k = KEYS[state.active]
        c = state.counters
        state.vars.pop("hit", None)
        c[k.has_played] = 1
        c[k.crystal_played] = 0
        c[k.attacked] = 0

    def next_player(self, state: State) -> int:
        c = state.counters
        n = state.nplayers
        for i in range(1, n + 1):
            q = (state.active + i) % n
            if not c[KEYS[q].eliminated]:
                return q
        return state.active

    # ------------------------------------------------------------------ checks
    def check(self, state: State) -> None:
        """VIR-WIN-02/03: 5 tokens win once the exchange has resolved; ties go to whoever acted first in it.
        Then, once after each action and phase step, the trap window of VIR-TRAP-03. First, in a
        game whose cards change HP, a hero left with no HP by such a change dies (as by damage)."""
        if MODIFIERS in state.listen:
            hz.deaths_by_hp(state)
        c = state.counters
        n = state.nplayers
        for key in TOKEN_KEYS[n]:  # one look per player in the usual case, nobody at five tokens
            if c[key] >= WIN_TOKENS:
                winners = [q for q in range(n) if c[KEYS[q].tokens] >= WIN_TOKENS and not c[KEYS[q].eliminated]]
                if winners:
                    state.over = True
                    state.winner = traps.first_to_act(state, winners)
                    return
                break
        # once the moment has settled: after an action, as a phase where someone acts begins
        # (the other players are asked), and after each step of a phase that runs by itself
        # (everyone is asked, the active player first, since nobody acts there otherwise)
        v = state.vars
        moment = v.get(AFTER, 0)
        if moment and (moment == STEP or not state.phase_done):
            del v[AFTER]
            everyone = moment == STEP
            z = state.zones
            a = state.active
            for q, traps_set in TRAP_SEATS[n]:  # nobody who may be asked has a trap set: nothing to compute
                if z[traps_set] and (everyone or q != a):
                    open_after(state, everyone)
                    break

    # ------------------------------------------------------------------ bots and simulation (ai.py)
    def hidden_pools(self, state: State, player: int) -> list[list[str]]:
        return ai.hidden_pools(state, player)

    def determinize(self, state: State, player: int, rng) -> State:
        return ai.determinize(self, state, player, rng)

    def evaluate(self, state: State, player: int) -> float:
        return ai.evaluate(state, player)

    def evaluate_all(self, state: State) -> list[float]:
        return ai.evaluate_all(state)

    def annotate(self, state: State, action) -> dict | None:
        return ai.annotate(self, state, action)

    def rollout_action(self, state: State, actions: list, rng):
        return ai.rollout_action(self, state, actions, rng)

    def can_lose_at_once(self, state: State, action) -> bool:
        """Playing, setting, rotating and ending a phase never end the game; answering or
        resolving anything may (a pass that lets a lethal attack give the fifth token)."""
        return action[0] not in ("play", "set", "rotate", "next")

    def candidate_actions(self, state: State, actions: list) -> list:
        return ai.sensible_actions(self, state, super().candidate_actions(state, actions))

    def result(self, state: State) -> dict:
        out = super().result(state)
        out[N_("tokens")] = {KEYS[i].name: state.counters[KEYS[i].tokens] for i in range(state.nplayers)}
        return out

    def end_reason(self, state: State) -> str:
        w = state.winner
        if w is None:
            return ""
        c = state.counters
        name = KEYS[w].name
        if c[KEYS[w].tokens] >= WIN_TOKENS:
            return Phrase(N_("{p} has {n} victory tokens (VIR-WIN-02)"), p=name, n=c[KEYS[w].tokens])
        if all(c[KEYS[q].eliminated] for q in range(state.nplayers) if q != w):
            return Word(N_("every other player had to draw from an empty deck (VIR-WIN-01)"))
        return Phrase(N_("{p} attacked a player with no hero in play (VIR-WIN-04)"), p=name)
