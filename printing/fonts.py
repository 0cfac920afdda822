"""The fonts cards are printed in: TrueType files embedded in the PDF, so every accent prints.

The built-in families are DejaVu Sans, Serif and Mono, whose files matplotlib (a dependency of
``tabletop``) ships; their licence allows embedding. A layout may add its own TTF files.
PDF's standard 14 fonts are never used: they cover Latin-1 only, and a card named in Polish or
Greek would print as boxes.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext

#: Built-in font names a layout may use, and the DejaVu file of each.
BUILTIN = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-italic": "DejaVuSans-Oblique.ttf",
    "sans-bold-italic": "DejaVuSans-BoldOblique.ttf",
    "serif": "DejaVuSerif.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
    "serif-italic": "DejaVuSerif-Italic.ttf",
    "serif-bold-italic": "DejaVuSerif-BoldItalic.ttf",
    "mono": "DejaVuSansMono.ttf",
    "mono-bold": "DejaVuSansMono-Bold.ttf",
}
ALIASES = {"regular": "sans", "bold": "sans-bold", "italic": "sans-italic", "bold-italic": "sans-bold-italic"}


def _dejavu_folder() -> Path:
    spec = importlib.util.find_spec("matplotlib")
    for root in (spec.submodule_search_locations or []) if spec else []:
        folder = Path(root) / "mpl-data" / "fonts" / "ttf"
        if (folder / BUILTIN["sans"]).is_file():
            return folder
    raise TabletopError(gettext(
        "the DejaVu fonts that matplotlib ships were not found; reinstall with pip install 'tabletop[print]'"))


class Fonts:
    """Font names as a layout says them -> registered reportlab fonts, registered on first use.

    ``extra`` maps a layout's own font names to TTF files.
    """

    def __init__(self, extra: dict[str, Path] | None = None) -> None:
        self.extra = dict(extra or {})
        self._registered: dict[str, object] = {}

    def known(self) -> list[str]:
        return sorted(set(BUILTIN) | set(ALIASES) | set(self.extra))

    def resolve(self, name: str) -> str:
        """The reportlab font name for a layout's font name (registering the file once)."""
        name = ALIASES.get(name, name)
        if name not in self._registered:
            self._registered[name] = self._register(name)
        return self._registered[name].fontName

    def _register(self, name: str):
        import hashlib

        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFError, TTFont

        if name in self.extra:
            path = Path(self.extra[name])
        elif name in BUILTIN:
            path = _dejavu_folder() / BUILTIN[name]
        else:
            from tabletop.framework.suggest import did_you_mean

            raise TabletopError(gettext(
                'unknown font {name!r}{suggestion}; fonts: {items}').format(
                name=name, suggestion=did_you_mean(name, self.known()), items=', '.join(self.known())))
        # reportlab's font registry is global: one name per file, so two layouts never clash.
        ps_name = f"{name}-{hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]}"
        if ps_name in pdfmetrics.getRegisteredFontNames():
            return pdfmetrics.getFont(ps_name)
        try:
            font = TTFont(ps_name, str(path))
        except (OSError, TTFError) as e:
            raise TabletopError(gettext(
                'font {name!r}: cannot read {path} as a TrueType font ({e})').format(
                name=name, path=path, e=e)) from None
        pdfmetrics.registerFont(font)
        return font

    def missing_glyphs(self, name: str, text: str) -> list[str]:
        """The characters of ``text`` that font ``name`` has no glyph for (they would print as boxes)."""
        self.resolve(name)
        cmap = self._registered[ALIASES.get(name, name)].face.charToGlyph
        return sorted({ch for ch in text if not ch.isspace() and ord(ch) not in cmap})
