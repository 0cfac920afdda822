"""The French catalogue against the source and against what is served: every message the code
marks has a French translation, and the .po file in the repository is exactly what a French
session reads (the catalogue is compiled from it when first used, never from a stale copy)."""
from __future__ import annotations

import re

from tabletop.framework import language
from tests.languages.catalogue import french_po, marked


def test_every_message_the_source_marks_has_a_french_translation():
    po = french_po()
    missing = []
    for context, message in sorted(marked(), key=lambda m: (m[0] or "", m[1])):
        entry = po.get(message, context=context)
        strings = entry.string if entry is not None and isinstance(entry.string, tuple) else (
            (entry.string,) if entry is not None else ("",))
        if entry is None or entry.fuzzy or not all(strings):
            missing.append(message if context is None else f"{context}|{message}")
    assert not missing, f"{len(missing)} messages without a French translation (run pybabel, docs/languages.md): {missing[:20]}"


def test_the_catalogue_holds_no_message_the_source_no_longer_marks():
    ids = {m for _c, m in marked()}
    stale = [m.id for m in french_po() if m.id and (m.id[0] if isinstance(m.id, tuple) else m.id) not in ids]
    assert not stale, f"obsolete entries in fr.po: {stale[:10]}"


def test_what_a_french_session_reads_is_what_the_po_file_says():
    po = french_po()
    language.use("fr")
    checked = 0
    for entry in po:
        if not entry.id:
            continue
        if isinstance(entry.id, tuple):
            singular, plural = entry.id
            for n, form in ((1, 0), (2, len(entry.string) - 1)):
                assert language.ngettext(singular, plural, n) == entry.string[form], singular
        elif entry.context:
            assert language.pgettext(entry.context, entry.id) == entry.string, entry.id
        else:
            assert language.gettext(entry.id) == entry.string, entry.id
        checked += 1
    assert checked == len([e for e in po if e.id])


def test_each_translation_keeps_the_placeholders_of_its_english():
    fields = re.compile(r"\{[^{}]*\}")
    wrong = []
    for entry in french_po():
        if not entry.id:
            continue
        pairs = zip(entry.id, entry.string) if isinstance(entry.id, tuple) else [(entry.id, entry.string)]
        for en, fr in pairs:
            if sorted(set(fields.findall(en))) != sorted(set(fields.findall(fr))):
                wrong.append((en, fr))
    assert not wrong, wrong[:5]


def test_a_french_colon_is_held_to_its_word_by_a_no_break_space():
    bare = [e.string for e in french_po() if e.id and isinstance(e.string, str) and re.search(r"\w :", e.string)]
    assert not bare, bare[:5]


def test_every_help_text_of_the_command_line_is_in_the_catalogue():
    """Typer shows docstrings and help= texts; each is a message of the catalogue."""
    import typer

    from tabletop.cli.main import app
    from tabletop.cli.speech import help_texts

    ids = {m for _c, m in marked()}
    missing = sorted(t for t in help_texts(typer.main.get_command(app)) if t not in ids)
    assert not missing, missing[:10]
