"""Tally, a tiny game that exercises every engine mechanism in a few lines.

Each player has a deck of number cards. A turn: draw one card (reshuffling the discard
when the deck is empty), then play cards from hand (each adds its value to your tally) or
end the turn; the first to reach the target wins. The card "Fork" asks its player to choose
where its points go (a decision in the middle of an effect); "Echo" in an *opponent's* hand
lets them answer a played 5 with a point of their own (a trigger with a response window in
another player's turn). Any number of players.
"""
from __future__ import annotations

from tabletop.framework.actions import DECISION_VERBS, NAME, VerbSpec
from tabletop.framework.cards import CardDef
from tabletop.framework.effects import Decision, native, push
from tabletop.framework.rules import Phase, Rules
from tabletop.framework.state import State, player_name
from tabletop.framework.triggers import Trigger, emit
from tabletop.framework.zones import draw, move, shuffle
from tabletop.framework import rng


def _fork_step(state: State, ctx: dict):
    if "where" not in ctx:
        me = ctx["controller"]
        return Decision(me, "Fork: put 2 points on", [("choose", "me"), ("choose", "nobody")], ["me", "nobody"], "where")
    if ctx.pop("where") == "me":
        state.counters[f"{player_name(ctx['controller'])}.tally"] += 2
    return None


def _echo_step(state: State, ctx: dict):
    if "echo" not in ctx:
        return Decision(ctx["controller"], "Echo: answer the 5 with a point?", [("yes",), ("no",)], [True, False], "echo")
    if ctx.pop("echo"):
        pn = player_name(ctx["controller"])
        state.counters[f"{pn}.tally"] += 1
        move(state, ctx["source"], f"{pn}.hand", f"{pn}.discard")  # the card is spent
    return None


FORK = native("toy/fork", _fork_step)
ECHO = native("toy/echo", _echo_step)

CARDS = [CardDef(name=str(n), type="number", value=n) for n in range(1, 6)]
CARDS.append(CardDef(name="Fork", type="number", value=0, effect=FORK))
CARDS.append(CardDef(name="Echo", type="number", value=0, triggers=(Trigger("played", lambda s, c: c["value"] == 5 and c["by"] != c["controller"], ECHO),)))


class Tally(Rules):
    name = "tally"
    title = "Tally"
    min_players = 2
    max_players = 6
    verbs = {"play": VerbSpec("play", (NAME,), "play a card"), "end turn": VerbSpec("end turn", (), "end your turn"), **DECISION_VERBS}

    def __init__(self, cards=None) -> None:
        self.phases = (Phase("draw", enter=self._draw), Phase("main", actions=self._main_actions))
        super().__init__(cards if cards is not None else CARDS)
        self.handlers = {"play": self._play, "end turn": self._end}

    def setup(self, options: dict, seed: int, nplayers: int | None = None) -> State:
        n = nplayers or options.get("players", 2)
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"tally needs 2 to 6 players, not {n}")
        by_name = {c.name: c for c in self.cards}
        cards, state = [], State(self.name, [], n, rng.seed_state(seed))
        state.cards = cards
        for p in range(n):
            deck = []
            for name in ["1", "2", "3", "4", "5", "1", "2", "3", "Fork", "Echo"]:
                cards.append(by_name[name])
                deck.append(len(cards) - 1)
            pn = player_name(p)
            state.zones[f"{pn}.deck"] = deck
            state.zones[f"{pn}.hand"] = []
            state.zones[f"{pn}.discard"] = []
            state.counters[f"{pn}.tally"] = 0
            shuffle(state, f"{pn}.deck")
            draw(state, f"{pn}.deck", f"{pn}.hand", 2)
        state.vars["target"] = options.get("target", 12)
        return self.begin(state)

    def _draw(self, state: State) -> None:
        pn = player_name(state.active)
        draw(state, f"{pn}.deck", f"{pn}.hand", 1, refill_from=f"{pn}.discard")

    def _main_actions(self, state: State) -> list:
        hand = state.zones[f"{player_name(state.active)}.hand"]
        seen, out = set(), []
        for iid in hand:
            name = state.cards[iid].name
            if name not in seen:
                seen.add(name)
                out.append(("play", name))
        out.append(("end turn",))
        return out

    def _play(self, state: State, action) -> None:
        pn = player_name(state.active)
        hand = state.zones[f"{pn}.hand"]
        iid = next(i for i in hand if state.cards[i].name == action[1])
        move(state, iid, f"{pn}.hand", f"{pn}.discard")
        card = state.cards[iid]
        state.counters[f"{pn}.tally"] += card.value
        if card.get("effect") is not None:
            push(state, card.effect, {"controller": state.active, "source": iid})
        emit(state, self, "played", {"value": card.value, "by": state.active})

    def _end(self, state: State, action) -> None:
        state.phase_done = True

    def listeners(self, state: State, event: str):
        return [(iid, p) for p in range(state.nplayers) for iid in state.zones[f"{player_name(p)}.hand"]
                if state.cards[iid].triggers]

    def check(self, state: State) -> None:
        for p in range(state.nplayers):
            if state.counters[f"{player_name(p)}.tally"] >= state.vars["target"]:
                state.over, state.winner = True, p
                return

    def view(self, state: State, player: int) -> dict:
        out = {"active": player_name(state.active), "you": player_name(player), "players": {}}
        for p in range(state.nplayers):
            pn = player_name(p)
            hand = state.zones[f"{pn}.hand"]
            out["players"][pn] = {
                "tally": state.counters[f"{pn}.tally"],
                "deck": len(state.zones[f"{pn}.deck"]),
                "discard": [state.cards[i].name for i in state.zones[f"{pn}.discard"]],
                "hand": sorted(state.cards[i].name for i in hand) if p == player else len(hand),
            }
        return out

    def describe(self, state: State) -> dict:
        out = {"active": player_name(state.active), "over": state.over,
               "winner": None if state.winner is None else player_name(state.winner),
               "pending": state.pending.prompt if state.pending else None}
        for p in range(state.nplayers):
            pn = player_name(p)
            out[pn] = {"tally": state.counters[f"{pn}.tally"],
                       "hand": [state.cards[i].name for i in state.zones[f"{pn}.hand"]],
                       "deck": [state.cards[i].name for i in state.zones[f"{pn}.deck"]],
                       "discard": [state.cards[i].name for i in state.zones[f"{pn}.discard"]]}
        return out
