"""Whole games: bots, determinism, cloning, saving, views (smoke tests)."""
from __future__ import annotations

import json

import pytest

from tabletop.framework.actions import format_action
from tabletop.bots.interface import RandomBot, play_out
from tabletop.framework.game import Game, checksum
from tabletop.framework.state import State
from tabletop.packs.virevolt.bots import GreedyBot
from tabletop.packs.virevolt.deckcheck import preconstructed

DECKS = sorted(preconstructed())


def pairing(seed):
    return [DECKS[seed % 4], DECKS[(seed + 1 + seed // 4) % 4]]


def total_cards(state):
    return sum(len(v) for v in state.zones.values())


def test_twenty_random_games_finish(rules):
    for seed in range(20):
        s = rules.setup({"decks": pairing(seed)}, seed)
        n0 = total_cards(s)
        play_out(rules, s, {0: RandomBot(None, seed), 1: RandomBot(None, seed + 99)}, max_steps=50_000)
        assert s.over and s.winner in (0, 1)
        assert total_cards(s) == n0          # cards are neither created nor lost


def test_twenty_greedy_vs_random_games_finish(rules):
    wins = 0
    for seed in range(20):
        g = seed % 2
        s = rules.setup({"decks": pairing(seed), "first": "p1" if seed % 4 < 2 else "p2"}, seed)
        play_out(rules, s, {g: GreedyBot(rules, seed), 1 - g: RandomBot(None, seed + 5)}, max_steps=50_000)
        assert s.over
        wins += s.winner == g
    assert wins >= 18


@pytest.mark.parametrize("n", [3, 4])
def test_multiplayer_random_games_finish(rules, n):
    for seed in range(5):
        s = rules.setup({}, seed, n)
        play_out(rules, s, {i: RandomBot(None, seed * 10 + i) for i in range(n)}, max_steps=50_000)
        assert s.over


def test_greedy_is_deterministic(rules):
    def run():
        s = rules.setup({"decks": ["ember", "grove"]}, 3)
        log = []
        play_out(rules, s, {0: GreedyBot(rules, 1), 1: GreedyBot(rules, 2)}, max_steps=5000,
                 on_step=lambda st, a: log.append(format_action(a)))
        return log
    assert run() == run()


def test_save_replay_and_json_round_trip(rules):
    g = Game(rules, {"decks": ["tide", "prism"]}, seed=8)
    bots = {0: RandomBot(None, 1), 1: RandomBot(None, 2)}
    for _ in range(150):
        if g.state.over:
            break
        a = bots[g.state.to_move()].choose(rules, g.state)
        g.apply(a)
        data = g.state.to_json()
        back = State.from_json(json.loads(json.dumps(data)), rules.cards.by_name | {c.name: c for c in g.state.cards})
        assert back.to_json() == data
        c = g.state.clone()
        assert c.to_json() == data
    saved = g.to_save()
    again = Game.from_save(json.loads(json.dumps(saved)), lambda name: rules)
    assert checksum(again.state) == checksum(g.state)


def test_every_legal_action_parses_back(rules):
    for seed in range(5):
        s = rules.setup({"decks": pairing(seed)}, seed)
        bot = RandomBot(None, seed)
        for _ in range(300):
            if s.over:
                break
            for a in rules.legal_actions(s):
                assert rules.parse(format_action(a)) == a, a
            rules.apply(s, bot.choose(rules, s))


def test_views_hide_hands_traps_and_deck_order(rules):
    s = rules.setup({"decks": ["ember", "tide"]}, 4)
    bot = RandomBot(None, 4)
    for _ in range(200):
        if s.over:
            break
        for p in range(2):
            v = rules.view(s, p)
            json.dumps(v)
            other = v["players"][f"p{2 - p}"]
            assert "hand" not in other and "traps" not in other and "deck" not in other
            assert "deck" not in v["players"][f"p{p + 1}"]
        rules.apply(s, bot.choose(rules, s))


def test_board_renders(rules):
    from tabletop.packs.virevolt.board import render

    s = rules.setup({}, 1)
    text = render(rules.view(s, 0))
    assert "Virevolt" in text and "p1" in text


def test_plugin_hooks():
    from tabletop.framework.packs import registry

    pack = registry().get("virevolt")
    assert pack.info.version == "0.1.0"
    assert set(pack.bots()) >= {"random", "greedy"}
    assert pack.deck_rules().check(preconstructed()["ember"]).verdict == "legal"
    assert callable(pack.board())


def test_a_preconstructed_deck_is_read_once_for_a_batch_of_games(monkeypatch):
    from tabletop.framework.packs import rules_for
    from tabletop.packs.virevolt import deckcheck

    rules = rules_for("virevolt")
    rules.setup({"decks": ["grove", "prism"]}, 0)
    reads = []
    monkeypatch.setattr(deckcheck, "check_deck", lambda *a, **k: reads.append(a))
    first = rules.setup({"decks": ["grove", "prism"]}, 1)
    again = rules.setup({"decks": ["grove", "prism"]}, 1)
    assert reads == [] and first.zones == again.zones


def test_a_deck_file_edited_between_games_is_read_again(tmp_path):
    from tabletop.framework.packs import rules_for
    from tabletop.packs.virevolt import deckcheck

    rules = rules_for("virevolt")
    path = tmp_path / "mine.yaml"

    def first_seat_cards() -> list[str]:
        state = rules.setup({"decks": [str(path), "tide"]}, 3)
        return sorted(state.cards[i].name for k, ids in state.zones.items() if k.startswith("p1.") for i in ids)

    ember, tide = (deckcheck.preconstructed()[n].read_text(encoding="utf-8") for n in ("ember", "tide"))
    path.write_text(ember, encoding="utf-8")
    as_ember = first_seat_cards()
    path.write_text(tide + "\n# edited\n", encoding="utf-8")
    assert first_seat_cards() != as_ember


def test_more_decks_than_seats_are_refused_by_the_setup_itself(rules):
    """A third deck for two seats is never dropped without a word, however the game is set up
    (the API, a scenario's options, a simulation's worker all reach the pack's setup)."""
    with pytest.raises(ValueError, match="3 decks for 2 players"):
        rules.setup({"decks": ["ember", "tide", "grove"]}, 0)


def test_fewer_decks_than_seats_go_round_the_seats(rules):
    def seat(state, p):
        return sorted(state.cards[i].name for k, ids in state.zones.items() if k.startswith(f"p{p}.") for i in ids)

    three = rules.setup({"decks": ["ember", "tide"]}, 0, 3)
    alone = rules.setup({"decks": ["ember", "tide"]}, 0)
    assert seat(three, 1) == seat(three, 3) == seat(alone, 1) != seat(three, 2) == seat(alone, 2)
