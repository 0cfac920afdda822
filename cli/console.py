"""The ``tabletop`` console script: an output remembered from an earlier run, else the command line.

A help text (``tabletop --help``, ``tabletop cards lint --help``) and the list of packs
(``tabletop packs``) depend only on the installation, the words typed, the language and the
terminal's width, yet printing them takes typer and click, which cost about five times a bare
Python start to import and set up before a line is printed. So what typer printed for them is
kept in the user's cache folder (``$XDG_CACHE_HOME/tabletop/help/``) under a key of everything
it depends on, and served from there while the key holds:

- the words of the command line;
- the environment variables that choose the language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
  ``LANG``) and the width (``COLUMNS``, ``LINES``), and the size of the terminal;
- the installation's fingerprint: the name and modification time of every distribution's metadata
  folder on ``sys.path`` (installing, removing or upgrading anything changes it), and the path,
  size and modification time of every file of the command line's modules and of the language
  catalogues (an editable install's edits change them), and for the pack list, of every file in
  each installed pack's folder (its code, card files and decks; a pack plugin that read card
  files from elsewhere would not be noticed changing, and none of ours does).

Only a run that printed to standard output alone is kept, with its exit code: an error (an unknown
command, a bad ``--lang``, a broken pack) goes through typer every time, and so does ``tabletop``
alone (click prints that help on standard error, as a usage error). On the remembered path this
module imports nothing but ``os``, ``sys``, ``zlib`` and the cache folder's module (which itself
imports only ``os``), and for the pack list the entry-point reader, so a remembered output costs about twice ``python -c pass``. A
missing, damaged or foreign cache file only means typer runs again; a cache folder that cannot be
written means nothing is remembered.
"""
from __future__ import annotations

import os
import sys
import zlib

from tabletop.framework import usercache

HELP = "--help"
LANG = "--lang"
#: the environment variables a help text depends on (language, then width)
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "COLUMNS", "LINES")
FOLDER = "help"  # in the user's cache folder
SEP = "\0"  # cannot occur in a command-line word, an environment value or a file name


def run() -> None:
    """Console-script entry point: serve a remembered output, else run the command line
    (:func:`tabletop.cli.main.run`), remembering the output of a run that may be."""
    args = sys.argv[1:]
    kind = remembered_kind(args)
    if kind is None:
        from tabletop.cli.main import run as command_line

        command_line()
        return
    name, key = output_key(args, kind)
    kept = recall(name, key)
    if kept is not None:
        code, text = kept
        show(text)
        sys.exit(code)
    code, text, clean = _typer_output()
    if clean:
        remember(name, key, code, text)
    sys.exit(code)


def remembered_kind(args: list[str]) -> str | None:
    """``"help"`` when ``args`` ask for a help text and nothing else (no words at all, or command
    words and ``--help``), ``"packs"`` for ``tabletop packs``, either with ``--lang X``; else None."""
    words = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == LANG:
            i += 1
        elif not a.startswith(LANG + "="):
            words.append(a)
        i += 1
    if not words or (HELP in words and all(w == HELP or not w.startswith("-") for w in words)):
        return "help"
    return "packs" if words == ["packs"] else None


def output_key(args: list[str], kind: str) -> tuple[str, str]:
    """The cache file's name for this output (from the words and the environment, so that a new
    installation replaces the file rather than adding one) and its whole key."""
    asked = SEP.join([str(len(args)), *args, *(os.environ.get(k, "") for k in ENVIRONMENT), _terminal_size()])
    name = f"{zlib.crc32(asked.encode('utf-8', 'surrogateescape')):08x}.txt"
    folders = [os.path.dirname(os.path.abspath(__file__)), _package_dir("tabletop.framework", "locale")]
    if kind == "packs":
        folders += _pack_dirs()
    return name, asked + SEP + SEP + fingerprint(folders)


def _terminal_size() -> str:
    """The terminal's size as :func:`shutil.get_terminal_size` reads it (after the environment)."""
    try:
        size = os.get_terminal_size(sys.__stdout__.fileno())
    except (AttributeError, ValueError, OSError):
        return "-"
    return f"{size.columns}x{size.lines}"


def fingerprint(folders: list[str]) -> str:
    """The installation's metadata folders and the files of ``folders``, as one string (see the
    module's docstring)."""
    parts = []
    for entry in sys.path:
        try:
            with os.scandir(entry or os.getcwd()) as it:
                for d in it:
                    if d.name.endswith((".dist-info", ".egg-info")):
                        parts.append(f"{d.path}:{d.stat().st_mtime_ns}")
        except OSError:
            parts.append(f"{entry}:?")
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in sorted(files):
                path = os.path.join(root, f)
                try:
                    st = os.stat(path)
                except OSError:
                    continue
                parts.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
    return SEP.join(parts)


def _package_dir(package: str, *below: str) -> str:
    """The folder of ``package`` (and ``below`` in it), found without running the package (its
    parents are imported); "" when there is none."""
    from importlib.util import find_spec

    try:
        spec = find_spec(package)
    except (ImportError, ValueError):
        return ""
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    if not folders and spec is not None and spec.origin:
        folders = [os.path.dirname(spec.origin)]
    return os.path.join(folders[0], *below) if folders else ""


def _pack_dirs() -> list[str]:
    """The folder of every installed pack's plugin module: its code, card files and decks."""
    from tabletop.framework.entrypoints import PACKS, entry_points

    dirs = []
    for e in entry_points(PACKS):
        try:
            dirs.append(_package_dir(e.module))
        except ValueError:  # (an entry that names no module: the command line reports it)
            dirs.append(e.value)
    return dirs


def cache_file(name: str) -> str:
    return os.path.join(usercache.cache_dir(), FOLDER, name)


def recall(name: str, key: str) -> tuple[int, str] | None:
    """The exit code and text remembered under ``key``, or None (a file with another key, a
    damaged or a cut one: each is written with its body's checksum)."""
    try:
        with open(cache_file(name), encoding="utf-8", errors="surrogateescape", newline="") as f:
            kept = f.read()
    except OSError:
        return None
    head, _, body = kept.partition("\n")
    size, code, crc = (head.split(" ") + ["", "", ""])[:3]
    if not (size.isdigit() and code.isdigit() and body[:int(size)] == key and crc == _checksum(body)):
        return None
    return int(code), body[int(size):]


def _checksum(body: str) -> str:
    return f"{zlib.crc32(body.encode('utf-8', 'surrogateescape')):08x}"


def remember(name: str, key: str, code: int, text: str) -> None:
    """Keep ``text`` and ``code`` under ``key``: the whole file or nothing. The folder keeps the
    :data:`KEEP` outputs written last (each terminal size, language and command is a file)."""
    if usercache.store_text(f"{FOLDER}/{name}", f"{len(key)} {code} {_checksum(key + text)}\n{key}{text}"):
        try:
            _forget_beyond(os.path.dirname(cache_file(name)), KEEP)
        except OSError:
            pass


#: how many remembered outputs the cache folder keeps
KEEP = 64


def _forget_beyond(folder: str, keep: int) -> None:
    """Delete all but the ``keep`` newest remembered outputs of ``folder``."""
    kept = []
    with os.scandir(folder) as it:
        for d in it:
            if d.name.endswith(".txt"):
                kept.append((d.stat().st_mtime_ns, d.path))
    for _, path in sorted(kept, reverse=True)[keep:]:
        try:
            os.unlink(path)
        except OSError:
            pass


def show(text: str) -> None:
    """Print ``text`` as click would (characters the terminal cannot show replaced)."""
    try:
        out = sys.stdout
        try:
            out.write(text)
        except UnicodeEncodeError:
            out.flush()
            out.buffer.write(text.encode(out.encoding or "utf-8", "replace"))
        out.flush()
    except BrokenPipeError:  # the reader left (``| head``): quietly, as the command line does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)


def _typer_output() -> tuple[int, str, bool]:
    """Run the command line with its output captured and print what it printed: its exit code,
    its standard output, and whether the run is one to remember (nothing on standard error)."""
    import contextlib
    import io

    from tabletop.cli.main import run as command_line

    out, err = io.StringIO(), io.StringIO()
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                command_line()
            except SystemExit as e:
                if isinstance(e.code, str):
                    err.write(e.code + "\n")
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        show(out.getvalue())
        sys.stderr.write(err.getvalue())
    return code, out.getvalue(), not err.getvalue()
