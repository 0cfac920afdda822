"""Schema validators are made once per schema, and never served for another schema."""
from __future__ import annotations

from tabletop.framework.schemaerrors import problems, validator


def test_one_schema_keeps_its_validator():
    schema = {"type": "object", "properties": {"cost": {"type": "integer"}}}
    assert validator(schema) is validator(schema)


def test_a_new_schema_gets_its_own_validator_even_where_an_old_one_lived():
    def check(kind: str, value) -> list:
        schema = {"type": "object", "properties": {"cost": {"type": kind}}}
        return problems(validator(schema), {"cost": value})

    for _ in range(50):  # freed schemas' addresses are reused by the next ones
        assert check("integer", 3) == []
        assert check("string", "three") == []
        assert check("string", 3) != []


def test_a_whole_number_is_an_int_not_a_float():
    schema = {"type": "object", "properties": {"cost": {"type": "integer"}}}
    assert problems(validator(schema), {"cost": 3}) == []
    assert problems(validator(schema), {"cost": 3.0}) != []


def test_a_card_that_is_not_a_mapping_gets_that_one_message():
    schema = {"type": "object", "required": ["name"], "not": {"required": ["house"]}}
    assert problems(validator(schema), "just a string") == [((), "card: expected a mapping, not the text 'just a string'")]


def test_an_empty_name_is_said_once():
    schema = {"type": "object", "properties": {"name": {"type": "string", "minLength": 1, "pattern": "^[a-z]+$"}}}
    assert problems(validator(schema), {"name": ""}) == [(("name",), "name: the text is empty")]
