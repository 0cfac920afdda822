"""A player's view hides other hands and every deck's order."""
import json

from tests.framework.toy import Tally


def test_view_hides_the_opponents_hand_and_all_deck_orders():
    rules = Tally()
    s = rules.setup({}, seed=8)
    v = rules.view(s, 0)
    assert isinstance(v["players"]["p2"]["hand"], int)
    assert isinstance(v["players"]["p1"]["deck"], int) and isinstance(v["players"]["p2"]["deck"], int)
    assert sorted(v["players"]["p1"]["hand"]) == sorted(s.cards[i].name for i in s.zones["p1.hand"])
    json.dumps(v)
