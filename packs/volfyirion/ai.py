"""What Volfyirion tells the framework's bots and reports: a position evaluation, a fast
playout policy, the actions safe to take without search, and per-card annotations.

:class:`VolfyirionAIRules` adds them to :class:`~tabletop.packs.volfyirion.rules.VolfyirionRules`
(the plugin hands out this class); the game rules themselves are unchanged.

The evaluation (:func:`evaluate`) scores each side in "battle-point-like" units and squashes
the difference with a logistic:

- every intact City (the claimed Lair included) is worth ``CITY`` plus ``DEFENCE`` per point
  of its effective defence (printed + Troop);
- a City the dragon sits on is lost at the end of its owner's turn unless the owner pays
  8 knowledge or 16 battle: most of its value is taken off (less when the owner is to move
  and can pay);
- income: the expected points per turn, five times the mean points per owned card (deck
  quality) plus the points of the cards in play (Buildings, Troops, unsealed Wonders, the
  Lair's 4 battle), battle weighted most, then knowledge, then command.
"""
from __future__ import annotations


from tabletop.framework.actions import Action
from tabletop.framework.lasting import MODIFIERS
from tabletop.bots.evaluation import logistic, outcome
from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.bots import greedy_action
from tabletop.packs.volfyirion.model import BUILDING, KEYS, LAIRS, ROW, TROOP, WONDER
from tabletop.packs.volfyirion.rules import END_TURN, VolfyirionRules

# ---------------------------------------------------------------------- evaluation weights
CITY = 14.0          # an intact City
DEFENCE = 0.6        # per point of effective defence
THREAT = 0.8         # share of a City's value lost to the dragon sitting on it
RES_W = (0.7, 1.3, 0.8)  # value of one point per turn of command, battle, knowledge
HAND = 5.0           # cards drawn per turn
INCOME = 2.0         # how many turns of income a position is worth
TEMPERATURE = 10.0   # logistic scale of the difference
COST_W = 0.12        # per point of a card's cost, on top of its points
PERMANENT = 0.5      # share of in-play income credited for an owned Wonder/Building/Troop not yet in play
TO_MOVE = 1.5        # the side to move has a turn's tempo

_card_value: dict = {}


def _value(c) -> float:
    """A card's weighted points per turn (main ability, plus a share of a points-only chain)."""
    v = _card_value.get(id(c))
    if v is None:
        pts = [0.0, 0.0, 0.0]
        for r, n in c.main:
            pts[r] += n
        for r, n in (c.sec_points or ()):
            pts[r] += 0.4 * n  # a points-only chain fires often, not always
        v = sum(w * x for w, x in zip(RES_W, pts))
        if not c.get("starting"):
            v += COST_W * c.cost  # what the points miss (draws, removals, the dragon) the price says
        v = _card_value[id(c)] = v
    return v


_VALUES: list = [None, [], []]  # the card list last asked about, and its two tables below


def _values(cards: list) -> tuple[list[float], list[float]]:
    """:func:`_value` of every instance of a game, by instance id, and the share of it credited
    to a card not yet in play that stays once played (Buildings, Troops, Wonders; 0 for the
    others); kept for the last card list asked (a search evaluates thousands of copies of one
    game, and copies share their card list)."""
    if _VALUES[0] is cards and len(_VALUES[1]) == len(cards):
        return _VALUES[1], _VALUES[2]
    values = [_value(c) for c in cards]
    stays = [PERMANENT * x if c.kind >= BUILDING else 0.0 for c, x in zip(cards, values)]
    _VALUES[0], _VALUES[1], _VALUES[2] = cards, values, stays
    return values, stays


def side_score(state, p: int) -> float:
    """How strong ``p`` stands, in the units above (not squashed)."""
    K = KEYS[p]
    zones = state.zones
    cards = state.cards
    values, stays = _values(cards)
    v = state.vars
    intact = v[K.intact]
    dragon = v["dragon"]
    score = 0.0
    inplay = 0.0
    sealed = state.marks["sealed"]
    cnt = state.counters
    printed = MODIFIERS not in state.listen and v.get("shift") is None  # M.city_cost, read inline
    cityids = v[K.cityids]
    slots = state.slots
    for ci in intact:
        if printed:
            t = slots[K.troop[ci]]
            cost = cards[cityids[ci]].defence + (cards[t].defence if t >= 0 else 0)
        else:
            cost = M.city_cost(state, p, ci)
        city = CITY + DEFENCE * cost
        if dragon == p * 3 + ci:
            share = THREAT
            if state.active == p and (cnt[K.kp] >= M.MOVE_COST or cnt[K.bp] >= M.DEFEAT_COST):
                share *= 0.25
            city *= 1.0 - share
        score += city
        for s in K.slots[ci]:
            if slots[s] >= 0:
                inplay += values[slots[s]]
    lair = slots[K.lair]
    if lair >= 0:
        score += CITY + DEFENCE * cards[lair].defence
        inplay += values[lair]
    total = 0.0
    n = 0
    for key in (K.deck, K.hand, K.discard):
        lst = zones[key]
        for iid in lst:
            total += values[iid]
            inplay += stays[iid]
        n += len(lst)
    for iid in zones[K.play]:
        if cards[iid].kind == WONDER:
            if iid not in sealed:
                inplay += values[iid]
        else:
            total += values[iid]
            n += 1
    per_card = total / n if n else 0.0
    score += INCOME * (HAND * per_card + inplay)
    return score


def evaluate(state, player: int) -> float:
    if state.over:
        return outcome(state, player)
    d = side_score(state, player) - side_score(state, 1 - player)
    d += TO_MOVE if state.active == player else -TO_MOVE
    return logistic(d / TEMPERATURE)


def evaluate_all(state) -> list[float]:
    """:func:`evaluate` of both players, each side scored once (the same arithmetic, so the
    same values to the last bit)."""
    if state.over:
        return [outcome(state, 0), outcome(state, 1)]
    s0, s1 = side_score(state, 0), side_score(state, 1)
    first = state.active == 0
    return [logistic((s0 - s1 + (TO_MOVE if first else -TO_MOVE)) / TEMPERATURE),
            logistic((s1 - s0 + (-TO_MOVE if first else TO_MOVE)) / TEMPERATURE)]


# ---------------------------------------------------------------------- cards behind slots
def action_card(state, action: Action, player: int | None = None, sees_top: bool = True) -> str | None:
    """The card an acquisition by slot concerns (None when it is hidden), else None."""
    v = action[0]
    zones = state.zones
    cards = state.cards
    if v == "acquire asset":
        iid = state.slots[ROW[action[1] - 1]]
        return cards[iid].name if iid >= 0 else None
    if v == "acquire wonder":
        iid = state.slots[LAIRS[action[1] - 1]]
        return cards[iid].name if iid >= 0 else None
    if v == "acquire top":
        deck = zones["asset_deck"]
        return cards[deck[-1]].name if deck and sees_top else None
    if v == "acquire wonder top":
        deck = zones["wonder_deck"]
        return cards[deck[-1]].name if deck and sees_top else None
    return None


# ---------------------------------------------------------------------- actions without search
def safe_action(state, actions: list) -> Action | None:
    """Playing a card from hand never hurts (its points are free, unspent points only lapse),
    nor does starting a Secondary Ability (each non-point part is asked for and optional).
    Buildings and Troops go into an empty slot of a City the dragon does not sit on. With
    Ploys in the game, cards that count towards a Ploy (Buildings, Troops, Wonders) are
    searched instead."""
    if state.pending is not None:
        return None
    ploys = state.vars.get("vflags", 0) & V.PLOYS
    p = state.active
    K = KEYS[p]
    zones = state.zones
    dragon = state.vars["dragon"]
    city_play = None
    activate = None
    for a in actions:
        v = a[0]
        if v == "play":
            if len(a) == 2:
                if not ploys:
                    return a
                c = _in_hand(state, K, a[1])
                if c is not None and c.kind != WONDER:
                    return a
            elif city_play is None and not ploys:
                ci = int(a[2][4]) - 1
                if dragon == p * 3 + ci:
                    continue
                c = _in_hand(state, K, a[1])
                if c is None:
                    continue
                slot = K.troop[ci] if c.kind == TROOP else K.building[ci]
                if state.slots[slot] < 0:
                    city_play = a
        elif v == "activate" and activate is None:
            activate = a
    return city_play or activate


def safe_action_now(state) -> Action | None:
    """:func:`safe_action`'s answer when it is a card played from hand, found without listing the
    legal actions: the first card in hand that is not played into a City (the legal actions
    list the hand in order, and such a card is always playable). None with variants or
    modifiers in the game, or when no such card is in hand: then the legal actions decide."""
    if state.pending is not None or state.phase != "main" or state.vars.get("vflags") or "modifiers" in state.listen:
        return None
    cards = state.cards
    for iid in state.zones[KEYS[state.active].hand]:
        a = cards[iid].play_act
        if a is not None:
            return a
    return None


def _in_hand(state, K, name: str):
    cards = state.cards
    for iid in state.zones[K.hand]:
        if cards[iid].name == name:
            return cards[iid]
    return None


# ---------------------------------------------------------------------- playouts
EPSILON = 0.15


def rollout_action(state, actions: list, rng) -> Action:
    """The greedy bot's policy, with a little noise on the spending choices: now and then a
    random affordable purchase instead of the dearest, or an early end of the turn."""
    if len(actions) == 1:
        return actions[0]
    if state.pending is None and rng.random() < EPSILON:
        first = actions[0][0]
        if first != "play" and first != "mulligan" and first != "refresh":  # the cards are played
            buys = [a for a in actions if a[0] == "acquire asset" or a[0] == "acquire wonder"]
            if buys:
                return buys[rng.below(len(buys))]
    return greedy_action(state, actions)


def rollout_action_now(state, rng) -> Action | None:
    """:func:`rollout_action`'s answer while a card not played into a City is in hand, without
    listing the legal actions: the first such card, after the one draw the policy makes (no
    purchase is tried while cards wait to be played, so the draw never changes the answer)."""
    a = safe_action_now(state)
    if a is not None:
        rng.random()
    return a


# ---------------------------------------------------------------------- annotations
def annotate(state, action: Action) -> dict | None:
    v = action[0]
    if v.startswith("acquire"):
        name = action_card(state, action)
        return {"acquired": name} if name else None
    return None


class VolfyirionAIRules(VolfyirionRules):
    """The rules with the bot and report hooks of this module."""

    mcts_settings = {"rollout_turns": 2, "exploration": 0.3, "prior_weight": 1.0}

    def evaluate(self, state, player: int) -> float:
        return evaluate(state, player)

    def evaluate_all(self, state) -> list[float]:
        return evaluate_all(state)

    def annotate(self, state, action: Action) -> dict | None:
        return annotate(state, action)

    def action_card(self, state, action: Action) -> str | None:
        v = action[0]
        if v.startswith("acquire"):
            if v == "acquire top":  # visible unless the top is hidden (Qoam Oracle's owner peeks)
                return action_card(state, action, sees_top=self._sees_asset_top(state, state.to_move()))
            return action_card(state, action, sees_top=v != "acquire wonder top")
        return super().action_card(state, action)

    def safe_action(self, state, actions: list) -> Action | None:
        return safe_action(state, actions)

    def safe_action_now(self, state) -> Action | None:
        return safe_action_now(state)

    def rollout_action(self, state, actions: list, rng) -> Action:
        return rollout_action(state, actions, rng)

    def rollout_action_now(self, state, rng) -> Action | None:
        return rollout_action_now(state, rng)

    def preferred_action(self, state, actions: list) -> Action | None:
        return greedy_action(state, actions)

    def may_lose_at_once(self, state) -> bool:
        """Only with Volfyirion on one of the mover's Cities (see :meth:`can_lose_at_once`)."""
        d = state.vars["dragon"]
        return d >= 0 and d // 3 == state.active

    def can_lose_at_once(self, state, action: Action) -> bool:
        """Only ending a turn with Volfyirion on one of your Cities can lose the game by itself
        (the City falls in the End Phase, VOL-END-06, and it may be your last, VOL-WIN-01)."""
        d = state.vars["dragon"]
        return action == END_TURN and d >= 0 and d // 3 == state.active
