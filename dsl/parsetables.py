"""The card language's LALR parser, its tables remembered as JSON data between runs.

Building the parser from ``grammar.lark`` computes its LALR tables: about 50 ms, which every
process that reads a card paid (``tabletop play``, ``cards lint``, ``scenario run``, each
``simulate`` worker). The tables depend only on the grammar's text, the parser's options and
Lark's version, so they are kept in the user's cache folder (``parse-tables.json``,
:mod:`tabletop.framework.usercache`) under a digest of those, and read back in about 7 ms.

Lark's own ``cache=True`` is not used: it pickles the parser into the shared temporary folder,
where another user could plant a file whose unpickling runs code. What is kept here is JSON
(Lark's ``memo_serialize`` form, with tuples and integer keys tagged), decoded into nothing but
lists, tuples, dictionaries, strings, numbers, booleans and None, which Lark turns back into its
own rule, terminal and table objects by name from a fixed list. It carries a checksum of itself:
a damaged, cut or foreign file, or any failure to read it back, means the tables are built again
(and remembered again). Nothing read back can run code.
"""
from __future__ import annotations

import hashlib
import json

from lark import Lark, __version__ as LARK_VERSION
from lark.grammar import Rule
from lark.lexer import TerminalDef

from tabletop.framework import usercache

FILE = "parse-tables.json"
#: the layout of what is kept (a new one makes every remembered entry a stranger)
FORMAT = 1


def parser(grammar: str, **options) -> Lark:
    """``Lark(grammar, **options)`` (an LALR parser), its tables read from the cache when they
    were built from the same grammar, options and Lark version."""
    key = _key(grammar, options)
    kept = usercache.load(FILE)
    if isinstance(kept, dict) and kept.get("key") == key and isinstance(kept.get("tables"), str) \
            and kept.get("checksum") == _checksum(kept["tables"]):
        try:
            tables = _untag(json.loads(kept["tables"]))
            return Lark._load_from_dict(tables["data"], tables["memo"])
        except Exception:  # (a file this code did not write: build, and replace it)
            pass
    built = Lark(grammar, **options)
    data, memo = built.memo_serialize([TerminalDef, Rule])
    text = json.dumps(_tag({"data": data, "memo": memo}), separators=(",", ":"))
    usercache.store(FILE, {"key": key, "tables": text, "checksum": _checksum(text)})
    return built


def _key(grammar: str, options: dict) -> str:
    what = json.dumps([FORMAT, LARK_VERSION, grammar, sorted(options.items())], default=repr)
    return hashlib.sha256(what.encode("utf-8")).hexdigest()


def _checksum(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _tag(x):
    """``x`` as JSON can hold it: every mapping as ``{"m": [[key, value], ...]}`` (Lark's keys
    are often integers), every tuple as ``{"t": [...]}``."""
    if isinstance(x, dict):
        return {"m": [[_tag(k), _tag(v)] for k, v in x.items()]}
    if isinstance(x, tuple):
        return {"t": [_tag(v) for v in x]}
    if isinstance(x, list):
        return [_tag(v) for v in x]
    if x is None or isinstance(x, (str, int, float)):
        return x
    raise TypeError(f"cannot keep a {type(x).__name__} in the parse tables")


def _untag(x):
    """The value :func:`_tag` made ``x`` from."""
    if type(x) is list:
        return [_untag(v) for v in x]
    if type(x) is dict:
        t = x.get("t")
        if t is not None:
            return tuple([_untag(v) for v in t])
        return {_untag(k): _untag(v) for k, v in x["m"]}
    return x
