"""Every word a pack's card language knows, each with an example: ``tabletop cards words PACK``.

An entry's example is the one its pattern was registered with, or one made from the pattern
(a number becomes 2, a word class its first word, a family its own first example), so every
entry shows a phrase the language reads; the test suite compiles them all.
"""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.dsl.vocabulary import CONDITION, EFFECT, MODIFIER, QUANTITY, TRIGGER, Element, Pattern, Vocabulary
from tabletop.framework.language import N_, gettext as _

#: How each family is titled, and the compile kind its examples are compiled as.
SECTIONS = (
    (EFFECT, N_("Effects (statements)"), "effect"),
    (CONDITION, N_("Conditions (after 'if', 'while', '->')"), "condition"),
    (QUANTITY, N_("Quantities (numbers: in '( )', after 'equal to')"), "quantity"),
    (TRIGGER, N_("Triggers (after 'when' / 'whenever')"), "trigger"),
    ("moment", N_("Moments (after 'at the start of' / 'at the end of')"), "moment"),
    (MODIFIER, N_("Lasting changes (abilities, powers, 'this turn, ...')"), "modifier"),
)


@dataclass(frozen=True)
class Entry:
    """One phrase form: its pattern as shown, its example, and the kind to compile it as."""

    family: str
    form: str
    example: str
    kind: str


def entries(vocab: Vocabulary) -> list[Entry]:
    """Every phrase form of ``vocab``, in the order of :data:`SECTIONS` then registration."""
    out = []
    for family, _title, kind in SECTIONS:
        for p in vocab.families.get(family, ()):
            if p.listed:
                out.append(Entry(family, p.show(), p.example or make_example(vocab, p), kind))
        if family in vocab.parsers and family not in vocab.families:
            doc, examples = vocab.parser_docs.get(family, ("", ()))
            for ex in examples:
                out.append(Entry(family, doc or family, ex, kind))
    return out


def make_example(vocab: Vocabulary, p: Pattern, depth: int = 0) -> str:
    """A phrase matching pattern ``p``, built from its elements."""
    return " ".join(w for w in (_element(vocab, e, depth) for e in p.elements) if w).replace(" ,", ",")


def _element(vocab: Vocabulary, e: Element, depth: int) -> str:
    k = e.kind
    if k == "lit":
        return e.shown[0]
    if k == "opt":
        return ""
    if k == "number":
        return "2"
    if k in ("word", "words"):
        return vocab.word_class(e.arg)[0]
    if k == "amounts":
        return f"2 {vocab.word_class(e.arg)[0]}"
    if k == "name":
        return '"Some Card"'
    return family_example(vocab, e.arg, depth + 1)


def family_example(vocab: Vocabulary, family: str, depth: int = 0) -> str:
    """An example phrase of ``family``: a sub-parser's first example, or its first pattern's."""
    if family in vocab.parsers:
        examples = vocab.parser_docs.get(family, ("", ()))[1]
        if examples:
            return examples[0]
    for p in vocab.families.get(family, ()):
        if p.example:
            return p.example
        if depth < 4:
            return make_example(vocab, p, depth)
    return family


def word_classes(vocab: Vocabulary) -> dict[str, tuple[str, ...]]:
    return {cls: vocab.listed_words(cls) for cls in sorted(vocab.classes)}


def render(vocab: Vocabulary) -> str:
    """The catalogue as text: word classes, then each section's forms with their examples."""
    lines = [_("The card language of {game}").format(game=vocab.name), ""]
    lines.append(_("Words"))
    for cls, words in word_classes(vocab).items():
        lines.append(f"  {cls}: {', '.join(words)}")
    table = vocab.table
    if table is not None:
        lines.append("  " + _("zone: {words}").format(words=", ".join(" / ".join(z.words) for z in table.zones)))
        lines.append("  " + _("kind of card: {words}").format(words=", ".join(["card", *(k.name for k in table.kinds)])))
    lines.append("")
    lines.append(_("Selectors (which cards, which players)"))
    for fam in ("cards", "players", "zone", "destination", "counted", "attrcmp", "compare", "duration",
                "cost-subject", "possessive"):
        if fam in vocab.parsers:
            doc, examples = vocab.parser_docs.get(fam, ("", ()))
            lines.append(f"  {_(doc) or fam}" + _(": ") + "; ".join(examples))
    by_family: dict[str, list[Entry]] = {}
    for e in entries(vocab):
        by_family.setdefault(e.family, []).append(e)
    for family, title, _kind in SECTIONS:
        items = by_family.get(family)
        if not items:
            continue
        lines.append("")
        lines.append(_(title))
        for e in items:
            documented = family in vocab.parsers and family not in vocab.families  # a doc, not a pattern
            lines.append(f"  {_(e.form) if documented else e.form}")
            lines.append("      " + _("e.g. {example}").format(example=e.example))
    return "\n".join(lines) + "\n"
