"""``tabletop cards print``: print-and-play sheets (and PNGs) of a pack's cards.

Registered by cli/main.py. Everything heavy is imported inside the command; the printing
package needs the ``print`` extra, and its absence is a one-line message, not a traceback.
"""
import os
from pathlib import Path
from typing import List, Optional

import typer

from tabletop.framework.language import N_, gettext as _, ngettext
from tabletop.framework.syserrors import reason


def _require_extra() -> None:
    import importlib.util

    from tabletop.framework.errors import TabletopError

    missing = [m for m in ("reportlab", "pypdfium2") if importlib.util.find_spec(m) is None]
    if missing:
        raise TabletopError(_("printing needs the 'print' extra ({missing} missing): pip install 'tabletop[print]'").format(
            missing=", ".join(missing)))


def _check_out(out: Path, inputs: list[Path]) -> None:
    from tabletop.framework.errors import TabletopError

    if out.suffix.lower() != ".pdf":
        raise TabletopError(_("--out {out}: the file name must end in .pdf (nothing was written)").format(out=out))
    if out.is_dir():
        raise TabletopError(_("--out {out}: that is a folder; give a file name ending in .pdf").format(out=out))
    if not out.parent.is_dir():
        raise TabletopError(_("--out {out}: the folder {folder} does not exist").format(out=out, folder=out.parent))
    if any(os.path.realpath(out) == os.path.realpath(p) for p in inputs):  # (resolve() raises on a symlink loop)
        raise TabletopError(_("--out {out}: that is one of the input files; it would be overwritten").format(out=out))


def _refuse_to_replace_pngs(folder: Path, names: list[str], force: bool) -> None:
    """Refuse now, before any drawing, to write over PNGs in ``folder`` that ``cards print`` did not
    write or that were changed since, as ``--out`` refuses another PDF: unless ``--force``, or the
    user agrees at a terminal. Its own untouched images of an earlier run are replaced freely."""
    import sys

    from tabletop.framework.errors import TabletopError
    from tabletop.printing.document import png_by_us

    theirs = [n for n in names if (folder / n).is_file() and not png_by_us(folder / n)]
    if force or not theirs:
        return
    if sys.stdin.isatty() and typer.confirm(ngettext(
            "{png}: {n} PNG file there was not written by 'cards print' or was changed since: replace it?",
            "{png}: {n} PNG files there were not written by 'cards print' or were changed since: replace them?",
            len(theirs)).format(png=folder, n=len(theirs)), default=False):
        return
    listed = ", ".join(theirs[:5]) + (", …" if len(theirs) > 5 else "")
    raise TabletopError(ngettext(
        "--png {png}: {files} was not written by 'cards print' or was changed since: not replacing it (add "
        "--force to replace it)",
        "--png {png}: {n} PNG files there were not written by 'cards print' or were changed since ({files}): "
        "not replacing them (add --force to replace them)", len(theirs)).format(
        png=folder, n=len(theirs), files=listed))


#: The largest number (mm or pt) a layout file may give: a card is a few centimetres, and text is
#: shrunk to fit step by step from its size (a font size of 1e300 would never be done shrinking).
LAYOUT_LIMIT = 1000


def _finite_layouts(files: list) -> None:
    """Refuse a number that is not finite (``.nan``, ``.inf``) in the designer's layout files,
    located like every other layout error (the schema's ``number`` lets them through, and a box
    or a font size of infinity never fits). A file that does not read is left to ``load_layout``."""
    import math

    from tabletop.framework.errors import ErrorList, TabletopError
    from tabletop.printing.layout import _located, read_layout_file

    errors = []
    for f in files:
        try:
            data, info = read_layout_file(f)
        except TabletopError:
            continue

        def walk(value, path):
            if isinstance(value, (int, float)) and not isinstance(value, bool) and not (
                    math.isfinite(value) and abs(value) <= LAYOUT_LIMIT):
                where = "/".join(map(str, path)) or "layout"
                errors.append(_located(info["label"], info["lines"], info["pos"], path, where, _(
                    "{value} is not a number a card can hold: give a finite number from -{limit} to {limit} "
                    "(millimetres for a box or a size, points for a font size), e.g. 4.5").format(
                    value=value if isinstance(value, float) else f"{value:.3g}", limit=f"{LAYOUT_LIMIT:,}")))
            elif isinstance(value, dict):
                for k, v in value.items():
                    walk(v, path + (k,))
            elif isinstance(value, list):
                for i, v in enumerate(value):
                    walk(v, path + (i,))

        walk(data, ())
    if errors:
        raise ErrorList(errors)


def cards_print(
    pack: str = typer.Argument(..., help=N_("The game pack, e.g. volfyirion or virevolt.")),
    out: Path = typer.Option(..., "--out", "-o", help=N_("The PDF to write.")),
    cards: Optional[List[Path]] = typer.Option(None, "--cards", help=N_("Print your own card files instead of the pack's set (repeatable); a deck may use them too.")),
    only: Optional[List[str]] = typer.Option(None, "--only", help=N_("Print only this card (repeatable).")),
    deck: Optional[str] = typer.Option(None, "--deck", help=N_("Print exactly a deck's cards with their counts: a deck file or a preconstructed deck's name.")),
    one_each: bool = typer.Option(False, "--one-each", help=N_("One copy of each card instead of as many as the set or deck holds.")),
    size: str = typer.Option("63x88", "--size", help=N_("Card size in mm, WIDTHxHEIGHT, or poker, bridge, mini, tarot, square.")),
    paper: str = typer.Option("a4", "--paper", help=N_("Paper: a4 or letter.")),
    bleed: float = typer.Option(0.0, "--bleed", help=N_("Bleed around each card in mm (3 is usual for a print shop); fewer cards may fit a sheet.")),
    png: Optional[Path] = typer.Option(None, "--png", help=N_("Also write each card as a PNG into this folder, for sharing.")),
    dpi: int = typer.Option(300, "--dpi", min=50, max=1200, help=N_("Resolution of the PNGs.")),
    layout: Optional[List[Path]] = typer.Option(None, "--layout", help=N_("A layout file of your own; its templates replace the pack's for the card types they name (repeatable).")),
    force: bool = typer.Option(False, "--force", help=N_("Replace --out, and the PNGs in --png, if they exist.")),
) -> None:
    """Print cards on paper: fronts nine to a sheet with crop marks, each sheet followed by its backs mirrored for duplex.

    Text is fitted to its box (shrunk, then wrapped); a card whose text still does not fit is reported and the command exits with 1 (the PDF is still written, that box outlined in red).
    """
    _require_extra()
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.game import write_atomic
    from tabletop.framework.packs import registry
    from tabletop.printing.document import png_names, render_pdf, render_pngs, write_pngs
    from tabletop.printing.layout import load_layout
    from tabletop.printing.selection import choose
    from tabletop.printing.sheet import Sheet, parse_size

    inputs = list(cards or []) + list(layout or []) + ([Path(deck)] if deck else [])
    _check_out(out, inputs)
    if png is not None and png.exists() and not png.is_dir():
        raise TabletopError(_("--png {png}: that is a file, not a folder").format(png=png))
    from tabletop.cli.options import finite_number

    bleed = finite_number(bleed, "--bleed", N_("millimetres"), 0, 100, example="3")
    _finite_layouts(list(layout or []))
    p = registry().get(pack)
    sheet = Sheet.plan(paper.lower(), parse_size(size), bleed)
    lay = load_layout(p.info.title or p.name, p.print_layouts(), list(layout or []))
    chosen = choose(p, card_files=list(cards or []), deck=deck, only=list(only or []), one_each=one_each,
                    copies_field=lay.copies)
    from tabletop.cli.main import _printed_by_us, refuse_to_replace

    refuse_to_replace(out, force, _printed_by_us)  # after every input is checked, before the rendering
    if png is not None:
        _refuse_to_replace_pngs(png, [name for _card, name in png_names(chosen)], force)
    data, printed = render_pdf(lay, chosen, sheet)
    try:
        write_atomic(out, data)
    except OSError as e:
        raise TabletopError(_("--out {out}: cannot write ({why})").format(out=out, why=reason(e))) from None
    typer.echo(_("wrote {out}: {cards} on {sheets}, {pages} pages (each page of fronts followed by its backs, "
                 "mirrored for duplex; {cols} x {rows} per {paper} sheet)").format(
        out=out, cards=ngettext("{n} card", "{n} cards", printed.cards).format(n=printed.cards),
        sheets=ngettext("{n} sheet", "{n} sheets", printed.sheets).format(n=printed.sheets), pages=printed.pages,
        cols=sheet.cols, rows=sheet.rows, paper=paper.lower()))
    if png is not None:
        try:
            written = write_pngs(png, render_pngs(lay, chosen, sheet.card, dpi))
        except OSError as e:
            raise TabletopError(_("--png {png}: cannot write ({why})").format(png=png, why=reason(e))) from None
        typer.echo(_("wrote {n} PNG(s) to {png}").format(n=len(written), png=png))
    if printed.problems:
        cards_hit = sorted({pr.card for pr in printed.problems})
        for pr in printed.problems:
            typer.echo(_("does not print as written: {problem}").format(problem=pr.render()), err=True)
        raise TabletopError(_("{n} card(s) do not print as written: {cards} (the PDF is written; a box whose text "
                              "does not fit is outlined in red)").format(n=len(cards_hit), cards=", ".join(cards_hit)))
