"""The options commands share: a pack's setup options (``--option KEY=VALUE``, ``--variant``,
``--mode``, ``--deck``) and where games run (``--workers``, ``--backend``, ``--address``).

An ``--option`` value is read as a YAML scalar, so ``first_turn_protection=false`` is a boolean
and ``cities=2`` a number; the pack checks the option and names the ones it accepts.
"""
from pathlib import Path
from typing import Annotated, List, Optional

import typer

from tabletop.framework.errors import TabletopError
from tabletop.framework.language import N_, gettext, grouped

#: The parameters the batch commands (``decks matchup/tune``, ``cards value``) declare alike;
#: the defaults stay in each command's signature.
Pack = Annotated[str, typer.Argument(help=N_("The game pack, e.g. virevolt."))]
Workers = Annotated[str, typer.Option("--workers", help=N_("Worker processes: a number or 'auto' (one per CPU)."))]
Backend = Annotated[str, typer.Option("--backend", help=N_("local or dask."))]
Address = Annotated[Optional[str], typer.Option("--address", help=N_("A Dask scheduler (with --backend dask)."))]
MaxTurns = Annotated[Optional[int], typer.Option("--max-turns", help=N_("Stop a game unfinished after this many turns."))]
AsJson = Annotated[bool, typer.Option("--json", help=N_("Print the result as JSON."))]
Replace = Annotated[bool, typer.Option("--force", help=N_("Replace --out if it exists."))]
JoiningCards = Annotated[Optional[List[Path]], typer.Option("--cards", help=N_("A card file whose cards join the set."))]

OPTION_HELP = N_("A setup option of the game, KEY=VALUE (repeatable), e.g. cities=2 or first_turn_protection=false.")


def read_by_us(command) -> None:
    """Every path parameter of ``command`` and below leaves reading to the project's reader.

    Typer gives each ``Path`` parameter Click's ``readable=True``, which refuses a file the user may
    not read before the command runs, as a usage error (exit 2, "Path 'deck.yaml' is not
    readable."). The commands read every file through :mod:`tabletop.framework.userfiles`, which
    says the same in the project's words: the file, "cannot read this deck file: permission
    denied", exit code 1 (2 for ``deckcheck``, whose code for unusable input it is)."""
    for param in command.params:
        if getattr(param.type, "readable", False):  # Click's Path, or typer's own TyperPath (typer 0.26+)
            param.type.readable = False
    for sub in getattr(command, "commands", {}).values():
        read_by_us(sub)


def parse_options(items) -> dict:
    """``["cities=2", ...]`` as ``{"cities": 2}``; a malformed item is a clear error."""
    import yaml

    out: dict = {}
    for item in items or ():
        key, sep, value = str(item).partition("=")
        key = key.strip()
        if not sep or not key:
            raise TabletopError(gettext('--option {item!r}: write KEY=VALUE, e.g. --option cities=2').format(item=item))
        try:
            out[key] = yaml.safe_load(value) if value.strip() else ""
        except yaml.YAMLError:
            out[key] = value
    return out


def game_options(option=None, variant=None, mode: str | None = None, deck=None) -> dict:
    """The setup options a command line gives: ``--option`` items, then ``--variant``,
    ``--mode`` and ``--deck`` (which name the same options more plainly)."""
    options = parse_options(option)
    if variant:
        options["variants"] = list(variant)
    if mode:
        options["mode"] = mode
    if deck:
        options["decks"] = list(deck)
    return options


def run_options(workers: str, backend: str, address: str | None) -> int:
    """The number of worker processes, once ``--workers``, ``--backend`` and ``--address``
    agree; a usage error (exit 2) naming the option otherwise."""
    from tabletop.batches.backends import resolve_workers

    try:
        n = resolve_workers(workers)
    except TabletopError as e:
        raise typer.BadParameter(str(e), param_hint="--workers") from None
    if backend not in ("local", "dask"):
        from tabletop.framework.suggest import did_you_mean

        raise typer.BadParameter(gettext(
            '{backend!r}{suggestion}: choose local or dask').format(
            backend=backend, suggestion=did_you_mean(backend, ["local", "dask"])), param_hint="--backend")
    if address and backend != "dask":
        raise typer.BadParameter(gettext('--address needs --backend dask'), param_hint="--address")
    return n


#: The longest a thinking bot may take per move (``--think``), and the most iterations ``mcts:N`` runs.
MAX_THINK = 3600.0
MAX_ITERATIONS = 1_000_000  # batches.games.MAX_ITERATIONS, which makes the bots (not imported: it loads the engine)
#: The longest pause between two actions of a watched game (``watch --delay``).
MAX_DELAY = 60.0
#: The longest budget of ``decks tune --minutes`` (a week).
MAX_MINUTES = 7 * 24 * 60.0


def finite_number(value, option: str, unit: str, low: float, high: float, *, above_low: bool = False,
                  example: str = "1"):
    """``value`` (a number an option gave) when it is finite and within ``low`` .. ``high``
    (above ``low`` itself with ``above_low``); else a :class:`TabletopError` naming the option, what
    it takes and an example. None stays None (the option was not given)."""
    import math

    if value is None:
        return None
    number = float(value)
    if math.isfinite(number) and (number > low if above_low else number >= low) and number <= high:
        return value
    span = gettext("above {low} and at most {high}") if above_low else gettext("from {low} to {high}")
    raise TabletopError(gettext("{option} {value}: give a finite number of {unit} {span}, e.g. {option} {example}").format(
        option=option, value=f"{number:g}", unit=gettext(unit), span=span.format(low=_figure(low), high=_figure(high)),
        example=example))


def _figure(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


def think_seconds(think, option: str = "--think"):
    """``--think``: a finite number of seconds above 0, at most :data:`MAX_THINK` (None: not given)."""
    return finite_number(think, option, N_("seconds"), 0, MAX_THINK, above_low=True, example="2")


#: the most games per card (cards value) or per pairing (decks matchup): their records are all
#: kept in memory until the report, unlike simulate's, which stream to disk
MAX_KEPT_GAMES = 100_000


def check_kept_games(games: int, option: str = "-n") -> int:
    """``-n`` of a command that keeps its records in memory: at most :data:`MAX_KEPT_GAMES`, so a
    mistyped ``-n 999999999999`` is refused at once rather than filling the memory for days."""
    if games <= MAX_KEPT_GAMES:
        return games
    raise TabletopError(gettext(
        "{option} {value}: this command keeps every game's record in memory until its report; give at most "
        "{most} (a longer run: tabletop simulate, whose records stream to disk)").format(
        option=option, value=grouped(games) if games < 10 ** 30 else gettext("a huge number"),
        most=grouped(MAX_KEPT_GAMES)))


def check_iterations(iterations, option: str = "--iterations"):
    """``--iterations``: 1 to :data:`MAX_ITERATIONS` (None: not given)."""
    if iterations is None or 1 <= iterations <= MAX_ITERATIONS:
        return iterations
    raise TabletopError(gettext("{option} {value}: give a number of iterations from 1 to {high:,}, e.g. "
                                "{option} 500").format(option=option, value=iterations, high=MAX_ITERATIONS))


def check_bot_specs(specs, option: str) -> None:
    """Each ``mcts:N`` among ``specs`` asks 1 to :data:`MAX_ITERATIONS` iterations (the rest of a
    spec is checked where the bot is made)."""
    for spec in specs:
        name, sep, arg = str(spec).strip().partition(":")
        digits = arg.lstrip("0")
        if sep and name == "mcts" and arg.isascii() and arg.isdigit() and (len(digits) > 7 or int(digits or 0) > MAX_ITERATIONS):
            shown = arg if len(arg) <= 20 else arg[:20] + "…"
            raise TabletopError(gettext("{option}: bad bot 'mcts:{n}': mcts takes 1 to {high:,} iterations per move, "
                                        "e.g. mcts:1000").format(option=option, n=shown, high=MAX_ITERATIONS))
