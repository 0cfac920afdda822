"""``tabletop simulate``: bot-versus-bot batches with a report (registered by cli/main.py).

Everything heavy is imported inside the command, so ``tabletop --help`` stays fast.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from tabletop.cli.options import OPTION_HELP, parse_options


def simulate_cmd(
    game: str = typer.Argument(..., help="The game pack, e.g. volfyirion (or module:attribute for a pack not installed)."),
    games: int = typer.Option(100, "-n", "--games", min=0, help="How many games to play."),
    bots: str = typer.Option("greedy,greedy", "--bots", help="Comma-separated bots; bot A sits in seat i % 2 of game i. "
                             "Names: the pack's bots, random, mcts, mcts:ITERATIONS, scripted:FILE."),
    seed: int = typer.Option(0, "--seed", help="Seed of the batch: same seed, same results, however it runs."),
    workers: str = typer.Option("auto", "--workers", help="Worker processes: a number or 'auto' (one per CPU)."),
    backend: str = typer.Option("local", "--backend", help="local (this machine's processes) or dask."),
    address: Optional[str] = typer.Option(None, "--address", help="Address of an existing Dask scheduler (with --backend dask)."),
    variant: Optional[List[str]] = typer.Option(None, "--variant", help="A variant to switch on (repeatable; 'all' for every one)."),
    mode: Optional[str] = typer.Option(None, "--mode", help="A game mode (e.g. extended)."),
    deck: Optional[List[str]] = typer.Option(None, "--deck", help="A deck per seat, in seat order (repeatable): name or file."),
    deck_pool: Optional[str] = typer.Option(None, "--deck-pool", help="Comma-separated decks rotated over the seats: "
                                            "the games go through every assignment of these decks to the seats, "
                                            "each bot meeting each one from every seat."),
    max_turns: Optional[int] = typer.Option(200, "--max-turns", help="Stop a game unfinished after this many turns (it counts as capped)."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write report.md, report.json, records.jsonl and charts here."),
    think: Optional[float] = typer.Option(None, "--think", help="Seconds per move for mcts (results then depend on the machine)."),
    iterations: Optional[int] = typer.Option(None, "--iterations", help="Iterations per move for mcts (reproducible)."),
    cards: Optional[List[Path]] = typer.Option(None, "--cards", help="A card file whose cards join the set for this batch (repeatable)."),
    option: Optional[List[str]] = typer.Option(None, "--option", help=OPTION_HELP),
) -> None:
    """Play bot-versus-bot games and report win rates, game lengths and per-card statistics."""
    from tabletop.framework.backends import resolve_workers
    from tabletop.framework.errors import TabletopError
    from tabletop.cli.cardfiles import with_cards
    from tabletop.framework.simulation import load_pack, prepare

    try:
        try:
            nworkers = resolve_workers(workers)
        except TabletopError as e:
            raise typer.BadParameter(str(e), param_hint="--workers") from None
        if backend not in ("local", "dask"):
            raise typer.BadParameter(f"{backend!r}: choose local or dask", param_hint="--backend")
        if address and backend != "dask":
            raise typer.BadParameter("--address needs --backend dask", param_hint="--address")
        pack = load_pack(game)
        pack = with_cards(pack, cards, deck or [])
        options: dict = parse_options(option)
        if variant:
            options["variants"] = list(variant)
        if mode:
            options["mode"] = mode
        if deck:
            options["decks"] = list(deck)
        specs = [b.strip() for b in bots.split(",")]
        pool = deck_pool.split(",") if deck_pool is not None else None
        config = prepare(pack, specs, seed=seed, options=options, max_turns=max_turns, think=think,
                         iterations=iterations, deck_pool=pool)
        batch = _run(config, games, nworkers, backend, address)
    except TabletopError as e:
        typer.echo(e.render(), err=True)
        raise typer.Exit(1)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(130)
    from tabletop.framework import report

    typer.echo(report.console_summary(batch))
    if out is not None:
        report.write(out, batch, pack.name)
        typer.echo(f"report written to {out}/report.md")


def _run(config, games: int, workers: int, backend: str, address):
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from tabletop.framework.simulation import simulate

    console = Console(stderr=True)
    progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TextColumn("ETA"), TimeRemainingColumn(), console=console, transient=True,
                        disable=not sys.stderr.isatty())
    with progress:
        task = progress.add_task("games", total=games)
        return simulate(config, games, workers, backend, address,
                        on_progress=lambda k: progress.advance(task, k))
