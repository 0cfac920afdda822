"""JSON Schema errors in plain words: which field, what is wrong, what would be right, an example.

jsonschema's own messages speak of instances and subschemas (``{'cost': 1} should not be valid
under {'anyOf': [...]}``) and echo whole values. :func:`problems` turns each error into the
path to locate it at and a sentence a card writer reads at once::

    cost: expected a whole number, not the text 'three'; e.g. cost: 3
    a command card needs the field 'house', one of 'turquoise', 'red', …; e.g. house: red

Examples come from the schema: a property's ``examples``, an ``e.g. '…'`` in its
``description``, its first ``enum`` value, or its ``minimum``.
"""
from __future__ import annotations

import functools
import re
from typing import Any

from tabletop.framework.language import N_, gettext as _
from tabletop.framework.suggest import did_you_mean
from tabletop.framework.wording import clip, kind_of, one_of, shown

_TYPES = {"integer": "a whole number", "number": "a number", "string": "a text", "array": "a list",
          "object": "a mapping", "boolean": "true or false", "null": "nothing (null)"}
_EG = re.compile(r"e\.g\.\s*'([^']+)'")


_VALIDATORS: dict[int, tuple[dict, Any]] = {}


def validator(schema: dict):
    """A JSON Schema (2020-12) validator for user files, where a whole number is an ``int``:
    JSON Schema also counts ``3.0`` as an integer, which would reach the game as a float.

    Made once per schema object (schemas are constants): building a validator class compiles
    code, a millisecond that every game's setup paid when its options were checked."""
    got = _VALIDATORS.get(id(schema))
    if got is not None and got[0] is schema:
        return got[1]
    if len(_VALIDATORS) > 256:
        _VALIDATORS.clear()
    made = _validator_class()(schema)
    _VALIDATORS[id(schema)] = (schema, made)
    return made


@functools.cache
def _validator_class():
    import jsonschema

    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", lambda _, v: isinstance(v, int) and not isinstance(v, bool))
    return jsonschema.validators.extend(base, type_checker=checker)


def problems(validator, instance: Any, root: str = "card", noun: str = "field") -> list[tuple[tuple, str]]:
    """Every schema error of ``instance`` as (path to locate, message), in document order;
    ``root`` names the whole instance ("card"), ``noun`` its keys ("field", "option")."""
    out: list[tuple[tuple, str]] = []
    errors = sorted(validator.iter_errors(instance), key=lambda e: list(map(str, e.absolute_path)))
    # a value of the wrong kind, or empty, is the whole story there: what else its rules say follows from it
    decisive = {tuple(e.absolute_path) for e in errors if e.validator == "type" or
                e.validator == "minLength" and not e.instance}
    for err in errors:
        if tuple(err.absolute_path) in decisive and err.validator not in ("type", "minLength"):
            continue
        found = explain(err, validator.schema, root, noun)
        if found not in out:  # jsonschema reports each missing field of one rule apart
            out.append(found)
    return out


#: The words schema messages name things by (the root of a file, its keys).
WORDS = (N_("card"), N_("field"), N_("option"), N_("deck"), N_("scenario"))


def explain(err, schema: dict, root: str = "card", noun: str = "field") -> tuple[tuple, str]:
    """One error as (path, message)."""
    path = tuple(err.absolute_path)
    field = _field(path)
    head = (field if noun == "field" else f"{noun} {field!r}") if field else root
    v = err.validator
    inst = err.instance
    if v == "additionalProperties" and isinstance(inst, dict):
        allowed = list(err.schema.get("properties", {}))
        extra = [k for k in inst if k not in allowed]
        words = "; ".join(_("unknown {noun} {key}{hint}").format(noun=_(noun), key=shown(k, 40),
                                                                hint=did_you_mean(str(k), allowed)) for k in extra)
        where = f"{head}: " if field else ""
        return path + tuple(extra[:1]), _("{where}{words} ({noun}s here: {allowed})").format(
            where=where, words=words, noun=_(noun), allowed=one_of(allowed, 'and'))
    if v == "required" and isinstance(inst, dict):
        missing = [r for r in err.validator_value if r not in inst]
        props = _properties(schema, path)
        parts = []
        for m in missing:
            sub = _resolve(schema, props.get(m, {}))
            choices = f", {_choices(sub)}" if "enum" in sub else ""
            eg = _example(sub, m)
            parts.append(_("the {noun} {key!r}{choices}").format(noun=_(noun), key=m, choices=choices)
                         + (_("; e.g. {example}").format(example=eg) if eg else ""))
        who = _who(err, schema, inst, root, field)
        return path, _("{who} needs {what}").format(who=who, what=_("; and ").join(parts))
    if v == "not" and isinstance(inst, dict):
        banned = [k for k in _required_within(err.validator_value) if k in inst]
        who = _who(err, schema, inst, root, field)
        if banned:
            return path + (banned[0],), f"{who} has no {one_of(banned, 'or')} {noun}: remove it"
        return path, f"{who} does not allow this combination of {noun}s"
    if v in ("enum", "const"):
        choices = err.validator_value if v == "enum" else [err.validator_value]
        if inst is None or isinstance(inst, (bool, dict, list)):  # nothing written, or not a word at all
            return path, f"{head}: expected {_choices({'enum': choices})}, not {kind_of(inst)}"
        return path, _("{field}: {value} is not {choices}{hint}").format(
            field=head, value=shown(inst), choices=_choices({'enum': choices}),
            hint=did_you_mean(str(inst), [str(c) for c in choices]))
    eg = _example(err.schema, path[-1] if path else root)
    tail = f"; e.g. {eg}" if eg else ""
    if v == "type":
        types = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        want = one_of([_TYPES.get(t, t) for t in types], "or", quote=False)
        return path, f"{head}: expected {want}, not {kind_of(inst)}{tail}"
    if v in ("minimum", "exclusiveMinimum"):
        return path, f"{head}: {shown(inst)} is too small: the least is {err.validator_value}{tail}"
    if v in ("maximum", "exclusiveMaximum"):
        return path, f"{head}: {shown(inst)} is too large: the most is {err.validator_value}{tail}"
    if v == "minLength":
        return path, f"{head}: the text is empty{tail}" if not inst else \
            f"{head}: the text is too short (at least {err.validator_value} characters){tail}"
    if v == "maxLength":
        return path, f"{head}: the text is too long (at most {err.validator_value} characters)"
    if v == "minItems":
        return path, f"{head}: the list needs at least {err.validator_value} item(s){tail}"
    if v == "maxItems":
        return path, f"{head}: the list holds at most {err.validator_value} item(s)"
    if v == "pattern":
        rule = err.schema.get("description")
        how = f" ({rule})" if rule else ""
        return path, f"{head}: {shown(inst)} is not written as this field must be{how}{tail}"
    if v in ("oneOf", "anyOf"):
        kinds = []
        for sub in err.validator_value:
            t = sub.get("type") if isinstance(sub, dict) else None
            for one in (t if isinstance(t, list) else [t]):
                if one in _TYPES and _TYPES[one] not in kinds:
                    kinds.append(_TYPES[one] + (" of texts" if one == "array" and
                                                sub.get("items", {}).get("type") == "string" else ""))
        want = one_of(kinds, "or", quote=False) if kinds else "one of the accepted forms"
        return path, f"{head}: expected {want}, not {kind_of(inst)}{tail}"
    return path, f"{head}: {clip(err.message)}"


def _field(path: tuple) -> str:
    return ".".join(str(p) for p in path)


def _who(err, schema: dict, inst: dict, root: str, field: str) -> str:
    """'a command card' when the rule comes from an if/then on the card's type, else 'this card'."""
    sp = list(err.schema_path)
    if "then" in sp:
        cond = _at(schema, sp[: sp.index("then")]).get("if", {})
        for key, sub in cond.get("properties", {}).items():
            if key in inst and ("const" in sub or "enum" in sub):
                return (_("a {kind} {root}").format(root=_(root), kind=inst[key]) if key == "type" else
                        _("a {root} whose {key} is {value}").format(root=_(root), key=key, value=inst[key]))
    return field if field else _("this {root}").format(root=_(root))


def _at(schema: dict, path: list) -> dict:
    cur: Any = schema
    for p in path:
        cur = cur[p] if isinstance(cur, (dict, list)) else {}
    return cur if isinstance(cur, dict) else {}


def _properties(schema: dict, path: tuple) -> dict:
    """The ``properties`` of the object schema at an instance path (following items and $refs)."""
    cur = _resolve(schema, schema)
    for p in path:
        if isinstance(p, int):
            cur = _resolve(schema, cur.get("items", {}))
        else:
            cur = _resolve(schema, cur.get("properties", {}).get(p, {}))
    return cur.get("properties", {})


def _resolve(schema: dict, sub: dict) -> dict:
    ref = sub.get("$ref") if isinstance(sub, dict) else None
    if isinstance(ref, str) and ref.startswith("#/"):
        return _at(schema, ref[2:].split("/"))
    return sub if isinstance(sub, dict) else {}


def _required_within(sub: Any) -> list[str]:
    if isinstance(sub, dict):
        out = list(sub.get("required", []))
        for key in ("anyOf", "oneOf", "allOf"):
            for s in sub.get(key, []):
                out += _required_within(s)
        return out
    return []


def _choices(sub: dict) -> str:
    return _("one of {choices}").format(choices=one_of(sub.get("enum", [])))


def _example(sub: dict, name: Any) -> str | None:
    """``name: value`` as a YAML line, from the schema's examples, description, enum or bounds."""
    value: Any = None
    if sub.get("examples"):
        value = sub["examples"][0]
    elif _EG.search(sub.get("description", "")):
        value = _EG.search(sub["description"]).group(1)
    elif sub.get("enum"):
        value = sub["enum"][0]
    elif "const" in sub:
        value = sub["const"]
    elif sub.get("type") == "integer":
        value = max(1, sub.get("minimum", 1)) if sub.get("maximum", 1) >= 1 else sub.get("minimum", 0)
    elif sub.get("type") == "boolean":
        value = True
    if value is None:
        return None
    text = ("true" if value else "false") if isinstance(value, bool) else str(value)
    if isinstance(value, str) and (": " in text or text[:1] in "*&!%@`|>'\"[{#" or text.strip() != text):
        text = '"' + text.replace('"', '\\"') + '"'
    return f"{name}: {text}" if isinstance(name, str) else f"- {text}"
