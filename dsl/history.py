"""Conditions on what happened this turn: ``if you played a troop this turn``, ``if you did not
attack this turn``, ``if an enemy destroyed 2 or more of your troops this turn``, ``if this
card entered play this turn``.

Each is a trigger phrase put in the past (``whenever you play a troop``) and counted over the
turn's record of announced events (:func:`tabletop.framework.triggers.this_turn`), with the
trigger's own test, so a history condition means exactly what its trigger means. A card that
says one makes the engine keep the record (``HISTORY``); a game without one pays nothing.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from tabletop.dsl.comparisons import OPS, Comparison
from tabletop.dsl.compiler import Event
from tabletop.dsl.events import DEEDS, DEPARTURES, attacking, card_event, departure, happens
from tabletop.dsl.matcher import ORDINALS
from tabletop.dsl.places import PlayerSel
from tabletop.dsl.quantity import Quantity
from tabletop.dsl.selectors import PAST_CARD_EVENTS, CardSelector
from tabletop.dsl.vocabulary import QUANTITY, Vocabulary
from tabletop.framework import triggers
from tabletop.framework.language import gettext

_EVENT_KEYS = frozenset({"subject", "player", "how", "by", "attacker", "target", "amount", "phase"})
NONE = Comparison("==", Quantity.constant(0))
SOME = Comparison(">=", Quantity.constant(1))


def happened(event: Event, cmp: Comparison, just_now: bool = False) -> Callable[[Any, dict], bool]:
    """How many of this turn's events ``event``'s test accepts, compared with ``cmp``; with
    ``just_now``, only those since the effect reading it began ("if it dies": a hero that died
    earlier this turn and came back has not died now)."""
    count = tally(event, just_now)

    def pred(state, ctx: dict) -> bool:
        return cmp.test(count(state, ctx), state, ctx)
    pred.listens = count.listens
    pred.just_now = just_now
    return pred


def tally(event: Event, just_now: bool = False) -> Callable[[Any, dict], int]:
    """How many of this turn's events ``event``'s test accepts (``just_now``: since the effect
    reading it began), as a number: "for each troop destroyed this way"."""
    name, test, own = event.event, event.test, event.own

    def count(state, ctx: dict) -> int:
        source = ctx.get("source")
        n = 0
        seen_events = triggers.this_turn(state)
        since = ctx.get(triggers.SINCE)
        if just_now and since is not None and since[0] == state.turn:
            seen_events = seen_events[since[1]:]
        for ev, data in seen_events:
            if ev != name or (own and data.get("subject") != source):
                continue
            # the event's data as its trigger would see it, and this effect's references ("it")
            seen = {k: v for k, v in ctx.items() if k not in _EVENT_KEYS}
            seen.update(data)
            if test is None or test(state, seen):
                n += 1
        return n
    count.listens = frozenset({name, triggers.HISTORY})
    count.just_now = just_now
    return count


def nth_card(x: CardSelector | None, n: int, y: CardSelector) -> Callable[[Any, dict], bool]:
    """``this is the third card you played this turn``: the ``n``-th card of the turn's cards ``y``
    names (oldest first, the card itself counted, a card played twice counted at its first play) is
    one ``x`` names (``None``: the card reading it). ``y`` must be cards of this turn's past."""
    if y.past is None:
        raise ValueError(gettext("the order of a card counts the cards of this turn: say which, as in 'the "
                                 "third card you played this turn'"))

    def pred(state, ctx: dict) -> bool:
        got = y.candidates(state, ctx)
        if len(got) < n:
            return False
        which = got[n - 1][0]
        if x is None:
            return which == ctx.get("source")
        return any(iid == which for iid, _ in x.candidates(state, ctx))
    return pred


def nth_time(table, event: Event, n: int) -> Event:
    """``the second time you play a red card each turn``: ``event`` answered only when it is the
    ``n``-th this turn that its test accepts, this one included and the earlier ones counted even
    from before the card came into play (the turn's record says which came first). An attack
    after the last a turn has is refused."""
    name, test, own = event.event, event.test, event.own
    if name == triggers.ATTACKED:
        _attacks_come(table, n)

    def nth(state, ctx: dict) -> bool:
        if test is not None and not test(state, ctx):
            return False
        record = triggers.this_turn(state)
        # this event: the latest of the record whose data the trigger was given
        at = next((i for i in range(len(record) - 1, -1, -1) if record[i][0] == name
                   and all(ctx.get(k) == v for k, v in record[i][1].items())), None)
        if at is None:
            return False
        source = ctx.get("source")
        mine = {k: v for k, v in ctx.items() if k not in _EVENT_KEYS}
        k = 0
        for ev, data in record[:at + 1]:
            if ev != name or (own and data.get("subject") != source):
                continue
            seen = dict(mine)
            seen.update(data)
            if test is None or test(state, seen):
                k += 1
        return k == n
    return replace(event, test=nth)


def _attacks_come(table, n: int) -> None:
    """Refuse the ``n``-th attack of a turn where the rules allow fewer (Virevolt: one)."""
    most = table.attacks_per_turn
    if most is not None and n > most:
        word = next(w for w, k in ORDINALS.items() if k == n)
        raise ValueError(gettext("in {game}, a turn's attacks stop at {n}: its {ordinal} attack never comes").format(
            game=table.name, n=most, ordinal=word))


def attacks_counted(table, by: PlayerSel, cmp: Comparison) -> Callable[[Any, dict], bool]:
    """``you attacked two or more times this turn``: how many attacks those players made this turn;
    refused where the rules never let the count be one that ``cmp`` accepts (Virevolt: one attack)."""
    most, n = table.attacks_per_turn, cmp.q.const
    if most is not None and n is not None and not any(OPS[cmp.op](k, n) for k in range(most + 1)):
        raise ValueError(gettext("in {game}, a turn's attacks stop at {n}: that many never come").format(
            game=table.name, n=most))
    return happened(card_event(triggers.ATTACKED, None, None, "", by=by), cmp)


def nth_attack(table, word: str) -> Callable[[Any, dict], bool]:
    """``it is your second attack this turn``: the attacks the card's controller made this turn,
    the one being made included, are exactly that many; refused where a player attacks less often."""
    n = ORDINALS[word]
    _attacks_come(table, n)
    return happened(card_event(triggers.ATTACKED, None, None, "", by=PlayerSel("you", "you")),
                    Comparison("==", Quantity.constant(n)))


#: the ways a count of the cards an effect has just sent away reads ("for each troop destroyed
#: this way", "the number of heroes that died this way"): with ``{hows}`` the departures, else a death
THIS_WAY = ("{x:cards} {hows:words:departure} this way",
            "{x:cards} that|which was|were {hows:words:departure} this way",
            "{x:cards} that|which died this way", "{x:cards} killed this way")


def _this_way_example(pattern: str, way: str, ex) -> str:
    return (pattern.replace("[the] ", "the ").replace("{x:cards}", ex.kinds).replace("{hows:words:departure}", way)
            .replace("that|which", "that").replace("was|were", "were"))


def register(v: Vocabulary, table, ex) -> None:
    """Add the history conditions to ``v``."""
    T = triggers
    kind = ex.kind

    for past, present, ev in PAST_CARD_EVENTS:
        verb = past.split("|")[0]
        listed = ev != T.ACQUIRED or table.acquiring
        v.condition(f"{{who:players}} [have|has] {past} {{c:counted}} this turn",
                    example=f"you {verb} 2 or more {ex.kinds} this turn", listed=listed)(
            lambda who, c, ev=ev: happens(table, ev) or happened(card_event(ev, c.sel, who, ""), c.cmp))
        v.condition(f"{{who:players}} did not {present} {{x:cards}} this turn",
                    example=f"you did not {present.split('|')[0]} a {kind} this turn", listed=listed)(
            lambda who, x, ev=ev: happens(table, ev) or happened(card_event(ev, x, who, ""), NONE))
        v.condition(f"{{who:players}} have|has not {past} {{x:cards}} this turn",
                    example=f"you have not {verb} a {kind} this turn", listed=listed)(
            lambda who, x, ev=ev: happens(table, ev) or happened(card_event(ev, x, who, ""), NONE))
    for present, how in DEEDS:
        past = {"died": "killed"}.get(how, how)
        listed = how in table.departures
        v.condition(f"{{by:players}} [have|has] {past} {{c:counted}} this turn",
                    example=f"you {past} an enemy {kind} this turn", listed=listed)(
            lambda by, c, how=how: happened(departure(table, c.sel, (how,), by), c.cmp))
        v.condition(f"{{by:players}} did not {present.split('|')[0]} {{x:cards}} this turn",
                    example=f"you did not {present.split('|')[0]} an enemy {kind} this turn", listed=listed)(
            lambda by, x, how=how: happened(departure(table, x, (how,), by), NONE))
    way = next((h for h in table.departures if h in DEPARTURES), "destroyed")
    v.condition("{x:cards} was|were {hows:words:departure} this turn",
                example=f"one of your {ex.kinds} was {way} this turn")(
        lambda x, hows: happened(departure(table, x, tuple(DEPARTURES[h] for h in hows)), SOME))
    v.condition("{x:cards} died this turn", example=f"one of your {ex.kinds} died this turn",
                listed="died" in table.departures)(
        lambda x: happened(departure(table, x, ("died",)), SOME))
    for none in ("no", "none of"):  # "if no hero died this turn", "if none of your heroes was destroyed this turn"
        v.condition(f"{none} {{x:cards}} died this turn", example=f"{none} {'your ' if none != 'no' else ''}"
                    f"{ex.kinds if none != 'no' else ex.kind} died this turn", listed="died" in table.departures)(
            lambda x: happened(departure(table, x, ("died",)), NONE))
        v.condition(f"{none} {{x:cards}} was|were {{hows:words:departure}} this turn",
                    example=f"no {ex.kind} was {way} this turn")(
            lambda x, hows: happened(departure(table, x, tuple(DEPARTURES[h] for h in hows)), NONE))
    # "deal 2 damage to the target; if it died, draw a card": it left play just now, during this effect
    v.condition("{x:cards} was|were {hows:words:departure}", example=f"it was {way}")(
        lambda x, hows: happened(departure(table, x, tuple(DEPARTURES[h] for h in hows)), SOME, True))
    v.condition("{x:cards} died|dies", example="it died", listed="died" in table.departures)(
        lambda x: happened(departure(table, x, ("died",)), SOME, True))
    v.condition("{x:cards} was|were not {hows:words:departure}", example=f"it was not {way}")(
        lambda x, hows: happened(departure(table, x, tuple(DEPARTURES[h] for h in hows)), NONE, True))
    for pattern in ("{x:cards} did not die", "{x:cards} survived|survives"):
        v.condition(pattern, example=pattern.replace("{x:cards}", "it").replace("|survives", ""),
                    listed="died" in table.departures)(
            lambda x: happened(departure(table, x, ("died",)), NONE, True))

    def this_way(x: CardSelector, hows: tuple = ("died",)) -> Callable[[Any, dict], int]:
        """The cards this effect sent away so; "discarded" counts the cards it made a player
        discard from hand too ("discard your hand; draw a card for each card discarded this way")."""
        hows = tuple(DEPARTURES.get(h, h) for h in hows)
        dropped = tally(card_event(T.DISCARDED, x, None, ""), just_now=True) if "discarded" in hows else None
        if dropped is not None and "discarded" not in table.departures and hows == ("discarded",):
            return dropped  # a game whose cards never leave play so (Virevolt): its hand discards only
        left = tally(departure(table, x, hows), just_now=True)
        if dropped is None:
            return left

        def count(state, ctx: dict) -> int:
            return left(state, ctx) + dropped(state, ctx)
        count.listens = left.listens | dropped.listens
        count.just_now = True
        return count

    for form in THIS_WAY:  # bare after "for each" (the compiler reads it so), else "the number of ..."
        listed = "died" in table.departures or "hows" in form
        for pattern in (form, "[the] number of " + form):
            v.pattern(QUANTITY, pattern, example=_this_way_example(pattern, way, ex),
                      listed=listed and pattern != form)(this_way)

    def attacks(by, x: CardSelector | None) -> Event:
        return card_event(T.ATTACKED, x, None, "", by=by)

    v.condition("{by:players} [have|has] attacked {c:counted} this turn",
                example=f"you attacked an enemy {ex.target} this turn")(
        lambda by, c: happened(attacks(by, c.sel), c.cmp))
    v.condition("{by:players} [have|has] attacked {c:compare} time|times this turn",
                example=f"you attacked {table.attacks_per_turn or 2} or more times this turn")(lambda by, c: attacks_counted(table, by, c))
    v.condition("{by:players} [have|has] attacked this turn", example="you attacked this turn")(
        lambda by: happened(attacks(by, None), SOME))
    v.condition("{by:players} did not attack this turn", example="you did not attack this turn")(
        lambda by: happened(attacks(by, None), NONE))
    v.condition("{by:players} have|has not attacked this turn", example="you have not attacked this turn")(
        lambda by: happened(attacks(by, None), NONE))
    v.condition("{x:cards} was|were attacked this turn", example=f"this {ex.target} was attacked this turn")(
        lambda x: happened(attacks(None, x), SOME))
    v.condition("{x:cards} was|were not attacked this turn", example=f"this {ex.target} was not attacked this turn")(
        lambda x: happened(attacks(None, x), NONE))
    if table.attacker is not None:  # "if this hero attacked this turn": attacks made by cards
        v.condition("{x:cards} attacked this turn", example=f"this {table.attacker} attacked this turn")(
            lambda x: happened(attacking(table, x), SOME))
        v.condition("{x:cards} did not attack this turn", example=f"this {table.attacker} did not attack this turn")(
            lambda x: happened(attacking(table, x), NONE))
    v.condition("{x:cards} entered play this turn", example="this card entered play this turn")(
        lambda x: happened(card_event(T.ENTERED, x, None, ""), SOME))
    v.words("ordinal", tuple(ORDINALS))
    for pattern in ("{x:cards} is|are the {n:word:ordinal} {y:cards}", "this is the {n:word:ordinal} {y:cards}"):
        v.condition(pattern, example=pattern.replace("{x:cards} is|are", "this card is").replace(
            "{n:word:ordinal} {y:cards}", f"second {ex.kind} you played this turn"))(
            lambda n, y, x=None: nth_card(x, ORDINALS[n], y))
    v.condition("it|this is your {n:word:ordinal} attack this turn", example="it is your first attack this turn")(
        lambda n: nth_attack(table, n))
    if "damage" in table.attributes:  # a game whose cards take damage (Virevolt's heroes)
        for pattern in ("{x:cards} was|were dealt damage this turn", "{x:cards} took damage this turn"):
            v.condition(pattern, example=pattern.replace("{x:cards}", "this card").replace("was|were", "was"))(
                lambda x: happened(card_event(T.DAMAGED, x, None, ""), SOME))
