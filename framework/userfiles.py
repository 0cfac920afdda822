"""Every file a user gives us, read one way: bounded, UTF-8, YAML safely, JSON bounded.

Card files, decks, scenarios, scripted bots, value files, saved games and simulation records
all come through here, so each answers bad input the same way, located, and never with a
traceback, a hang or a code path a file can steer:

- a file must be a file (not a folder) of at most :data:`MAX_BYTES`, in UTF-8 (a byte-order
  mark is allowed); otherwise ``file:line:col: not UTF-8 (byte 0xE9)``;
- YAML is built from the parser's events by a builder that knows only YAML's core schema
  (text, numbers, true/false, null, lists, mappings). Any other tag (``!!python/…``,
  ``!!binary``, ``!custom``) is refused by name and position: nothing is ever constructed
  from a tag. Aliases may expand a document to at most :data:`MAX_VALUES` values (a
  "billion laughs" file stops at the first alias over the budget), nesting stops at
  :data:`MAX_DEPTH` levels, a whole number must fit in 64 bits, mapping keys are read as the
  text written, a key written twice is an error, and every value keeps its line and column
  (:class:`Document`);
- JSON is bounded the same way: depth and the length of numbers are checked before parsing.
"""
from __future__ import annotations

import errno

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import yaml

from tabletop.framework.errors import ErrorList, LocatedError
from tabletop.framework.language import N_, gettext
from tabletop.framework.syserrors import reason
from tabletop.framework.wording import clip

MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 50
MAX_VALUES = 100_000
MAX_INT = 2 ** 63 - 1
MAX_NUMBER_CHARS = 40          # longer numerals are refused before Python converts them

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # events only: the C parser when present
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCT = yaml.constructor.SafeConstructor()
_Y = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL, SEQ, MAP = (_Y + t for t in ("str", "int", "float", "bool", "null", "seq", "map"))
CORE_TAGS = {STR, INT, FLOAT, BOOL, NULL, SEQ, MAP}
_NON_PRINTABLE = yaml.reader.Reader.NON_PRINTABLE
_PLAIN_YAML = N_("text, numbers, true/false, null, lists and mappings")
#: The kinds of file users give (``what`` of the readers below), as errors name them.
KINDS_OF_FILE = (N_("file"), N_("card file"), N_("scenario file"), N_("saved game"), N_("scripted bot file"),
                 N_("deck file"), N_("value file"), N_("run file"), N_("records file"), N_("layout file"))


# ---------------------------------------------------------------------- bytes to text
def names_something(path: Any) -> bool:
    """Whether ``path`` names a file or a folder that exists. A name no file system takes (too
    long, a NUL byte in it) names nothing: asking must not fail, since the same text may be the
    name of something else (a preconstructed deck)."""
    try:
        return Path(path).exists() or Path(path).is_symlink()  # a broken link is said to be one when read
    except (OSError, ValueError):
        return False


def as_path(value: Any, what: str = "file") -> Path:
    """``value`` as a path (a non-empty text or an ``os.PathLike``), else a :class:`TabletopError`
    saying what a path is, where ``Path(None)`` would raise a bare ``TypeError``."""
    import os

    if isinstance(value, str) and value or isinstance(value, os.PathLike):
        return Path(value)
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.wording import shown

    raise TabletopError(gettext("a {what} is named by a path (a text or a pathlib.Path), not {value}").format(
        what=gettext(what), value=shown(value)))


def link_problem(path: Any) -> str | None:
    """Why a symbolic link ``path`` names nothing (a loop, or a link to nothing), or None when
    ``path`` is no such link: "no such file" would send its user looking for a file that is there."""
    import os

    p = Path(path)
    try:
        if not p.is_symlink():
            return None
        target = os.readlink(p)
        p.stat()
    except OSError as e:
        if e.errno == errno.ELOOP:
            return gettext('this is a symbolic link that loops back on itself (it points to {target}): point it at '
                           'a real file, or give the file itself').format(target=clip(str(target), 200))
        return gettext('this is a symbolic link to {target}, which does not exist: point it at a real file, or '
                       'give the file itself').format(target=clip(str(target), 200))
    except ValueError:
        return None
    return None


def read_text(source: Any, what: str = "file", max_bytes: int = MAX_BYTES) -> str:
    """The text of a user's file (a path) or a pack's file (an ``importlib.resources`` traversable),
    or a :class:`LocatedError` saying why not: missing, a folder, too large, not UTF-8."""
    label = str(source)
    if isinstance(source, (str, Path)):
        path = Path(source)
        try:
            if path.is_dir():
                raise LocatedError(gettext('this is a folder, not a {what}').format(what=gettext(what)), label)
            if path.is_fifo() or path.is_socket():  # opening one would wait for a writer, for ever
                raise LocatedError(gettext('this is a pipe or a socket, not a {what}').format(what=gettext(what)),
                                   label)
            with path.open("rb") as f:
                data = f.read(max_bytes + 1)
        except FileNotFoundError:
            raise LocatedError(link_problem(path) or gettext('no such file'), label) from None
        except IsADirectoryError:
            raise LocatedError(gettext('this is a folder, not a {what}').format(what=gettext(what)), label) from None
        except PermissionError:
            raise LocatedError(gettext(
                'cannot read this {what}: permission denied').format(what=gettext(what)), label) from None
        except OSError as e:
            raise _unreadable(e, what, label) from None
    elif hasattr(source, "read_bytes"):
        data = source.read_bytes()
    else:  # a text already in memory (a card file sent to a worker)
        data = source.read_text("utf-8").encode("utf-8")
    if len(data) > max_bytes:
        raise LocatedError(gettext(
            'this {what} is larger than {value} MB, far more than any {what} needs: is it the right file?').format(
            what=gettext(what), value=max_bytes // (1024 * 1024)), label)
    return decode(data, label)


def _unreadable(e: OSError, what: str, label: str) -> LocatedError:
    """Why the file ``label`` cannot be read, in words: the system's, or for a name no file
    system takes, that it is one."""
    if e.errno == errno.ENAMETOOLONG:
        return LocatedError(gettext('this name ({value} characters) is too long to name a {what}').format(
            value=len(label), what=gettext(what)), label)
    link = link_problem(label) if e.errno == errno.ELOOP else None
    if link is not None:
        return LocatedError(link, label)
    return LocatedError(gettext('cannot read this {what}: {value}').format(what=gettext(what), value=reason(e)),
                        label)


def decode(data: bytes, file: str) -> str:
    """UTF-8 text (a leading byte-order mark dropped), or the place of the first byte that is not."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise LocatedError(gettext('not UTF-8: this file is UTF-16 text (it starts with a UTF-16 byte-order mark)'),
                           file, 1, 1, hint=gettext('save it as UTF-8'))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        off = e.start
        start = data.rfind(b"\n", 0, off) + 1
        end = data.find(b"\n", off)
        line = data.count(b"\n", 0, off) + 1
        col = len(data[start:off].decode("utf-8", "replace")) + 1
        src = data[start:end if end >= 0 else len(data)].decode("utf-8", "replace")
        raise LocatedError(gettext('not UTF-8 (byte 0x{value:02X})').format(value=data[off]), file, line, col, src,
                           hint=gettext('save the file as UTF-8 text')) from None
    nul = text.find("\x00")
    if nul >= 0:
        line, col, src = _where(text, nul)
        raise LocatedError(gettext('a NUL character: this is a binary file (or UTF-16 text), not UTF-8 text'),
                           file, line, col, src)
    return text


def _where(text: str, offset: int) -> tuple[int, int, str]:
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    return text.count("\n", 0, offset) + 1, offset - start + 1, text[start:end if end >= 0 else len(text)]


# ---------------------------------------------------------------------- YAML
class Positions(dict):
    """Path inside a document (a tuple of keys and indexes) -> (line, column, scalar style)."""


@dataclass
class Document:
    """A YAML file's data with the position of every value (``pos``) and of every mapping key
    (``keys``, by the path of the key's value), for errors found later. ``duplicates`` lists the
    keys written twice (when read with ``strict=False``): each a dict with the key's ``path``,
    ``line``, ``column`` and the ``value`` written the second time."""

    file: str
    text: str
    data: Any
    pos: Positions = field(default_factory=Positions)
    keys: Positions = field(default_factory=Positions)
    duplicates: list = field(default_factory=list)

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    def at(self, path: tuple) -> tuple[int | None, int | None, str | None]:
        """Line, column and source line of the value at ``path`` (or of its nearest ancestor)."""
        path = tuple(path)
        while path not in self.pos and path:
            path = path[:-1]
        line, col, _ = self.pos.get(path, (None, None, None))
        lines = self.lines
        return line, col, (lines[line - 1] if line and line <= len(lines) else None)


def read_yaml(source: Any, what: str = "file", strict: bool = True) -> Document:
    """Read and parse a user's YAML file (see the module docstring for what is refused)."""
    label = str(source)
    return load_yaml(read_text(source, what), label, strict)


def load_yaml(text: str, file: str, strict: bool = True) -> Document:
    """Parse YAML text safely into a :class:`Document`; raise :class:`LocatedError`, or
    :class:`ErrorList` for every key written twice (unless ``strict`` is False: then the first
    value is kept and the others are listed in ``Document.duplicates``)."""
    bad = _NON_PRINTABLE.search(text)
    if bad:
        line, col, src = _where(text, bad.start())
        raise LocatedError(gettext(
            'the character U+{ord:04X} is not allowed in a YAML file (a control character)').format(
            ord=ord(bad.group())), file, line, col, src)
    builder = _Builder(file, text)
    loader = _LOADER(text)
    try:
        while loader.check_event():
            builder.feed(loader.get_event())
    except yaml.MarkedYAMLError as e:
        raise _syntax_error(e, file, text) from None
    except yaml.YAMLError as e:
        raise LocatedError(gettext(
            'not valid YAML: {clip}').format(clip=clip(str(e).splitlines()[0] if str(e) else type(e).__name__)),
                           file, 1, 1) from None
    finally:
        loader.dispose()
    if builder.duplicates and strict:
        raise ErrorList([builder.located_at(d["line"], d["column"], gettext(
            'key {clip!r} appears twice; YAML would silently keep the last one').format(clip=clip(d['path'][-1], 40)),
                                            max(1, len(clip(d["path"][-1], 40))))
                         for d in builder.duplicates])
    return Document(file, text, builder.root, builder.pos, builder.keys, builder.duplicates)


def _syntax_error(e: yaml.MarkedYAMLError, file: str, text: str) -> LocatedError:
    mark = e.problem_mark or e.context_mark
    lines = text.splitlines()
    line = mark.line + 1 if mark else None
    col = mark.column + 1 if mark else None
    src = lines[mark.line] if mark and mark.line < len(lines) else None
    problem = e.problem or e.context or "unreadable"  # PyYAML's own words (its parser speaks English)
    return LocatedError(gettext(
        'not valid YAML: {problem}').format(problem=problem), file, line, col, src, hint=_syntax_hint(problem, src))


_KEY_VALUE = re.compile(r"^(\s*(?:-\s+)?)([^\s:#][^:#]*?):\s+(.*\S)\s*$")


def _syntax_hint(problem: str, src: str | None) -> str | None:
    """What usually causes this YAML error, with the line as it should be written."""
    if src is None:
        return None
    if "mapping values are not allowed" in problem:
        m = _KEY_VALUE.match(src)
        if m and ": " in m.group(3):
            value = m.group(3).replace("\\", "\\\\").replace('"', '\\"')
            return gettext("a text containing ': ' must be quoted: {line}").format(
                line=f"{clip(m.group(2), 30)}: {clip(chr(34) + value + chr(34), 60)}")
        return gettext("a text containing ': ' must be quoted")
    if "\t" in src and ("tab" in problem or "cannot start any token" in problem):
        return gettext("YAML indents with spaces, not tabs")
    m = _KEY_VALUE.match(src)
    if m and m.group(3)[:1] in "*&!%@`|>'\"":
        return gettext("a text starting with {char!r} must be quoted: {line}").format(
            char=m.group(3)[0], line=f"{clip(m.group(2), 30)}: {clip(chr(34) + m.group(3) + chr(34), 60)}")
    return None


def long_number(text: str) -> str:
    """'a 5,000-digit number', or the start of a long numeral that is not all digits."""
    digits = text.lstrip("+-").replace("_", "")
    if digits.isdigit():
        return gettext("a {n:,}-digit number").format(n=len(digits))
    return gettext("the number {text!r}").format(text=clip(text, 24))


def _tag_name(tag: str) -> str:
    return "!!" + tag[len(_Y):] if tag.startswith(_Y) else tag


_NOKEY = object()
_BUSY = object()


class _Frame:
    __slots__ = ("value", "path", "key", "anchor", "count0", "order0", "height", "mapping", "skip")

    def __init__(self, value, path, anchor, count0, order0) -> None:
        self.value = value
        self.path = path
        self.key = _NOKEY
        self.anchor = anchor
        self.count0 = count0
        self.order0 = order0
        self.height = 0
        self.mapping = isinstance(value, dict)
        self.skip: dict | None = None   # the record of a key written twice, whose value is set aside


class _Builder:
    """Turns parser events into plain values, positions and errors, without recursion."""

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.text = text
        self._lines: list[str] | None = None
        self.stack: list[_Frame] = []
        self.pos = Positions()
        self.order: list[tuple] = []
        self.keys = Positions()
        self.anchors: dict[str, Any] = {}
        self.duplicates: list[dict] = []
        self.count = 0
        self.docs = 0
        self.root: Any = None

    # -- errors ----------------------------------------------------------------
    def located(self, mark, message: str, width: int = 1, hint: str | None = None) -> LocatedError:
        return self.located_at(mark.line + 1, mark.column + 1, message, width, hint)

    def located_at(self, line: int, column: int, message: str, width: int = 1,
                   hint: str | None = None) -> LocatedError:
        if self._lines is None:
            self._lines = self.text.splitlines()
        src = self._lines[line - 1] if line <= len(self._lines) else None
        return LocatedError(message, self.file, line, column, src, width=width, hint=hint)

    def fatal(self, mark, message: str, hint: str | None = None) -> None:
        raise self.located(mark, message, hint=hint)

    # -- events ----------------------------------------------------------------
    def feed(self, ev) -> None:
        if isinstance(ev, yaml.ScalarEvent):
            self._scalar(ev)
        elif isinstance(ev, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            self._start(ev)
        elif isinstance(ev, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            self._end()
        elif isinstance(ev, yaml.AliasEvent):
            self._alias(ev)
        elif isinstance(ev, yaml.DocumentStartEvent):
            self.docs += 1
            if self.docs > 1:
                self.fatal(ev.start_mark, gettext("a second YAML document ('---'): a file holds one"))

    def _child(self, mark, what: str):
        """The path of the value starting now, or None if it is not recorded; fatal for a key."""
        if not self.stack:
            return ()
        top = self.stack[-1]
        if top.mapping and top.key is _NOKEY:
            self.fatal(mark, gettext('a key must be plain text, not {what}').format(what=gettext(what)))
        if top.path is None or top.skip:
            return None
        return top.path + ((top.key if top.mapping else len(top.value)),)

    def _note(self, path, mark, style) -> None:
        self.count += 1
        if self.count > MAX_VALUES:
            self.fatal(mark, gettext('more than {max_values:,} values in one file').format(max_values=MAX_VALUES))
        if path is not None:
            self.pos[path] = (mark.line + 1, mark.column + 1, style)
            self.order.append(path)

    def _deliver(self, value, height: int) -> None:
        if not self.stack:
            self.root = value
            return
        top = self.stack[-1]
        top.height = max(top.height, height)
        if top.mapping:
            if top.skip:
                top.skip["value"] = value
            else:
                top.value[top.key] = value
            top.key, top.skip = _NOKEY, None
        else:
            top.value.append(value)

    def _check_tag(self, ev, allowed: tuple) -> None:
        tag = ev.tag
        if tag is None or tag == "!" or tag in allowed:
            return
        name = _tag_name(tag)
        if tag in CORE_TAGS:
            self.fatal(ev.start_mark, gettext('tag {name} does not fit this value').format(name=name))
        self.fatal(ev.start_mark, gettext(
            'tag {clip!r} is not allowed: only plain YAML is read ({plain_yaml})').format(
            clip=clip(name, 60), plain_yaml=gettext(_PLAIN_YAML)), hint=gettext('remove the tag'))

    def _scalar(self, ev) -> None:
        self._check_tag(ev, (STR, INT, FLOAT, BOOL, NULL))
        top = self.stack[-1] if self.stack else None
        if top is not None and top.mapping and top.key is _NOKEY:
            self._key(ev, top)
            return
        path = self._child(ev.start_mark, N_("a value"))
        self._note(path, ev.start_mark, ev.style)
        value = self._construct(ev)
        if ev.anchor is not None:
            self.anchors[ev.anchor] = (value, [((), self.pos[path])] if path is not None else [], 1, 0)
        self._deliver(value, 0)

    def _key(self, ev, top: _Frame) -> None:
        key = ev.value
        if ev.tag is None and ev.implicit[0] and key == "<<":
            self.fatal(ev.start_mark, gettext("merge keys ('<<') are not read: write the fields out"))
        line, column = ev.start_mark.line + 1, ev.start_mark.column + 1
        if key in top.value:
            top.skip = {"path": (top.path or ()) + (key,), "line": line, "column": column, "value": None}
            self.duplicates.append(top.skip)
        elif top.path is not None:
            self.keys[top.path + (key,)] = (line, column, ev.style)
        top.key = key
        if ev.anchor is not None:
            self.anchors[ev.anchor] = (key, [], 1, 0)

    def _construct(self, ev) -> Any:
        value = ev.value
        tag = ev.tag
        if tag is None:
            tag = _RESOLVER.resolve(yaml.ScalarNode, value, ev.implicit)
        elif tag == "!":
            tag = STR
        if tag == STR or tag not in CORE_TAGS:   # timestamps and the like stay the text written
            return value
        node = yaml.ScalarNode(tag, value)
        if tag == NULL:
            return None
        if tag == BOOL:
            b = _CONSTRUCT.bool_values.get(value.lower())
            if b is None:
                self.fatal(ev.start_mark, gettext('{clip!r} is not true or false').format(clip=clip(value, 40)))
            return b
        if tag == INT:
            if len(value) > MAX_NUMBER_CHARS:
                self.fatal(ev.start_mark, gettext(
                    '{long_number} is too large: whole numbers here lie between -{max_int:,} and {max_int:,}').format(
                    long_number=long_number(value), max_int=MAX_INT))
            try:
                n = _CONSTRUCT.construct_yaml_int(node)
            except ValueError:
                self.fatal(ev.start_mark, gettext('{clip!r} is not a whole number').format(clip=clip(value, 40)))
            if abs(n) > MAX_INT:
                self.fatal(ev.start_mark, gettext(
                    '{clip} is too large: whole numbers here lie between -{max_int:,} and {max_int:,}').format(
                    clip=clip(value, 40), max_int=MAX_INT))
            return n
        try:
            return _CONSTRUCT.construct_yaml_float(node)
        except ValueError:
            self.fatal(ev.start_mark, gettext('{clip!r} is not a number').format(clip=clip(value, 40)))

    def _start(self, ev) -> None:
        mapping = isinstance(ev, yaml.MappingStartEvent)
        self._check_tag(ev, (MAP,) if mapping else (SEQ,))
        path = self._child(ev.start_mark, N_("a list or a mapping"))
        if len(self.stack) >= MAX_DEPTH:
            self.fatal(ev.start_mark, gettext(
                'lists and mappings are nested more than {max_depth} levels deep here').format(max_depth=MAX_DEPTH))
        self._note(path, ev.start_mark, None)
        if ev.anchor is not None:
            self.anchors[ev.anchor] = _BUSY
        self.stack.append(_Frame({} if mapping else [], path, ev.anchor, self.count - 1, len(self.order) - 1))

    def _end(self) -> None:
        fr = self.stack.pop()
        if fr.mapping and fr.key is not _NOKEY:  # cannot happen with a well-formed event stream
            fr.value[fr.key] = None
        height = fr.height + 1
        if fr.anchor is not None:
            sub = []
            if fr.path is not None:
                n = len(fr.path)
                sub = [(p[n:], self.pos[p]) for p in self.order[fr.order0:]]
            self.anchors[fr.anchor] = (fr.value, sub, self.count - fr.count0, height)
        self._deliver(fr.value, height)

    def _alias(self, ev) -> None:
        name = ev.anchor
        entry = self.anchors.get(name)
        if entry is None:
            self.fatal(ev.start_mark, gettext(
                "unknown alias '*{clip}': no anchor '&{clip}' comes before it").format(clip=clip(name, 40)),
                       hint=gettext("a text starting with '*' must be quoted"))
        if entry is _BUSY:
            self.fatal(ev.start_mark, gettext(
                "alias '*{clip}' is inside the very list or mapping it names: it would never end").format(
                clip=clip(name, 40)))
        value, sub, size, height = entry
        top = self.stack[-1] if self.stack else None
        if top is not None and top.mapping and top.key is _NOKEY:
            if not isinstance(value, str):
                self.fatal(ev.start_mark, gettext('a key must be plain text, not a list or a mapping'))
            top.key = value
            return
        path = self._child(ev.start_mark, N_("an alias"))
        if len(self.stack) + height > MAX_DEPTH:
            self.fatal(ev.start_mark, gettext(
                "lists and mappings are nested more than {max_depth} levels deep here (through the alias '*{clip}')"
            ).format(max_depth=MAX_DEPTH, clip=clip(name, 40)))
        self.count += size
        if self.count > MAX_VALUES:
            self.fatal(ev.start_mark, gettext(
                'aliases expand this file beyond {max_values:,} values (an alias bomb?)').format(max_values=MAX_VALUES),
                       hint=gettext('write the values out instead of repeating aliases'))
        if path is not None:
            for rel, p in sub:
                self.pos[path + rel] = p
                self.order.append(path + rel)
        self._deliver(value, height)


# ---------------------------------------------------------------------- JSON
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|-?[0-9][0-9.eE+-]*')
_COLON = re.compile(r"\s*:")


def read_json(source: Any, what: str = "file") -> tuple[Any, dict[str, int]]:
    """Read a user's JSON file: its data, and the line of each top-level key (for errors)."""
    return load_json(read_text(source, what), str(source))


class JsonSyntaxError(LocatedError):
    """Text that is not JSON at all (as against JSON whose depth, numbers or keys are refused)."""


def load_json(text: str, file: str, first_line: int = 1) -> tuple[Any, dict[str, int]]:
    """Parse JSON text whose depth and numbers are bounded; the data and its top-level keys' lines."""
    keys = _check_json(text, file, first_line)
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        line, col, src = _where(text, e.pos)
        raise JsonSyntaxError(gettext(  # ("... starting at": the caret says where)
            'not valid JSON: {msg}').format(msg=e.msg.removesuffix(" at")), file, line + first_line - 1, col,
                              src) from None
    except _JsonValueError as e:
        line, col, src = _where(text, e.offset(text))
        raise LocatedError(e.message, file, line + first_line - 1, col, src) from None
    return data, keys


class _JsonValueError(ValueError):
    def __init__(self, message: str, pattern: str) -> None:
        super().__init__(message)
        self.message = message
        self.pattern = pattern

    def offset(self, text: str) -> int:
        """Where the faulty value is: the last place its pattern occurs (a repeated key's second use)."""
        found = [m.start() for m in re.finditer(self.pattern, text)]
        return found[-1] if found else 0


def _no_constant(name: str):
    raise _JsonValueError(gettext('{name} is not a JSON number').format(name=name), re.escape(name))


def _no_duplicates(pairs: list) -> dict:
    out: dict = {}
    for k, v in pairs:
        if k in out:
            raise _JsonValueError(gettext(
                'key {clip!r} appears twice').format(clip=clip(k, 40)), re.escape(json.dumps(k)) + r"\s*:")
        out[k] = v
    return out


def _check_json(text: str, file: str, first_line: int) -> dict[str, int]:
    def fail(offset: int, message: str) -> None:
        line, col, src = _where(text, offset)
        raise LocatedError(message, file, line + first_line - 1, col, src)

    depth = 0
    keys: dict[str, int] = {}
    for m in _JSON_TOKEN.finditer(text):
        tok = m.group()
        c = tok[0]
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                fail(m.start(), f"lists and objects are nested more than {MAX_DEPTH} levels deep here")
        elif c in "]}":
            depth -= 1
        elif c == '"':
            if "\\u" in tok:
                try:
                    if any("\ud800" <= ch <= "\udfff" for ch in json.loads(tok)):
                        fail(m.start(), "a lone surrogate escape (\\uD800-\\uDFFF) is not text")
                except ValueError:
                    pass
            if depth == 1 and _COLON.match(text, m.end()):
                try:
                    keys.setdefault(json.loads(tok), m.start())
                except ValueError:
                    pass
        elif len(tok) > MAX_NUMBER_CHARS:
            fail(m.start(), f"{long_number(tok)} is too large to be read here")
    return {k: text.count("\n", 0, off) + first_line for k, off in keys.items()}


def json_lines(source: Any, what: str = "records file", max_line: int = MAX_BYTES) -> Iterator[tuple[int, Any]]:
    """Each line of a JSON-lines file, parsed and bounded, with its line number; any size of file."""
    label = str(source)
    path = Path(source)
    if path.is_dir():
        raise LocatedError(gettext('this is a folder, not a {what}').format(what=gettext(what)), label)
    try:
        f = path.open("rb")
    except FileNotFoundError:
        raise LocatedError(link_problem(path) or gettext('no such file'), label) from None
    except OSError as e:
        raise _unreadable(e, what, label) from None
    with f:
        n = 0
        while True:
            raw = f.readline(max_line + 1)
            if not raw:
                return
            n += 1
            if len(raw) > max_line:
                raise LocatedError(gettext(
                    'line longer than {value} MB').format(value=max_line // (1024 * 1024)), label, n)
            try:
                text = decode(raw, label).rstrip("\r\n")  # a line cut short: an unfinished text, not a control char
            except LocatedError as e:
                e.line = n
                raise
            if text.strip():
                yield n, load_json(text, label, n)[0]
