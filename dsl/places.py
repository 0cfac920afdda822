"""Who and where in card texts: player selectors (``you``, ``each enemy``, ``they``), possessive
owners (``your``, ``the enemy's``, ``its owner's``) and zones (``your discard pile``, ``an enemy
city``), read against the pack's table, resolved at play time.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any, Callable

from tabletop.dsl.context import lacking
from tabletop.dsl.errors import CardLanguageError
from tabletop.dsl.matcher import Matcher
from tabletop.dsl.vocabulary import forms
from tabletop.framework.language import gettext
from tabletop.framework.triggers import SUBJECT_OWNER

#: The Table of each game, by ``state.game`` (filled by :func:`tabletop.dsl.common.install`).
TABLES: dict[str, Any] = {}


@dataclass(frozen=True)
class PlayerSel:
    """Which players: ``you``, ``enemies``, ``all``, ``others``, a reference (``they``...) or
    ``chosen``: the player the controller picked among ``pool`` (``target enemy``), whom the
    statement's first step asks for and keeps in the context under ``key`` (:func:`chosen`)."""

    mode: str
    text: str
    problem: tuple | None = None
    key: str | None = None
    pool: str | None = None
    test: Any = None  # "each player with fewer intact cities than you": a condition on each ("they")

    def resolve(self, state, ctx) -> list[int]:
        if self.test is not None:
            test = self.test
            return [q for q in replace(self, test=None).resolve(state, ctx) if test(state, {**ctx, "player": q})]
        mode = self.mode
        if mode == "chosen":
            return list(ctx.get(self.key) or ())
        table = TABLES[state.game]
        me = ctx["controller"]
        if mode == "you":
            return [me]
        if mode == "enemies":
            return table.enemies(state, me)
        if mode == "all":
            return table.players(state)
        if mode == "others":
            return [q for q in table.players(state) if q != me]
        if mode == "its owner":  # after several cards, each of their owners
            return list(dict.fromkeys(_it_owners(state, ctx, table)))
        ref = REF_PLAYERS[mode](state, ctx, table)
        return [] if ref is None else [ref]

    def acting(self, state, ctx) -> list[int]:
        """The players who do a statement these players are the subject of, in turn: those
        :meth:`resolve` names, but for ``its owner`` each card's owner once per card ("destroy each
        enemy troop; its owner draws a card": a card drawn for each troop)."""
        if self.mode == "its owner" and self.test is None:
            return _it_owners(state, ctx, TABLES[state.game])
        return self.resolve(state, ctx)


def _target_owner(state, ctx, table):
    t = ctx.get("target")
    if t is None:
        lacking(ctx, "target")
        return None
    return table.owner(state, t)


def _it_owners(state, ctx, table) -> list[int]:
    """The owner of each card ``it`` names, in order, one per card."""
    owned = dict((iid, p) for iid, p in ctx.get(OWNED) or ())  # whose it was when the effect acted on it
    out = []
    for iid in ctx.get("_it") or ():
        if iid in owned:
            out.append(owned[iid])
        elif iid == ctx.get("subject") and ctx.get("player") is not None:  # a trigger's card: the event says whose
            out.append(ctx.get(SUBJECT_OWNER, ctx["player"]))
        else:
            p = table.owner(state, iid)
            if p is not None:
                out.append(p)
    return out


def _reads_owner(m, mode: str) -> None:
    """``its owner``: the text's picks note whose each card is before acting on it (:data:`OWNED`),
    since a card destroyed or removed may be where no owner can be read ("destroy target enemy
    building; its owner draws a card")."""
    comp = getattr(m, "compiler", None)
    if mode == "its owner" and comp is not None:
        comp.holds.add(OWNER)


def _attacker_owner(state, ctx, table):
    """``the attacker's owner``: the player whose hero attacked (a card's owner stays whose it is
    wherever it goes, so a hero the trap killed still names its player)."""
    attacker = ctx.get("attacker")
    if attacker is None:
        lacking(ctx, "attacker")
        return None
    return table.owner(state, attacker)


def _they(state, ctx, table):
    p = ctx.get("player")
    if p is None:
        lacking(ctx, "player")
    return p


REF_PLAYERS: dict[str, Callable] = {
    "they": _they,
    "target's owner": _target_owner,
    "attacker's owner": _attacker_owner,
    "caster": lambda state, ctx, table: ctx.get("actor"),
}
# player words -> (mode, the scope reference they need, or None)
_PLAYER_WORDS = [
    (("you",), "you", None), (("each", "player"), "all", None), (("every", "player"), "all", None),
    (("all", "players"), "all", None), (("each", "other", "player"), "others", None),
    (("each", "enemy"), "enemies", None), (("every", "enemy"), "enemies", None),
    (("each", "opponent"), "enemies", None), (("the", "enemy"), "enemies", None),
    (("your", "opponent"), "enemies", None), (("your", "enemy"), "enemies", None),
    (("the", "opponent"), "enemies", None), (("they",), "they", "they"),
    (("the", "target's", "owner"), "target's owner", "target"), (("its", "owner"), "its owner", "it"),
    (("the", "caster"), "caster", "caster"), (("the", "attacker's", "owner"), "attacker's owner", "attacker"),
    (("the", "attacker's", "controller"), "attacker's owner", "attacker"),
    (("the", "attacking", "hero's", "owner"), "attacker's owner", "attacker"),
    (("an", "enemy"), "enemies", None), (("an", "opponent"), "enemies", None),
    (("a", "player"), "all", None), (("any", "player"), "all", None),
]
# a player the controller chooses as the statement runs -> whom among ("enemies" or "all")
_CHOSEN_WORDS = [(("target", "enemy"), "enemies"), (("target", "opponent"), "enemies"), (("target", "player"), "all")]
# possessive owners before a noun or a zone -> (mode, the scope reference they need)
_OWNER_WORDS = [
    (("your", "own"), "you", None), (("your",), "you", None), (("the", "enemy's"), "enemies", None),
    (("the", "enemy"), "enemies", None), (("the", "opponent"), "enemies", None),
    (("an", "enemy's"), "enemies", None), (("each", "enemy's"), "enemies", None),
    (("enemy's",), "enemies", None), (("the", "opponent's"), "enemies", None),
    (("your", "opponent's"), "enemies", None), (("each", "player's"), "all", None),
    (("their",), "they", "they"), (("the", "target's", "owner's"), "target's owner", "target"),
    (("its", "owner's"), "its owner", "it"), (("the", "caster's"), "caster", "caster"),
    (("the", "attacker's", "owner's"), "attacker's owner", "attacker"),
    (("the", "attacker's", "controller's"), "attacker's owner", "attacker"),
]


#: "its city": a text reading such a phrase sets HOLD (the kinds of card it names so) in the context
#: of its program, and then every pick of the effect notes in HELD, as ``[card, holder]`` pairs,
#: the card of that kind each card it acts on stands in, before acting: "destroy target enemy
#: troop; gain command equal to the defence of its city" reads the City the Troop stood in.
HOLD = "_hold"
HELD = "_held"
#: "its owner": in HOLD, the picks also note in OWNED, as ``[card, player]`` pairs, whose each card
#: acted on was before it was acted on
OWNER = "owner"
OWNED = "_owned"
#: "its hp" after a pick: in HOLD, the picks also note in KNOWN, as ``[card, attribute, value]``
#: triples, the numbers of each card acted on before it was acted on (a hero sacrificed has no
#: damage left: "deal damage equal to its hp" means the HP it had)
LAST_KNOWN = "known"
KNOWN = "_known"
#: "another target enemy hero": in HOLD, the picks also note in PICKED every card the effect has
#: acted on so far, which "another" and "other" leave out (not only the statement just before's)
ANOTHER = "another"
PICKED = "_picked"


def holder(state, iid: int, kind: str) -> int | None:
    """The card of ``kind`` holding card ``iid`` now (:meth:`~tabletop.dsl.table.Table.contents`: a
    Volfyirion City holds its Troop and its Building), or None. Read only by texts saying "its KIND"."""
    table = TABLES[state.game]
    k = table.kind(kind)
    if k is None:
        return None
    z = table.zone(k.home)
    keys = z.keys(state, -1) if z.shared else [key for p in table.players(state) for key in z.keys(state, p)]
    cards = state.cards
    for key in keys:
        for c in state.cards_in(key):
            if k.test(cards[c]) and iid in table.contents(state, c):
                return c
    return None


def holders_of(kind: str, named: Callable[[Any, dict], list[int]]) -> Callable[[Any, dict], list[int]]:
    """``(state, ctx) ->`` the cards of ``kind`` holding the cards ``named(state, ctx)``: where the
    effect's pick found each (HELD), else where it stands now."""
    def held(state, ctx) -> list[int]:
        test = TABLES[state.game].kind(kind).test
        cards = state.cards
        noted = {c: h for c, h in ctx.get(HELD) or () if test(cards[h])}
        out: list[int] = []
        for iid in named(state, ctx):
            h = noted.get(iid)
            if h is None:
                h = holder(state, iid, kind)
            if h is not None and h not in out:
                out.append(h)
        return out
    return held


def words_at(m: Matcher, pos: int, words: tuple) -> int | None:
    for w in words:
        if m.word(pos) != w:
            return None
        pos += 1
    return pos


def chosen(pool: str, text: str, key: str, problem: tuple | None = None) -> PlayerSel:
    """A player the controller chooses among ``pool`` ("enemies" or "all") as a statement runs,
    kept in the context under ``key``; a step of :func:`tabletop.dsl.steps.ask_player` asks."""
    return PlayerSel("chosen", text, problem, key, pool)


# a player chosen before, named again: "if target enemy has 3 or more crystals, deal 2 damage to their main hero"
_AGAIN_WORDS = [("they",), ("that", "player"), ("that", "enemy"), ("that", "opponent")]
# a possessive of a player chosen as the statement runs: "look at target enemy's hand"
_CHOSEN_OWNER_WORDS = [(("target", "enemy's"), "enemies"), (("target", "opponent's"), "enemies"),
                       (("target", "player's"), "all")]


def refusal(words: str) -> str:
    """Why a player chosen as a statement runs (``target enemy``) cannot stand where it is written."""
    return gettext(
        "{words!r} is a player chosen as a statement runs, so only a statement's verb or an effect's 'if' "
        "can act on one (a trigger or a lasting change cannot ask): name every such player here "
        "('each enemy', 'each player'), or choose in a statement of its own").format(words=words)


def _again(m: Matcher, pos: int, end: int) -> PlayerSel:
    """``they`` / ``their`` / ``that player`` after a player the text chose (the compiler's
    ``chosen_player``): that player; ``that player`` with none chosen before is refused."""
    before = _earlier(m, pos) or getattr(m.compiler, "chosen_player", None)
    text = text_of(m, pos, end)
    if before is not None:
        return replace(before, text=text, problem=None)
    return PlayerSel("they", text, (pos, end, gettext(
        "{words!r} is a player chosen before it in the text ('target enemy', 'target player'), but this text "
        "chooses none before it").format(words=text)))


def _earlier(m: Matcher, pos: int) -> PlayerSel | None:
    """The last player chosen earlier in the same phrase ("put the top 2 cards of target enemy's
    deck into their graveyard"), or None: the same words give the same player (its key)."""
    for i in range(pos - 2, -1, -1):
        if m.word(i) == "target":
            for words, pool in _CHOSEN_WORDS + [((a, b[:-2]), p) for (a, b), p in _CHOSEN_OWNER_WORDS]:
                w = m.word(i + 1)
                if w in (words[1], words[1] + "'s"):
                    return chosen(pool, " ".join(words), f"_who{m.atoms[i].start}")
    return None


def players(m: Matcher, pos: int):
    """Parser of a player selector (``you``, ``each enemy``, ``they``...), or of one a player
    chooses (``target enemy``): only a statement's verb, or an effect's ``if`` which asks first, may
    act on that one, so it carries the refusal the compiler reports anywhere else (a trigger, a
    lasting change). ``they`` or ``that player`` after it is the same player."""
    found = False
    chose = _earlier(m, pos) or getattr(m.compiler, "chosen_player", None)
    for words in _AGAIN_WORDS:
        end = words_at(m, pos, words)
        if end is not None and (chose is not None or words[0] == "that"):
            found = True
            yield end, _again(m, pos, end)
    for words, mode, ref in _PLAYER_WORDS:
        end = words_at(m, pos, words)
        if end is not None and not (chose is not None and words == ("they",)):
            found = True
            _reads_owner(m, mode)
            who = PlayerSel(mode, " ".join(words), m.missing(pos, end, ref))
            yield end, who
            if mode in ("all", "enemies", "others") and m.word(end) in ("with", "who", "that"):
                yield from _filtered(m, pos, end, who)
    for words, pool in _CHOSEN_WORDS:
        end = words_at(m, pos, words)
        if end is not None:
            found = True
            text = " ".join(words)
            yield end, chosen(pool, text, f"_who{m.atoms[pos].start}", (pos, end, refusal(text)))
    if not found:
        m.fail(pos, gettext("a player ('you', 'each enemy', 'each player', 'they'...)"))


def _filtered(m: Matcher, pos: int, end: int, who: PlayerSel):
    """``each player with fewer intact cities than you``, ``each enemy who has 3 or more crystals``:
    the players of ``who`` for whom the condition holds, read as ``they have ...`` (``you`` stays the
    card's controller). Each possible end of the filter is tried; the statement's verb follows it."""
    from tabletop.dsl.matcher import Atom
    from tabletop.dsl.vocabulary import CONDITION

    comp = getattr(m, "compiler", None)
    if comp is None:
        return
    atoms = m.atoms
    at = atoms[end]
    lead = [Atom("w", "they", at.start, at.end)] + ([Atom("w", "have", at.start, at.end)] if at.value == "with" else [])
    read = False
    for stop in range(end + 2, len(atoms)):
        saved = comp.scope, comp.last_ref, comp.named
        if comp.scope is not None:
            comp.scope = comp.scope.adding(they="player")
        try:
            test = comp.phrase(CONDITION, lead + atoms[end + 1:stop])
        except CardLanguageError:
            continue
        finally:
            comp.scope, comp.last_ref, comp.named = saved
        read = True
        yield stop, replace(who, text=text_of(m, pos, stop), test=test)
    if not read:
        m.fail(end + 1, gettext("a condition on each of those players, read as 'they have ...' ('with fewer intact "
                                "cities than you', 'who has 3 or more cards in their hand')"))


def owners(m: Matcher, pos: int):
    """A possessive owner before a noun or a zone: ``your``, ``the enemy's``, ``its owner's``...;
    ``target enemy's`` (a player chosen as the statement runs, which the compiler asks for or
    refuses where it stands: :func:`chosen_in`) and ``their`` after it (that player)."""
    chose = _earlier(m, pos) or getattr(m.compiler, "chosen_player", None)
    for words, mode, ref in _OWNER_WORDS:
        end = words_at(m, pos, words)
        if end is not None:
            if chose is not None and words == ("their",):
                yield end, _again(m, pos, end)
            else:
                _reads_owner(m, mode)
                yield end, PlayerSel(mode, " ".join(words), m.missing(pos, end, ref))
    for words in (("that", "player's"), ("that", "enemy's"), ("that", "opponent's")):
        end = words_at(m, pos, words)
        if end is not None:
            yield end, _again(m, pos, end)
    for words, pool in _CHOSEN_OWNER_WORDS:
        end = words_at(m, pos, words)
        if end is not None:
            yield end, chosen(pool, " ".join(words)[:-2], f"_who{m.atoms[pos].start}")


def chosen_in(value, depth: int = 0) -> list[PlayerSel]:
    """The players chosen as a statement runs (``target enemy``) that ``value`` names, itself or
    inside it (``target enemy's hand``: the owner of a zone of a selector), once each."""
    if isinstance(value, PlayerSel):
        return [value] if value.mode == "chosen" else []
    out: list[PlayerSel] = []
    if depth < 6 and (is_dataclass(value) and not isinstance(value, type) or isinstance(value, tuple)):
        parts = value if isinstance(value, tuple) else (getattr(value, f.name) for f in fields(value))
        for part in parts:
            for who in chosen_in(part, depth + 1):
                if all(who.key != o.key for o in out):
                    out.append(who)
    return out


def problem_of(*objs) -> tuple | None:
    for o in objs:
        p = getattr(o, "problem", None)
        if p:
            return p
    return None


@dataclass(frozen=True)
class ZoneRef:
    """A zone of some players (``your discard pile``) or of the table (``the asset deck``)."""

    zone: str
    owner: PlayerSel | None
    text: str
    problem: tuple | None = None
    part: Callable | None = None   # a named place (``this city``): keys(state, ctx) of that part only

    def keys(self, state, ctx) -> list[str]:
        if self.part is not None:
            return self.part(state, ctx)
        z = TABLES[state.game].zone(self.zone)
        if z.shared:
            return list(z.keys(state, -1))
        out: list[str] = []
        for p in (self.owner.resolve(state, ctx) if self.owner else [ctx["controller"]]):
            out.extend(z.keys(state, p))
        return out

    def dest(self, state, ctx, iid: int | None = None) -> str | None:
        """The one zone key card ``iid`` put into this zone goes to (None: it cannot go there)."""
        if self.part is not None:
            return None
        z = TABLES[state.game].zone(self.zone)
        if z.dest is None:
            return None
        if z.shared:
            return z.dest(state, -1, iid)
        ps = self.owner.resolve(state, ctx) if self.owner else [ctx["controller"]]
        return z.dest(state, ps[0], iid) if ps else None


def _zone_words(m: Matcher, pos: int) -> list[tuple[int, str]]:
    """Zone names at ``pos``, longest first: (end, zone name). The last word may be plural."""
    table = m.vocab.table
    out = []
    for z in table.zones:
        for phrase in z.words:
            end = pos
            ws = phrase.split()
            for i, w in enumerate(ws):
                got = m.word(end)
                if got is None or (got != w and (i < len(ws) - 1 or got not in forms(w))):
                    break
                end += 1
            else:
                out.append((end, z.name))
    out.sort(key=lambda t: -t[0])
    if not out:
        m.fail(pos, "a zone (" + ", ".join(z.words[0] for z in table.zones) + ")",
               tuple(z.words[0].split()[0] for z in table.zones), "zone")
    return out


def zones(m: Matcher, pos: int):
    """Parser of a zone: ``your discard pile``, ``the enemy's hand``, ``an enemy city``, ``the asset deck``,
    or a place the pack names by reference (``this city``, ``that city``)."""
    table = m.vocab.table
    for words, (zone, ref, part) in table.places.items():
        end = words_at(m, pos, tuple(words.split()))
        if end is not None:
            first, _, kind = words.partition(" ")
            if first == "its" and table.kind(kind) is not None:
                # "each building in its city": the place of the card of that kind holding "it"
                from tabletop.dsl.selectors import REFS, its  # (at compile time; selectors reads places)
                key, problem = its(m, pos, end, kind)
                if key is not None and key != f"{table.name}:this {kind}":
                    yield end, ZoneRef(zone, None, words, None, _held_places(REFS[key]))
                    continue
                if key is None:
                    yield end, ZoneRef(zone, None, words, problem, part)
                    continue
            yield end, ZoneRef(zone, None, words, m.missing(pos, end, ref), part)
    heads: list[tuple[int, PlayerSel | None]] = list(owners(m, pos))
    if m.word(pos) == "an" and m.word(pos + 1) == "enemy":
        heads.append((pos + 2, PlayerSel("enemies", "an enemy")))
    elif m.word(pos) == "enemy":
        heads.append((pos + 1, PlayerSel("enemies", "enemy")))
    if not heads:
        heads.append((pos + 1 if m.word(pos) == "the" else pos, None))
    for start, owner in heads:
        for end, z in _zone_words(m, start):
            yield end, ZoneRef(z, owner, text_of(m, pos, end), problem_of(owner))


def _held_places(holders: Callable[[Any, dict], list[int]]) -> Callable[[Any, dict], list[str]]:
    """The places of what the cards ``holders(state, ctx)`` hold (``its city``: the Troop and the
    Building of the City holding "it"), as a place's ``part``."""
    def part(state, ctx) -> list[str]:
        table = TABLES[state.game]
        out: list[str] = []
        for h in holders(state, ctx):
            for c in table.contents(state, h):
                key = state.zone_of(c)
                if key is not None and key not in out:
                    out.append(key)
        return out
    return part


def text_of(m: Matcher, a: int, b: int) -> str:
    """The words ``a`` to ``b`` as written (``4 or less`` is one word inside, ``or-less``)."""
    return " ".join(str(x.value).replace("or-", "or ", 1) if str(x.value).startswith("or-") else str(x.value)
                    for x in m.atoms[a:b])
