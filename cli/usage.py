"""Click's own words in the language spoken: the usage line, the help's section headings, the
``[default: ...]`` notes and the usage errors (``Error: No such option: --sed``).

Typer (0.26 and later) carries its own copy of Click, whose words are English literals, and
typer's own words (``Options``, ``Commands``, ``default: {default}``) go through the standard
library's ``gettext`` of the default domain. So the command line speaks them itself:

- typer's words: ``typer.core._`` is set to tabletop's ``gettext`` when another language than
  English is chosen (typer looks ``_`` up in its module when it prints, after ``--lang`` ran);
- the usage line: every command's context makes a :class:`Formatter` whose prefix is
  translated (``context_class``, a documented Click attribute, set on the tree's commands);
- errors: the root group (:class:`SpeakingGroup`, typer's ``cls=``) gives each usage error it
  sees a French ``show``, rebuilt from the error's parts (the option, the parameter) or, for a
  message Click wrote whole, from the template it was written with (:data:`CLICK_MESSAGES`).

English output is Click's own, untouched: nothing here runs while the language is English.
"""
from __future__ import annotations

import functools
import re
import sys

import typer.core

from tabletop.framework import language
from tabletop.framework.language import N_
from tabletop.framework.wording import FILE_LIMIT, clip_quoted

#: Typer's copy of Click (typer 0.26+), else Click itself.
click = getattr(typer.core, "_click", None) or sys.modules["click"]

#: Typer's own words (it asks the standard gettext for them), as this catalogue translates them.
TYPER_WORDS = (N_("Arguments"), N_("Options"), N_("Commands"), N_("default: {default}"), N_("required"),
               N_("env var: {var}"), N_("(dynamic)"), N_("Aborted!"), N_("Missing command."))
#: Typer's words that are usage errors: left in English by its ``_``, said whole by :func:`said`.
TYPER_ERRORS = ("Missing command.", "No such command {name!r}.")

#: The help text of the ``--help`` option Click gives every command.
HELP_OPTION = N_("Show this message and exit.")

#: Messages Click writes whole (f-strings of its own), as templates: a message matching one is shown
#: as the template's translation with the same values.
CLICK_MESSAGES = (
    N_("No such option: {name}"),
    N_("Got unexpected extra argument(s) ({args})"),
    N_("Got unexpected extra argument ({args})"),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {n} arguments."),
    N_("Option {name} does not take a value."),
    N_("Argument {name} takes {n} values."),
    N_("No such command {name}."),
    N_("{value} is not a valid {kind}."),
    N_("{value} is not a valid boolean. Recognized values: {values}"),
    N_("{value} is not in the range {range}."),
    N_("{value} is not one of {choices}."),
    N_("{value} does not match the formats {formats}."),
    N_("Choose from:\n\t{choices}"),
)
#: The names Click gives its value types in ``... is not a valid {kind}.``
KINDS = (N_("int"), N_("integer"), N_("float"), N_("boolean"), N_("text"), N_("integer range"), N_("float range"),
         N_("int range"), N_("str"), N_("path"), N_("file"), N_("choice"))
#: A section heading of the help ("Options:").
HEADING = N_("{heading}:")
#: The usage line's placeholders.
PLACEHOLDERS = (N_("COMMAND [ARGS]..."), N_("[OPTIONS]"))


def _pattern(template: str) -> re.Pattern:
    parts = re.split(r"(\{\w+(?:![rs])?\})", template)
    body = "".join(f"(?P<{p[1:-1].split('!')[0]}>.*?)" if p.startswith("{") else re.escape(p) for p in parts)
    return re.compile(body + r"\Z", re.DOTALL)


@functools.lru_cache(maxsize=None)
def _patterns() -> list[tuple[str, re.Pattern]]:  # compiled when an error is shown, not at startup
    return [(t, _pattern(t)) for t in CLICK_MESSAGES]


def said(message: str) -> str:
    """A message Click wrote in English, in the language spoken (the template it matches,
    translated, with its values; each line of a several-line message on its own)."""
    for template, pattern in _patterns():
        m = pattern.match(message)
        if m:
            values = {k: language.gettext(v) if k == "kind" else v for k, v in m.groupdict().items()}
            return language.gettext(template.replace("!r}", "}")).format(**values)
    if "\n" in message:
        return "\n".join(said(line) for line in message.split("\n"))
    # Click's own words, else a message tabletop raised already in the language spoken (an option's check)
    found = language.translation(message)
    return message if found is None else found


def message(e) -> str:
    """The text after ``Error:`` of a Click exception, in the language spoken."""
    exc = click.exceptions
    if isinstance(e, exc.MissingParameter):
        hint = _hint(e)
        kind = e.param_type or (e.param.param_type_name if e.param is not None else "parameter")
        head = {"argument": N_("Missing argument {hint}."), "option": N_("Missing option {hint}.")}.get(
            kind, N_("Missing parameter {hint}."))
        text = language.gettext(head).format(hint=hint or "").replace(" .", ".")
        extra = e.param.type.get_missing_message(param=e.param, ctx=e.ctx) if e.param is not None else None
        more = [said(t) for t in (e.message, extra) if t]
        return " ".join([text, ". ".join(more)]) if more else text
    if isinstance(e, exc.BadParameter):
        hint = _hint(e)
        if hint is None:
            return language.gettext(N_("Invalid value: {message}")).format(message=said(e.message))
        return language.gettext(N_("Invalid value for {hint}: {message}")).format(hint=hint, message=said(e.message))
    if isinstance(e, exc.NoSuchOption) and e.possibilities:
        return language.gettext(N_("{message} (Possible options: {options})")).format(
            message=said(e.message), options=", ".join(sorted(e.possibilities)))
    if isinstance(e, exc.FileError):
        return language.gettext(N_("Could not open file {file}: {message}")).format(
            file=repr(e.ui_filename), message=said(e.message))
    if isinstance(e, exc.UsageError):
        return said(e.message)
    return said(e.format_message())


def _hint(e) -> str | None:
    hint = e.param_hint if e.param_hint is not None else (
        e.param.get_error_hint(e.ctx) if e.param is not None else None)
    if hint is not None and not isinstance(hint, str):
        hint = " / ".join(repr(x) for x in hint)
    return hint


def show(e, file=None) -> None:
    """Show a Click exception as Click does, in the language spoken."""
    err = file or sys.stderr
    ctx = getattr(e, "ctx", None)
    if isinstance(e, click.exceptions.UsageError) and ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            hint = language.gettext(N_("Try '{command} {option}' for help.")).format(
                command=ctx.command_path, option=ctx.help_option_names[0]) + "\n"
        click.echo(f"{ctx.get_usage()}\n{hint}", file=err, color=ctx.color)
    click.echo(language.gettext(N_("Error: {message}")).format(message=clip_quoted(message(e), FILE_LIMIT)), file=err,
               color=getattr(ctx, "color", None))


class Formatter(click.formatting.HelpFormatter):
    """Click's help formatter with the usage line's prefix in the language spoken."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None and language.current() != language.DEFAULT:
            prefix = language.gettext(N_("Usage: "))
            for placeholder in PLACEHOLDERS:
                args = args.replace(placeholder, language.gettext(placeholder))
        super().write_usage(prog, args, prefix)

    def write_heading(self, heading: str) -> None:
        if language.current() == language.DEFAULT:
            return super().write_heading(heading)
        line = language.gettext(HEADING).format(heading=heading)
        self.write(f"{'':>{self.current_indent}}{line}\n")

    def write_dl(self, rows, *args, **kwargs) -> None:
        if language.current() != language.DEFAULT:  # the help option Click adds to every command; value kinds
            rows = [(re.sub(_METAVAR, lambda m: f"<{language.gettext(m[1])}>" if m[1] in KINDS else m[0], term),
                     language.gettext(text) if text == HELP_OPTION else text) for term, text in rows]
        super().write_dl(rows, *args, **kwargs)


_METAVAR = r"<([a-z][a-z ]*)>"


class Context(click.Context):
    formatter_class = Formatter


class SpeakingGroup(typer.core.TyperGroup):
    """Tabletop's root command: its usage errors (and those of every command below it, which
    pass through it) are shown in the language spoken."""

    context_class = Context

    def make_context(self, info_name, args, parent=None, **extra):
        given = list(args)  # Click's parser consumes the list it parses
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.exceptions.ClickException as e:
            raise _speaking(e, given) from None

    def parse_args(self, ctx, args):
        if ctx.parent is None and not any(a == "--lang" or a.startswith("--lang=") for a in args):
            from tabletop.cli.speech import speak  # (`tabletop --help`: click prints it before --lang's callback runs)

            speak(ctx, None)
        return super().parse_args(ctx, args)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except click.exceptions.ClickException as e:
            raise _speaking(e, ctx.args) from None


def _speaking(e, args):
    """``e``, shown by :func:`show`: in the language of the command line, a long value cut."""
    lang = _asked(args or [])
    if isinstance(e, click.exceptions.NoArgsIsHelpError):  # `tabletop` alone: its help, in the language asked
        from tabletop.cli import speech

        if e.ctx is None or (lang == language.current() and speech._translated == (lang != language.DEFAULT)):
            return e  # the help was made in that language already
        speech.speak(e.ctx, lang)
        return click.exceptions.NoArgsIsHelpError(e.ctx)
    if lang != language.DEFAULT:
        language.use(lang)
        speak_click()
    e.show = lambda file=None: show(e, file)  # in English too: show() cuts a long echoed value
    return e


def _asked(args: list[str]) -> str:
    """The language of the command line: ``--lang`` among ``args`` (an error may come before the
    option was read), else the one spoken (or, before anything was chosen, the environment's)."""
    for i, arg in enumerate(args):
        if arg.startswith("--lang="):
            return language.normalise(arg[7:]) or language.current()
        if arg == "--lang":
            return language.normalise(args[i + 1] if i + 1 < len(args) else None) or language.current()
    if language.current() != language.DEFAULT:
        return language.current()
    return language.from_environment()


def speak_click() -> None:
    """Typer's words from tabletop's catalogue (the language spoken decides them when they print)."""
    typer.core._ = _typer_word


def _typer_word(message: str) -> str:
    return message if message in TYPER_ERRORS else language.gettext(message)


def speak_tree(command) -> None:
    """Every command of the tree makes its help with the translated usage prefix."""
    command.context_class = Context
    for sub in getattr(command, "commands", {}).values():
        speak_tree(sub)
