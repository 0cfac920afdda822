"""The ``tabletop`` command: a thin typer layer over the framework and the packs.

Everything heavy (the card language, YAML, the packs) is imported inside the commands, so
``tabletop --help`` stays fast. The modules that declare commands (this one, ``options``,
``simulate``, ``decks``, ``cardvalue``, ``printing``) do without ``from __future__ import
annotations``: typer reads every command's annotations at each start, and annotations kept as
strings would be evaluated again each time (a tenth of a ``tabletop --help``). Every error a user can cause is a
:class:`~tabletop.framework.errors.TabletopError`, printed without a traceback, exit code 1.
"""
import sys
from pathlib import Path
from typing import List, Optional

import typer

from tabletop.cli.options import OPTION_HELP, Replace, parse_options, read_by_us
from tabletop.cli.usage import SpeakingGroup
from tabletop.framework.language import N_, gettext as _, ngettext
from tabletop.framework.syserrors import reason


class RootGroup(SpeakingGroup):
    """The ``tabletop`` command: Click's words in the language spoken (:class:`SpeakingGroup`), and
    every file the user names read by the project's reader, not checked by Click (:func:`read_by_us`)."""

    def parse_args(self, ctx, args):
        if ctx.parent is None:
            read_by_us(self)
        return super().parse_args(ctx, args)


app = typer.Typer(
    name="tabletop",
    cls=RootGroup,  # Click's own words (usage, errors) in the language spoken (cli/usage.py); files read by us
    help=N_("Run tabletop card games from their rules: play, check decks, lint cards, test and simulate."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: rich's formatter (markdown, pygments) would triple the startup
)
cards_app = typer.Typer(help=N_("List, show, lint, document and print a pack's cards."), no_args_is_help=True,
                        rich_markup_mode=None)
scenario_app = typer.Typer(help=N_("Run scenario files (a position, actions, expectations)."), no_args_is_help=True,
                           rich_markup_mode=None)
tables_app = typer.Typer(help=N_("The web server's tables: list, export as save files, import save files."),
                         no_args_is_help=True, rich_markup_mode=None)
rules_app = typer.Typer(help=N_("Read a game's rules by their ids (every id a message cites)."), no_args_is_help=True,
                        rich_markup_mode=None)
app.add_typer(cards_app, name="cards")
app.add_typer(scenario_app, name="scenario")
app.add_typer(rules_app, name="rules")
app.add_typer(tables_app, name="tables")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"tabletop {version('tabletop')}")
        except PackageNotFoundError:
            typer.echo("tabletop (not installed as a distribution)")
        raise typer.Exit()


def _language(ctx: typer.Context, value: Optional[str]) -> Optional[str]:
    """Speak ``--lang`` (else the environment's language) for this command, help texts included."""
    from tabletop.cli.speech import speak

    try:
        speak(ctx, value)
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    return value


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help=N_("Print tabletop's version and exit.")),
    lang: Optional[str] = typer.Option(None, "--lang", callback=_language, is_eager=True, expose_value=False,
                                       help=N_("The language to speak: en or fr (default: from LANGUAGE, "
                                               "LC_ALL, LC_MESSAGES, LANG). It may follow the command too.")),
) -> None:
    """Run tabletop card games from their rules: play, check decks, lint cards, test and simulate."""


INTERNAL_ERROR = 70  # EX_SOFTWARE: never the exit code of a mistake in the user's input


def fail(message: str, code: int = 1) -> None:
    """Say ``message`` on standard error and exit with ``code``; a quoted word longer than a file's
    name is cut (what the user typed, echoed whole, would bury the message)."""
    from tabletop.framework.wording import FILE_LIMIT, clip_quoted

    typer.echo(clip_quoted(message, FILE_LIMIT), err=True)
    raise typer.Exit(code)


def os_message(e: OSError) -> str:
    """'FILE: the file is read-only: not replacing it' for a failed read or write; a name too
    long for any file is cut, and said to be one."""
    import errno

    from tabletop.framework.wording import FILE_LIMIT, clip

    name = str(e.filename) if e.filename else ""
    where = f"{clip(name, FILE_LIMIT)}: " if name else ""
    if e.errno == errno.ENAMETOOLONG:
        return where + _("this name ({value} characters) is too long to name a {what}").format(value=len(name), what=_("file"))
    return f"{where}{reason(e)}"


def refuse_to_replace(path: Path, force: bool, ours=None) -> None:
    """Refuse now, before any work, to replace an existing file ``path`` without ``--force``, as
    ``decks convert`` does (at a terminal the user is asked); ``ours(path)`` true lets a file this
    command wrote before be replaced. A read-only file is left to :func:`write_atomic`'s refusal."""
    import os

    from tabletop.cli.decks import _writable_file
    from tabletop.framework.errors import TabletopError

    path = Path(path)
    if path.is_file() and not force and os.access(path, os.W_OK) and path.stat().st_mode & 0o222 \
            and not (ours is not None and ours(path)):
        if not (sys.stdin.isatty() and typer.confirm(_("{path} exists: replace it?").format(path=path), default=False)):
            raise TabletopError(_("{path} exists: not replacing it (add --force to replace it)").format(path=path))
    _writable_file(path, True)


def _same_header(text: str, lines: int = 3):
    """Whether a file starts with the first ``lines`` lines of ``text``: a generated page (its title
    and its 'Generated from ... do not edit by hand' line) written before by the same command."""
    head = text.splitlines(keepends=True)[:lines]

    def ours(path: Path) -> bool:
        try:
            with open(path, encoding="utf-8") as f:
                return [f.readline() for _i in head] == head
        except (OSError, UnicodeDecodeError):
            return False

    return ours


def _earlier_save_of(game):
    """Whether a file is a save of ``game`` at an earlier point (or this one): the same game, seed,
    options and players, its actions the first of the game's. Replacing it loses nothing."""
    def ours(path: Path) -> bool:
        from tabletop.framework.errors import TabletopError
        from tabletop.framework.userfiles import read_json

        try:
            old, _lines = read_json(path, "saved game")
        except (TabletopError, OSError):
            return False
        new = game.to_save()
        return isinstance(old, dict) and old.get("format") == new["format"] and \
            all(old.get(k) == new[k] for k in ("game", "seed", "options", "players")) and \
            isinstance(old.get("actions"), list) and old["actions"] == new["actions"][:len(old["actions"])]

    return ours


def _printed_by_us(path: Path) -> bool:
    """Whether a PDF is one ``cards print`` wrote, untouched since (one Info dictionary naming it as
    the creator, one end of file: a PDF edited elsewhere and saved again has two)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return False
    return data.startswith(b"%PDF-") and b"/Creator (tabletop cards print)" in data and \
        data.count(b"/Info ") == 1 and data.count(b"%%EOF") == 1


def guarded(fn):
    """Turn the errors a user can cause into a message and exit code 1, never a traceback."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from tabletop.framework.errors import TabletopError

        try:
            return fn(*args, **kwargs)
        except TabletopError as e:
            fail(e.render())
        except OSError as e:  # a file the user named cannot be written (read-only, disk full, ...)
            fail(os_message(e))
        except KeyboardInterrupt:
            fail(_("interrupted"), 130)

    return wrapper


def _pack(name: str, cards=None, decks=()):
    """The pack named ``name``, with the card files of ``--cards`` (and of the decks) joined."""
    from tabletop.cli.cardfiles import with_cards
    from tabletop.framework.packs import registry

    return with_cards(registry().get(name), cards, decks)


CARDS_OPTION = typer.Option(None, "--cards", help=N_("A card file whose cards join the set for this command (repeatable)."))


@app.command("packs")
@guarded
def packs_cmd() -> None:
    """List the installed game packs, their versions and card counts."""
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.packs import BrokenPack, registry

    reg = registry()
    if not reg.packs and not reg.failures:
        typer.echo(_("no packs installed"))
    broken = 0
    for name, pack in sorted(reg.packs.items()):
        try:
            n = pack.card_count()  # from the cache when the card files are unchanged
            count = ngettext("{n} card", "{n} cards", n).format(n=n)
        except BrokenPack as e:
            broken += 1
            typer.echo(_("{name:<12} BROKEN: {reason}").format(name=name, reason=e.reason), err=True)
            continue
        except TabletopError as e:
            n = len(getattr(e, "errors", [e]))
            count = ngettext("cards do not load ({n} error; run 'tabletop cards lint {name}')",
                             "cards do not load ({n} errors; run 'tabletop cards lint {name}')", n).format(n=n, name=name)
        typer.echo(f"{name:<12} {pack.info.version:<8} {count:<12} {pack.info.title}")
    for name, why in sorted(reg.failures.items()):
        typer.echo(_("{name:<12} FAILED TO LOAD: {why}").format(name=name, why=why), err=True)
    if broken or reg.failures:
        raise typer.Exit(1)


@cards_app.command("list")
@guarded
def cards_list(pack: str = typer.Argument(..., help=N_("The game pack, e.g. volfyirion.")),
               cards: Optional[List[Path]] = CARDS_OPTION) -> None:
    """List every card of a pack: name, type, colour and copies, then the copies per part of the box."""
    from tabletop.framework.language import card_name

    totals: dict = {}
    for card in _pack(pack, cards).cards().cards:
        extra = getattr(card, "colour", None) or getattr(card, "house", None) or ""
        copies = getattr(card, "copies", 1) or 1
        typer.echo(f"{card_name(card.name):<28} {_(card.type):<13} {_(extra):<10} x{copies}")
        section = card.get("section") or card.type
        totals[section] = totals.get(section, 0) + copies
    # a section is a kind of card, the starting cards, or a variant (whose name is an option: kept)
    parts = (_("{n} {section}").format(n=n, section=_(section) if section in _SECTION_WORDS or section in
                                        {c.type for c in _pack(pack, cards).cards().cards} else section)
             for section, n in totals.items())
    typer.echo(_("total: {parts}").format(parts=", ".join(parts)))


#: The part of the box that is no kind of card.
_SECTION_WORDS = (N_("starting"),)


@cards_app.command("show")
@guarded
def cards_show(pack: str = typer.Argument(..., help=N_("The game pack.")),
               name: List[str] = typer.Argument(..., help=N_("The card's name (several words allowed).")),
               files: Optional[List[Path]] = CARDS_OPTION) -> None:
    """Show one card as written in its file, and how its kind of card plays."""
    from tabletop.cli.cardtext import card_block, find_card
    from tabletop.cli.layout import terminal_width
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.suggest import did_you_mean

    p = _pack(pack, files)
    cards = p.cards()
    wanted = " ".join(name)
    found = find_card(cards, wanted)
    if found is None:
        raise TabletopError(_("no card {name!r} in {pack}").format(name=wanted, pack=pack)
                            + did_you_mean(wanted, cards.by_name))
    typer.echo(card_block(found, p.rules(), width=terminal_width()))


@cards_app.command("lint")
@guarded
def cards_lint(pack: str = typer.Argument(..., help=N_("The game pack whose language and schema to use.")),
               files: Optional[List[Path]] = typer.Argument(None, help=N_("Card files to check (default: the pack's own)."))) -> None:
    """Check card files: YAML, schema and card language; every error located, exit 1 if any."""
    from tabletop.framework.cardset import CardSet
    from tabletop.framework.userfiles import link_problem

    p = _pack(pack)
    fmt = p.card_format()
    targets = list(files) if files else p.card_files()
    for f in targets:
        if isinstance(f, Path) and not f.exists():
            fail(_("{file}: {problem}").format(file=f, problem=link_problem(f) or _("no such file")))
    loaded = CardSet.load(targets, fmt, p.vocabulary())
    typer.echo(_("ok: {cards} cards in {files} file(s)").format(cards=len(loaded), files=len(targets)))


@cards_app.command("words")
@guarded
def cards_words(pack: str = typer.Argument(..., help=N_("The game pack."))) -> None:
    """Every word, verb, selector, trigger and lasting change the pack's card language knows, with examples."""
    from tabletop.dsl.words import render

    typer.echo(render(_pack(pack).vocabulary()), nl=False)


@cards_app.command("doc")
@guarded
def cards_doc(pack: str = typer.Argument(..., help=N_("The game pack.")),
              out: Optional[Path] = typer.Option(None, "--out", "-o", help=N_("Write to this file instead of printing.")),
              force: Replace = False) -> None:
    """Render the pack's card list as Markdown (docs/packs/PACK-cards.md is made with it)."""
    import importlib

    from tabletop.framework.errors import TabletopError
    from tabletop.framework.game import write_atomic

    p = _pack(pack)
    try:
        module = importlib.import_module(f"tabletop.packs.{p.name}.cardsdoc")
    except ImportError:
        raise TabletopError(_("pack {pack!r} has no card documentation renderer").format(pack=pack)) from None
    text = module.cards_markdown(p.cards())
    if out:
        refuse_to_replace(out, force, _same_header(text))
        write_atomic(out, text)
        typer.echo(_("wrote {file}").format(file=out))
    else:
        typer.echo(text, nl=False)


@scenario_app.command("run")
@guarded
def scenario_run(paths: List[Path] = typer.Argument(..., help=N_("Scenario files or folders of them."))) -> None:
    """Run scenario files; print each result; exit 1 if any fails."""
    from tabletop.framework import scenarios
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.userfiles import link_problem

    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            found = sorted(p.rglob("*.yaml")) + sorted(p.rglob("*.yml"))
            if not found:  # a mistyped folder must not pass
                fail(_("{file}: this folder holds no scenario file (*.yaml)").format(file=p))
            files += found
        elif p.exists():
            files.append(p)
        else:
            fail(_("{file}: {problem}").format(file=p, problem=link_problem(p) or _("no such file or folder")))
    failed = 0
    for f in files:
        try:
            scenarios.run(f)
            typer.echo(_("PASS {file}").format(file=f))
        except TabletopError as e:
            failed += 1
            typer.echo(_("FAIL {file}").format(file=f) + f"\n{e.render()}")
    typer.echo(_("{passed} passed, {failed} failed").format(passed=len(files) - failed, failed=failed))
    if failed:
        raise typer.Exit(1)


@app.command("play")
@guarded
def play_cmd(
    game: str = typer.Argument(..., help=N_("The game pack to play, e.g. volfyirion or virevolt.")),
    vs: str = typer.Option("greedy", "--vs", help=N_("Your opponent: a bot name (random, greedy, ...) or 'human' for hot-seat.")),
    seed: Optional[int] = typer.Option(None, "--seed", help=N_("Seed of the game (random if omitted).")),
    first: str = typer.Option("p1", "--first", help=N_("Who goes first: p1 (you), p2 or random.")),
    load: Optional[Path] = typer.Option(None, "--load", help=N_("Continue a saved game.")),
    variant: Optional[List[str]] = typer.Option(None, "--variant", help=N_("A variant to switch on (repeatable; 'all' for every one).")),
    mode: Optional[str] = typer.Option(None, "--mode", help=N_("A game mode (e.g. extended).")),
    deck: Optional[str] = typer.Option(None, "--deck", help=N_("Your deck: a preconstructed deck name or a deck file.")),
    opponent_deck: Optional[str] = typer.Option(None, "--opponent-deck", help=N_("The opponent's deck (name or file).")),
    think: Optional[float] = typer.Option(None, "--think", help=N_("Seconds per move for thinking bots.")),
    players: Optional[int] = typer.Option(None, "--players", min=1, help=N_("Number of players, for games that allow several (you are p1).")),
    cards: Optional[List[Path]] = CARDS_OPTION,
    auto_pass: bool = typer.Option(True, "--auto-pass/--no-auto-pass",
                                   help=N_("Let a phase where you can do nothing but end it pass by itself.")),
    option: Optional[List[str]] = typer.Option(None, "--option", help=OPTION_HELP),
) -> None:
    """Play a game in the terminal against a bot (or hot-seat). Type 'help' during the game."""
    from tabletop.cli.play import Session

    options: dict = {**parse_options(option), "first": first}
    if variant:
        options["variants"] = list(variant)
    if mode:
        options["mode"] = mode
    if deck or opponent_deck:  # the other seats play their default decks (a list shorter than the seats cycles)
        options["decks"] = [deck, opponent_deck] + [None] * max(0, (players or 2) - 2)
    pack = _pack(game, cards, [d for d in (deck, opponent_deck) if d])
    Session.start(pack, vs=vs, seed=seed, options=options, load=load, think=think, players=players,
                  auto_pass=auto_pass).loop()


@app.command("watch")
@guarded
def watch_cmd(
    game: str = typer.Argument(..., help=N_("The game pack, e.g. volfyirion or virevolt.")),
    bots: str = typer.Option("greedy,greedy", "--bots", help=N_("Comma-separated bots, one per seat (or one for all).")),
    seed: Optional[int] = typer.Option(None, "--seed", help=N_("Seed of the game (random if omitted).")),
    delay: float = typer.Option(0.5, "--delay", min=0.0, help=N_("Seconds between two actions.")),
    variant: Optional[List[str]] = typer.Option(None, "--variant", help=N_("A variant to switch on (repeatable; 'all' for every one).")),
    mode: Optional[str] = typer.Option(None, "--mode", help=N_("A game mode (e.g. extended).")),
    deck: Optional[List[str]] = typer.Option(None, "--deck", help=N_("A deck per seat, in seat order (repeatable).")),
    players: Optional[int] = typer.Option(None, "--players", min=1, help=N_("Number of players, for games that allow several.")),
    think: Optional[float] = typer.Option(None, "--think", help=N_("Seconds per move for thinking bots.")),
) -> None:
    """Watch a bot game as a spectator: the board and every event, as the public sees them."""
    import random

    from tabletop.cli.watch import watch

    from tabletop.cli.options import game_options

    options = game_options(None, variant, mode, deck)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    watch(_pack(game), [b.strip() for b in bots.split(",")], seed, options, players, delay, think)


@app.command("replay")
@guarded
def replay_cmd(
    save: Path = typer.Argument(..., help=N_("A saved game (from 'save FILE' during a game).")),
    as_: str = typer.Option("p1", "--as", help=N_("Whose view: a seat (p1, p2...) or 'spectator'.")),
) -> None:
    """Step through a saved game, action by action, as one seat (or a spectator) saw it."""
    from tabletop.cli.watch import replay
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.game import Game
    from tabletop.framework.numerals import whole_number
    from tabletop.framework.packs import registry, rules_for

    if as_ == "spectator":
        viewer = None
    elif as_[:1] == "p" and (whole_number(as_[1:]) or 0) >= 1:
        viewer = whole_number(as_[1:]) - 1
    else:
        raise TabletopError(_("--as {value!r}: give a seat (p1, p2, ...) or 'spectator'").format(value=as_))
    game = Game.load(save, rules_for)
    replay(registry().get(game.rules.name), game, viewer)


@rules_app.command("show")
@guarded
def rules_show(pack: str = typer.Argument(..., help=N_("The game pack.")),
               ids: List[str] = typer.Argument(..., help=N_("Rule ids, ranges or families: VOL-WIN-01, VOL-DRAW-01..05, VOL-SYN-*."))) -> None:
    """Print rules by id, with our reading of the ambiguous ones."""
    from tabletop.cli.layout import terminal_width
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.rulebook import cited_ids

    book = _rulebook(pack)
    shown = []
    for text in ids:
        cited = cited_ids(text.upper())
        found = [r for head, tail in cited for r in book.expand(head, tail)]
        if not found:
            try:
                found = [book.get(text)]
            except KeyError as e:
                raise TabletopError(e.args[0]) from None
        shown += found
    typer.echo("\n\n".join(book.explain(r.id, terminal_width()) for r in shown))


@rules_app.command("list")
@guarded
def rules_list(pack: str = typer.Argument(..., help=N_("The game pack."))) -> None:
    """List every rule id with the start of its text."""
    for r in _rulebook(pack):
        typer.echo(f"{r.id:<28} {r.text[:90]}{'...' if len(r.text) > 90 else ''}")


@rules_app.command("doc")
@guarded
def rules_doc(pack: str = typer.Argument(..., help=N_("The game pack.")),
              out: Optional[Path] = typer.Option(None, "--out", "-o", help=N_("Write to this file instead of printing.")),
              force: Replace = False) -> None:
    """Render the rule catalogue as Markdown (docs/rules/PACK.md is made with it)."""
    from tabletop.framework.game import write_atomic

    p = _pack(pack)
    text = _rulebook(pack).markdown(p.info.title or p.name)
    if out:
        refuse_to_replace(out, force, _same_header(text))
        write_atomic(out, text)
        typer.echo(_("wrote {file}").format(file=out))
    else:
        typer.echo(text, nl=False)


def _rulebook(pack: str):
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.rulebook import rulebook

    book = rulebook(_pack(pack))
    if book is None:
        raise TabletopError(_("{pack} carries no rule catalogue").format(pack=pack))
    return book


@app.command("serve")
@guarded
def serve_cmd(
    host: str = typer.Option("127.0.0.1", "--host", help=N_("The address to listen on (0.0.0.0: every network).")),
    port: int = typer.Option(8000, "--port", help=N_("The port to listen on.")),
    db: Optional[Path] = typer.Option(None, "--db", help=N_("The tables' database (default: tables.sqlite3 in "
                                                         "the user's data folder).")),
    workers: int = typer.Option(1, "--workers", min=1, help=N_("Server processes sharing the database.")),
    bot_delay: float = typer.Option(0.6, "--bot-delay", min=0, help=N_("Seconds a bot waits before each move.")),
) -> None:
    """Play in a web browser: a lobby, the board, friends invited by a link (extra [web])."""
    import os

    from tabletop.framework.errors import TabletopError

    try:
        import uvicorn

        from tabletop.web.store import default_db
    except ImportError:
        raise TabletopError(_("the web front end needs the [web] extra: pip install 'tabletop[web]'")) from None
    from tabletop.cli.options import MAX_DELAY, finite_number

    bot_delay = finite_number(bot_delay, "--bot-delay", N_("seconds"), 0, MAX_DELAY, example="0.6")
    path = tables_db(Path(os.path.abspath(db or default_db())), given=db is not None)  # (resolve() raises on a loop)
    if db is None:  # the user's data folder is made on first use; a folder the user named must exist
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise TabletopError(_("{folder}: cannot create the database's folder: {why}").format(
                folder=path.parent, why=reason(e))) from None
    _can_listen(host, port)
    os.environ["TABLETOP_WEB_DB"] = str(path)
    os.environ["TABLETOP_WEB_BOT_DELAY"] = str(bot_delay)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    typer.echo(_("tabletop: open {url} in a browser (tables in {path}; Ctrl-C stops)").format(
        url=f"http://{shown}:{port}/", path=path))
    uvicorn.run("tabletop.web.app:from_env", factory=True, host=host, port=port, workers=workers,
                log_level="warning")


def _web_db(db: Optional[Path]) -> Path:
    from tabletop.framework.errors import TabletopError

    try:
        from tabletop.web.store import default_db
    except ImportError:
        raise TabletopError(_("the web front end needs the [web] extra: pip install 'tabletop[web]'")) from None
    path = db or default_db()
    return tables_db(path, given=db is not None)


#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"


def tables_db(path: Path, given: bool = True) -> Path:
    """``path`` when it may hold the web server's tables: a database tabletop made, an empty
    file, or a file yet to be made (its folder too, if missing). Anything else is refused by name,
    and the file is only read (never opened for writing)."""
    import sqlite3
    from urllib.parse import quote

    from tabletop.framework.errors import TabletopError

    where = f"--db {path}" if given else str(path)
    try:
        path.stat()
    except (FileNotFoundError, NotADirectoryError):  # a new file, or one under a file (said below)
        pass
    except OSError as e:  # a symbolic link loop, a folder we may not enter: exists() would say False
        raise TabletopError(_("{where}: cannot use this file: {why}").format(where=where, why=reason(e)))
    if path.is_dir():
        raise TabletopError(_("{where}: this is a folder, not a tables database; give a file, e.g. --db "
                              "{example}").format(where=where, example=path / "tables.sqlite3"))
    if not path.exists():
        if path.parent.exists() and not path.parent.is_dir():
            raise TabletopError(_("{where}: {folder} is a file, not a folder").format(where=where, folder=path.parent))
        return path  # a new database; its folder is made if missing, as for the default one
    with open(path, "rb") as f:
        head = f.read(len(SQLITE_HEADER))
    if not head:
        return path  # an empty file: SQLite makes a new database in it
    not_ours = _("{where}: this is not a tabletop tables database ({why}); nothing was changed. Give the "
                 "database 'tabletop serve' made, or a new file name")
    if head != SQLITE_HEADER:
        raise TabletopError(not_ours.format(where=where, why=_("not an SQLite file")))
    try:
        con = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)
        try:
            names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            con.close()
    except sqlite3.DatabaseError as e:
        raise TabletopError(not_ours.format(where=where, why=_("a damaged SQLite file: {e}").format(e=e))) from None
    if names and not {"tables", "actions"} <= names:
        shown = ", ".join(sorted(names)[:5]) + (", ..." if len(names) > 5 else "")
        raise TabletopError(not_ours.format(where=where, why=_("an SQLite database of other tables: {names}").format(
            names=shown)))
    return path


def _can_listen(host: str, port: int) -> None:
    """Refuse, before the server starts, a port out of range, an address that is not this
    machine's and a port another program holds: one line each, no server log."""
    import errno
    import socket

    from tabletop.framework.errors import TabletopError

    if not 1 <= port <= 65535:
        raise TabletopError(_("--port {port}: give a port from 1 to 65535, e.g. --port 8000").format(port=port))
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
            s.bind((host, port))
    except (socket.gaierror, UnicodeError):
        raise TabletopError(_("--host {host}: not an address of this machine; give 127.0.0.1 (this machine "
                              "only), 0.0.0.0 (every network) or one of its own addresses").format(host=host)) from None
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise TabletopError(_("--port {port}: the port is in use on {host} (another server?); choose another, "
                                  "e.g. --port {other}").format(port=port, host=host,
                                                                other=port + 1 if port < 65535 else 8000)) from None
        if e.errno == errno.EADDRNOTAVAIL:
            raise TabletopError(_("--host {host}: not an address of this machine; give 127.0.0.1 (this machine "
                                  "only), 0.0.0.0 (every network) or one of its own addresses").format(
                host=host)) from None
        if e.errno == errno.EACCES:
            raise TabletopError(_("--port {port}: not allowed to listen on this port (ports below 1024 need "
                                  "administrator rights); choose another, e.g. --port 8000").format(port=port)) from None
        raise TabletopError(_("--host {host} --port {port}: cannot listen there ({why})").format(
            host=host, port=port, why=reason(e))) from None


DB_OPTION = typer.Option(None, "--db", help=N_("The tables' database (default: the one 'tabletop serve' uses)."))


@tables_app.command("list")
@guarded
def tables_list(db: Optional[Path] = DB_OPTION) -> None:
    """Every table of the database: id, game, actions, over or not, seats."""
    from tabletop.web.transfer import list_tables

    path = _web_db(db)
    if not path.exists():
        fail(_("{path}: no such database (tabletop serve creates it)").format(path=path))
    lines = list_tables(path)
    typer.echo("\n".join(lines) if lines else _("no tables"))


@tables_app.command("export")
@guarded
def tables_export(table: str = typer.Argument(..., help=N_("The table's id (the part after /t/ in its links).")),
                  file: Path = typer.Argument(..., help=N_("The save file to write (atomically).")),
                  db: Optional[Path] = DB_OPTION,
                  force: bool = typer.Option(False, "--force", help=N_("Replace the file if it exists."))) -> None:
    """Write a table as the terminal's save file (tabletop play GAME --load FILE, tabletop replay FILE)."""
    from tabletop.web.transfer import export_table

    path = _web_db(db)
    if not path.exists():
        fail(_("{path}: no such database (tabletop serve creates it)").format(path=path))
    n = export_table(path, table, file, lambda game: refuse_to_replace(file, force, _earlier_save_of(game)))
    typer.echo(ngettext("wrote {file} ({n} action)", "wrote {file} ({n} actions)", n).format(file=file, n=n))


@tables_app.command("import")
@guarded
def tables_import(file: Path = typer.Argument(..., help=N_("A save file of tabletop play.")),
                  bot: Optional[List[str]] = typer.Option(None, "--bot", help=N_("A seat held by a bot, e.g. p2=greedy "
                                                                              "(repeatable; other seats: humans).")),
                  db: Optional[Path] = DB_OPTION) -> None:
    """Make a saved game a table of the web server; print each human seat's link."""
    from tabletop.framework.state import player_index
    from tabletop.web.transfer import import_save

    bots = {}
    for spec in bot or []:
        seat, _sep, name = spec.partition("=")
        try:
            bots[player_index(seat.strip())] = name.strip() or "greedy"
        except (ValueError, KeyError):
            fail(_("--bot {spec!r}: write SEAT=BOT, e.g. p2=greedy").format(spec=spec))
    path = _web_db(db)
    path.parent.mkdir(parents=True, exist_ok=True)
    table, links = import_save(path, file, bots)
    typer.echo(_("table {table}: start 'tabletop serve' and open, on its address:").format(table=table))
    for seat, link in links:
        typer.echo(f"  {seat}: {link}")


@app.command("deckcheck")
@guarded
def deckcheck_cmd(
    game: str = typer.Argument(..., help=N_("The game pack whose deck rules apply, e.g. virevolt.")),
    file: Path = typer.Argument(..., help=N_("The deck file (YAML: a name and a cards mapping), or a preconstructed deck's name.")),
    as_json: bool = typer.Option(False, "--json", help=N_("Print the report as JSON for tools.")),
    cards: Optional[List[Path]] = CARDS_OPTION,
) -> None:
    """Check a deck: every problem with its line; exit 0 legal, 1 illegal, 2 unusable input."""
    import json

    from tabletop.decks import check_deck
    from tabletop.framework.errors import TabletopError

    try:
        cardset = _pack(game, cards).cards() if cards else None
        report = check_deck(game, str(file), cardset=cardset)
    except TabletopError as e:  # no such pack, no deck construction, a broken --cards file: unusable input
        fail(e.render(), 2)
    typer.echo(json.dumps(report.to_json(), indent=2) if as_json else report.render())
    raise typer.Exit(report.exit_code)


from tabletop.cli.simulate import simulate_cmd  # noqa: E402  (light: typer only)

app.command("simulate")(simulate_cmd)

from tabletop.cli.printing import cards_print  # noqa: E402  (light: typer only)
from tabletop.cli.decks import convert_cmd, decks_app, matchup_cmd, new_cmd, tune_cmd  # noqa: E402  (typer only)

app.add_typer(decks_app, name="decks")
decks_app.command("convert")(guarded(convert_cmd))
decks_app.command("new")(guarded(new_cmd))
decks_app.command("matchup")(guarded(matchup_cmd))
decks_app.command("tune")(guarded(tune_cmd))

cards_app.command("print")(guarded(cards_print))

from tabletop.cli.cardvalue import value_cmd  # noqa: E402  (typer only)

cards_app.command("value")(guarded(value_cmd))


def run() -> None:
    """Console-script entry point. An error that is not the user's (a bug here or in a pack) is
    still one short message, not a traceback; TABLETOP_DEBUG=1 shows the traceback."""
    import os

    from tabletop.cli.speech import lang_first

    try:
        app(args=lang_first(sys.argv[1:]), prog_name="tabletop")
    except BrokenPipeError:
        sys.exit(0)
    except Exception as e:
        if os.environ.get("TABLETOP_DEBUG"):
            raise
        from tabletop.framework.wording import clip

        print(f"tabletop: internal error: {type(e).__name__}: {clip(str(e))}\n"
              "This is a bug in tabletop or in a pack, not in what you typed: please report it with the "
              "command you ran (TABLETOP_DEBUG=1 shows where it happened).", file=sys.stderr)
        sys.exit(INTERNAL_ERROR)


if __name__ == "__main__":
    run()
