"""A deck pool: decks rotated over the seats so that every bot meets every pairing from every
seat, and the report's win rate of each bot with each deck."""
from __future__ import annotations

from collections import Counter

import pytest
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.batches import report
from tabletop.framework.errors import TabletopError
from tabletop.framework.packs import registry
from tabletop.batches.games import pool_decks, prepare
from tabletop.batches.runner import simulate

runner = CliRunner()
NAMES = {"ember": "Ember Rush", "tide": "Tide Control"}


@pytest.fixture(scope="module")
def virevolt():
    return registry().get("virevolt")


@pytest.fixture(scope="module")
def batch(virevolt):
    return simulate(prepare(virevolt, ["greedy", "random"], seed=3, deck_pool=["ember", "tide"]), 16)


def decks_of(record) -> list[str]:
    by_seat = {seat: value for _, seat, kind, value in record["events"] if kind == "deck"}
    return [by_seat[s] for s in range(len(record["seats"]))]


def test_pool_assignments_are_counted_like_digits_one_per_seating_of_the_bots():
    got = [pool_decks(i, 2, 2, ("a", "b")) for i in range(8)]
    assert got == [["a", "a"], ["a", "a"], ["b", "a"], ["b", "a"], ["a", "b"], ["a", "b"], ["b", "b"], ["b", "b"]]
    assert pool_decks(9, 1, 3, ("x", "y", "z")) == ["x", "x", "y"]


def test_each_game_is_set_up_with_its_decks_from_the_pool(batch):
    for r in batch.records:
        assert decks_of(r) == [NAMES[d] for d in pool_decks(r["index"], 2, 2, ("ember", "tide"))]


def test_every_bot_plays_every_deck_from_every_seat_equally(batch):
    count = Counter((r["seats"][s], s, deck) for r in batch.records for s, deck in enumerate(decks_of(r)))
    assert set(count.values()) == {4}
    assert len(count) == 2 * 2 * 2


def test_a_pool_gives_the_same_records_for_any_number_of_workers(virevolt, batch):
    config = prepare(virevolt, ["greedy", "random"], seed=3, deck_pool=["ember", "tide"])
    assert simulate(config, 16, workers=2, chunk_size=3).records == batch.records


def test_win_rate_by_bot_and_deck_by_hand(batch):
    m = report.compute(batch.records, batch.labels)["win_rate_by_bot_and_deck"]
    for bot in ("greedy", "random"):
        for deck in NAMES.values():
            games = [(r, s) for r in batch.records for s, d in enumerate(decks_of(r))
                     if d == deck and r["seats"][s] == bot]
            wins = sum(1 for r, s in games if r["winner"] == s)
            assert (m[bot][deck]["wins"], m[bot][deck]["games"]) == (wins, len(games)) == (wins, 8)
    md = report.markdown({"pack": "virevolt", "deck_pool": ["ember", "tide"]}, report.compute(batch.records, batch.labels), [])
    assert "## Win rate by bot and deck" in md and "from the pool ember, tide" in md


def test_bad_pools_are_clean_errors(virevolt):
    with pytest.raises(TabletopError, match="did you mean .tide."):
        prepare(virevolt, ["greedy", "random"], deck_pool=["ember", "tdie"])
    with pytest.raises(TabletopError, match="comma-separated"):
        prepare(virevolt, ["greedy", "random"], deck_pool=["ember", ""])
    with pytest.raises(TabletopError, match="not both"):
        prepare(virevolt, ["greedy", "random"], options={"decks": ["ember", "tide"]}, deck_pool=["grove"])


def test_cli_deck_pool(tmp_path):
    out = tmp_path / "rep"
    result = runner.invoke(app, ["simulate", "virevolt", "-n", "8", "--bots", "greedy,random", "--workers", "1",
                                 "--deck-pool", "ember,tide", "--out", str(out)])
    assert result.exit_code == 0, result.output
    md = (out / "report.md").read_text()
    assert "| greedy | Tide Control | 4 |" in md
    result = runner.invoke(app, ["simulate", "virevolt", "-n", "2", "--deck", "ember", "--deck-pool", "tide"])
    assert result.exit_code == 1 and "not both" in result.output and "Traceback" not in result.output
