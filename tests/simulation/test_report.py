"""The report's statistics, checked against values computed by hand from the records."""
from __future__ import annotations

import json
import math

import pytest

from tabletop.batches import report
from tabletop.batches.games import prepare
from tabletop.batches.runner import simulate
from tests.simulation.tallypack import pack as tally


@pytest.fixture(scope="module")
def batch():
    return simulate(prepare(tally, ["greedy", "random"], seed=12, max_turns=7), 40)


def test_wilson_interval_matches_the_formula():
    lo, hi = report.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = report.wilson(0, 20)
    assert lo == 0 and hi == pytest.approx(0.1611, abs=1e-4)
    assert report.wilson(0, 0) == (0.0, 1.0)


def test_win_rates_draws_caps_and_lengths_by_hand(batch):
    recs = batch.records
    m = report.compute(recs, batch.labels)
    capped = [r for r in recs if r["capped"]]
    assert capped, "the seeded run should include capped games (max_turns=7)"
    assert m["summary"] == {"games": 40, "decided": 40 - len(capped), "draws": 0, "capped": len(capped),
                            "actions_mean": sum(r["actions"] for r in recs) / 40}
    greedy_wins = 0
    for r in recs:
        if r["winner"] is not None and r["seats"][r["winner"]] == "greedy":
            greedy_wins += 1
    g = m["win_rate_by_bot"]["greedy"]
    assert (g["wins"], g["games"]) == (greedy_wins, 40)
    assert g["rate"] == greedy_wins / 40 and g["ci95"] == list(report.wilson(greedy_wins, 40))
    turns = sorted(r["turns"] for r in recs)
    gl = m["game_length"]
    assert (gl["min"], gl["max"]) == (turns[0], turns[-1])
    assert gl["median"] == (turns[19] + turns[20]) / 2
    assert gl["mean"] == pytest.approx(sum(turns) / 40)
    assert sum(c for _, _, c in gl["histogram"]) == 40


def test_seats_are_compared_only_when_the_same_bot_sits_in_every_seat(batch):
    m = report.compute(batch.records, batch.labels)
    assert "the bots differ" in m["win_rate_by_seat"]["note"] and "note" in m["first_player"]
    assert "rate" not in m["first_player"]
    by = m["win_rate_by_bot_and_seat"]["greedy"]
    as_p1 = [r for r in batch.records if r["seats"][0] == "greedy"]
    assert by["seats"]["p1"]["games"] == len(as_p1)
    assert by["seats"]["p1"]["wins"] == sum(1 for r in as_p1 if r["winner"] == 0)
    first = [r for r in batch.records if r["seats"][r["first"]] == "greedy"]
    assert by["first"]["first"]["wins"] == sum(1 for r in first if r["winner"] == r["first"])


def test_a_mirror_match_measures_the_seats_and_the_first_player():
    mirror = simulate(prepare(tally, ["greedy"], seed=3, max_turns=7), 30)
    m = report.compute(mirror.records, mirror.labels)
    recs = mirror.records
    assert m["win_rate_by_seat"]["p1"]["wins"] == sum(1 for r in recs if r["winner"] == 0)
    decided = [r for r in recs if r["winner"] is not None]
    fp = m["first_player"]
    assert (fp["wins"], fp["games"]) == (sum(1 for r in decided if r["winner"] == r["first"]), len(decided))


def test_cards_are_ranked_by_significance_above_a_minimum_sample(batch, monkeypatch):
    table = report.compute(batch.records, batch.labels)["cards"]["played"]
    for d in table.values():
        assert d["ranked"] == (min(d["with"]["games"], d["without"]["games"]) >= report.MIN_SAMPLE)
    monkeypatch.setattr(report, "MIN_SAMPLE", 5)
    table = report.compute(batch.records, batch.labels)["cards"]["played"]
    ranked = report.ranked_cards(table)
    zs = [abs(d["difference"]["z"]) for _, d in ranked]
    assert zs == sorted(zs, reverse=True) and len(ranked) >= 2
    for _, d in ranked:
        df = d["difference"]
        assert df["diff"] == pytest.approx(d["with"]["rate"] - d["without"]["rate"])
        assert df["ci95"][0] <= df["diff"] <= df["ci95"][1]


def test_the_difference_of_two_rates_has_newcombes_interval():
    d = report.difference(56, 70, 48, 80)  # Newcombe (1998), example (a): 0.8 - 0.6
    assert d["diff"] == pytest.approx(0.2)
    assert d["ci95"][0] == pytest.approx(0.0524, abs=1e-3) and d["ci95"][1] == pytest.approx(0.3339, abs=1e-3)


def test_lead_changes_by_hand(batch):
    recs = batch.records
    total = 0
    for r in recs:
        leaders = []
        for a, b in r["lead"]:
            if a != b:
                leaders.append(0 if a > b else 1)
        total += sum(1 for x, y in zip(leaders, leaders[1:]) if x != y)
    m = report.compute(recs, batch.labels)
    assert m["lead_changes"]["games"] == 40
    assert m["lead_changes"]["mean"] == pytest.approx(total / 40)
    assert report.lead_changes_of([[0.5, 0.5], [0.6, 0.4], [0.5, 0.5], [0.4, 0.6], [0.7, 0.3]]) == 2


def test_per_card_statistics_by_hand(batch):
    recs = batch.records
    m = report.compute(recs, batch.labels)["cards"]["played"]
    for card in ("5", "Echo", "Fork"):
        games = {r["index"] for r in recs for _, _, k, v in r["events"] if v == card}
        had = {(r["index"], s) for r in recs for _, s, k, v in r["events"] if v == card}
        wins_with = sum(1 for r in recs for s in (0, 1) if (r["index"], s) in had and r["winner"] == s)
        wins_without = sum(1 for r in recs for s in (0, 1) if (r["index"], s) not in had and r["winner"] == s)
        d = m[card]
        assert d["games"] == len(games)
        assert (d["with"]["wins"], d["with"]["games"]) == (wins_with, len(had))
        assert (d["without"]["wins"], d["without"]["games"]) == (wins_without, 80 - len(had))


def test_metrics_are_a_table_anyone_can_extend(batch):
    @report.metric("longest_game")
    class Longest(report.Metric):
        def start(self):
            self.best = None

        def add(self, r):
            if self.best is None or r["turns"] > self.best[1]:
                self.best = (r["index"], r["turns"])

        def result(self):
            return {"index": self.best[0]}

    try:
        m = report.compute(batch.records, batch.labels)
        assert m["longest_game"]["index"] == max(batch.records, key=lambda r: r["turns"])["index"]
    finally:
        del report.METRICS["longest_game"]


def test_report_files(batch, tmp_path, monkeypatch):
    monkeypatch.setattr(report, "MIN_SAMPLE", 5)
    report.write(tmp_path, batch, "tally")
    assert (tmp_path / "cards_played.png").read_bytes()[:4] == b"\x89PNG"
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["meta"]["games"] == 40 and "cards" in data["metrics"]
    md = (tmp_path / "report.md").read_text()
    for heading in ("Win rate by bot", "Win rate by seat", "First-player advantage", "Game length",
                    "Lead changes", "Cards", "win_rates.png"):
        assert heading in md
    assert "the bots differ" in md and "| greedy | p1 |" in md
    assert (tmp_path / "win_rates.png").read_bytes()[:4] == b"\x89PNG"
    lines = (tmp_path / "records.jsonl").read_text().splitlines()
    assert [json.loads(x) for x in lines] == batch.records
    assert not math.isnan(data["metrics"]["game_length"]["mean"])


def test_a_perfect_record_has_an_interval_that_holds_it():
    from tabletop.batches.report import wilson

    for n in (1, 7, 200, 10_000):
        lo, hi = wilson(n, n)
        assert lo <= 1.0 <= hi == 1.0
        lo, hi = wilson(0, n)
        assert lo == 0.0 <= hi


def test_the_records_are_kept_when_a_metric_fails(batch, tmp_path):
    @report.metric("broken")
    class Broken(report.Metric):
        def add(self, r):
            raise RuntimeError("a metric with a bug")

    try:
        with pytest.raises(RuntimeError):
            report.write(tmp_path, batch, "tally", with_charts=False)
    finally:
        del report.METRICS["broken"]
    lines = (tmp_path / "records.jsonl").read_text().splitlines()
    assert [json.loads(x) for x in lines] == batch.records


def test_a_chart_interrupted_while_drawn_leaves_the_old_one_whole(batch, tmp_path, monkeypatch):
    """Stumble: charts were drawn straight into their files: a Ctrl-C mid-draw left half a PNG."""
    from matplotlib.figure import Figure

    old = tmp_path / "win_rates.png"
    old.write_bytes(b"the chart of an earlier run")

    def interrupted(self, target, **options):
        (open(target, "wb") if isinstance(target, (str, type(old))) else target).write(b"\x89PNG half")
        raise KeyboardInterrupt

    monkeypatch.setattr(Figure, "savefig", interrupted)
    with pytest.raises(KeyboardInterrupt):
        report.charts(tmp_path, report.compute(batch.records, batch.labels))
    assert old.read_bytes() == b"the chart of an earlier run"
