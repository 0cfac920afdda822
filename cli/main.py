"""The ``tabletop`` command: a thin typer layer over the framework and the packs.

Everything heavy (the card language, YAML, the packs) is imported inside the commands, so
``tabletop --help`` stays fast. Every error a user can cause is a
:class:`~tabletop.framework.errors.TabletopError`, printed without a traceback, exit code 1.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from tabletop.cli.options import OPTION_HELP, parse_options

app = typer.Typer(
    name="tabletop",
    help="Run tabletop card games from their rules: play, check decks, lint cards, test and simulate.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: rich's formatter (markdown, pygments) would triple the startup
)
cards_app = typer.Typer(help="List, show, lint, document and print a pack's cards.", no_args_is_help=True,
                        rich_markup_mode=None)
scenario_app = typer.Typer(help="Run scenario files (a position, actions, expectations).", no_args_is_help=True,
                           rich_markup_mode=None)
app.add_typer(cards_app, name="cards")
app.add_typer(scenario_app, name="scenario")


INTERNAL_ERROR = 70  # EX_SOFTWARE: never the exit code of a mistake in the user's input


def fail(message: str, code: int = 1) -> None:
    typer.echo(message, err=True)
    raise typer.Exit(code)


def os_message(e: OSError) -> str:
    """'FILE: the file is read-only: not replacing it' for a failed read or write."""
    where = f"{e.filename}: " if e.filename else ""
    return f"{where}{e.strerror or e}"


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
            fail("interrupted", 130)

    return wrapper


def _pack(name: str, cards=None, decks=()):
    """The pack named ``name``, with the card files of ``--cards`` (and of the decks) joined."""
    from tabletop.cli.cardfiles import with_cards
    from tabletop.framework.packs import registry

    return with_cards(registry().get(name), cards, decks)


CARDS_OPTION = typer.Option(None, "--cards", help="A card file whose cards join the set for this command (repeatable).")


@app.command("packs")
@guarded
def packs_cmd() -> None:
    """List the installed game packs, their versions and card counts."""
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.packs import BrokenPack, registry

    reg = registry()
    if not reg.packs and not reg.failures:
        typer.echo("no packs installed")
    broken = 0
    for name, pack in sorted(reg.packs.items()):
        try:
            count = f"{pack.card_count()} cards"
        except BrokenPack as e:
            broken += 1
            typer.echo(f"{name:<12} BROKEN: {e.reason}", err=True)
            continue
        except TabletopError as e:
            count = f"cards do not load ({len(getattr(e, 'errors', [e]))} error(s); run 'tabletop cards lint {name}')"
        typer.echo(f"{name:<12} {pack.info.version:<8} {count:<12} {pack.info.title}")
    for name, why in sorted(reg.failures.items()):
        typer.echo(f"{name:<12} FAILED TO LOAD: {why}", err=True)
    if broken or reg.failures:
        raise typer.Exit(1)


@cards_app.command("list")
@guarded
def cards_list(pack: str = typer.Argument(..., help="The game pack, e.g. volfyirion."),
               cards: Optional[List[Path]] = CARDS_OPTION) -> None:
    """List every card of a pack: name, type, colour and copies, then the copies per part of the box."""
    totals: dict = {}
    for card in _pack(pack, cards).cards().cards:
        extra = getattr(card, "colour", None) or getattr(card, "house", None) or ""
        copies = getattr(card, "copies", 1) or 1
        typer.echo(f"{card.name:<28} {card.type:<13} {extra:<10} x{copies}")
        section = card.get("section") or card.type
        totals[section] = totals.get(section, 0) + copies
    typer.echo("total: " + ", ".join(f"{n} {section}" for section, n in totals.items()))


@cards_app.command("show")
@guarded
def cards_show(pack: str = typer.Argument(..., help="The game pack."),
               name: List[str] = typer.Argument(..., help="The card's name (several words allowed)."),
               files: Optional[List[Path]] = CARDS_OPTION) -> None:
    """Show one card: its fields and its texts in the card language."""
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.suggest import did_you_mean

    cards = _pack(pack, files).cards()
    wanted = " ".join(name)
    found = next((c for c in cards.cards if c.name.lower() == wanted.lower()), None)
    if found is None:
        raise TabletopError(f"no card {wanted!r} in {pack}{did_you_mean(wanted, cards.by_name)}")
    for key, value in found.get("source", {}).items():
        typer.echo(f"{key}: {value}")


@cards_app.command("lint")
@guarded
def cards_lint(pack: str = typer.Argument(..., help="The game pack whose language and schema to use."),
               files: Optional[List[Path]] = typer.Argument(None, help="Card files to check (default: the pack's own).")) -> None:
    """Check card files: YAML, schema and card language; every error located, exit 1 if any."""
    from tabletop.framework.cardset import CardSet

    p = _pack(pack)
    fmt = p.card_format()
    targets = list(files) if files else p.card_files()
    for f in targets:
        if isinstance(f, Path) and not f.exists():
            fail(f"{f}: no such file")
    loaded = CardSet.load(targets, fmt, p.vocabulary())
    typer.echo(f"ok: {len(loaded)} cards in {len(targets)} file(s)")


@cards_app.command("words")
@guarded
def cards_words(pack: str = typer.Argument(..., help="The game pack.")) -> None:
    """Every word, verb, selector, trigger and lasting change the pack's card language knows, with examples."""
    from tabletop.dsl.words import render

    typer.echo(render(_pack(pack).vocabulary()), nl=False)


@cards_app.command("doc")
@guarded
def cards_doc(pack: str = typer.Argument(..., help="The game pack."),
              out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write to this file instead of printing.")) -> None:
    """Render the pack's card list as Markdown (docs/packs/PACK-cards.md is made with it)."""
    import importlib

    from tabletop.framework.errors import TabletopError
    from tabletop.framework.game import write_atomic

    p = _pack(pack)
    try:
        module = importlib.import_module(f"tabletop.packs.{p.name}.cardsdoc")
    except ImportError:
        raise TabletopError(f"pack {pack!r} has no card documentation renderer") from None
    text = module.cards_markdown(p.cards())
    if out:
        write_atomic(out, text)
        typer.echo(f"wrote {out}")
    else:
        typer.echo(text, nl=False)


@scenario_app.command("run")
@guarded
def scenario_run(paths: List[Path] = typer.Argument(..., help="Scenario files or folders of them.")) -> None:
    """Run scenario files; print each result; exit 1 if any fails."""
    from tabletop.framework import scenarios
    from tabletop.framework.errors import TabletopError

    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files += sorted(p.rglob("*.yaml")) + sorted(p.rglob("*.yml"))
        elif p.exists():
            files.append(p)
        else:
            fail(f"{p}: no such file or folder")
    failed = 0
    for f in files:
        try:
            scenarios.run(f)
            typer.echo(f"PASS {f}")
        except TabletopError as e:
            failed += 1
            typer.echo(f"FAIL {f}\n{e.render()}")
    typer.echo(f"{len(files) - failed} passed, {failed} failed")
    if failed:
        raise typer.Exit(1)


@app.command("play")
@guarded
def play_cmd(
    game: str = typer.Argument(..., help="The game pack to play, e.g. volfyirion or virevolt."),
    vs: str = typer.Option("greedy", "--vs", help="Your opponent: a bot name (random, greedy, ...) or 'human' for hot-seat."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the game (random if omitted)."),
    first: str = typer.Option("p1", "--first", help="Who goes first: p1 (you), p2 or random."),
    load: Optional[Path] = typer.Option(None, "--load", help="Continue a saved game."),
    variant: Optional[List[str]] = typer.Option(None, "--variant", help="A variant to switch on (repeatable; 'all' for every one)."),
    mode: Optional[str] = typer.Option(None, "--mode", help="A game mode (e.g. extended)."),
    deck: Optional[str] = typer.Option(None, "--deck", help="Your deck: a preconstructed deck name or a deck file."),
    opponent_deck: Optional[str] = typer.Option(None, "--opponent-deck", help="The opponent's deck (name or file)."),
    think: Optional[float] = typer.Option(None, "--think", help="Seconds per move for thinking bots."),
    players: Optional[int] = typer.Option(None, "--players", min=1, help="Number of players, for games that allow several (you are p1)."),
    cards: Optional[List[Path]] = CARDS_OPTION,
    option: Optional[List[str]] = typer.Option(None, "--option", help=OPTION_HELP),
) -> None:
    """Play a game in the terminal against a bot (or hot-seat). Type 'help' during the game."""
    from tabletop.cli.play import Session

    options: dict = {**parse_options(option), "first": first}
    if variant:
        options["variants"] = list(variant)
    if mode:
        options["mode"] = mode
    if deck or opponent_deck:
        options["decks"] = [deck, opponent_deck]
    pack = _pack(game, cards, [d for d in (deck, opponent_deck) if d])
    Session.start(pack, vs=vs, seed=seed, options=options, load=load, think=think, players=players).loop()


@app.command("deckcheck")
@guarded
def deckcheck_cmd(
    game: str = typer.Argument(..., help="The game pack whose deck rules apply, e.g. virevolt."),
    file: Path = typer.Argument(..., help="The deck file (YAML: a name and a cards mapping), or a preconstructed deck's name."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON for tools."),
    cards: Optional[List[Path]] = CARDS_OPTION,
) -> None:
    """Check a deck: every problem with its line; exit 0 legal, 1 illegal, 2 unusable input."""
    import json

    from tabletop.decks import check_deck

    cardset = _pack(game, cards).cards() if cards else None
    report = check_deck(game, str(file), cardset=cardset)
    typer.echo(json.dumps(report.to_json(), indent=2) if as_json else report.render())
    raise typer.Exit(report.exit_code)


from tabletop.cli.simulate import simulate_cmd  # noqa: E402  (light: typer only)

app.command("simulate")(simulate_cmd)

from tabletop.cli.printing import cards_print  # noqa: E402  (light: typer only)

cards_app.command("print")(guarded(cards_print))


def run() -> None:
    """Console-script entry point. An error that is not the user's (a bug here or in a pack) is
    still one short message, not a traceback; TABLETOP_DEBUG=1 shows the traceback."""
    import os

    try:
        app()
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
