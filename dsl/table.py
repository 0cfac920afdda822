"""What the card language needs to know of a game's table: a pack describes it once.

The shared words of the language (selectors such as ``each enemy building that costs 4 or
less``, counts, comparisons, the common verbs ``draw``, ``discard``, ``destroy``, ``put ...
into ...``) mean the same in every pack; what they range over is the pack's: its zones
(``hand``, ``discard pile``), its kinds of card (``troop``, ``hero``), its adjectives
(``damaged``, ``intact``), its numbers on cards (``cost``, ``hp``), its resources, its phases,
and how a card is destroyed or discarded there. A pack subclasses :class:`Table` and gives
it to its vocabulary (``Vocabulary(name, table=...)`` then ``common.install``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tabletop.framework.language import gettext
from tabletop.framework.zones import move, shuffle


@dataclass(frozen=True)
class Zone:
    """A place cards are: how texts name it and the state zone keys it covers for a player.

    ``keys(state, player)`` lists the zone keys (``player`` is -1 for a ``shared`` zone such
    as an asset row); ``pile``: an ordered pile whose last card is the top; ``in_play``:
    cards there are in play; ``hidden``: its faces are hidden from the other players;
    ``secret``: hidden from everyone (a deck). ``dest(state, player, card)`` is the one key a
    card put *into* the zone goes to (None: cards cannot be put there by an effect).
    """

    name: str
    words: tuple[str, ...]
    keys: Callable[[Any, int], list[str]]
    dest: Callable[..., str] | None = None
    shared: bool = False
    pile: bool = False
    in_play: bool = False
    hidden: bool = False
    secret: bool = False


@dataclass(frozen=True)
class Kind:
    """A kind of card (``troop``) and where such cards are when a text says nothing (``home``)."""

    name: str
    test: Callable[[Any], bool]
    home: str = "play"


class Table:
    """A pack's table for the card language; subclass it and fill in what the pack has.

    Class attributes: ``zones`` and ``kinds`` (tuples of :class:`Zone`, :class:`Kind`),
    ``adjectives`` (word -> ``test(state, iid, key)``), ``attributes`` (word ->
    ``value(state, iid)``: numbers on a card such as ``cost``), ``states`` (word ->
    ``test(state, iid)``: what a card "has", such as ``burn``), ``resources`` (counters a
    player gains and pays), ``phases`` (words -> the rules' phase name), ``optional`` (every
    effect but a gain may be declined, as Volfyirion's VOL-SEC-05 says), ``places`` (words ->
    ``(zone, reference, keys(state, ctx))``: a part of a zone a text names by reference, such as
    Volfyirion's ``this city``; the reference is what the text's context must have), ``card_refs``
    (words -> ``(reference, cards(state, ctx))``: the card such a place is, for the same texts).
    """

    name: str = ""
    zones: tuple = ()
    kinds: tuple = ()
    adjectives: dict = {}
    attributes: dict = {}
    states: dict = {}
    resources: tuple = ()
    phases: dict = {}
    optional: bool = False
    colour_field: str = "colour"
    cost_units: tuple = ()   # words a cost change may name besides resources ("neutral" crystal)
    modifiable: tuple = ()   # the numbers on cards the rules read through modifiers ("defence")
    places: dict = {}        # "this city" -> ("cities", "city", keys(state, ctx))
    # a card a text names by reference to its source's place: "this city" -> ("city", cards(state,
    # ctx)), the City card a Troop or Building stands in ("if this city was attacked this turn")
    card_refs: dict = {}
    cost_verbs: tuple = ("acquire", "buy", "play", "cast")  # how a player pays a card's cost ("cards you acquire")
    # how cards leave play in this game (the ``how`` of its LEFT events): a trigger waiting for
    # another way ("when this troop dies" where troops are destroyed) is refused, never silent
    departures: tuple = ("destroyed", "replaced", "removed", "returned", "sacrificed", "discarded", "died")
    # whether cards are acquired (bought, or taken into a player's cards): where they never are
    # (Virevolt), a trigger or condition about acquiring would never apply, so it is refused
    acquiring: bool = True
    attacked: str = "card"   # the kind of card attacks are made on ("you attack an enemy city"), for examples
    # the kind of card that attacks, when cards do (its ATTACKED events name the ``attacker``):
    # "when this hero attacks"; where players attack (Volfyirion), such a trigger is refused
    attacker: str | None = None
    # what a player may be forbidden ("the enemy cannot play troops"): verbs whose legal actions the
    # pack's rules check against lasting.forbids(verb); a restriction a pack does not check is refused
    restrictions: tuple = ()
    # how many attacks a player may make in a turn, when the rules limit them (Virevolt: one): "your
    # second attack this turn" is refused there, as it never comes
    attacks_per_turn: int | None = None
    # what a player has that is counted, though no effect gains or pays it as a resource (Virevolt's
    # victory tokens): words -> count(state, p); read as resources are in conditions ("you have 2 or
    # more victory tokens", "each player with fewer victory tokens than you") and numbers
    tallies: dict = {}
    # the nouns a text may name a word of, with the word class ("name a colour; ... of the named
    # colour": dsl.naming); a named word is tested against the card's colour (:meth:`colour`)
    nameable: dict = {}
    # the kinds of card whose cost no cost change reaches, each with why (a message id): a change to
    # what they cost ("your heroes cost 1 less") would do nothing, so it is refused where it is written
    unpriced: dict = {}
    # the abilities of a card a text may copy ("copy the secondary ability of ...": dsl.copying), by
    # their words: ability(state, iid, ctx) is the program card iid's runs now, or None (it has none usable)
    copyable: dict = {}
    # the pack's own verbs a cost may be ("consume 2 crystals to draw 3 cards": dsl.costs), besides the
    # shared ones that give up the controller's cards; their step says what it gives up (needed, available)
    giving_up: tuple = ()

    # -------------------------------------------------------------- looking things up
    def never_acquired(self) -> str | None:
        """Why a text about acquiring is refused here (:attr:`acquiring`), or None where cards are acquired."""
        if self.acquiring:
            return None
        return gettext("in {game}, cards are never acquired (no card is bought or taken during a game): "
                       "a text about acquiring would never apply").format(game=self.name)

    def zone(self, name: str) -> Zone:
        for z in self.zones:
            if z.name == name:
                return z
        raise KeyError(name)

    def kind(self, name: str) -> Kind | None:
        for k in self.kinds:
            if k.name == name:
                return k
        return None

    def contents(self, state, iid: int) -> list[int]:
        """The cards card ``iid`` holds (a Volfyirion City: its Troop and its Building): what ``a
        city with a troop`` and ``an enemy city without a building`` look at. None by default."""
        return []

    # -------------------------------------------------------------- players
    def players(self, state) -> list[int]:
        """Every player still in the game, in seat order."""
        return list(range(state.nplayers))

    def enemies(self, state, p: int) -> list[int]:
        return [q for q in self.players(state) if q != p]

    def owner(self, state, iid: int, key: str | None = None) -> int:
        """Who a card belongs to now (from the zone it is in, when the pack can tell)."""
        raise NotImplementedError

    def colour(self, card) -> str | None:
        return getattr(card, self.colour_field, None)

    def is_in_play(self, state, key: str) -> bool:
        """Whether zone ``key`` is a zone of cards in play."""
        for z in self.zones:
            if z.in_play:
                keys = z.keys(state, -1) if z.shared else [k for p in self.players(state) for k in z.keys(state, p)]
                if key in keys:
                    return True
        return False

    def label(self, state, iid: int, key: str, viewer: int) -> str:
        """How an option shown to ``viewer`` names this card: unique among the options, parseable."""
        return f"{key}:{state.cards[iid].name}"

    def hidden_from(self, state, key: str, viewer: int) -> bool:
        """Whether the faces of zone ``key`` are hidden from ``viewer`` (another's hand, any deck)."""
        for z in self.zones:
            if z.secret or z.hidden:
                for p in ([-1] if z.shared else range(state.nplayers)):
                    if key in z.keys(state, p) and (z.secret or p != viewer):
                        return True
        return False

    def labels(self, state, cands: list, viewer: int, seen=()) -> list[str]:
        """The labels of ``(instance, key)`` candidates offered together: a card whose face
        ``viewer`` cannot see (and has not looked at: ``seen``) is named by its place only."""
        out = []
        for iid, key in cands:
            if iid not in seen and self.hidden_from(state, key, viewer):
                out.append(f"{key}#{list(state.cards_in(key)).index(iid) + 1}")
            else:
                out.append(self.label(state, iid, key, viewer))
        return out

    def chooseable(self, state, iid: int, ctx: dict) -> bool:
        """Whether the effect running with ``ctx`` may choose card ``iid`` (a pack's protections)."""
        return True

    # -------------------------------------------------------------- resources
    def tally(self, state, p: int, word: str) -> int:
        """How many of ``word`` (a resource or one of :attr:`tallies`) player ``p`` has."""
        count = self.tallies.get(word)
        return count(state, p) if count is not None else self.points(state, p, word)

    def points(self, state, p: int, resource: str) -> int:
        raise NotImplementedError(f"{self.name} has no resources")

    def add_points(self, state, p: int, resource: str, n: int) -> None:
        raise NotImplementedError(f"{self.name} has no resources")

    # -------------------------------------------------------------- moving cards
    def draw(self, state, p: int, n: int) -> int:
        raise NotImplementedError

    def can_draw(self, state, p: int) -> bool:
        """Whether ``p`` would get a card by drawing now (an optional draw is not offered otherwise)."""
        return True

    def move(self, state, iid: int, key: str, dest: str, bottom: bool = False) -> None:
        """Move a card from place ``key`` to the top (or bottom) of place ``dest``."""
        move(state, iid, key, dest, bottom)

    def discard(self, state, iid: int, key: str) -> None:
        """Put a card into its owner's discard pile (from a hand, from play...)."""
        raise NotImplementedError

    def destroy(self, state, iid: int, key: str, ctx: dict) -> None:
        """Destroy a card in play, as the pack's rules say."""
        raise NotImplementedError

    def remove(self, state, iid: int, key: str, ctx: dict) -> None:
        """Remove a card from the game."""
        raise NotImplementedError

    def shuffle(self, state, key: str) -> None:
        shuffle(state, key)
