"""The language people read: messages through gettext catalogs, plural forms, numbers, card names.

English is the language of the source: every message is written in English where it is
used, marked for extraction (``gettext``/``ngettext`` calls, ``N_`` for a text translated
later, the template of ``narrate``), and shown as it is when the language is English. A
translation lives in a Babel ``.po`` file in ``framework/locale/<lang>/LC_MESSAGES/``; the
``.po`` is the only form kept: it is compiled in memory the first time its language is used
(Babel reads it, gettext serves it), so what is served can never be older than the file in
the repository (docs/languages.md).

The language is a process-wide setting (:func:`use`): a command runs in one language. A web
server serving several languages renders each connection's texts inside :func:`speaking`.

Untranslated messages are noted (:func:`missing`): the tests play whole games in French and
fail on any message the catalogue does not translate.
"""
from __future__ import annotations

import gettext as gettext_module
import io
import os
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterator, Mapping

DEFAULT = "en"
#: The languages tabletop speaks: English (the source) and every catalogue beside this module.
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "tabletop"

_LANG: ContextVar[str] = ContextVar("tabletop_language", default=DEFAULT)
_catalogs: dict[str, gettext_module.GNUTranslations] = {}
_missing: set[str] = set()
#: Display texts of cards per language: {lang: {english name: {"name": ..., "text": ...}}}.
_card_texts: dict[str, dict[str, dict]] = {}


def languages() -> tuple[str, ...]:
    """Every language available: English and each catalogue shipped."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (DEFAULT, *found)


def normalise(tag: object) -> str | None:
    """The supported language a locale name or language tag means (``fr_CA.UTF-8``, ``fr-CA``,
    ``FR``: fr), or None; None too for what is no text (a browser's JSON may send any value)."""
    if not isinstance(tag, str) or not tag:
        return None
    base = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in languages() else None


def from_environment(env: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, in gettext's order: ``LANGUAGE`` (a colon-separated
    list of preferences), then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; English when none names one
    tabletop speaks. As in gettext, ``LANGUAGE`` is ignored when the locale is "C" or "POSIX"."""
    env = os.environ if env is None else env
    locale = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "")
    if locale.split(".")[0] not in ("C", "POSIX"):
        for tag in env.get("LANGUAGE", "").split(":"):
            lang = normalise(tag)
            if lang:
                return lang
    return normalise(locale) or DEFAULT


def from_accept_language(header: str | None) -> str:
    """The language an HTTP ``Accept-Language`` header prefers among those tabletop speaks."""
    ranked = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = normalise(tag)
        if lang and q > 0:
            ranked.append((-q, i, lang))
    return min(ranked)[2] if ranked else DEFAULT


class UnknownLanguage(ValueError):
    """A language tabletop has no catalogue for."""


def use(lang: str) -> str:
    """Speak ``lang`` from now on (for this process, or this context); returns the language used."""
    found = normalise(lang)
    if found is None:
        raise UnknownLanguage(f"no language {lang!r}; tabletop speaks: {', '.join(languages())}")
    _LANG.set(found)
    return found


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside this block only (a web connection's texts)."""
    token = _LANG.set(normalise(lang) or DEFAULT)
    try:
        yield
    finally:
        _LANG.reset(token)


def current() -> str:
    """The language spoken now."""
    return _LANG.get()


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


class _Absent(gettext_module.NullTranslations):
    """The end of every catalogue's fallback chain: ``None`` for a message the catalogue does not
    translate, so a lookup tells an absent message from one translated to the same words."""

    def gettext(self, message):
        return None

    def ngettext(self, msgid1, msgid2, n):
        return None

    def pgettext(self, context, message):
        return None


def catalogue(lang: str) -> gettext_module.GNUTranslations:
    """The compiled catalogue of ``lang``, compiled from its ``.po`` the first time it is asked
    for; a message it lacks comes back ``None``. Fuzzy entries are not served: they are drafts."""
    cat = _catalogs.get(lang)
    if cat is None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with catalogue_path(lang).open("rb") as f:
            po = read_po(f, locale=lang, domain=DOMAIN)
        buf = io.BytesIO()
        write_mo(buf, po, use_fuzzy=False)
        buf.seek(0)
        cat = _catalogs[lang] = gettext_module.GNUTranslations(buf)
        cat.add_fallback(_Absent())
    return cat


def translation(message: str, context: str | None = None) -> str | None:
    """``message`` (as meant in ``context``) in the language spoken now, or None where its
    catalogue has no translation; unlike :func:`gettext`, an absent message is not noted missing."""
    lang = _LANG.get()
    if lang == DEFAULT:
        return message
    cat = catalogue(lang)
    return cat.gettext(message) if context is None else cat.pgettext(context, message)


def gettext(message: str) -> str:
    """``message`` in the language spoken now."""
    lang = _LANG.get()
    if lang == DEFAULT or not message:
        return message
    found = catalogue(lang).gettext(message)
    if found is None:
        _missing.add(message)
        return message
    return found


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message ``n`` asks for, in the language spoken now."""
    lang = _LANG.get()
    if lang == DEFAULT:
        return singular if n == 1 else plural
    found = catalogue(lang).ngettext(singular, plural, n)
    if found is None:
        _missing.add(singular)
        return singular if n == 1 else plural
    return found


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (one English word, two French ones: "main" hero, "main" phase)."""
    lang = _LANG.get()
    if lang == DEFAULT:
        return message
    found = catalogue(lang).pgettext(context, message)
    if found is None:
        _missing.add(f"{context}\x04{message}")
        return message
    return found


def gettext_in(context: str | None, message: str) -> str:
    """``message`` as ``context`` (a game) words it when its catalogue says so, else as everyone does:
    a pack gives the framework's messages its own words (Volfyirion *pioche*, Virevolt *pige*)."""
    if _LANG.get() == DEFAULT:
        return message
    if context and message:
        found = translation(message, context)
        if found is not None:
            return found
    return gettext(message)


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction (a pack's own words for a framework message)."""
    return message


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (it is translated where shown)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted message (its two English forms) for extraction; :class:`Count` shows it."""
    return singular, plural


def missing() -> set[str]:
    """The messages asked for in a language whose catalogue does not translate them (since :func:`forget_missing`)."""
    return set(_missing)


def forget_missing() -> None:
    _missing.clear()


# ---------------------------------------------------------------------- numbers
def number(value: float | int, decimals: int | None = None) -> str:
    """A number as the language writes it: English ``1234.5``; French ``1 234,5`` (a narrow
    no-break space groups the thousands, a comma marks the decimals, as CLDR says)."""
    lang = _LANG.get()
    if decimals is not None:
        value = round(value, decimals)
    if lang == DEFAULT:  # as tabletop always wrote numbers in English: no grouping
        return f"{value:.{decimals}f}" if decimals is not None else f"{value}"
    from babel.numbers import format_decimal

    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=lang)


def grouped(value: int) -> str:
    """A count with its thousands grouped: English ``12,345``; French ``12 345`` (narrow no-break space)."""
    if _LANG.get() == DEFAULT:
        return f"{value:,}"
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_LANG.get())


def percent(fraction: float, decimals: int = 1) -> str:
    """A fraction as a percentage: English ``52.3%``; French ``52,3 %`` (no-break space before %)."""
    lang = _LANG.get()
    if lang == DEFAULT:
        return f"{100 * fraction:.{decimals}f}%"
    from babel.numbers import format_percent

    return format_percent(fraction, format="#,##0" + ("." + "0" * decimals if decimals else "") + "\u00a0%",
                          locale=lang)


def in_figures(text: str) -> str:
    """Figures already laid out in columns (``" +3.2  [ -1.0, +7.5]  52.3%"``) written the language's
    way: its decimal sign, a no-break space before ``%`` where it takes one; English as it is."""
    lang = _LANG.get()
    if lang == DEFAULT:
        return text
    import re

    from babel.numbers import format_percent, get_decimal_symbol

    text = re.sub(r"(?<=\d)\.(?=\d)", get_decimal_symbol(lang), text)
    sample = format_percent(0.5, locale=lang)  # "50 %" in French: the language's own percent sign and gap
    percent = sample[len(sample.rstrip("%\u00a0\u202f ")):] if sample.endswith("%") else "%"
    return re.sub(r"(?<=\d)%", percent, text)


# ---------------------------------------------------------------------- card names and texts
def register_card_texts(lang: str, name: str, texts: dict) -> None:
    """Record how a card is shown in ``lang`` (its ``translations`` block): display only, the rules
    stay the card's English texts."""
    _card_texts.setdefault(lang, {})[name] = texts


def card_texts(name: str, lang: str | None = None) -> dict:
    """The translated display texts of the card named ``name`` (empty when it has none)."""
    return _card_texts.get(lang or _LANG.get(), {}).get(name, {})


def card_name(name: str) -> str:
    """The name of a card as shown in the language spoken now (its own name without a translation)."""
    if _LANG.get() == DEFAULT:
        return name
    texts = _card_texts.get(_LANG.get(), {}).get(name)
    if texts is None:
        if any(name in table for table in _card_texts.values()):  # translated into another language, not this one
            _missing.add(f"card {name}: name")
        return name
    return texts["name"]


def shown_card_word(word: str) -> str:
    """An action's argument as shown: a card's name (or ``zone:Name``) in the language spoken now, else itself."""
    lang = _LANG.get()
    if lang == DEFAULT:
        return word
    table = _card_texts.get(lang, {})
    if word in table:
        return table[word]["name"]
    head, colon, tail = word.rpartition(":")
    if colon and tail in table:
        return f"{head}:{table[tail]['name']}"
    return word


def english_names(text: str) -> str:
    """``text`` with every translated card name it contains (any language, any case) put back in
    English: a player may type an action with the names they read."""
    import re

    pairs = sorted(((texts["name"], english) for table in _card_texts.values() for english, texts in table.items()
                    if texts["name"].casefold() != english.casefold()), key=lambda p: -len(p[0]))
    for shown, english in pairs:
        if shown.casefold() in text.casefold():
            text = re.sub(r"(?<![\w])" + re.escape(shown) + r"(?![\w])", lambda m: english, text, flags=re.IGNORECASE)
    return text


def english_card_name(shown: str) -> str | None:
    """The card (its English name) that ``shown`` names in any language, or None: actions accept either name."""
    key = shown.casefold()
    for table in _card_texts.values():
        for english, texts in table.items():
            if texts.get("name", "").casefold() == key:
                return english
    return None


# ---------------------------------------------------------------------- phrases kept in English, shown translated
class Phrase(str):
    """Text built from a template and arguments, equal to its English rendering, shown in the
    reader's language by :func:`localised` (events are stored in English and rendered per reader)."""

    def __new__(cls, template: str, **args) -> "Phrase":
        self = super().__new__(cls, template.format(**args))
        self.template, self.args = template, args
        return self

    def __reduce__(self):
        return _phrase, (type(self), self.template, self.args)

    def translated(self) -> str:
        return gettext(self.template).format(**{k: localised(v) for k, v in self.args.items()})


def _phrase(cls, template, args):
    return cls(template, **args)


class Word(Phrase):
    """A word shown in the reader's language ("burn", "main", a phase name)."""

    def __new__(cls, word: str, context: str | None = None) -> "Word":
        self = str.__new__(cls, word)
        self.template, self.args, self.context = word, {}, context
        return self

    def __reduce__(self):
        return Word, (self.template, self.context)

    def translated(self) -> str:
        return pgettext(self.context, self.template) if self.context else gettext(self.template)


class Count(Phrase):
    """A counted phrase ("2 cards") shown with the plural form its number asks for."""

    def __new__(cls, n: int, singular: str, plural: str) -> "Count":
        self = str.__new__(cls, (singular if n == 1 else plural).format(n=n))
        self.template, self.args = singular, {"n": n}
        self.n, self.plural = n, plural
        return self

    def __reduce__(self):
        return Count, (self.n, self.template, self.plural)

    def translated(self) -> str:
        return ngettext(self.template, self.plural, self.n).format(n=number(self.n))


class CardName(Phrase):
    """A card's name, shown as the language names the card (its translation, else itself)."""

    def __new__(cls, name: str) -> "CardName":
        self = str.__new__(cls, name)
        self.template, self.args = name, {}
        return self

    def __reduce__(self):
        return CardName, (self.template,)

    def translated(self) -> str:
        return card_name(self.template)


class CardText(Phrase):
    """One text of a card (``("attacks", 0, "effect")`` of Ember Warden), shown from the card's
    translation in the reader's language; a card without one shows its own text (and is noted missing)."""

    def __new__(cls, card: str, path: tuple, english: str) -> "CardText":
        self = str.__new__(cls, english)
        self.template, self.args = english, {}
        self.card, self.path = card, tuple(path)
        return self

    def __reduce__(self):
        return CardText, (self.card, self.path, self.template)

    def translated(self) -> str:
        return card_text(self.card, self.path, self.template)


def card_text(card: str, path: tuple, english: str) -> str:
    """The text at ``path`` of the card named ``card`` in the language spoken now, else ``english``."""
    lang = _LANG.get()
    if lang == DEFAULT:
        return english
    found = _card_texts.get(lang, {}).get(card, {})
    for key in path:
        try:
            found = found[key]
        except (KeyError, IndexError, TypeError):
            _missing.add(f"card {card}: {'.'.join(map(str, path))}")
            return english
    return found if isinstance(found, str) else english


def listed(items) -> Phrase | str:
    """Items separated by commas, each shown in the reader's language."""
    items = list(items)
    if not items:
        return ""
    head = items[0]
    for item in items[1:]:
        head = Phrase(N_("{a}, {b}"), a=head, b=item)
    return head


def joined(items, last: str = "and") -> Phrase | str:
    """Items listed the language's way: "a, b and c" ("a, b et c")."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:
        head = Phrase(N_("{a}, {b}"), a=head, b=item)
    if last == "and":
        return Phrase(N_("{a} and {b}"), a=head, b=items[-1])
    return Phrase(N_("{a} or {b}"), a=head, b=items[-1])


def localised(value):
    """A value as the language spoken now shows it: phrases translated, floats written its way."""
    if _LANG.get() == DEFAULT:
        return str(value) if isinstance(value, Phrase) else value
    if isinstance(value, Phrase):
        return value.translated()
    if isinstance(value, float):
        return number(value)
    return value
