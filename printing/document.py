"""The print-and-play document: sheets of fronts, each followed by its page of mirrored backs;
and each card alone as a PNG for sharing.
"""
from __future__ import annotations

import hashlib
import io
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.printing.face import MM, FaceDrawer, Placement, Problem
from tabletop.printing.fields import Values
from tabletop.printing.layout import Layout
from tabletop.printing.sheet import Sheet


@dataclass(frozen=True)
class Slot:
    """Where one printed card went: its page (0-based) and trim box."""

    card: str
    page: int
    where: Placement


@dataclass
class Printed:
    """What a print run made, and every card that does not print as written."""

    pages: int = 0
    sheets: int = 0
    cards: int = 0
    slots: list[Slot] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def _values(card: Any, layout: Layout) -> Values:
    return Values.of_card(card, {"pack": layout.title})


def _front(drawer: FaceDrawer, canvas, card: Any, where: Placement, seen: set, printed: Printed) -> None:
    layout = drawer.layout
    template = layout.template(card.type)
    problems = drawer.draw(canvas, template.front, _values(card, layout), card.name, where, template.size,
                           source=card.get("source") or {})
    for p in problems:
        if p not in seen:  # copies of a card print alike: report once
            seen.add(p)
            printed.problems.append(p)


def _back(drawer: FaceDrawer, canvas, card: Any, where: Placement) -> None:
    layout = drawer.layout
    face, size = layout.back_of(card.type)
    drawer.draw(canvas, face, Values({"pack": layout.title}), card.name, where, size)


def render_pdf(layout: Layout, cards: list, sheet: Sheet, title: str = "") -> tuple[bytes, Printed]:
    """The PDF of ``cards`` (one entry per printed copy, in order) and what was printed."""
    from reportlab.pdfgen import canvas as pdf_canvas

    buffer = io.BytesIO()
    c = pdf_canvas.Canvas(buffer, pagesize=(sheet.paper[0] * MM, sheet.paper[1] * MM), pageCompression=1)
    c.setTitle(title or f"{layout.title} cards")
    c.setCreator("tabletop cards print")
    drawer = FaceDrawer(layout)
    printed = Printed(cards=len(cards))
    seen: set = set()
    for start in range(0, len(cards), sheet.per_sheet):
        chunk = cards[start:start + sheet.per_sheet]
        for i, card in enumerate(chunk):
            where = sheet.slot(i)
            _front(drawer, c, card, where, seen, printed)
            printed.slots.append(Slot(card.name, printed.pages, where))
        sheet.draw_crop_marks(c)
        c.showPage()
        for i, card in enumerate(chunk):
            _back(drawer, c, card, sheet.slot(i, back=True))
        c.showPage()
        printed.pages += 2
        printed.sheets += 1
    c.save()
    return buffer.getvalue(), printed


def file_stem(name: str) -> str:
    """A card name as a file name: lower case, accents folded, letters of any script kept,
    anything else a dash."""
    base = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return re.sub(r"[\W_]+", "-", base.lower()).strip("-") or "card"


#: The PNG text chunk every card image ``cards print`` writes carries: the digest of its pixels, so
#: that an image it wrote, unchanged since, may be written over again, and no other (:func:`png_by_us`).
PNG_MARK = "tabletop cards print"


def png_names(cards: list) -> list[tuple[Any, str]]:
    """Each distinct card of ``cards`` with the name of its PNG (``ember-warden.png``; a second card
    whose name folds alike gets ``-2``), known before anything is drawn."""
    out: list[tuple[Any, str]] = []
    used: set[str] = set()
    for card in {c.name: c for c in cards}.values():
        stem = file_stem(card.name)
        name, n = f"{stem}.png", 2
        while name in used:
            name, n = f"{stem}-{n}.png", n + 1
        used.add(name)
        out.append((card, name))
    return out


def _pixels_digest(image) -> str:
    return hashlib.sha256(f"{image.mode} {image.size}\n".encode() + image.tobytes()).hexdigest()


def png_by_us(path: Path) -> bool:
    """Whether ``path`` is a card image ``cards print`` wrote whose pixels nobody changed since (its
    :data:`PNG_MARK` chunk holds their digest); any other file, or one that does not open, is not."""
    from PIL import Image

    try:
        with Image.open(path) as im:
            mark = getattr(im, "text", {}).get(PNG_MARK)  # (only a PNG has text chunks)
            return mark is not None and mark == _pixels_digest(im)
    except (OSError, ValueError, Image.DecompressionBombError):
        return False


def render_pngs(layout: Layout, cards: list, size: tuple[float, float], dpi: int = 300) -> list[tuple[str, bytes]]:
    """Each distinct card of ``cards`` alone at ``size`` (mm, no bleed) as PNG: ``(file name, bytes)``,
    each marked as written here (:data:`PNG_MARK`)."""
    import pypdfium2
    from PIL.PngImagePlugin import PngInfo
    from reportlab.pdfgen import canvas as pdf_canvas

    named = png_names(cards)
    buffer = io.BytesIO()
    c = pdf_canvas.Canvas(buffer, pagesize=(size[0] * MM, size[1] * MM))
    drawer = FaceDrawer(layout)
    printed = Printed()
    for card, _name in named:
        _front(drawer, c, card, Placement(0.0, 0.0, size[0], size[1]), set(), printed)
        c.showPage()
    c.save()
    out: list[tuple[str, bytes]] = []
    pdf = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        for i, (_card, name) in enumerate(named):
            image = pdf[i].render(scale=dpi / 72).to_pil()
            mark = PngInfo()
            mark.add_text(PNG_MARK, _pixels_digest(image))
            png = io.BytesIO()
            image.save(png, format="PNG", dpi=(dpi, dpi), pnginfo=mark)
            out.append((name, png.getvalue()))
    finally:
        pdf.close()
    return out


def write_pngs(folder: Path, images: list[tuple[str, bytes]]) -> list[Path]:
    from tabletop.framework.game import write_atomic

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, data in images:
        write_atomic(folder / name, data)
        paths.append(folder / name)
    return paths
