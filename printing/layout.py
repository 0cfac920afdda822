"""Print layouts as data: YAML templates per card type, the pack's palette and its card backs.

A pack lists its layout files through the ``tabletop_print_layouts`` hook; a designer may add
``--layout FILE``. Files are read safely, checked against ``layout.schema.json``, and every
problem is reported with its line. The generic layout (``layouts/default.yaml``) draws any
card type that has no template of its own, so a pack without layouts still prints.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from tabletop.framework.errors import ErrorList, LocatedError, TabletopError
from tabletop.framework.language import N_, gettext, ngettext
from tabletop.framework.syserrors import reason
from tabletop.printing.fonts import Fonts

CARD_SIZE = (63.0, 88.0)
ANY = "*"


@dataclass(frozen=True)
class Item:
    """One paragraph of a text element: a label (in the label font) and a text, maybe per list element."""

    text: str | None = None
    label: str | None = None
    each: str | None = None
    when: str | None = None
    unless: str | None = None


@dataclass(frozen=True)
class Element:
    box: tuple[float, float, float, float]
    name: str
    when: str | None = None
    unless: str | None = None
    shape: str | None = None
    fill: tuple[str, ...] = ()
    stroke: tuple[str, ...] = ()
    stroke_width: float = 0.5
    radius: float = 0.0
    items: tuple[Item, ...] = ()
    rest: bool = False
    font: str = "sans"
    label_font: str = "sans-bold"
    size: float = 8.0
    min_size: float = 5.0
    shrink_to: float | None = None
    leading: float = 1.18
    gap: float = 0.35
    align: str = "left"
    valign: str = "top"
    colour: tuple[str, ...] = ("auto",)

    @property
    def is_text(self) -> bool:
        return bool(self.items) or self.rest

    def templates(self) -> list[str]:
        """Every template string and field name this element mentions (for 'rest')."""
        out = [*self.fill, *self.stroke, *self.colour]
        for it in self.items:
            out += [it.text or "", it.label or ""]
            out += [f"{{{n}}}" for n in (it.each, it.when, it.unless) if n]
        out += [f"{{{n}}}" for n in (self.when, self.unless) if n]
        return out


@dataclass(frozen=True)
class Face:
    background: tuple[str, ...] = ("white",)
    elements: tuple[Element, ...] = ()


@dataclass(frozen=True)
class Template:
    types: tuple[str, ...]
    size: tuple[float, float]
    front: Face
    back: Face | None
    file: str


@dataclass
class Layout:
    """Everything printing needs to draw a pack's cards: templates by type, style, fonts."""

    title: str
    templates: dict[str, Template] = field(default_factory=dict)
    palette: dict[str, str] = field(default_factory=dict)
    back: Face | None = None
    copies: str | None = None
    hide: set[str] = field(default_factory=set)
    replace: dict[str, str] = field(default_factory=dict)
    fonts: Fonts = field(default_factory=Fonts)
    fallback_back: Face | None = None

    def template(self, card_type: str) -> Template:
        return self.templates.get(card_type) or self.templates[ANY]

    def back_of(self, card_type: str) -> tuple[Face, tuple[float, float]]:
        """The back a card of ``card_type`` wears (its template's, the pack's, or the generic one),
        and the size its boxes are drawn for."""
        t = self.template(card_type)
        return (t.back or self.back or self.fallback_back or Face()), t.size


def _schema() -> dict:
    return json.loads(resources.files("tabletop.printing").joinpath("layout.schema.json").read_text("utf-8"))


def _alternatives(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    return tuple(value) if isinstance(value, list) else (value,)


def _item(raw: Any) -> Item:
    if isinstance(raw, str):
        return Item(text=raw)
    return Item(text=raw.get("text"), label=raw.get("label"), each=raw.get("each"),
                when=raw.get("if"), unless=raw.get("unless"))


def _element(raw: dict, index: int, errors: list, where) -> Element:
    items = tuple(_item(i) for i in raw.get("items", ()))
    if "text" in raw:
        items = (Item(text=raw["text"]),) + items
    kinds = [k for k in ("shape", "text", "items") if k in raw] + (["rest"] if raw.get("rest") else [])
    if not kinds:
        errors.append(where(("box",), "an element draws a 'shape', or a 'text' / 'items' (and 'rest')"))
    elif "shape" in raw and len(kinds) > 1:
        errors.append(where(("shape",), "an element is a shape or a text box, not both; "
                            "draw the shape, then the text in a second element"))
    size = raw.get("size", 8.0)
    min_size = raw.get("min_size", min(size, 5.0))
    if min_size > size:
        errors.append(where(("min_size",), f"min_size {min_size} is larger than size {size}"))
    box = tuple(float(v) for v in raw["box"])
    if raw.get("shape") == "line":
        if box[2] < 0 or box[3] < 0 or box[2] == box[3] == 0:
            errors.append(where(("box",), "a line goes from its box's top-left to its bottom-right corner: "
                                "width and height (3rd and 4th numbers) are 0 or more, not both 0"))
    elif box[2] <= 0 or box[3] <= 0:
        errors.append(where(("box",), "a box's width and height (its 3rd and 4th numbers) must be positive"))
    name = raw.get("name") or (f"text {items[0].text!r}" if items and items[0].text else
                               f"{raw.get('shape', 'text')} #{index + 1}")
    return Element(
        box=box, name=name, when=raw.get("if"), unless=raw.get("unless"), shape=raw.get("shape"),
        fill=_alternatives(raw.get("fill")), stroke=_alternatives(raw.get("stroke")),
        stroke_width=raw.get("stroke_width", 0.5), radius=raw.get("radius", 0.0), items=items,
        rest=bool(raw.get("rest", False)), font=raw.get("font", "sans"),
        label_font=raw.get("label_font", "sans-bold"), size=size, min_size=min_size,
        shrink_to=raw.get("shrink_to"), leading=raw.get("leading", 1.18), gap=raw.get("gap", 0.35),
        align=raw.get("align", "left"), valign=raw.get("valign", "top"),
        colour=_alternatives(raw.get("colour", "auto")),
    )


def _face(raw: dict, path: tuple, errors: list, where) -> Face:
    elements = tuple(_element(e, i, errors, lambda p, m, i=i: where(path + ("elements", i) + p, m))
                     for i, e in enumerate(raw.get("elements", ())))
    return Face(_alternatives(raw.get("background", "white")), elements)


def _read(resource) -> tuple[str, str]:
    from tabletop.framework.userfiles import read_text

    label = str(resource) if isinstance(resource, (str, Path)) else getattr(resource, "name", str(resource))
    try:
        return read_text(resource, "layout file"), label
    except FileNotFoundError:
        raise TabletopError(gettext('{label}: no such layout file').format(label=label)) from None
    except (OSError, UnicodeDecodeError) as e:
        raise TabletopError(gettext('{label}: cannot read the layout file ({e})').format(label=label, e=e)) from None


def _folder(resource) -> Path | None:
    """The folder a layout file sits in (for its fonts), when it is on disk."""
    if isinstance(resource, (str, Path)):
        return Path(resource).parent
    try:
        return Path(str(resource)).parent
    except TypeError:
        return None


def read_layout_file(resource) -> tuple[dict, dict]:
    """One layout file, parsed and checked: (raw data, positions); ErrorList on any problem."""
    import jsonschema

    from tabletop.framework.cards import parse_yaml
    from tabletop.framework.suggest import did_you_mean

    text, label = _read(resource)
    data, pos = parse_yaml(text, label)
    lines = text.splitlines()
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ErrorList([LocatedError(gettext('a layout file is a YAML mapping (types:, elements:, palette:, ...)'),
                                      label, 1, 1, lines[0] if lines else None)])
    errors = []
    found = sorted(jsonschema.Draft202012Validator(_schema()).iter_errors(data), key=lambda e: list(map(str, e.path)))
    for err in _within_alternatives(found):
        path = tuple(err.absolute_path)
        message = _in_words(err)
        if err.validator == "additionalProperties":
            allowed = list(err.schema.get("properties", {}))
            extra = [k for k in err.instance if k not in allowed]
            message = "; ".join(f"unknown key {k!r}{did_you_mean(str(k), allowed)}" for k in extra)
            if extra and path + (extra[0],) in pos:
                path = path + (extra[0],)
        elif err.validator == "enum":
            message = (f"{err.instance!r} is not one of {', '.join(map(repr, err.validator_value))}"
                       f"{did_you_mean(str(err.instance), map(str, err.validator_value))}")
        elif err.validator == "required":
            message = err.message.replace("is a required property", "is missing (required)")
        errors.append(_located(label, lines, pos, path, "/".join(map(str, err.absolute_path)) or "layout", message))
    if errors:
        raise ErrorList(errors)
    return data, {"label": label, "lines": lines, "pos": pos}


#: JSON Schema's types, as a layout error names what it expects.
_KINDS = {"string": N_("a text"), "number": N_("a number"), "integer": N_("a whole number"), "array": N_("a list"),
          "object": N_("a mapping"), "boolean": N_("true or false")}


def _kind(value: Any) -> str:
    """The JSON Schema type of a YAML value (what the branches of a ``oneOf`` are told apart by)."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(value), "null")


def _within_alternatives(errors):
    """The errors, with one between alternatives (an item is a text or a mapping, a colour a text or
    a list) replaced by the errors of the alternative of the value's own kind: for ``{each: 5}``
    the fault is in its ``each``, not "not valid under any of the given schemas"."""
    for err in errors:
        if err.validator in ("oneOf", "anyOf") and err.context:
            kind = _kind(err.instance)
            same = [e for e in err.context if err.validator_value[e.relative_schema_path[0]].get("type") == kind]
            if same:
                yield from _within_alternatives(same)
                continue
        yield err


def _in_words(err) -> str:
    """A schema error as a sentence: what is expected (with the schema's description of the key)
    and what is written; the validators that take no words here keep jsonschema's."""
    from tabletop.framework.wording import kind_of, one_of

    v, rule = err.validator, err.validator_value
    if v == "type":
        want = one_of([gettext(_KINDS.get(t, t)) for t in (rule if isinstance(rule, list) else [rule])], quote=False)
    elif v in ("oneOf", "anyOf"):
        want = one_of([gettext(_KINDS[b["type"]]) for b in rule if b.get("type") in _KINDS], quote=False)
    elif v in ("minItems", "maxItems"):
        low, high = err.schema.get("minItems"), err.schema.get("maxItems")
        if low == high:
            want = ngettext("a list of {n} item", "a list of {n} items", low).format(n=low)
        elif v == "minItems":
            want = ngettext("a list of at least {n} item", "a list of at least {n} items", low).format(n=low)
        else:
            want = ngettext("a list of at most {n} item", "a list of at most {n} items", high).format(n=high)
    elif v in ("minimum", "exclusiveMinimum"):
        want = (gettext("a number of at least {n}") if v == "minimum" else gettext("a number above {n}")).format(n=rule)
    elif v == "minLength":
        want = ngettext("a text of at least {n} character", "a text of at least {n} characters", rule).format(n=rule)
    else:
        return err.message
    about = err.schema.get("description")
    if about:
        return gettext("expected {want} ({about}), not {what}").format(want=want, about=about,
                                                                       what=kind_of(err.instance))
    return gettext("expected {want}, not {what}").format(want=want, what=kind_of(err.instance))


def _located(label, lines, pos, path, where, message) -> LocatedError:
    while path not in pos and path:
        path = path[:-1]
    line, col, _ = pos.get(path, (None, None, None))
    return LocatedError(gettext(
        '{where}: {message}').format(where=where, message=message), label, line, col, lines[line - 1] if line else None)


#: how a TrueType (or TrueType-flavoured OpenType) file begins
_TRUETYPE_MAGIC = (b"\x00\x01\x00\x00", b"true", b"ttcf")


def font_problem(path: Path) -> str | None:
    """Why ``path`` cannot be a layout's TrueType font (missing, unreadable, or some other kind of
    file), or None: checked as the layout is read, so the message can point at the layout's line."""
    try:
        with open(path, "rb") as f:
            head = f.read(4)
    except FileNotFoundError:
        return gettext("no such font file: {path}").format(path=path)
    except IsADirectoryError:
        return gettext("{path} is a folder, not a font file").format(path=path)
    except OSError as e:
        return gettext("cannot read the font file {path} ({e})").format(path=path, e=reason(e))
    if head == b"OTTO":
        return gettext("{path} is an OpenType font with PostScript outlines, which cannot be embedded: "
                       "give a TrueType font (.ttf)").format(path=path)
    if head not in _TRUETYPE_MAGIC:
        return gettext("{path} is not a TrueType font: give a .ttf file").format(path=path)
    return None


def _template(data: dict, info: dict, errors: list) -> tuple[Template | None, Face | None]:
    """The template a file declares (None for a style-only file) and the back it gives."""
    def where(path, message):
        return _located(info["label"], info["lines"], info["pos"], path, "/".join(map(str, path)), message)

    back = _face(data["back"], ("back",), errors, where) if "back" in data else None
    if "types" not in data:
        if data.get("elements"):
            errors.append(where(("elements",), "elements without 'types': say which card types this template draws"))
        return None, back
    size = tuple(float(v) for v in data.get("size", CARD_SIZE))
    return Template(tuple(data["types"]), size, _face(data, (), errors, where), back, info["label"]), back  # type: ignore[arg-type]


def load_layout(title: str, pack_files: list, user_files: list | None = None) -> Layout:
    """The layout for a pack: the generic one, then the pack's files, then the designer's ``user_files``.

    Two pack files drawing the same card type is an error (which would win is an accident of
    plugin order); a designer's file replaces the pack's template for the types it names.
    """
    default = resources.files("tabletop.printing").joinpath("layouts", "default.yaml")
    layout = Layout(title)
    fonts: dict[str, Path] = {}
    errors: list = []
    owner: dict[str, str] = {}
    for origin, resource in [("builtin", default)] + [("pack", f) for f in pack_files] + \
                            [("user", f) for f in (user_files or [])]:
        try:
            data, info = read_layout_file(resource)
        except ErrorList as e:
            errors.extend(e.errors)
            continue
        except LocatedError as e:
            errors.append(e)
            continue
        t, back = _template(data, info, errors)
        if t is None:
            layout.back = back or layout.back
        elif origin == "builtin":
            layout.fallback_back = t.back
        for ty in t.types if t is not None else ():
            if origin == "pack" and owner.get(ty, "builtin") != "builtin":
                errors.append(LocatedError(gettext(
                    'card type {ty!r} has two templates: this file and {value}; keep one').format(
                    ty=ty, value=owner[ty]), info["label"]))
            owner[ty] = "builtin" if origin == "builtin" else info["label"]
            layout.templates[ty] = t
        layout.palette.update(data.get("palette", {}))
        layout.replace.update(data.get("replace", {}))
        layout.hide.update(data.get("hide", ()))
        if "copies" in data:
            layout.copies = data["copies"]
        folder = _folder(resource)
        for name, file in data.get("fonts", {}).items():
            fonts[name] = (folder / file) if folder is not None else Path(file)
            problem = font_problem(fonts[name])
            if problem is not None:  # said where the layout names the file, not when a card first uses it
                errors.append(_located(info["label"], info["lines"], info["pos"], ("fonts", name), f"fonts/{name}",
                                       problem))
    if errors:
        raise ErrorList(errors)
    layout.fonts = Fonts(fonts)
    return layout
