"""Hostile files for the readers' property tests: valid files mutated, known attacks, random bytes.

:func:`hostile_files` draws the bytes of a file from a valid example of its kind: random
bytes; the example with bytes flipped, inserted or cut; an attack written into one of its
lines (tags that would run code, alias bombs, deep nesting, huge numbers, long lines,
control characters, lone surrogates, right-to-left marks, duplicate keys, CRLF, 100,000 levels
of nesting, 1e309 and -0, ...); a value somewhere in its data replaced by a hostile one and the
data written back; or the example in another encoding. Each attack that names a file names
the *canary*, which must never be created.
"""
from __future__ import annotations

import json

import yaml
from hypothesis import strategies as st

LAUGHS = "\n".join(["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"] +
                   [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]) + "\n"


def yaml_attacks(canary: str) -> list[str]:
    return [
        f"!!python/object/apply:os.system ['touch {canary}']",
        f"!!python/object/apply:subprocess.call [[touch, {canary}]]",
        f"!!python/object/new:os.system ['touch {canary}']",
        "!!python/name:os.system",
        "!!python/module:os",
        "!!binary aGVsbG8=",
        "!!set {a, b}",
        "!!timestamp 2001-12-14",
        "!custom value",
        "!!int abc",
        "!!float [1]",
        LAUGHS,
        "[" * 100_000 + "]" * 100_000,
        "- " * 100_000 + "x",
        "[" * 10_000 + "]" * 10_000,
        "[" * 60 + "]" * 60,
        "{a: " * 5_000 + "}" * 5_000,
        "- " * 200 + "x",
        "&a [*a]",
        "*nowhere",
        "<<: {cost: 1}",
        "9" * 5_000,
        "-" + "9" * 30,
        "0x" + "f" * 50,
        "1e999",
        "1e309",
        "-0",
        "-0.0",
        "9" * 5_001,
        ".nan",
        "x" * 100_000,
        "gain 2 battle: draw 1",
        "\tindented: with a tab",
        "\x00",
        "\x07bell",
        "\ufeffmid-file BOM",
        '"\\ud800 a lone surrogate"',
        "\u202eCaptain\u202c",
        "\u200f\u061c right-to-left marks",
        "dup: 1\ndup: 2",
        "a: 1\r\nb: 2\r",
        "---\nsecond: document",
        "? [complex, key]\n: value",
        "~: null key",
        "'unterminated",
        "|\n  block\n   text",
    ]


def json_attacks(canary: str) -> list[str]:
    return [
        "[" * 100_000 + "]" * 100_000,
        "[" * 10_000 + "]" * 10_000,
        "[" * 60 + "]" * 60,
        '{"a": ' * 5_000 + "1" + "}" * 5_000,
        "9" * 5_000,
        "-" + "9" * 40,
        "1e999",
        "1e309",
        "-0",
        "-0.0",
        "9" * 5_001,
        '"\u202eCaptain\u202c"',
        "\r\n[\r\n]\r\n",
        "NaN",
        "Infinity",
        '{"a": 1, "a": 2}',
        '"\\ud800"',
        '"' + "x" * 100_000 + '"',
        '"\\u0000"',
        f'"{canary}"',
        "\x00",
        "true",
        "null",
        "[]",
        "{}",
    ]


def _hostile_value(canary: str):
    scalars = st.one_of(
        st.none(), st.booleans(),
        st.integers(min_value=-2 ** 70, max_value=2 ** 70),
        st.sampled_from([10 ** 80, -(10 ** 80), 2 ** 63, 2 ** 63 - 1, -1, 0, 99, 10 ** 6]),  # longer: the attacks
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=40),
        st.just(100_000).map(lambda n: "x" * n),
        st.sampled_from(["", " ", "!!python/name:os.system", f"touch {canary}", "*a", "a: b",
                         "p1", "p3", "red", "lair", "Captain", "Ember Warden", "end turn", "play Captain",
                         "\t", "#", "0x10", "1.5", "yes", "null", "../" * 50]),
    )
    return st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                         st.dictionaries(st.text(max_size=12), inner, max_size=4)),
                        max_leaves=8)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _replace(data, path, value, delete=False):
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        out = dict(data)
        if delete and not rest:
            out.pop(head, None)
        else:
            out[head] = _replace(data[head], rest, value, delete)
        return out
    out = list(data)
    if delete and not rest:
        del out[head]
    else:
        out[head] = _replace(data[head], rest, value, delete)
    return out


def _dump(data, kind: str) -> bytes:
    if kind == "json":
        return json.dumps(data, indent=1).encode("utf-8", "surrogatepass")
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode("utf-8", "surrogatepass")


@st.composite
def hostile_files(draw, valid: bytes, kind: str, canary: str) -> bytes:
    """The bytes of one hostile file of ``kind`` ("yaml", "json" or "jsonl", a JSON value per
    line) made from ``valid``."""
    how = draw(st.sampled_from(["random", "bytes", "attack", "attack", "value", "value", "encoding"]))
    if how == "random":
        return draw(st.binary(max_size=3000))
    if how == "bytes":
        data = bytearray(valid)
        for _ in range(draw(st.integers(1, 6))):
            op = draw(st.sampled_from(["flip", "insert", "delete", "cut"]))
            i = draw(st.integers(0, max(0, len(data) - 1)))
            if op == "flip" and data:
                data[i] ^= 1 << draw(st.integers(0, 7))
            elif op == "insert":
                data[i:i] = bytes([draw(st.integers(0, 255))])
            elif op == "delete" and data:
                del data[i]
            elif op == "cut":
                del data[i:]
        return bytes(data)
    if how == "attack":
        attacks = json_attacks(canary) if kind in ("json", "jsonl") else yaml_attacks(canary)
        attack = draw(st.sampled_from(attacks))
        lines = valid.decode("utf-8").split("\n")
        i = draw(st.integers(0, len(lines)))
        mode = draw(st.sampled_from(["replace value", "new line", "whole file"]))
        if mode == "whole file":
            return attack.encode("utf-8", "surrogatepass")
        if mode == "replace value" and i < len(lines) and ":" in lines[i]:
            key = lines[i].split(":", 1)[0]
            lines[i] = f"{key}: {attack}"
        else:
            indent = draw(st.sampled_from(["", "  ", "    "]))
            lines.insert(i, indent + attack)
        return "\n".join(lines).encode("utf-8", "surrogatepass")
    if how == "value" and kind == "jsonl":
        lines = valid.decode("utf-8").splitlines()
        i = draw(st.integers(0, len(lines) - 1))
        record = json.loads(lines[i])
        path = draw(st.sampled_from(list(_paths(record))))
        lines[i] = json.dumps(_replace(record, path, draw(_hostile_value(canary))))
        return ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    if how == "value":
        data = json.loads(valid) if kind == "json" else yaml.safe_load(valid)
        paths = list(_paths(data))
        path = draw(st.sampled_from(paths))
        if path and draw(st.booleans()) and draw(st.booleans()):
            return _dump(_replace(data, path, None, delete=True), kind)
        value = draw(_hostile_value(canary))
        return _dump(_replace(data, path, value), kind)
    encoding = draw(st.sampled_from(["utf-16", "utf-16-le", "utf-32", "latin-1", "bom", "crlf"]))
    text = valid.decode("utf-8")
    if encoding == "bom":
        return b"\xef\xbb\xbf" + valid
    if encoding == "crlf":
        return text.replace("\n", "\r\n").encode("utf-8")
    if encoding == "latin-1":
        return (text + "\n# café\n").encode("latin-1", "replace")
    return text.encode(encoding)
