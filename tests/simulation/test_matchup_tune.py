"""Deck matchups and deck tuning, built on simulate: the same records as simulate, whatever runs
them, and a tuner that repairs a planted flaw. All seeded, with few games."""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

from tabletop.batches import matchup
from tabletop.batches.backends import Executor
from tabletop.framework.packs import registry
from tabletop.batches.games import prepare
from tabletop.batches.runner import simulate
from tabletop.batches.tune import Tuner, paired_gain

EXE = str(Path(sys.executable).with_name("tabletop"))
PLANTED = Path(__file__).resolve().parents[1] / "virevolt" / "decks" / "planted.yaml"


def _decks(*names):
    checker = registry().get("virevolt").deck_rules()
    return {n: checker.check(n).cards for n in names}


def test_matchup_records_are_identical_on_local_and_dask_and_equal_simulate():
    pack = registry().get("virevolt")
    plan = matchup.plan(pack, _decks("ember", "tide"), ["greedy"], seed=4)
    batches = [(c, 6) for _a, _b, c in plan]
    with Executor(1) as ex:
        local = ex.run(batches)
    with Executor(2, "dask") as ex:
        dask = ex.run(batches)
    assert local == dask
    alone = simulate(prepare(pack, ["greedy"], seed=4, options={"decks": list(_decks("ember", "tide").values())}), 6)
    assert alone.records == local[0]
    result = matchup.tally(["ember", "tide"], [(a, b, r) for (a, b, _c), r in zip(plan, local)])
    m = result["matrix"]
    assert m["ember"]["tide"]["games"] == 12 == m["tide"]["ember"]["games"]
    unfinished = sum(p["unfinished"] for p in result["pairings"])
    assert m["ember"]["tide"]["wins"] + m["tide"]["ember"]["wins"] + unfinished == 12
    lo, hi = m["ember"]["tide"]["ci95"]
    assert lo <= m["ember"]["tide"]["rate"] <= hi


def test_matchup_command_writes_matrix_report_png_and_simulate_folders(tmp_path):
    out = tmp_path / "mu"
    r = subprocess.run([EXE, "decks", "matchup", "virevolt", "ember", "grove", str(PLANTED), "-n", "3", "--seed", "2",
                        "--out", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    data = json.loads((out / "report.json").read_text())
    assert data["matchup"]["decks"] == ["ember", "grove", "planted"]
    assert len(data["pairings"]) == 6
    assert (out / "matchup.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "| ember |" in (out / "report.md").read_text()
    folder = out / data["pairings"][0]
    rebuilt = subprocess.run([EXE, "simulate", "--report-only", str(folder)], capture_output=True, text=True)
    assert rebuilt.returncode == 0 and "3 games" in rebuilt.stdout


def test_paired_gain_is_the_mean_difference_with_its_interval():
    gain, (lo, hi) = paired_gain([1, 1, 1, 0], [0, 1, 0, 0])
    assert gain == 0.5 and lo < 0.5 < hi


def test_tune_repairs_the_planted_flaw():
    pack = registry().get("virevolt")
    checker = pack.deck_rules()
    start = dict(Counter(checker.check(str(PLANTED)).cards))
    pool = ["Ember Warden", "Mana Surge", "Deep Freeze"]
    with Executor(1) as ex:
        tuner = Tuner(pack, _decks("tide"), lambda d: checker.swaps(d, pool), ex.run, ["greedy"], seed=2,
                      screen=8, confirm=60, budget_games=750)
        result = tuner.tune(start)
    assert result.swaps, result.to_json()
    first = result.swaps[0]
    assert first.into == "Ember Warden" and first.ci95[0] > 0
    assert result.best["Ember Warden"] == 2
    assert checker.check(dict(result.best)).verdict == "legal"
    assert result.games <= 750


def test_tune_is_reproducible_for_a_seed_and_budget():
    pack = registry().get("virevolt")
    checker = pack.deck_rules()
    start = dict(Counter(checker.check(str(PLANTED)).cards))

    def run():
        with Executor(1) as ex:
            return Tuner(pack, _decks("grove"), lambda d: checker.swaps(d, ["Ember Warden", "Mana Surge"]), ex.run,
                         ["greedy"], seed=5, screen=1, confirm=4, finalists=1, budget_games=120).tune(start).to_json()

    a, b = run(), run()
    a.pop("seconds"), b.pop("seconds")
    assert a == b and a["games"] <= 120


TUNE = ["decks", "tune", "virevolt", str(PLANTED), "--against", "grove", "--consider", "Ember Warden,Mana Surge",
        "--screen", "1", "--confirm", "4", "--seed", "5", "--json"]


def _tune(*extra: str) -> dict:
    r = subprocess.run([EXE, *TUNE, *extra], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    out.pop("seconds")
    return out


def test_tune_on_dask_finds_what_local_workers_find_for_the_same_seed_and_games():
    local = _tune("--games", "120", "--workers", "1")
    dask = _tune("--games", "120", "--backend", "dask", "--workers", "2")
    assert local == dask and 0 < local["games"] <= 120


def test_tune_with_a_minutes_budget_stops_when_it_is_spent_and_reports_a_legal_deck():
    result = _tune("--minutes", "0.001")  # 60 ms: spent by the first block of games
    assert result["stopped"] == "budget spent"
    assert result["games"] > 0 and result["swaps"] == []
    assert result["best"] == result["start"]
    assert registry().get("virevolt").deck_rules().check(dict(result["best"])).verdict == "legal"


def test_an_out_that_cannot_be_written_is_refused_before_any_game(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("mine\n")
    mu = subprocess.run([EXE, "decks", "matchup", "virevolt", "ember", "tide", "-n", "1", "--out", str(blocker / "mu")],
                        capture_output=True, text=True)
    tune = subprocess.run([EXE, *TUNE, "--games", "40", "--out", str(blocker / "best.yaml")], capture_output=True, text=True)
    for r in (mu, tune):
        assert r.returncode == 1 and "Traceback" not in r.stderr and str(blocker) in r.stderr
        assert "games in" not in r.stdout + r.stderr  # refused before playing
    assert blocker.read_text() == "mine\n"


def test_a_misspelt_preconstructed_deck_gets_a_suggestion():
    r = subprocess.run([EXE, "decks", "matchup", "virevolt", "ember", "tidee", "-n", "1"], capture_output=True, text=True)
    assert r.returncode == 1 and "did you mean 'tide'" in r.stderr
