"""Games: replay, undo that never takes back a reveal, and saved files that detect damage."""
import json

import pytest

from tabletop.framework.effects import IllegalAction
from tabletop.framework.game import Game, SaveError, checksum
from tests.framework.toy import Tally

RULES = Tally()


def rules_for(name):
    assert name == "tally"
    return RULES


def _play_some(game, n=12):
    for _ in range(n):
        if game.state.over:
            break
        game.apply(game.legal_actions()[0])


def test_same_seed_and_actions_give_the_same_game():
    a, b = Game(RULES, {}, seed=9), Game(RULES, {}, seed=9)
    _play_some(a)
    for act in a.log:
        b.apply(act)
    assert checksum(a.state) == checksum(b.state)


def test_undo_takes_back_an_action_that_revealed_nothing():
    g = Game(RULES, {}, seed=9)
    before = checksum(g.state)
    g.apply(next(a for a in g.legal_actions() if a[0] == "play"))
    assert g.can_undo()
    g.undo()
    assert checksum(g.state) == before and g.log == []


def test_undo_never_takes_back_a_draw():
    g = Game(RULES, {}, seed=9)
    g.apply(("end turn",))  # the next player's draw happens inside this action
    assert not g.can_undo()
    with pytest.raises(IllegalAction):
        g.undo()


def test_illegal_action_is_refused_with_the_legal_ones():
    g = Game(RULES, {}, seed=9)
    with pytest.raises(IllegalAction, match="legal actions: "):
        g.apply(("play", "Nonexistent"))


def test_save_and_load_reproduce_the_state(tmp_path):
    g = Game(RULES, {}, seed=21)
    _play_some(g)
    path = tmp_path / "g.json"
    g.save(path)
    back = Game.load(path, rules_for)
    assert checksum(back.state) == checksum(g.state) and back.log == g.log


def test_edited_save_is_refused(tmp_path):
    g = Game(RULES, {}, seed=21)
    _play_some(g)
    path = tmp_path / "g.json"
    g.save(path)
    data = json.loads(path.read_text())
    data["seed"] = 22
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="cannot be replayed|checksum mismatch"):
        Game.load(path, rules_for)


def test_truncated_save_is_refused_with_a_located_message(tmp_path):
    g = Game(RULES, {}, seed=21)
    _play_some(g)
    path = tmp_path / "g.json"
    g.save(path)
    path.write_text(path.read_text()[:40])
    with pytest.raises(SaveError, match="not valid JSON"):
        Game.load(path, rules_for)


def test_save_never_leaves_a_half_written_file(tmp_path, monkeypatch):
    g = Game(RULES, {}, seed=21)
    path = tmp_path / "g.json"
    path.write_text("precious")
    import tabletop.framework.game as game_module

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(game_module.os, "replace", boom)
    with pytest.raises(OSError):
        g.save(path)
    assert path.read_text() == "precious"
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
