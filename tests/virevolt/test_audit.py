"""The hero audit (python -m tabletop.packs.virevolt.audit): it replays simulate's games and
finds the wins a bot handed out by ending its turn with no hero when it could have kept one."""
from __future__ import annotations

import json

from tabletop.packs.virevolt import audit


def test_the_audit_finds_no_win_handed_out_by_greedy(tmp_path):
    out = tmp_path / "audit.json"
    assert audit.main(["--bots", "greedy,greedy", "-n", "12", "--seed", "3", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["summary"]["games"] == 12 and data["summary"]["handed_out"] == []
    assert data["summary"]["ended_by_VIR-WIN-04"] == sum(1 for r in data["records"] if r["win04"])
    assert {r["index"] for r in data["records"]} == set(range(12))


def test_the_audit_counts_a_win_handed_out(monkeypatch):
    import tabletop.packs.virevolt.ai as ai

    monkeypatch.setattr(ai, "sensible_actions", lambda rules, state, actions: actions)
    records = [audit.play((["greedy", "greedy"], 0, i, None, None, ["ember", "tide", "grove", "prism"], 20000))
               for i in range(20)]
    assert audit.summary(records, ["greedy"])["handed_out"], "greedy without its common sense hands out wins"


def test_a_batch_in_parts_is_the_batch(tmp_path, capsys):
    whole, a, b = tmp_path / "whole.json", tmp_path / "a.json", tmp_path / "b.json"
    audit.main(["--bots", "greedy,random", "-n", "6", "--seed", "4", "--out", str(whole)])
    audit.main(["--bots", "greedy,random", "-n", "4", "--seed", "4", "--out", str(a)])
    audit.main(["--bots", "greedy,random", "-n", "2", "--first", "4", "--seed", "4", "--out", str(b)])
    capsys.readouterr()
    audit.main(["--merge", str(a), str(b)])
    assert json.loads(capsys.readouterr().out) == json.loads(whole.read_text())["summary"]
