"""A pack's card class may keep its hottest fields in slots; every field stays an attribute."""
from tabletop.framework.cards import CardDef
from tabletop.framework.packs import registry


class Slotted(CardDef):
    __slots__ = ("name", "cost")


def test_slotted_and_other_fields_read_alike():
    c = Slotted(name="Stab", cost=1, house="red")
    assert (c.name, c.cost, c.house) == ("Stab", 1, "red")
    assert c.get("cost") == 1 and c.get("house") == "red" and c.get("missing", 5) == 5
    assert "cost" not in c.__dict__ and c.__dict__["house"] == "red"


def test_fields_give_a_copy_with_some_fields_changed():
    c = Slotted(name="Stab", cost=1, house="red")
    dearer = type(c)(**{**c.fields(), "cost": 2})
    assert (dearer.name, dearer.cost, dearer.house) == ("Stab", 2, "red") and c.cost == 1


def test_an_unset_slot_reads_as_missing():
    c = Slotted(name="Stab")
    assert c.get("cost", "none") == "none" and "cost" not in c.fields()


def test_both_packs_read_their_cards_hot_fields_from_slots():
    for pack, fields in (("volfyirion", ("name", "cost", "kind", "play_act")), ("virevolt", ("name", "kind", "cost"))):
        card = next(iter(registry().get(pack).rules().cards.by_name.values()))
        assert set(fields) <= set(type(card).__slots__) and not set(fields) & set(card.__dict__)
