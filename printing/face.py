"""Drawing one face of one card (front or back) on a PDF canvas, from its template.

Boxes are millimetres from the card's top-left corner at the template's size and scale with
the printed size. Shapes that touch the card's edge run on into the bleed, so a cut a little
off never shows a white sliver. Text is fitted by :mod:`tabletop.printing.fit`; what cannot
fit, or has characters the font cannot draw, becomes a :class:`Problem`.
"""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.framework.language import gettext as _, number
from tabletop.printing import palette
from tabletop.printing.fields import Values, fill, label_of, names_in, show, truthy
from tabletop.printing.fit import Fitted, Span, fit
from tabletop.printing.layout import Element, Face, Layout

MM = 72 / 25.4
EDGE = 0.01  # mm: a box this close to the card's edge touches it
#: Where the baseline sits in a line, in font sizes above the line's bottom, for DejaVu's metrics.
ASCENT, DESCENT = 0.928, 0.236
OVERFLOW_MARK = (0.85, 0.0, 0.0)


@dataclass(frozen=True)
class Problem:
    """Something on a card that does not print as written: text that does not fit, a missing glyph."""

    card: str
    element: str
    message: str

    def render(self) -> str:
        return f"{self.card}: {self.element}: {self.message}"


@dataclass(frozen=True)
class Placement:
    """Where a face goes: the trim box's bottom-left corner (points), its size and the bleed (mm)."""

    x: float
    y: float
    width: float
    height: float
    bleed: float = 0.0


class FaceDrawer:
    """Draws faces with one layout; measures each word once per font."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._widths: dict[tuple[str, str], float] = {}

    def _unit(self, text: str, font: str) -> float:
        """The width of ``text`` at size 1 (points)."""
        key = (text, font)
        if key not in self._widths:
            from reportlab.pdfbase.pdfmetrics import stringWidth

            self._widths[key] = stringWidth(text, self.layout.fonts.resolve(font), 1.0)
        return self._widths[key]

    def colour(self, choices: tuple[str, ...], values: Values) -> palette.RGB | None:
        """The first of ``choices`` whose fields exist, as RGB; None for no colour."""
        for choice in choices:
            word = fill(choice, values) if "{" in choice else choice
            if word is None:
                continue
            if word.lower() == "none":
                return None
            return palette.resolve(word, self.layout.palette)
        return None

    def draw(self, canvas, face: Face, values: Values, card: str, where: Placement,
             template_size: tuple[float, float], source: dict | None = None) -> list[Problem]:
        """Draw ``face`` for the card whose fields are ``values``; ``source`` (its YAML entry)
        feeds the elements that print the fields no other element names."""
        sx, sy = where.width / template_size[0], where.height / template_size[1]
        b = where.bleed * MM
        bleed_rect = (where.x - b, where.y - b, where.width * MM + 2 * b, where.height * MM + 2 * b)
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(*bleed_rect)
        canvas.clipPath(clip, stroke=0, fill=0)
        fills: list[tuple[tuple[float, float, float, float], palette.RGB]] = []
        background = self.colour(face.background, values)
        if background is not None:
            canvas.setFillColorRGB(*background)
            canvas.rect(*bleed_rect, stroke=0, fill=1)
            fills.append((bleed_rect, background))
        shown = names_in(t for e in face.elements for t in e.templates()) | self.layout.hide
        problems: list[Problem] = []
        for element in face.elements:
            if element.when and not truthy(values, element.when):
                continue
            if element.unless and truthy(values, element.unless):
                continue
            rect = self._rect(element, where, sx, sy)
            if element.shape:
                self._shape(canvas, element, values, self._bled(rect, element, where, sx, sy), fills)
            else:
                paragraphs = self._paragraphs(element, values)
                if element.rest and source:
                    paragraphs += self._rest(element, source, shown)
                problems += self._text(canvas, element, paragraphs, rect, min(sx, sy), fills, values, card)
        canvas.restoreState()
        return problems

    # ------------------------------------------------------------------ geometry
    @staticmethod
    def _rect(e: Element, where: Placement, sx: float, sy: float) -> tuple[float, float, float, float]:
        x, y, w, h = e.box
        left = where.x + x * sx * MM
        top = where.y + where.height * MM - y * sy * MM
        return left, top - h * sy * MM, w * sx * MM, h * sy * MM

    @staticmethod
    def _bled(rect, e: Element, where: Placement, sx: float, sy: float):
        """A shape touching the card's edge extends into the bleed on that side."""
        if not where.bleed or e.shape == "line":
            return rect
        x, y, w, h = rect
        b = where.bleed * MM
        bx, by, bw, bh = e.box
        tw, th = where.width / sx, where.height / sy
        if bx <= EDGE:
            x, w = x - b, w + b
        if bx + bw >= tw - EDGE:
            w += b
        if by + bh >= th - EDGE:
            y, h = y - b, h + b
        if by <= EDGE:
            h += b
        return x, y, w, h

    # ------------------------------------------------------------------ shapes
    def _shape(self, canvas, e: Element, values: Values, rect, fills) -> None:
        x, y, w, h = rect
        fill_rgb = self.colour(e.fill, values)
        stroke_rgb = self.colour(e.stroke, values)
        if fill_rgb is None and stroke_rgb is None:
            return
        if fill_rgb is not None:
            canvas.setFillColorRGB(*fill_rgb)
            fills.append((rect, fill_rgb))
        if stroke_rgb is not None:
            canvas.setStrokeColorRGB(*stroke_rgb)
            canvas.setLineWidth(e.stroke_width)
        paint = {"stroke": int(stroke_rgb is not None), "fill": int(fill_rgb is not None)}
        if e.shape == "rect":
            canvas.rect(x, y, w, h, **paint)
        elif e.shape == "rounded":
            canvas.roundRect(x, y, w, h, e.radius * MM, **paint)
        elif e.shape == "ellipse":
            canvas.ellipse(x, y, x + w, y + h, **paint)
        elif stroke_rgb is not None:  # a line, from the box's top-left to its bottom-right corner
            canvas.line(x, y + h, x + w, y)

    # ------------------------------------------------------------------ text
    def _paragraphs(self, e: Element, values: Values) -> list[list[Span]]:
        replace = self.layout.replace
        out: list[list[Span]] = []
        for item in e.items:
            for scope in values.items(item.each) if item.each else [values]:
                if item.when and not truthy(scope, item.when):
                    continue
                if item.unless and truthy(scope, item.unless):
                    continue
                label = fill(item.label, scope, replace) if item.label else None
                text = fill(item.text, scope, replace) if item.text else None
                if (item.label and label is None) or (item.text and text is None):
                    continue
                spans: list[Span] = []
                if label:
                    spans.append((label, e.label_font))
                if text:
                    spans.append(((" " if label else "") + text, e.font))
                if spans:
                    out.append(spans)
        return out

    def _rest(self, e: Element, source: dict, shown: set[str]) -> list[list[Span]]:
        """Every field of the card no element names: a new field still reaches the paper."""
        out: list[list[Span]] = []
        for key, value in source.items():
            if key in shown:
                continue
            elements = value if isinstance(value, list) else [value]
            for element in elements:
                text = show(element)
                if text is None:
                    continue
                for old, new in self.layout.replace.items():
                    text = text.replace(old, new)
                out.append([(label_of(str(key)) + ":", e.label_font), (" " + text, e.font)])
        return out

    def _text(self, canvas, e: Element, paragraphs: list[list[Span]], rect, scale: float, fills,
              values: Values, card: str) -> list[Problem]:
        if not paragraphs:
            return []
        x, y, w, h = rect
        size, min_size = e.size * scale, e.min_size * scale
        shrink_to = (e.shrink_to * scale) if e.shrink_to else max(min_size, 0.85 * size)
        laid = fit(paragraphs, w, h, size=size, min_size=min_size, shrink_to=shrink_to,
                   leading=e.leading, gap=e.gap, unit=self._unit)
        colour = self._text_colour(e, rect, fills, values)
        self._lines(canvas, e, laid, rect, colour)
        problems = []
        for font, text in {(f, t) for p in paragraphs for t, f in p}:
            missing = self.layout.fonts.missing_glyphs(font, text)
            if missing:
                shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
                problems.append(Problem(card, e.name, _(
                    "font {font!r} has no glyph for {chars}; they print as boxes (give the layout a font that "
                    "has them)").format(font=font, chars=shown)))
        if not laid.fits:
            problems.append(Problem(card, e.name, self._overflow(laid, w, h, e.min_size)))
            canvas.setStrokeColorRGB(*OVERFLOW_MARK)
            canvas.setLineWidth(0.8)
            canvas.setDash(2, 2)
            canvas.rect(x, y, w, h, stroke=1, fill=0)
            canvas.setDash()
        return problems

    @staticmethod
    def _overflow(laid: Fitted, w: float, h: float, min_size: float) -> str:
        wide = [ln for ln in laid.lines if ln.width > w + 0.01]
        if wide:
            word = "".join(t for t, _ in wide[0].spans).strip()
            return _("text does not fit: {word!r} is wider than the box ({width} mm, the box is {box} mm) even at "
                     "{size} pt").format(word=word, width=number(wide[0].width / MM, 1), box=number(w / MM, 1),
                                         size=number(float(f"{min_size:g}")))
        return _("text does not fit: it needs {height} mm at {size} pt, the box is {box} mm high; shorten the text "
                 "or give the box more room").format(height=number(laid.height / MM, 1), size=number(float(f"{min_size:g}")),
                                                    box=number(h / MM, 1))

    def _text_colour(self, e: Element, rect, fills, values: Values) -> palette.RGB:
        if e.colour and e.colour != ("auto",):
            rgb = self.colour(tuple(c for c in e.colour if c != "auto"), values)
            if rgb is not None:
                return rgb
        cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
        under = (1.0, 1.0, 1.0)
        for (fx, fy, fw, fh), rgb in fills:
            if fx <= cx <= fx + fw and fy <= cy <= fy + fh:
                under = rgb
        return palette.contrasting(under)

    def _lines(self, canvas, e: Element, laid: Fitted, rect, colour) -> None:
        x, y, w, h = rect
        s = laid.size
        top = y + h
        if laid.fits and e.valign == "middle":
            top -= (h - laid.height) / 2
        elif laid.fits and e.valign == "bottom":
            top -= h - laid.height
        canvas.setFillColorRGB(*colour)
        line_top = top
        for i, line in enumerate(laid.lines):
            if line.starts_paragraph and i:
                line_top -= s * e.gap
            baseline = line_top - s * (ASCENT + (e.leading - ASCENT - DESCENT) / 2)
            if e.align == "center":
                cursor = x + (w - line.width) / 2
            elif e.align == "right":
                cursor = x + w - line.width
            else:
                cursor = x
            for text, font in line.spans:
                ps = self.layout.fonts.resolve(font)
                canvas.setFont(ps, s)
                canvas.drawString(cursor, baseline, text)
                cursor += self._unit(text, font) * s
            line_top -= s * e.leading
