"""The shared triggers: what a card's ``when ...`` waits for (a card played, acquired, entering
or leaving play, dying, taking damage) and the moments of ``at the start of ...`` (a turn, a
phase, someone's next one)."""
from __future__ import annotations

from dataclasses import replace

from tabletop.dsl import places as P
from tabletop.dsl.compiler import Event
from tabletop.dsl.matcher import Matcher
from tabletop.dsl.places import PlayerSel
from tabletop.dsl.selectors import CardSelector
from tabletop.dsl.vocabulary import Vocabulary
from tabletop.framework import triggers
from tabletop.framework.language import gettext

DEPARTURES = {"destroyed": "destroyed", "replaced": "replaced", "removed": "removed",
              "returned": "returned", "sacrificed": "sacrificed", "discarded": "discarded",
              "killed": "died"}  # "is killed" is dying, as "you kill" is (DEEDS)
# "you destroy an enemy troop": a departure by the hand of the players named
DEEDS = (("destroy|destroys", "destroyed"), ("remove|removes", "removed"), ("sacrifice|sacrifices", "sacrificed"),
         ("kill|kills", "died"))


def _split_owners(x: CardSelector, who: PlayerSel | None) -> list[tuple[CardSelector, PlayerSel | None]]:
    """The selector's cards and whose they must be, one pair per alternative (``an enemy troop or
    one of your buildings``). The owner is tested on the event's player, never on where the card
    is now: a card that left play may be nowhere its owner can be read from."""
    if x.alts:
        return [(replace(a, owner=None), a.owner or x.owner or who) for a in x.alts]
    return [(replace(x, owner=None), x.owner or who)]


def card_event(event: str, x: CardSelector | None, who: PlayerSel | None, text: str, how: tuple = (),
           provides: tuple = ("it", "they"), by: PlayerSel | None = None) -> Event:
    """``who`` is the event's player (who played it, whose card it is); ``by``, who made a card
    leave play or attacked it (the event's ``by``), and then ``they`` is that player: the doer the
    text names ("whenever an enemy destroys one of your troops, they ...")."""
    own = x is not None and x.ref == "this"
    pairs = _split_owners(x, who) if x is not None else [(None, who)]

    def test(state, ctx) -> bool:
        if how and ctx.get("how") not in how:
            return False
        if by is not None and ctx.get("by") not in by.resolve(state, ctx):
            return False
        for sel, owner in pairs:
            if owner is not None and ctx.get("player") not in owner.resolve(state, ctx):
                continue
            if sel is not None and not own and not sel.matches(state, ctx["subject"], ctx):
                continue
            return True
        return False
    return Event(event, test, own, provides, text, they="player" if by is None else "by")


def departure(table, x: CardSelector, hows: tuple, by: PlayerSel | None = None) -> Event:
    """A departure trigger, refused when the game has no such departure (troops that "die")."""
    absent = [h for h in hows if h not in table.departures]
    if absent:
        ways = ["dies" if h == "died" else f"is {h}" for h in table.departures]
        ways = ", ".join(ways[:-1]) + gettext(" or ") + ways[-1]
        if absent[0] == "died":
            raise ValueError(gettext("in {game}, cards never die; say how a card leaves play: {ways}").format(
                game=table.name, ways=ways))
        raise ValueError(gettext("in {game}, a card never leaves play by being {how}; say how a card leaves play: {ways}").format(
            game=table.name, how=absent[0], ways=ways))
    return card_event(triggers.LEFT, x, None, "", hows, by=by)


def attacking(table, x: CardSelector, y: CardSelector | None = None) -> Event:
    """``when this hero attacks``, ``whenever an enemy hero attacks``: an attack made by one of the
    cards ``x`` names, whose owner is the attacking player; ``it`` is the attacker, ``the target``
    the card attacked. With ``y`` (``whenever an enemy hero attacks this hero``), an attack on one
    of the cards ``y`` names, whose owner is the player attacked. Refused where players attack, not cards."""
    if table.attacker is None:
        raise ValueError(gettext("in {game}, cards never attack: players do; say 'whenever you attack ...'").format(
            game=table.name))
    if y is not None and (x.chosen or y.chosen):
        raise ValueError(gettext("a trigger waits for what happens and asks nothing: say which heroes by what they "
                                 "are ('an enemy hero', 'this hero'), not 'target ...'"))
    this = x.ref == "this"
    pairs = _split_owners(x, None)
    attacked = _split_owners(y, None) if y is not None else None

    def by_x(state, ctx, attacker) -> bool:
        if this:
            return attacker == ctx["source"]
        for sel, owner in pairs:
            if owner is not None and ctx.get("by") not in owner.resolve(state, ctx):
                continue
            if sel.matches(state, attacker, ctx):
                return True
        return False

    def test(state, ctx) -> bool:
        attacker = ctx.get("attacker")
        if attacker is None or not by_x(state, ctx, attacker):
            return False
        if attacked is None:
            return True
        for sel, owner in attacked:
            if owner is not None and ctx.get("player") not in owner.resolve(state, ctx):
                continue
            if sel.matches(state, ctx["subject"], ctx):
                return True
        return False
    return Event(triggers.ATTACKED, test, False, ("it", "they", "attacker", "target"), "", it="attacker")


def dealing(table, x: CardSelector, y: CardSelector | None = None) -> Event:
    """``whenever this hero deals damage``, ``whenever one of your heroes deals damage to an enemy
    hero``: damage dealt by an attack of a card ``x`` names (to a card ``y`` names); the dealer is
    ``the attacker``, the card damaged is ``it``, its owner ``they``. Damage no card's attack
    dealt (an incantation's, a state's) was dealt by no card. Refused where players attack."""
    if table.attacker is None:
        raise ValueError(gettext("in {game}, cards never attack: players do; say 'whenever you attack ...'").format(
            game=table.name))
    if x.chosen or (y is not None and y.chosen):
        raise ValueError("a trigger waits for what happens and asks nothing: say which heroes by what they are "
                         "('an enemy hero', 'the enemy main hero'), not 'target ...'")
    this = x.ref == "this"
    hit = _split_owners(y, None) if y is not None else None

    def test(state, ctx) -> bool:
        attacker = ctx.get("attacker")
        if attacker is None:
            return False
        if this:
            if attacker != ctx["source"]:
                return False
        elif not x.matches(state, attacker, ctx):
            return False
        if hit is None:
            return True
        for sel, owner in hit:
            if owner is not None and ctx.get("player") not in owner.resolve(state, ctx):
                continue
            if sel.matches(state, ctx["subject"], ctx):
                return True
        return False
    return Event(triggers.DAMAGED, test, False, ("it", "they", "attacker", "amount"), "")


def gaining(who: PlayerSel, what: tuple, cmp=None, x: CardSelector | None = None) -> Event:
    """``whenever you gain battle``, ``whenever an enemy gains 3 or more knowledge``, ``whenever you
    gain a victory token``: a gain by one of the players ``who`` names of one of ``what`` (resources,
    a pack's tallies or cards such as Virevolt's crystals), of an amount ``cmp`` accepts (any, without
    it), of a card ``x`` names when one is gained. A card never answers a gain its own gain ability
    led to (``causes``), so such abilities never answer each other without end."""
    def test(state, ctx) -> bool:
        if ctx.get("how") not in what or ctx["source"] in ctx.get(triggers.CAUSES, ()):
            return False
        if ctx.get("player") not in who.resolve(state, ctx):
            return False
        if x is not None and not x.matches(state, ctx["subject"], ctx):
            return False
        return cmp is None or cmp.test(ctx["amount"], state, ctx)
    return Event(triggers.GAINED, test, False, ("they", "amount") if x is None else ("it", "they", "amount"), "")


def _one_at_a_time(word: str) -> None:
    """Refuse ``whenever you gain 2 victory tokens``: a tally comes one at a time, so it never would."""
    raise ValueError(gettext("a player gets {what}s one at a time: say 'whenever you gain a {what}'").format(what=word))


def happens(table, event: str) -> None:
    """Refuse a text about an event the game never has: acquiring, where nothing is bought."""
    why = table.never_acquired() if event == triggers.ACQUIRED else None
    if why is not None:
        raise ValueError(why)


def register(v: Vocabulary, table, ex) -> None:
    """Add the shared trigger phrases to ``v``."""
    T = triggers
    for verb, ev in (("play|plays|cast|casts", T.PLAYED), ("acquire|acquires", T.ACQUIRED)):
        v.trigger(f"{{who:players}} {verb} {{x:cards}}", example={T.PLAYED: f"you play a {ex.kind}",
                                                                  T.ACQUIRED: "you acquire this card"}[ev],
                  listed=ev != T.ACQUIRED or table.acquiring)(
            lambda who, x, ev=ev: happens(table, ev) or card_event(ev, x, who, ""))
    for verb, ev in (("played", T.PLAYED), ("cast", T.PLAYED), ("acquired", T.ACQUIRED)):
        v.trigger(f"{{x:cards}} is|are {verb}", example=f"this card is {verb}",
                  listed=ev != T.ACQUIRED or table.acquiring)(
            lambda x, ev=ev: happens(table, ev) or card_event(ev, x, None, ""))
    v.trigger("{who:players} draw|draws {x:cards}", example="you draw a card")(
        lambda who, x: card_event(T.DRAWN, x, who, ""))
    # a card an effect makes a player discard from their hand (the player is the discarding one)
    v.trigger("{who:players} discard|discards {x:cards}", example="an enemy discards a card")(
        lambda who, x: card_event(T.DISCARDED, x, who, ""))
    v.trigger("{x:cards} enter|enters play", example="this card enters play")(
        lambda x: card_event(T.ENTERED, x, None, ""))
    v.trigger("{x:cards} leave|leaves play", example="this card leaves play")(
        lambda x: card_event(T.LEFT, x, None, ""))
    v.trigger("{x:cards} is|are {hows:words:departure}", example="this card is " + next(h for h in table.departures if h in DEPARTURES))(
        lambda x, hows: departure(table, x, tuple(DEPARTURES[h] for h in hows)))
    v.trigger("{x:cards} die|dies", example=f"one of your {ex.kinds} dies", listed="died" in table.departures)(
        lambda x: departure(table, x, ("died",)))
    for verb, how in DEEDS:
        example = f"you {verb.split('|')[0]} {'a' if how in ('removed', 'sacrificed') else 'an enemy'} {ex.kind}"
        v.trigger(f"{{by:players}} {verb} {{x:cards}}", example=example, listed=how in table.departures)(
            lambda by, x, how=how: departure(table, x, (how,), by))
    # an attack, about the card attacked (a City, a main hero); "the attacker" is the attacking card, if any
    v.trigger("{by:players} attack|attacks {x:cards}", example=f"you attack an enemy {ex.target}")(
        lambda by, x: card_event(T.ATTACKED, x, None, "", by=by, provides=("it", "they", "attacker")))
    v.trigger("{x:cards} is|are attacked", example=f"this {ex.target} is attacked")(
        lambda x: card_event(T.ATTACKED, x, None, "", provides=("it", "they", "attacker")))
    v.trigger("{x:cards} attack|attacks", example=f"this {table.attacker} attacks",
              listed=table.attacker is not None)(lambda x: attacking(table, x))
    atk_ = table.attacker or "hero"
    v.trigger("{x:cards} attack|attacks {y:cards}", example=f"an enemy {atk_} attacks this {atk_}",
              listed=table.attacker is not None)(lambda x, y: attacking(table, x, y))
    # "the attacker": the hero whose attack dealt the damage (none when something else did)
    v.trigger("{x:cards} take|takes damage", example="this card takes damage")(
        lambda x: card_event(T.DAMAGED, x, None, "", provides=("it", "they", "attacker", "amount")))
    v.trigger("{x:cards} is|are dealt damage", example="this card is dealt damage")(
        lambda x: card_event(T.DAMAGED, x, None, "", provides=("it", "they", "attacker", "amount")))
    if table.resources:  # "whenever you gain battle", "whenever an enemy gains 3 or more knowledge"
        r = ex.resource
        v.trigger("{who:players} gain|gains {r:words:resource} [point]", example=f"you gain {r}")(
            lambda who, r: gaining(who, r))
        v.trigger("{who:players} gain|gains {c:compare} {r:words:resource} [point]",
                  example=f"an enemy gains 3 or more {r}")(lambda who, c, r: gaining(who, r, c))
    for word in table.tallies:  # "whenever you gain a victory token": one at a time
        v.trigger(f"{{who:players}} gain|gains|get|gets|receive|receives a|an|one {word}",
                  example=f"you gain a {word}")(
            lambda who, word=word: gaining(who, (word,)))
        v.trigger(f"{{who:players}} gain|gains|get|gets|receive|receives {{c:compare}} {word}", listed=False)(
            lambda who, c, word=word: _one_at_a_time(word))
    atk = table.attacker or ex.kind
    v.trigger("{x:cards} deal|deals damage", example=f"this {atk} deals damage",
              listed=table.attacker is not None)(lambda x: dealing(table, x))
    v.trigger("{x:cards} deal|deals damage to {y:cards}", example=f"this {atk} deals damage to an enemy {atk}",
              listed=table.attacker is not None)(lambda x, y: dealing(table, x, y))


def moment(m: Matcher, pos: int):
    """``your turn``, ``each enemy turn``, ``your main phase``, ``the enemy's next main phase``, ``this turn``."""
    table = m.vocab.table
    at_end = m.compiler is not None and m.compiler.moment == "end"
    heads = []
    for words, mode in ((("your", "next"), "you"), (("your",), "you"), (("each", "enemy"), "enemies"),
                        (("each", "enemy's"), "enemies"), (("the", "enemy's", "next"), "enemies"),
                        (("the", "enemy's"), "enemies"), (("each", "player's"), "all"),
                        (("each",), "all"), (("every",), "all"), (("this",), "this"), (("the", "next"), "all")):
        end = P.words_at(m, pos, words)
        if end is not None:
            heads.append((end, mode))
    if not heads:
        m.fail(pos, gettext("whose turn or phase ('your', 'each enemy', 'the enemy's next', 'each')"))
    for end, mode in heads:
        if m.word(end) in ("turn",):
            ev = triggers.TURN_END if at_end else triggers.TURN_START
            yield end + 1, _moment_event(ev, mode, None, P.text_of(m, pos, end + 1))
            continue
        for words, phase in table.phases.items():
            e2 = P.words_at(m, end, tuple(words.split()))
            if e2 is not None:
                ev = triggers.PHASE_END if at_end else triggers.PHASE_START
                yield e2, _moment_event(ev, mode, phase, P.text_of(m, pos, e2))
        m.fail(end, gettext("'turn' or a phase ({words})").format(words=", ".join(table.phases)))


def _moment_event(event: str, mode: str, phase: str | None, text: str) -> Event:
    def test(state, ctx) -> bool:
        if phase is not None and ctx.get("phase") != phase:
            return False
        p = ctx.get("player")
        if mode == "you":
            return p == ctx["controller"]
        if mode == "enemies":
            return p != ctx["controller"]
        if mode == "this":
            return True
        return True
    return Event(event, test, False, ("they",), text, moment=(event, mode, phase))
