"""No message the server sends a seat (or a spectator) ever holds a card hidden from it.

Two browsers hold the two seats and a third watches; the seat to move picks a random legal
action from its own message; after every action each connection's message is searched for
the names of the cards hidden from it, with the ground truth of what is hidden written from
the rules in tests/properties/leaks.py (not from the packs' own ``seen_by``). At the end of a
game the hidden cards are shown to everyone (the ``revealed`` part, as at a real table): that
part alone is not searched once the game is over.
"""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.properties.leaks import HIDDEN, leaked, seen_names
from tests.web.conftest import Seat, Server, spectator_token, token

CASES = [
    ("volfyirion", {}),
    ("volfyirion", {"hidden_asset_top": True, "variants": ["ploys", "perks"]}),
    ("volfyirion", {"variants": ["all"], "mode": "extended"}),
    ("virevolt", {}),
    ("virevolt", {"decks": ["grove", "prism"]}),
]


def check(server: Server, table: str, conns: dict, before: dict, msgs: dict, step: int) -> None:
    state = server.client.app.state.hub.tables[table].game.state
    hidden_of = HIDDEN[state.game]
    for seat, msg in msgs.items():
        hidden = hidden_of(state, seat)
        now = seen_names(state, hidden)
        allowed = now | before[seat]
        forbidden = {state.cards[i].name for i in hidden} - allowed
        shown = {k: v for k, v in msg.items() if not (k == "revealed" and msg["view"]["over"])}
        # a visible card's face may name another card in its text (a printed card's provenance
        # note does): not a leak; the faces sent are searched by their names, and the faces of
        # cards that are not visible in full
        faces = shown.pop("faces", {})
        text = json.dumps([shown, sorted(faces), {n: f for n, f in faces.items() if n not in allowed}],
                          ensure_ascii=False)
        bad = leaked(text, forbidden, allowed)
        assert not bad, f"step {step}: seat {seat} was sent {bad}, hidden from it"
        before[seat] = now


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(CASES), seed=st.integers(1, 10_000))
def test_no_message_to_a_seat_holds_a_card_hidden_from_it(tmp_path_factory, case, seed):
    game, options = case
    server = Server(tmp_path_factory.mktemp("db") / "tables.sqlite3")
    try:
        links = server.table(game, [{"kind": "here"}, {"kind": "invite"}], seed=seed, options=options)
        table = links["table"]
        conns = {0: Seat(server, table, token(links["seats"][0]))}
        conns[1] = Seat(server, table, token(links["seats"][1]))
        conns[None] = Seat(server, table, spectator_token(links))
        conns[0].recv(), conns[0].recv(), conns[1].recv()   # each arrival is told to those already there
        state = server.client.app.state.hub.tables[table].game.state
        before = {s: seen_names(state, HIDDEN[game](state, s)) for s in conns}
        check(server, table, conns, before, {s: c.last for s, c in conns.items()}, 0)
        rng = random.Random(seed)
        for step in range(1, 160):
            mover = next((s for s, c in conns.items() if c.last["legal"]), None)
            if mover is None:
                break
            conns[mover].send(type="act", text=rng.choice(conns[mover].last["legal"])["text"],
                              version=conns[mover].last["version"])
            msgs = {s: c.recv() for s, c in conns.items()}
            assert all(m["type"] == "state" for m in msgs.values())
            check(server, table, conns, before, msgs, step)
    finally:
        server.stop()
