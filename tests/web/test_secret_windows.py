"""A trap window is asked of one player alone: being asked says you hold a trap that can answer
(VIR-TRAP-02: a face-down trap is hidden from the other players). The others are told the game
waits on the action, as at a table where nobody announces they are thinking about a trap."""
from __future__ import annotations

from tests.web.conftest import Seat, spectator_token, token


def _pick(legal: list[str]) -> str:
    """A plain plan: set a trap, else play a hero, else play a crystal, else go on."""
    for ok in (lambda a: a.startswith("set "), lambda a: a.startswith("play ") and "Crystal" not in a,
               lambda a: a.startswith("play ")):
        found = [a for a in legal if ok(a)]
        if found:
            return found[0]
    return legal[-1]


def _at_the_window(server):
    """Seed 5, default decks, both seats human, played by the plan until p2 is asked, in p1's turn,
    whether to answer with a trap."""
    links = server.table("virevolt", [{"kind": "here"}, {"kind": "invite"}], seed=5)
    table = links["table"]
    conns = {0: Seat(server, table, token(links["seats"][0]))}
    conns[1] = Seat(server, table, token(links["seats"][1]))
    conns[None] = Seat(server, table, spectator_token(links))
    conns[0].recv(), conns[0].recv(), conns[1].recv()   # each arrival is told to those already there
    for _step in range(200):
        p2 = conns[1].last
        if p2["view"]["active"] == "p1" and p2["view"]["pending"] and "trap" in p2["view"]["pending"]["prompt"]:
            return conns
        mover = next(s for s, c in conns.items() if c.last["legal"])
        legal = [a["text"] for a in conns[mover].last["legal"]]
        conns[mover].send(type="act", text=_pick(legal), version=conns[mover].last["version"])
        for c in conns.values():
            c.recv()
    raise AssertionError("the plan never reached a trap window of p2's in p1's turn")


def test_VIR_TRAP_02_only_the_player_asked_about_a_trap_is_told_it_is_asked(server):
    conns = _at_the_window(server)
    p2 = conns[1].last
    assert p2["to_move"] == "p2" and p2["view"]["pending"]["prompt"].startswith("p2: activate a trap")
    assert any(a["text"] == "pass" for a in p2["legal"])
    for seat in (0, None):
        m = conns[seat].last
        assert m["to_move"] == "p1", f"seat {seat} is told the game waits for {m['to_move']}"
        assert m["view"]["pending"] is None and m["legal"] == []
    assert conns[0].last["settling"] and not conns[None].last["settling"]


def test_an_action_sent_during_someone_elses_trap_window_is_refused_without_naming_them(server):
    conns = _at_the_window(server)
    conns[0].send(type="act", text="next", version=conns[0].last["version"])
    refused = conns[0].recv()
    assert refused["type"] == "refused" and "p2" not in refused["reason"]
