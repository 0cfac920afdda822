"""Traps: set face down for free, activated in response windows (VIR-TRAP-01..10).

An action that a trap may answer (an attack, an incantation, a hero entering play) runs as
a program whose first step is a *response window*: each other player in turn order who has
at least one activatable trap (condition met, cost payable) is asked ``activate <Trap>`` or
``pass``. An activated trap is paid, goes to the graveyard (VIR-TRAP-08) and resolves
before what it answers (VIR-TRAP-09); then the window opens again for everyone, the acting
player included, since the situation changed. Traps whose condition is a standing one ("your main hero has 2 hp or
less", event ``any``) may be activated at any time (VIR-TRAP-03): they are offered in every
window, as an action in each of their owner's own phases where they act, and, after every
action and phase step of the active player, a window (``open_after``) opens for the other
players holding one whose condition holds; and after each step of a phase that runs by itself
(Draw, State, End), a window opens for every player holding one, the active player first.
"""
from __future__ import annotations

from tabletop.framework.effects import Decision, Frame, native
from tabletop.framework.language import N_, CardText, Phrase, Word
from tabletop.framework.narration import Card, narrate
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt.board import PHASES
from tabletop.packs.virevolt.heroes import DAMAGE
from tabletop.packs.virevolt.keys import KEYS
from tabletop.packs.virevolt.states import STATES

#: the var naming the incantation a trap cancelled as it was cast ("cancel that incantation"): the
#: cast reads and clears it as the incantation would resolve
CANCELLED = "cancelled"
EVENT_KEYS = ("event", "actor", "attacker", "target", "tplayer", "hero", "spell", "everyone", "again")
_WHAT = {"attack": N_("attack"), "cast": N_("incantation"), "hero": N_("new hero")}


#: state.vars key: the players who answered the current exchange with a trap, first first
ANSWERED = "answered"


def begin_exchange(state, p: int) -> None:
    """``p``'s action (an attack, an incantation, a hero, a trap, a State Phase step) begins an
    exchange: VIR-WIN-03 decides a shared fifth token by who acted first in it."""
    v = state.vars
    v["initiator"] = p
    if ANSWERED in v:
        del v[ANSWERED]


def first_to_act(state, winners) -> int:
    """Of ``winners`` (players who reached 5 tokens in the same exchange), the one who acted first
    in it (VIR-WIN-03): the player whose action began it, then those who answered with a trap in
    the order they did, then, for one who did neither, turn order from the initiator."""
    v = state.vars
    init = v.get("initiator", state.active)
    for q in (init,) + v.get(ANSWERED, ()):
        if q in winners:
            return q
    n = state.nplayers
    return next((init + i) % n for i in range(n) if (init + i) % n in winners)


def condition_holds(state, q: int, iid: int, ev: dict) -> bool:
    when = state.cards[iid].when
    if when is None:
        return False
    if when.event != "any" and when.event != ev.get("event"):
        return False
    ctx = dict(ev)
    ctx["controller"] = q
    ctx["source"] = iid
    return bool(when.test(state, ctx))


def activatable(state, q: int, ev: dict) -> list[str]:
    """Names of ``q``'s traps that may be activated now (one entry per name). The cheap tests
    come first: the event, then the condition, and the crystals only for a trap that passes."""
    traps = state.zones[KEYS[q].traps]
    if not traps:
        return []
    event = ev.get("event")
    out: list[str] = []
    avail = None
    cards = state.cards
    for iid in traps:
        d = cards[iid]
        answers = d.trap_event
        if answers is None or (answers != "any" and answers != event) or d.name in out:
            continue
        if not condition_holds(state, q, iid, ev):
            continue
        if avail is None:
            avail = cr.available(state, q)
        if cr.can_pay(avail, d.cost):
            out.append(d.name)
    return out


def activate(state, q: int, name: str, ev: dict) -> None:
    """Pay for ``q``'s trap ``name``, put it in the graveyard and push its effect."""
    k = KEYS[q]
    for iid in state.zones[k.traps]:
        if state.cards[iid].name == name and condition_holds(state, q, iid, ev):
            break
    else:
        raise ValueError(f"{k.name} has no activatable trap {name!r}")
    d = state.cards[iid]
    state.zones[k.traps].remove(iid)
    state.zones[k.graveyard].append(iid)
    state.reveals += 1
    if state.log is not None:
        narrate(state, "trap", "{p} reveals and activates the trap {card}: {text}", actor=q, p=k.name,
                card=Card(iid), text=CardText(d.name, ("effect",), d.program.text))
    ctx = dict(ev)
    ctx.update(controller=q, source=iid, card=name, trap=True)
    if ev.get("event") == "hero":
        ctx["_it"] = [ev["hero"]]  # "when an enemy plays a hero: return it to its owner's hand"
    state.stack.append(Frame(d.program, ctx))
    cr.pay_or_ask(state, q, d.cost, name)


def anyone_may_answer(state, actor: int) -> bool:
    """Cheap test before opening a window: does any other player have a trap set at all?"""
    z = state.zones
    c = state.counters
    for q in range(state.nplayers):
        if q != actor and z[KEYS[q].traps] and not c[KEYS[q].eliminated]:
            return True
    return False


#: the context key a window's question writes its answer to: what marks a pending decision as a
#: trap window's (an attack's and an incantation's first step is one too)
ANSWER = "_resp"


def _window_step(state, ctx):
    if ctx.get("event") == "attack":
        # an attack names its target by role (VIR-TRAP-09): "the attacked hero" is the attacked
        # player's main hero now, whom the attack will hit, after a Decoy as before it
        main = state.zones[KEYS[ctx["tplayer"]].main]
        if main:
            ctx["target"] = main[0]
    ans = ctx.pop(ANSWER, None)
    done = ctx.get("_done") or []
    if ans is not None:
        q = ans[1]
        if ans[0] == "p":
            done = done + [q]
            ctx["_done"] = done
        else:
            ev = {k: ctx[k] for k in EVENT_KEYS if k in ctx}
            if ev.get("event") == "after" and not ev.get("again"):
                begin_exchange(state, q)  # answering no action, this trap begins an exchange (VIR-WIN-03)
            else:
                answered = state.vars.get(ANSWERED, ())
                if q not in answered:
                    state.vars[ANSWERED] = answered + (q,)
            # once the trap has resolved (it goes on top), the window opens again for everyone,
            # the acting player included: the trap's activation is an action (VIR-TRAP-03)
            state.stack.append(Frame(WINDOW, {**ev, "everyone": True, "again": True}))
            activate(state, q, ans[2], ev)
            return None
    actor = ctx["actor"]
    n = state.nplayers
    c = state.counters
    for k in range(0 if ctx.get("everyone") else 1, n):
        q = (actor + k) % n
        if q in done or c[KEYS[q].eliminated]:
            continue
        names = activatable(state, q, ctx)
        if names:
            if ctx.get("event") == "after":
                prompt = Phrase(N_("{q}: activate a trap now ({p}'s {phase})?"), q=KEYS[q].name, p=KEYS[actor].name,
                                phase=Word(PHASES.get(state.phase, state.phase)))
            else:
                what = _WHAT.get(ctx.get("event"), N_("action"))
                prompt = Phrase(N_("{q}: activate a trap in answer to {p}'s {what}?"), q=KEYS[q].name,
                                p=KEYS[actor].name, what=Word(what))
            return Decision(q, prompt, [("activate", nm) for nm in names] + [("pass",)],
                            [["a", q, nm] for nm in names] + [["p", q]], ANSWER)
    if done and ctx.get("event") != "after":
        # everyone asked let this action's own window go: not asked again after the action
        # unless the board has changed (read and cleared by open_after at the action's end)
        state.vars[DECLINED] = board(state)
    return None


WINDOW = native("virevolt/window", _window_step)

#: state.vars key set by each action and phase step, cleared when its window has been considered:
#: 1 after an action or as a phase where someone acts begins, STEP after a step of a phase that
#: runs by itself
AFTER = "_after"
STEP = 2
#: state.vars key: the board when every player asked in this action's window let it go
DECLINED = "_declined"


def board(state) -> tuple:
    """What a standing condition or a payment can depend on: heroes, damage, states, crystals, traps."""
    z = state.zones
    marks = state.marks
    side = tuple((tuple(z[k.main]), len(z[k.secondary]), len(z[k.crystals]), len(z[k.traps]))
                 for k in KEYS[:state.nplayers])
    return (side, tuple(sorted(state.values[DAMAGE].items())), len(marks[cr.CONSUMED]),
            tuple(len(marks[s]) for s in STATES))


def open_after(state, everyone: bool = False) -> None:
    """VIR-TRAP-03: after an action or a phase step, the players other than the active one who hold
    a trap whose standing condition holds (and whose cost they can pay) are asked, in turn order;
    after a step of a phase that runs by itself (``everyone``), the active player is asked first.
    Nobody is asked when no such trap exists, so a game without traps set pays one loop; nor when
    they all just let this action's window go and the board has not changed since."""
    declined = state.vars.pop(DECLINED, None)
    actor = state.active
    n = state.nplayers
    z = state.zones
    cards = state.cards
    asked = []
    for k in range(0 if everyone else 1, n):  # cheap first: who holds a standing-condition trap at all
        q = (actor + k) % n
        kq = KEYS[q]
        for iid in z[kq.traps]:
            if cards[iid].trap_event == "any":
                if not state.counters[kq.eliminated]:
                    asked.append(q)
                break
    if not asked or (declined is not None and declined == board(state)):
        return
    ev = {"event": "after", "actor": actor}
    if everyone:
        ev["everyone"] = True
    for q in asked:
        if activatable(state, q, ev):
            state.stack.append(Frame(WINDOW, ev))
            return
