"""Finding English left in French output, without reading it: the catalogue notes every message
asked for that it does not translate (``language.missing()``), and a line printed identically by
the English and the French run of the same scripted session is English unless it holds only
what both languages share (card names the French edition keeps, player seats, numbers, the
action notation, rule ids)."""
from __future__ import annotations

import re

from tabletop.framework import language

#: Words of English sentences that no French sentence of tabletop uses.
ENGLISH = {"the", "is", "are", "you", "your", "and", "with", "has", "have", "of", "to", "from", "this", "that",
           "plays", "draws", "wins", "turn", "card", "cards", "hero", "heroes", "crystal", "crystals", "trap",
           "traps", "hand", "attacks", "game", "over", "after", "none", "empty", "command", "battle",
           "knowledge", "city", "cities", "defence", "playing", "area", "row", "asset", "wonder", "lair",
           "graveyard", "discard", "pile", "secondary", "damage", "gets", "unknown", "legal", "not", "for", "at",
           "by", "its", "it", "be", "can", "cannot", "seed", "type", "help", "commands", "winner", "why"}
MENU = re.compile(r"^\s*\d+\.\s")


def shared_words(line: str, keep: set[str]) -> str:
    """``line`` without what both languages write alike (names, seats, rule ids, numbers)."""
    for name in sorted(keep, key=len, reverse=True):
        line = line.replace(name, " ")
    line = re.sub(r"\b[A-Z]{3}-[A-Z0-9-]+\b", " ", line)  # rule ids
    line = re.sub(r"--[\w-]+|\b\w+_[\w=]+", " ", line)  # option names and values (first_turn_protection=false)
    return re.sub(r"\bp\d\b", " ", line)


def leftovers(french: str, english: str, keep: set[str], quoted: str = "") -> list[str]:
    """Lines printed alike in both runs that still read as English sentences (``quoted``: the
    user's own text an error quotes, English or not)."""
    same = {ln.strip() for ln in french.splitlines()} & {ln.strip() for ln in english.splitlines()}
    same -= {ln.strip() for ln in quoted.splitlines()}
    in_names = {w.lower() for name in keep for w in re.findall(r"[A-Za-z]+", name)}  # a name cut by wrapping
    out = []
    for ln in sorted(same):
        if not ln or MENU.match(ln) or ln.endswith(">"):
            continue
        words = set(re.findall(r"[a-z]+", shared_words(ln, keep).lower()))
        if (words - in_names) & ENGLISH:
            out.append(ln)
    return out


def kept_names() -> set[str]:
    """The card names a French reader sees unchanged (Volfyirion's French edition keeps them)."""
    out = set()
    for lang, table in language._card_texts.items():
        out |= {english for english, texts in table.items() if texts.get("name") == english}
    return out


def in_both(run) -> tuple[str, str, set[str]]:
    """``run()`` (it returns what was printed) in French then in English; the messages the French
    catalogue was asked for and does not translate."""
    language.forget_missing()
    language.use("fr")
    try:
        french = run()
        missing = language.missing()
    finally:
        language.use("en")
    return french, run(), missing
