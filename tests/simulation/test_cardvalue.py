"""`tabletop cards value`: market cards ranked by the win-rate change of a bot that prefers them,
from mirror matches on common random numbers. Seeded, few games; no card of the pack is named
here (the set changes): the planted cards come from a test card file."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tabletop.batches import cardvalue
from tabletop.batches.backends import Executor
from tabletop.framework.packs import registry

EXE = str(Path(sys.executable).with_name("tabletop"))
PLANTED = Path(__file__).resolve().parents[1] / "volfyirion" / "cards" / "value-planted.yaml"


def value(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([EXE, "cards", "value", *args], capture_output=True, text=True)


def test_a_planted_strong_card_ranks_above_a_useless_one_with_its_interval_above_zero():
    r = value("volfyirion", "--cards", str(PLANTED), "--only", "Planted Windfall,planted dud", "-n", "30",
              "--seed", "3", "--workers", "1", "--json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)["value"]["cards"]
    assert [x["card"] for x in rows] == ["Planted Windfall", "Planted Dud"]
    strong = rows[0]
    assert strong["change_ci95"][0] > 0
    assert strong["win"]["games"] == 60
    assert strong["bought"] > strong["bought_plain"]  # the preference made the bot buy it more


def test_the_same_seed_gives_the_same_figures_on_local_processes_and_dask():
    pack = registry().get("volfyirion")
    cards = cardvalue.market(pack)[:2]
    plan = cardvalue.plan(pack, cards, "greedy", seed=7)
    batches = [(config, 6) for _card, config in plan]
    with Executor(1) as ex:
        local = ex.run(batches)
    with Executor(2) as ex:
        pooled = ex.run(batches)
    with Executor(2, "dask") as ex:
        dask = ex.run(batches)
    assert local == pooled == dask
    result = cardvalue.tally([(c, r) for (c, _cfg), r in zip(plan, local)])
    assert sorted(x["card"] for x in result["cards"]) == sorted(cards)
    assert all(x["win"]["games"] == 12 for x in result["cards"])


def test_every_market_card_is_valued_and_the_report_is_written(tmp_path):
    out = tmp_path / "value"
    r = value("volfyirion", "-n", "2", "--seed", "1", "--workers", "2", "--out", str(out))
    assert r.returncode == 0, r.stderr
    data = json.loads((out / "report.json").read_text())
    market = registry().get("volfyirion").rules().market()
    assert sorted(x["card"] for x in data["value"]["cards"]) == sorted(market)
    changes = [x["change"] for x in data["value"]["cards"]]
    assert changes == sorted(changes, reverse=True)
    md = (out / "report.md").read_text()
    assert f"| {data['value']['cards'][0]['card']} |" in md and "| rank | card |" in md
    again = value("volfyirion", "-n", "2", "--out", str(out))
    assert again.returncode == 1 and "--overwrite" in again.stderr


def test_the_preferring_bot_is_labelled_with_its_card_in_the_records():
    pack = registry().get("volfyirion")
    card = cardvalue.market(pack)[0]
    plan = cardvalue.plan(pack, [card], "greedy", seed=1)
    assert plan[0][1].labels == ("greedy (A)", "greedy (B)")
    assert plan[1][1].labels == (f"greedy+{card}", "greedy")
    assert plan[2][1].labels == ("greedy", f"greedy+{card}")


def test_a_card_that_changed_no_deal_still_has_an_honest_interval():
    change, (lo, hi) = cardvalue.change_interval([0.0] * 20)
    assert change == 0 and lo < -0.1 and hi > 0.1  # 0 of 20 deals changed: up to ~16% could


def test_a_misspelt_card_is_named_with_a_suggestion():
    pack = registry().get("volfyirion")
    card = cardvalue.market(pack)[0]
    r = value("volfyirion", "--only", card[:-1] + "x", "-n", "1")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "not a market card" in r.stderr and f"did you mean {card!r}" in r.stderr


def test_a_pack_without_a_market_says_so():
    r = value("virevolt", "-n", "1")
    assert r.returncode == 1 and "virevolt has no market" in r.stderr


def test_a_bot_that_cannot_prefer_cards_is_refused_with_the_ones_that_can():
    r = value("volfyirion", "--bots", "random", "-n", "1")
    assert r.returncode == 1 and "cannot be told which cards to prefer" in r.stderr and "greedy" in r.stderr


def test_a_missing_card_file_is_one_message():
    r = value("volfyirion", "--cards", "no-such-file.yaml", "-n", "1")
    assert r.returncode == 1 and "no-such-file.yaml: no such card file" in r.stderr


def test_an_out_folder_that_cannot_be_made_fails_before_any_game(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("mine\n")
    r = value("volfyirion", "-n", "1", "--out", str(blocker / "value"))
    assert r.returncode == 1 and "Traceback" not in r.stderr and str(blocker) in r.stderr
    assert blocker.read_text() == "mine\n"


def test_an_out_that_is_a_file_is_refused_and_kept(tmp_path):
    target = tmp_path / "report.md"
    target.write_text("mine\n")
    r = value("volfyirion", "-n", "1", "--out", str(target))
    assert r.returncode == 1 and "give a folder" in r.stderr and target.read_text() == "mine\n"
