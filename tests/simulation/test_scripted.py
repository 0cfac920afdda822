"""Scripted bots as data: loading, checking (file:line), and playing by the first rule that applies."""
from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.framework.cards import CardDef
from tabletop.framework.errors import TabletopError
from tabletop.bots.scripted import ScriptError, ScriptedBot, load_script
from tabletop.batches.games import make_bot, prepare
from tabletop.batches.runner import simulate
from tests.framework.toy import CARDS
from tests.simulation.tallypack import SimTally, pack as tally

HERE = Path(__file__).parent


def write(tmp_path, text: str) -> Path:
    f = tmp_path / "bot.yaml"
    f.write_text(text, encoding="utf-8")
    return f


def test_the_example_loads_and_checks_its_verbs():
    script = load_script(HERE / "bots" / "tally_high.yaml", tally.rules())
    assert script.name == "high-first" and script.game == "tally"
    assert [r.do for r in script.rules][:3] == ["yes", "choose me", "play 5"]
    assert script.rules[4].prefer == "last" and script.rules[4].conditions[0].text == "players.me.tally >= 3"


def test_schema_errors_name_the_file_and_line(tmp_path):
    f = write(tmp_path, "name: x\nrules:\n  - do: play\n    prefer: fastest\n  - dont: end turn\n")
    with pytest.raises(ScriptError) as e:
        load_script(f)
    text = str(e.value)
    assert f"{f}:4" in text and "fastest" in text
    assert f"{f}:5" in text and "needs the field 'do'; e.g. do: acquire asset" in text


def test_yaml_errors_are_located(tmp_path):
    f = write(tmp_path, "rules:\n  - do: [play\n")
    with pytest.raises(ScriptError, match=str(f)):
        load_script(f)


def test_bad_conditions_and_unknown_verbs_are_located_with_suggestions(tmp_path):
    f = write(tmp_path, "rules:\n  - do: plya 5\n  - do: play\n    if: 'tally >> 3'\n")
    with pytest.raises(ScriptError) as e:
        load_script(f, tally.rules())
    text = str(e.value)
    assert f"{f}:2" in text and "did you mean 'play'" in text
    assert f"{f}:4" in text and "PATH OP NUMBER" in text


def test_a_bot_for_another_game_is_refused(tmp_path):
    f = write(tmp_path, "game: volfyirion\nrules:\n  - do: play\n")
    with pytest.raises(ScriptError, match=f"{f}:1: this bot is written for 'volfyirion', not 'tally'"):
        load_script(f, tally.rules())


def test_first_matching_rule_with_true_conditions_decides():
    rules = tally.rules()
    bot = make_bot(tally, f"scripted:{HERE / 'bots' / 'tally_high.yaml'}", 1)
    state = rules.setup({}, 4)
    for _ in range(60):
        if state.over:
            break
        legal = rules.legal_actions(state)
        action = bot.choose(rules, state)
        assert action in legal
        if ("yes",) in legal:
            assert action == ("yes",)
        elif ("play", "5") in legal and state.pending is None and state.to_move() == state.active:
            assert action == ("play", "5")
        rules.apply(state, action)


def test_conditions_read_the_view(tmp_path):
    f = write(tmp_path, "rules:\n  - do: play\n    if: ['players.me.tally >= 100']\n  - do: end turn\n")
    rules = tally.rules()
    bot = ScriptedBot(rules, 0, load_script(f, rules))
    state = rules.setup({}, 2)
    assert bot.choose(rules, state) == ("end turn",)
    f2 = write(tmp_path, "rules:\n  - do: play\n    if: 'players.opponent.hand == 2'\n  - do: end turn\n")
    bot2 = ScriptedBot(rules, 0, load_script(f2, rules))
    assert bot2.choose(rules, state)[0] == "play"  # the opponent holds 2 cards (a list counts its items)


def test_an_unknown_path_is_a_clear_error(tmp_path):
    f = write(tmp_path, "rules:\n  - do: play\n    if: 'players.me.talyy >= 1'\n")
    rules = tally.rules()
    bot = ScriptedBot(rules, 0, load_script(f, rules))
    with pytest.raises(ScriptError, match=r"bot.yaml:3: .*'talyy'.*did you mean 'tally'"):
        bot.choose(rules, rules.setup({}, 2))


def test_prefer_cheapest_and_dearest_use_card_costs(tmp_path):
    costed = [CardDef(**{**c.__dict__, "cost": c.value}) for c in CARDS]
    rules = SimTally(costed)
    state = rules.setup({}, 8)
    plays = [a for a in rules.legal_actions(state) if a[0] == "play" and a[1] not in ("Fork", "Echo")]
    assert len(plays) >= 2, plays
    values = {a: int(a[1]) for a in plays}
    for prefer, pick in (("cheapest", min), ("dearest", max)):
        f = write(tmp_path, f"rules:\n  - do: play\n    prefer: {prefer}\n")
        bot = ScriptedBot(rules, 0, load_script(f, rules))
        choice = bot.choose(rules, state)
        if choice[1] in ("Fork", "Echo"):
            assert prefer == "cheapest"  # cost 0
        else:
            assert values[choice] == pick(values.values())


def test_scripted_bots_play_in_simulations():
    spec = f"scripted:{HERE / 'bots' / 'tally_high.yaml'}"
    config = prepare(tally, [spec, "random"], seed=3)
    assert config.labels == ("high-first", "random")
    batch = simulate(config, 40)
    wins = sum(r["winner"] == r["seats"].index("high-first") for r in batch.records)
    assert wins > 24


def test_unknown_bots_get_a_suggestion():
    with pytest.raises(TabletopError, match="unknown bot 'gredy' \\(did you mean 'greedy'\\?\\)"):
        make_bot(tally, "gredy", 0)
    with pytest.raises(TabletopError, match="no such file|cannot read"):
        make_bot(tally, "scripted:/no/such/bot.yaml", 0)


def test_volfyirion_rusher_plays_legally():
    from tabletop.framework.packs import registry

    pack = registry().get("volfyirion")
    rules = pack.rules()
    config = prepare(pack, [f"scripted:{HERE / 'bots' / 'volfyirion_rusher.yaml'}", "random"], seed=1, max_turns=80)
    batch = simulate(config, 6)
    assert all(r["actions"] > 0 for r in batch.records)
    assert sum(r["winner"] == r["seats"].index("rusher") for r in batch.records) >= 3
    assert rules.name == "volfyirion"


def test_a_condition_number_longer_than_any_count_is_refused_where_it_is_written(tmp_path):
    """int() refuses 5,000 digits with a ValueError: the file was an internal error."""
    f = write(tmp_path, "rules:\n  - do: play\n    if: 'points.command >= " + "9" * 5000 + "'\n")
    with pytest.raises(ScriptError, match=r"bot.yaml:3: .*a 5,000-digit number is too long for a condition"):
        load_script(f)


def test_a_path_index_longer_than_any_count_matches_no_item(tmp_path):
    f = write(tmp_path, "rules:\n  - do: play\n    if: 'players.me.hand." + "9" * 5000 + " >= 1'\n")
    rules = tally.rules()
    bot = ScriptedBot(rules, 0, load_script(f, rules))
    with pytest.raises(ScriptError, match=r"bot.yaml:3: .*not a mapping"):
        bot.choose(rules, rules.setup({}, 2))
