"""Virevolt's fitted position value (packs/virevolt/value.py) and its refitting tool."""
from __future__ import annotations

import math

import pytest

from tabletop.framework.errors import TabletopError
from tabletop.framework.rng import Random
from tabletop.packs.virevolt import ai, value, value_fit
from tabletop.packs.virevolt.keys import BOX, KEYS
from tests.virevolt.test_ai import midgame


def test_the_shipped_model_has_one_weight_per_feature_and_its_held_out_figures(rules):
    m = value.Model.load()
    assert len(m.weights) == len(value.FEATURES) == len(value.features(midgame(rules), 0))
    assert 0.5 < m.meta["held_out_accuracy"] <= 1.0
    assert 0.0 < m.meta["held_out_log_loss"] < math.log(2)   # better than a coin


def test_a_weight_file_missing_a_feature_names_it_and_how_to_refit(tmp_path):
    text = value.WEIGHTS_FILE.read_text(encoding="utf-8").replace("  me.hand:", "  me.hand_typo:")
    bad = tmp_path / "value.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=r"no weight for me\.hand; refit with python -m tabletop\.packs\.virevolt\.value_fit"):
        value.Model.load(bad)


def test_the_two_players_values_add_up_to_one(rules):
    s = midgame(rules, seed=8, steps=20)
    assert abs(value.win_probability(s, 0) + value.win_probability(s, 1) - 1.0) < 1e-12


def test_a_token_won_raises_the_winner_value_and_lowers_the_loser(rules):
    s = midgame(rules, seed=5)
    me = s.to_move()
    before = value.win_probability(s, me)
    mine, theirs = s.clone(), s.clone()
    mine.counters[KEYS[me].tokens] += 1
    theirs.counters[KEYS[1 - me].tokens] += 1
    assert value.win_probability(mine, me) > before > value.win_probability(theirs, me)


def test_palette_counts_the_players_zones_not_the_cards_a_determinization_boxed(rules):
    s = rules.setup({"decks": "ember,tide"}, 4)
    assert value.palette(s, 0)[0] > 0.9 and value.palette(s, 1)[1] > 0.9
    d = ai.determinize(rules, s, 0, Random(1))
    assert d.zones[BOX]                      # the opponent's true hidden cards went there
    assert value.palette(d, 0) == value.palette(s, 0)


def test_fit_recovers_the_weights_of_a_known_logistic_model():
    rng = Random(7)
    true_bias, true_w = -0.5, [1.5, -2.0, 0.0]
    rows, labels = [], []
    for _ in range(20000):
        x = [rng.random() * 2 - 1 for _ in true_w]
        p = 1 / (1 + math.exp(-(true_bias + sum(a * b for a, b in zip(x, true_w)))))
        rows.append(x)
        labels.append(1.0 if rng.random() < p else 0.0)
    bias, w = value_fit.fit(rows, labels)
    assert bias == pytest.approx(true_bias, abs=0.1)
    assert w == pytest.approx(true_w, abs=0.15)


def test_refitting_writes_a_model_the_bots_can_load(tmp_path, capsys):
    out = tmp_path / "value.yaml"
    assert value_fit.main(["--games", "10", "--seed", "3", "--out", str(out)]) == 0
    m = value.Model.load(out)
    assert m.meta["fitted_by"] == "python -m tabletop.packs.virevolt.value_fit --games 10 --seed 3"
    assert f"{out}: " in capsys.readouterr().out
    first = out.read_text(encoding="utf-8")
    value_fit.main(["--games", "10", "--seed", "3", "--out", str(out)])
    assert out.read_text(encoding="utf-8") == first        # same arguments, same file


def test_refitting_on_too_few_games_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        value_fit.main(["--games", "2", "--out", str(tmp_path / "v.yaml")])
    assert e.value.code == 2
    assert "--games must be at least 5" in capsys.readouterr().err
    assert not (tmp_path / "v.yaml").exists()


@pytest.mark.parametrize("text", ["weights: [1, 2\n", "- just a list\n", "bias: 0.1\n"])
def test_an_unusable_weight_file_is_an_input_error_that_says_how_to_refit(tmp_path, text):
    bad = tmp_path / "value.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(TabletopError, match=r"value\.yaml(:\d+){0,2}: .*refit with python -m tabletop\.packs\.virevolt\.value_fit"):
        value.Model.load(bad)


def test_refitting_into_a_missing_folder_is_a_clean_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        value_fit.main(["--games", "5", "--out", str(tmp_path / "no" / "value.yaml")])
    assert e.value.code == 1
    assert "cannot write" in capsys.readouterr().err
