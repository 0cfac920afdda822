"""Whole games with every variant and the extended mode (VOL-VAR-01): 20 seeded random games and
20 greedy-vs-random games with `variants: [all], mode: extended`, each to the end."""
from __future__ import annotations

from tabletop.bots.interface import RandomBot, play_out
from tabletop.framework.packs import registry

OPTS = {"variants": ["all"], "mode": "extended"}


def test_random_games_with_every_variant_finish(rules):
    """Nearly all end: a random player may thin its deck (the printed set has many Remove a Card
    effects) until neither side can ever attack, a dead position the rules allow."""
    ended = 0
    for seed in range(20):
        s = rules.setup(OPTS, seed)
        n = sum(len(z) for _, z in s.places())
        play_out(rules, s, {0: RandomBot(rules, seed), 1: RandomBot(rules, seed + 100)}, max_steps=20000)
        ended += s.over and s.winner in (0, 1)
        assert sum(len(z) for _, z in s.places()) == n == len(s.cards)
        assert all(v >= 0 for v in s.counters.values())
    assert ended >= 18


def test_greedy_plays_every_variant_and_beats_random(rules):
    bots = registry().get("volfyirion").bots()
    wins = 0
    used = set()
    for seed in range(20):
        s = rules.setup(OPTS, 700 + seed)
        seat = seed % 2
        greedy = bots["greedy"](rules, seed)
        rnd = bots["random"](rules, seed)
        steps = 0
        while not s.over and steps < 20000:
            bot = greedy if s.to_move() == seat else rnd
            a = bot.choose(rules, s)
            if bot is greedy:
                used.add(a[0])
            rules.apply(s, a)
            steps += 1
        assert s.over
        wins += s.winner == seat
    assert wins >= 16
    assert {"acquire top", "acquire wonder top", "collide", "take", "rebuild"} & used


def test_greedy_rebuilds_and_takes_ascension_paths(rules):
    greedy = registry().get("volfyirion").bots()["greedy"](rules, 0)
    s = rules.setup(OPTS, 1)
    rules.apply_setup(s, {"active": "p1", "p1": {"hand": [], "perk": None, "ploy": None, "points": {"command": 8},
                                                 "cities": [{"destroyed": True}, {}, {}]},
                          "p2": {"perk": None, "ploy": None}})
    assert greedy.choose(rules, s) == ("rebuild", "city1")
    s = rules.setup(OPTS, 1)
    rules.apply_setup(s, {"active": "p1", "p1": {"hand": [], "perk": None, "ploy": None, "points": {"knowledge": 5}},
                          "p2": {"perk": None, "ploy": None, "play": ["Ascension Path"]}})
    assert greedy.choose(rules, s) == ("take", "p2", "Ascension Path")
