"""Batches: reproducible whatever runs them, seats alternating, caps, clean errors."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

import tabletop

from tabletop.cli.main import app
from tabletop.framework.errors import TabletopError
from tabletop.batches.games import game_seed, prepare, run_chunk, seat_bots
from tabletop.batches.runner import simulate
from tests.simulation.tallypack import pack as tally

runner = CliRunner()


def test_same_seed_same_records_for_any_number_of_workers():
    config = prepare(tally, ["greedy", "mcts:20"], seed=7)
    one = simulate(config, 24, workers=1).records
    two = simulate(config, 24, workers=2, chunk_size=5).records
    three = simulate(config, 24, workers=3, chunk_size=2).records
    assert one == two == three
    assert [r["index"] for r in one] == list(range(24))


def test_a_game_depends_only_on_the_batch_seed_and_its_index():
    config = prepare(tally, ["greedy", "random"], seed=9)
    batch = simulate(config, 12).records
    assert run_chunk(config, 5, 8) == batch[5:8]
    assert [r["seed"] for r in batch] == [game_seed(9, i) for i in range(12)]
    other = simulate(prepare(tally, ["greedy", "random"], seed=10), 12).records
    assert [r["seed"] for r in other] != [r["seed"] for r in batch]


def test_bot_a_sits_in_seat_i_mod_2():
    config = prepare(tally, ["greedy", "random"], seed=1)
    for r in simulate(config, 6).records:
        assert r["seats"][r["index"] % 2] == "greedy"
        assert r["seats"][1 - r["index"] % 2] == "random"
    assert seat_bots(0, 2, 2) == [0, 1] and seat_bots(1, 2, 2) == [1, 0] and seat_bots(5, 1, 2) == [0, 0]


def test_identical_bots_get_distinct_labels():
    config = prepare(tally, ["greedy", "greedy"])
    assert config.labels == ("greedy (A)", "greedy (B)")


def test_records_are_complete_and_json_ready():
    import json

    config = prepare(tally, ["greedy", "random"], seed=2)
    r = simulate(config, 3).records[0]
    assert set(r) == {"index", "seed", "seats", "winner", "first", "turns", "capped", "actions", "events", "lead"}
    assert json.loads(json.dumps(r)) == r
    assert r["events"] and all(kind == "played" for _, _, kind, _ in r["events"])
    assert len(r["lead"]) >= 1 and all(len(x) == 2 for x in r["lead"])


@pytest.mark.parametrize("cap", [1, 2, 5])
def test_max_turns_plays_exactly_that_many_turns_as_game_play_does(cap):
    """``--max-turns N`` plays N whole turns (not N - 1) and reports ``turns: N``, the same game
    ``Game.play(max_turns=N)`` plays from the same seed."""
    game = tabletop.load("volfyirion")
    rec = game.simulate(["random", "random"], n=1, workers=1, max_turns=cap, seed=3).records[0]
    played = game.play(["random", "random"], seed=game_seed(3, 0), max_turns=cap)
    assert rec["capped"] and rec["turns"] == cap
    assert rec["actions"] == len(played.actions)


def test_a_finished_games_turns_is_the_turn_it_ended_in():
    game = tabletop.load("volfyirion")
    rec = game.simulate(["greedy", "greedy"], n=1, workers=1, seed=3).records[0]
    played = game.play(["greedy", "greedy"], seed=game_seed(3, 0))
    assert not rec["capped"] and rec["actions"] == len(played.actions)
    assert rec["turns"] == played.state.turn


def test_max_turns_caps_games():
    config = prepare(tally, ["random", "random"], seed=4, options={"target": 60}, max_turns=3)
    recs = simulate(config, 10).records
    assert all(r["capped"] and r["winner"] is None and r["turns"] == 3 for r in recs)


def test_bad_parameters_are_clean_errors():
    with pytest.raises(TabletopError, match="did you mean 'greedy'"):
        prepare(tally, ["greedy", "gready"])
    with pytest.raises(TabletopError, match="give 1 or 2 bots"):
        prepare(tally, ["greedy", "random", "random"])
    config = prepare(tally, ["greedy"])
    with pytest.raises(TabletopError, match="at least 1"):
        simulate(config, 4, workers=0)
    with pytest.raises(TabletopError, match="unknown backend"):
        simulate(config, 4, backend="spark")


def test_cli_simulate_writes_a_report(tmp_path):
    out = tmp_path / "rep"
    result = runner.invoke(app, ["simulate", "--pack-module", "tests.simulation.tallypack:pack", "-n", "30", "--bots", "greedy,random",
                                 "--workers", "2", "--seed", "5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "greedy" in result.output
    for name in ("report.md", "report.json", "records.jsonl", "win_rates.png", "game_length.png"):
        assert (out / name).exists(), name


@pytest.mark.parametrize("args, code, text", [
    (["--bots", "greedy,gredy"], 1, "did you mean 'greedy'"),
    (["--workers", "0"], 2, "at least 1"),
    (["--workers", "many"], 2, "'auto'"),
    (["--backend", "spark"], 2, "local or dask"),
    (["--max-turns", "0"], 1, "at least 1"),
])
def test_cli_bad_options_exit_cleanly(args, code, text):
    result = runner.invoke(app, ["simulate", "--pack-module", "tests.simulation.tallypack:pack", "-n", "2", *args])
    assert result.exit_code == code, result.output
    assert text in result.output
    assert "Traceback" not in result.output


def test_cli_unknown_pack_variant_and_deck_are_clean_errors():
    result = runner.invoke(app, ["simulate", "volfyirionn", "-n", "2"])
    assert result.exit_code == 1 and "did you mean 'volfyirion'" in result.output
    result = runner.invoke(app, ["simulate", "volfyirion", "-n", "2", "--variant", "nonsense"])
    assert result.exit_code == 1 and "nonsense" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["simulate", "volfyirion", "-n", "2", "--deck", "nodeck.yaml"])
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_a_small_volfyirion_run():
    from tabletop.framework.packs import registry

    pack = registry().get("volfyirion")
    config = prepare(pack, ["greedy", "random"], seed=1, max_turns=120)
    one = simulate(config, 8, workers=1).records
    two = simulate(config, 8, workers=2, chunk_size=3).records
    assert one == two
    assert all(not r["capped"] for r in one)
    assert sum(r["winner"] == r["seats"].index("greedy") for r in one) >= 7


def test_mcts_plays_volfyirion():
    from tabletop.framework.packs import registry

    pack = registry().get("volfyirion")
    config = prepare(pack, ["mcts:8", "random"], seed=2, max_turns=60)
    recs = simulate(config, 2).records
    assert all(r["actions"] > 0 for r in recs)
