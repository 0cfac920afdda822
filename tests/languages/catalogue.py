"""What the tests know of the message catalogues: the messages the source marks (Babel's own
extraction, configured as babel.cfg says) and the French catalogue as its .po file says."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("api", "batches", "bots", "cli", "dsl", "framework", "packs", "printing", "rl", "web")
KEYWORDS = {**DEFAULT_KEYWORDS, "narrate": (3,), "N_": None, "N_plural": (1, 2), "VerbSpec": (3,), "NP_": ((1, "c"), 2)}


@lru_cache(maxsize=None)
def marked() -> frozenset:
    """Every message id the source marks for translation: (context, id) pairs, plural ids as their singular."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    out = set()
    for folder in FOLDERS:
        for _file, _line, message, _comments, context in extract_from_dir(
                str(ROOT / folder), method_map, options_map, keywords=KEYWORDS):
            out.add((context, message[0] if isinstance(message, tuple) else message))
    return frozenset(out)


@lru_cache(maxsize=None)
def french_po():
    with (ROOT / "framework" / "locale" / "fr" / "LC_MESSAGES" / "tabletop.po").open("rb") as f:
        return read_po(f, locale="fr")
