"""``tabletop simulate``: bot-versus-bot batches with a report (registered by cli/main.py).

Everything is checked before the first game (the pack, the bots, the options, the output
folder), every finished chunk of games goes to ``records.jsonl`` at once, and Ctrl-C stops
the workers within moments, keeps what finished and says how to rebuild the report.
Everything heavy is imported inside the command, so ``tabletop --help`` stays fast.
"""
import sys
from pathlib import Path
from typing import List, Optional

import typer
from tabletop.framework.language import N_, gettext, gettext as _, grouped

from tabletop.cli.options import (OPTION_HELP, check_bot_specs, check_iterations, game_options, run_options,
                                  think_seconds)

INTERRUPTED = 130


def simulate_cmd(
    game: Optional[str] = typer.Argument(None, help=N_("The installed game pack, e.g. volfyirion ('tabletop packs' lists them).")),
    games: int = typer.Option(100, "-n", "--games", help=N_("How many games to play (at least 1; any number: "
                                                            "records stream to disk as games finish).")),
    bots: str = typer.Option("greedy,greedy", "--bots", help=N_("Comma-separated bots; bot A sits in seat i % 2 of game i. "
                             "Names: the pack's bots, random, mcts, mcts:ITERATIONS, scripted:FILE.")),
    seed: int = typer.Option(0, "--seed", help=N_("Seed of the batch: same seed, same results, however it runs.")),
    workers: str = typer.Option("auto", "--workers", help=N_("Worker processes: a number or 'auto' (one per CPU).")),
    backend: str = typer.Option("local", "--backend", help=N_("local (this machine's processes) or dask.")),
    address: Optional[str] = typer.Option(None, "--address", help=N_("Address of an existing Dask scheduler (with --backend dask).")),
    variant: Optional[List[str]] = typer.Option(None, "--variant", help=N_("A variant to switch on (repeatable; 'all' for every one).")),
    mode: Optional[str] = typer.Option(None, "--mode", help=N_("A game mode (e.g. extended).")),
    deck: Optional[List[str]] = typer.Option(None, "--deck", help=N_("A deck per seat, in seat order (repeatable): name or file.")),
    deck_pool: Optional[str] = typer.Option(None, "--deck-pool", help=N_("Comma-separated decks rotated over the seats: "
                                            "the games go through every assignment of these decks to the seats, "
                                            "each bot meeting each one from every seat.")),
    max_turns: Optional[int] = typer.Option(200, "--max-turns", help=N_("Stop a game unfinished after this many turns (it counts as capped).")),
    out: Optional[Path] = typer.Option(None, "--out", help=N_("Write report.md, report.json, records.jsonl and charts here "
                                       "(checked and created before the first game; records are written as games finish).")),
    overwrite: bool = typer.Option(False, "--overwrite", help=N_("Replace the simulation already in --out.")),
    report_only: Optional[Path] = typer.Option(None, "--report-only", metavar="DIR",
                                               help=N_("Rebuild DIR's report from its records.jsonl (e.g. after Ctrl-C); plays no game.")),
    pack_module: Optional[str] = typer.Option(None, "--pack-module", metavar="MODULE:ATTRIBUTE",
                                              help=N_("A pack object that is not installed, e.g. mypack.plugin:pack; the module is "
                                              "imported from the installed packages and PYTHONPATH, never from the current folder.")),
    think: Optional[float] = typer.Option(None, "--think", help=N_("Seconds per move for mcts (results then depend on the machine).")),
    iterations: Optional[int] = typer.Option(None, "--iterations", help=N_("Iterations per move for mcts (reproducible).")),
    cards: Optional[List[Path]] = typer.Option(None, "--cards", help=N_("A card file whose cards join the set for this batch (repeatable).")),
    option: Optional[List[str]] = typer.Option(None, "--option", help=OPTION_HELP),
) -> None:
    """Play bot-versus-bot games and report win rates, game lengths and per-card statistics."""
    from tabletop.framework.errors import TabletopError
    from tabletop.cli.cardfiles import with_cards
    from tabletop.batches.games import prepare

    try:
        if report_only is not None:
            if game or pack_module:
                raise typer.BadParameter(gettext('--report-only rebuilds a report from its records; give no game'),
                                         param_hint="--report-only")
            _report_only(report_only)
            return
        if games < 1:
            raise TabletopError(gettext('-n {n}: a simulation plays at least 1 game; say how many, e.g. -n 100').format(
                n=grouped(games) if abs(games) < 10 ** 30 else gettext('a huge number')))
        nworkers = run_options(workers, backend, address)
        think = think_seconds(think)
        iterations = check_iterations(iterations)
        check_bot_specs(bots.split(","), "--bots")
        pack = with_cards(_pack(game, pack_module), cards, deck or [])
        options = game_options(option, variant, mode, deck)
        specs = [b.strip() for b in bots.split(",")]
        pool = deck_pool.split(",") if deck_pool is not None else None
        config = prepare(pack, specs, seed=seed, options=options, max_turns=max_turns, think=think,
                         iterations=iterations, deck_pool=pool)
        _play(pack, config, games, nworkers, backend, address, out, overwrite)
    except TabletopError as e:
        typer.echo(e.render(), err=True)
        raise typer.Exit(1)
    except OSError as e:
        from tabletop.cli.main import os_message

        typer.echo(os_message(e), err=True)
        raise typer.Exit(1)
    except KeyboardInterrupt:
        typer.echo(_("interrupted"), err=True)
        raise typer.Exit(INTERRUPTED)


def _pack(game: Optional[str], pack_module: Optional[str]):
    """An installed pack by name, or the pack object ``--pack-module`` names: nothing else is imported."""
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.packs import registry
    from tabletop.batches.games import load_pack_module

    if pack_module:
        if game:
            raise TabletopError(gettext('give either the name of an installed pack or --pack-module, not both'))
        return load_pack_module(pack_module)
    if not game:
        raise TabletopError(gettext(
            "give the game to simulate, e.g. 'tabletop simulate volfyirion' ('tabletop packs' lists them), or "
            '--report-only DIR to rebuild a report'))
    if ":" in game:
        raise TabletopError(gettext(
            '{value!r} is not the name of an installed pack; a pack that is not installed is given with '
            '--pack-module module:attribute').format(value=game[:80]))
    return registry().get(game)


def _play(pack, config, games: int, workers: int, backend: str, address, out: Optional[Path], overwrite: bool) -> None:
    """Run the batch streaming its records to disk, then report from them in one pass."""
    import tempfile
    import time

    from tabletop.batches import report
    from tabletop.batches.records import RECORDS, RecordsFile, prepare_folder, read_records, write_run
    from tabletop.batches.runner import Interrupted

    folder = prepare_folder(out, overwrite) if out is not None else None
    scratch = tempfile.TemporaryDirectory(prefix="tabletop-sim-") if folder is None else None
    where = folder if folder is not None else Path(scratch.name)
    try:
        meta = report.run_meta(config, pack.name, games, workers, backend)
        if folder is not None:
            write_run(folder, meta)
        records = RecordsFile(where / RECORDS)
        t0 = time.perf_counter()
        try:
            _run(config, games, workers, backend, address, records.add)
        except Interrupted as e:
            records.close()
            _interrupted(e, records.count, where, folder, meta)
        finally:
            if not records.file.closed:
                records.close()
        seconds = time.perf_counter() - t0
        meta["seconds"] = seconds
        m = report.compute(read_records(where / RECORDS), meta["labels"])
        typer.echo(report.console_summary(m, seconds, workers, backend))
        if folder is not None:
            write_run(folder, meta)
            report.write_report(folder, meta, m)
            typer.echo(_("report written to {path}").format(path=f"{folder}/report.md"))
    finally:
        if scratch is not None:
            scratch.cleanup()


def _interrupted(e, kept: int, where: Path, folder: Optional[Path], meta: dict) -> None:
    from tabletop.batches import report
    from tabletop.batches.records import RECORDS, read_records

    typer.echo(_("interrupted: {kept} of {total} games finished").format(kept=grouped(kept), total=grouped(e.total)),
               err=True)
    if kept:
        typer.echo(report.console_summary(report.compute(read_records(where / RECORDS), meta["labels"])), err=True)
    if folder is not None and not kept:
        typer.echo(_("no game finished, so there is nothing to report"), err=True)
    elif folder is not None:
        typer.echo(_("the {kept} finished games are kept in {path}; rebuild the report with:\n"
                     "  tabletop simulate --report-only {folder}").format(kept=grouped(kept), path=folder / RECORDS,
                                                                          folder=folder), err=True)
    else:
        typer.echo(_("nothing was written (no --out given)"), err=True)
    raise typer.Exit(INTERRUPTED)


def _report_only(folder: Path) -> None:
    """Rebuild the report of the simulation whose ``--out`` was ``folder``. Each way the folder
    can be unfit says what is wrong and what to do: not a folder, no records, no finished game, a
    damaged line (a run stopped mid-write cuts its last line short), a damaged ``run.json``."""
    from tabletop.batches import report
    from tabletop.framework.errors import LocatedError, TabletopError
    from tabletop.batches.records import RECORDS, RUN, read_records, read_run
    from tabletop.framework.userfiles import link_problem

    records = folder / RECORDS
    if folder.is_file() and folder.name == RECORDS:
        raise TabletopError(gettext(
            '--report-only {folder}: this is the records file itself; give the folder that holds it: '
            '--report-only {parent}').format(folder=folder, parent=folder.parent))
    if folder.exists() and not folder.is_dir():
        raise TabletopError(gettext(
            "--report-only {folder}: this is a file, not a folder; give the folder a simulation wrote its "
            "records in ('tabletop simulate PACK --out DIR')").format(folder=folder))
    link = link_problem(folder)
    if link is not None:
        raise TabletopError(gettext("--report-only {folder}: {problem}").format(folder=folder, problem=link))
    if not folder.exists():
        raise TabletopError(gettext(
            "--report-only {folder}: no such folder; give the folder a simulation wrote its records in "
            "('tabletop simulate PACK --out DIR')").format(folder=folder))
    if not records.exists():
        raise TabletopError(gettext(
            "--report-only {folder}: this folder holds no {records}, so no simulation wrote its records here; "
            "give the folder of a 'tabletop simulate PACK --out DIR'").format(folder=folder, records=RECORDS))
    try:
        meta = read_run(folder)
    except LocatedError as e:
        e.hint = gettext('{run} only names the batch (bots, seed, options): delete it to rebuild the report '
                         'without it').format(run=RUN)
        raise
    try:
        if next(read_records(records), None) is None:
            raise TabletopError(gettext(
                '--report-only {folder}: {records} holds no finished game (the run stopped before its first '
                'game ended): there is nothing to report; run the simulation again').format(
                folder=folder, records=RECORDS))
        m = report.write_report(folder, meta)
    except LocatedError as e:
        if e.line is not None:  # a damaged line (else: records.jsonl is a folder, unreadable...: said as such)
            e.hint = gettext('each line of {records} is one game as the simulation wrote it, and a run stopped '
                             'mid-write leaves its last line cut short: delete the damaged line and try again, or '
                             'run the simulation again').format(records=RECORDS)
        raise
    typer.echo(report.console_summary(m))
    typer.echo(_("report written to {path}").format(path=f"{folder}/report.md"))


def _run(config, games: int, workers: int, backend: str, address, sink):
    """The batch with a progress bar, stopped cleanly by Ctrl-C (a second Ctrl-C forces it)."""
    import signal
    import threading

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from tabletop.batches.runner import simulate

    stop = threading.Event()

    def on_interrupt(signum, frame):
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    console = Console(stderr=True)
    progress = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TextColumn("ETA"), TimeRemainingColumn(), console=console, transient=True,
                        disable=not sys.stderr.isatty())
    previous = signal.signal(signal.SIGINT, on_interrupt)
    try:
        with progress:
            task = progress.add_task("games", total=games)
            return simulate(config, games, workers, backend, address,
                            on_progress=lambda k: progress.advance(task, k), sink=sink, stop=stop)
    finally:
        signal.signal(signal.SIGINT, previous)
