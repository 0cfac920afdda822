"""The command line's language: ``--lang`` anywhere on the line, else the environment's; the help
texts of every command and option shown in it.

Help texts are written in English in the command definitions (``help=N_(...)``, or a command's
docstring) and translated when the language is chosen, by walking the command tree once: click
reads them only when it prints help, after the group's eager ``--lang`` has run.
"""
from __future__ import annotations

import inspect

from tabletop.framework import language


def lang_first(argv: list[str]) -> list[str]:
    """``argv`` with a ``--lang X`` / ``--lang=X`` given after the command moved before it, where the
    group's option reads it (``tabletop play virevolt --lang fr`` works as ``tabletop --lang fr play virevolt``)."""
    out = list(argv)
    for i, arg in enumerate(out):
        if arg == "--":
            break
        if arg.startswith("--lang="):
            return [out.pop(i), *out]
        if arg == "--lang" and i + 1 < len(out):
            value = out[i + 1]
            del out[i:i + 2]
            return ["--lang", value, *out]
    return out


def speak(ctx, value: str | None) -> str:
    """Speak ``value`` (or the environment's language) and translate the command tree's help texts."""
    global _translated
    lang = language.use(value) if value else language.use(language.from_environment())
    if lang != language.DEFAULT or _translated:
        from tabletop.cli.usage import speak_click, speak_tree

        translate_help(ctx.find_root().command)
        speak_click()
        speak_tree(ctx.find_root().command)
        _translated = lang != language.DEFAULT
    return lang


_translated = False  # whether help texts were last put in another language than English


def translate_help(command) -> None:
    """Every help text of ``command`` and below, in the language spoken now (from their English)."""
    for obj in _help_holders(command):
        for attr in ("help", "short_help"):
            english = obj.__dict__.setdefault(f"_english_{attr}", getattr(obj, attr, None))
            if english:
                setattr(obj, attr, language.gettext(inspect.cleandoc(english)))


def _help_holders(command):
    yield command
    yield from command.params
    for sub in getattr(command, "commands", {}).values():  # a group (typer may carry its own click)
        yield from _help_holders(sub)


def help_texts(command) -> set[str]:
    """The English help texts of ``command`` and below (what the catalogue must translate)."""
    out = set()
    for obj in _help_holders(command):
        for attr in ("help", "short_help"):
            text = obj.__dict__.get(f"_english_{attr}", getattr(obj, attr, None))
            if text:
                out.add(inspect.cleandoc(text))
    return out


def extract(fileobj, keywords, comment_tags, options):
    """Babel extractor for the command line's modules: the marked messages (as Babel's Python
    extractor finds them) and the docstrings typer shows as a command's help."""
    import ast

    from babel.messages.extract import extract_python

    source = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and ast.get_docstring(node) and _is_command(node):
            yield node.body[0].lineno, None, inspect.cleandoc(ast.get_docstring(node)), []


def _is_command(node) -> bool:
    """A function typer turns into a command (decorated with ``.command(...)`` / ``.callback()``, or
    registered as one elsewhere: every public function taking typer parameters)."""
    import ast

    for dec in node.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if isinstance(target, ast.Attribute) and target.attr in ("command", "callback"):
            return True
    return any(isinstance(d, ast.Call) and getattr(d.func, "attr", "") in ("Option", "Argument")
               for d in node.args.defaults + node.args.kw_defaults if d is not None)
