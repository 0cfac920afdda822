"""``tabletop decks``: convert deck formats, start a deck, match decks, tune a deck (registered by
cli/main.py). A thin layer: deck formats and statistics come from the pack's deck rules (the
``tabletop_deck_rules`` hook), matchups and tuning from the framework's simulation floor."""
import sys
from collections import Counter
from pathlib import Path
from typing import List, Optional

import typer

from tabletop.cli.options import Address, AsJson, Backend, JoiningCards, MaxTurns, Pack, Replace, Workers, run_options
from tabletop.framework.language import N_, gettext as _

decks_app = typer.Typer(help=N_("Convert, start, match and tune decks (packs with deck construction)."),
                        no_args_is_help=True, rich_markup_mode=None)


def _pc(fraction: float, decimals: int = 0, signed: bool = False) -> str:
    """A rate as a percentage, the language's way (English exactly as Python's ``%`` format writes it)."""
    from tabletop.framework import language

    if language.current() == language.DEFAULT:
        return f"{fraction:{'+' if signed else ''}.{decimals}%}"
    text = language.percent(fraction, decimals)
    return "+" + text if signed and fraction >= 0 else text


def _seconds(value: float) -> str:
    from tabletop.framework.language import number

    return number(value, 1)


def _checker(pack):
    from tabletop.framework.errors import TabletopError

    checker = pack.deck_rules()
    if checker is None:
        raise TabletopError(_("{game} has no deck construction").format(game=pack.name))
    return checker


def _write_new(path: Path, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` atomically; an existing file is replaced only with --force or a yes."""
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.game import write_atomic

    if path.exists() and not force:
        if path.is_dir():
            raise TabletopError(_("{path}: this is a folder; give a file name").format(path=path))
        if not (sys.stdin.isatty() and typer.confirm(_("{path} exists: replace it?").format(path=path), default=False)):
            raise TabletopError(_("{path} exists: not replacing it (add --force to replace it)").format(path=path))
    write_atomic(path, text)


def _deck_cards(checker, spec: str, cardset) -> list[str]:
    """A legal deck's cards (a preconstructed name or a file, either format), or the check's problems."""
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.userfiles import names_something

    if not names_something(spec) and hasattr(checker, "decks") and spec not in checker.decks():
        from tabletop.framework.suggest import did_you_mean

        names = sorted(checker.decks())
        raise TabletopError(_("deck {spec!r}: no such file or preconstructed deck{suggestion}; "
                              "the preconstructed decks are {names}").format(
            spec=spec, suggestion=did_you_mean(spec, names), names=", ".join(names)))
    report = checker.check(spec, cardset)
    if report.verdict != "legal":
        raise TabletopError(_("deck {spec!r} cannot be used:").format(spec=spec) + f"\n{report.render()}")
    return list(report.cards)


def _writable_folder(out: Path) -> None:
    """Make ``out`` (a folder for reports) now, so one that cannot be written fails before the games."""
    import os

    from tabletop.framework.errors import TabletopError

    if out.exists() and not out.is_dir():
        raise TabletopError(_("--out {out}: this is a file; give a folder").format(out=out))
    out.mkdir(parents=True, exist_ok=True)
    if not os.access(out, os.W_OK):
        raise TabletopError(_("--out {out}: this folder cannot be written (permission denied)").format(out=out))


def _writable_file(path: Path, force: bool) -> None:
    """Refuse now, before any game, an --out file that will not be written (see :func:`_write_new`)."""
    import os

    from tabletop.framework.errors import TabletopError

    if path.is_dir():
        raise TabletopError(_("{path}: this is a folder; give a file name").format(path=path))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise TabletopError((_("{path}: {folder} is a file, not a folder") if folder.exists() else
                             _("{path}: {folder} does not exist")).format(path=path, folder=folder))
    if not os.access(folder, os.W_OK):
        raise TabletopError(_("{path}: the folder {folder} cannot be written (permission denied)").format(
            path=path, folder=folder))
    if path.exists() and not force and not sys.stdin.isatty():
        raise TabletopError(_("{path} exists: not replacing it (add --force to replace it)").format(path=path))


def _label(spec: str, used: set) -> str:
    label = Path(spec).stem if spec.endswith((".yaml", ".yml", ".txt")) else spec
    while label in used:
        label += "'"
    used.add(label)
    return label


def convert_cmd(game: Pack,
                deck: Path = typer.Argument(..., help=N_("The deck file (a plain list or YAML).")),
                to: str = typer.Option(..., "--to", help=N_("The format to write: list or yaml.")),
                out: Optional[Path] = typer.Option(None, "--out", help=N_("Write here (default: print).")),
                force: Replace = False,
                cards: JoiningCards = None) -> None:
    """Convert a deck between the plain list ('3 Cinder Imp' lines) and a YAML deck file."""
    from tabletop.cli.main import _pack, fail

    pack = _pack(game, cards, [str(deck)])
    checker = _checker(pack)
    formats = checker.formats()
    if to not in formats:
        fail(_("--to {to!r}: choose {formats}").format(to=to, formats=_(" or ").join(formats)))
    text, report = checker.convert(str(deck), to, pack.cards() if cards or pack is not None else None)
    if not text:
        fail(report.render())
    if report.verdict != "legal":
        typer.echo(_("note: the deck is converted as written, but it is not legal:") + f"\n{report.render()}", err=True)
    if out is None:
        typer.echo(text, nl=False)
        return
    _write_new(out, text, force)
    typer.echo(_("{file} written ({format})").format(file=out, format=to))


def new_cmd(game: Pack,
            colours: str = typer.Option(..., "--colours", help=N_("Comma-separated colours, e.g. red,neutral.")),
            out: Optional[Path] = typer.Option(None, "--out", help=N_("The file to write (default: COLOURS-deck.yaml here).")),
            force: bool = typer.Option(False, "--force", help=N_("Replace the file if it exists."))) -> None:
    """Write a legal starting deck of the given colours, commented with the deck rules."""
    from tabletop.cli.main import _pack, fail

    pack = _pack(game)
    checker = _checker(pack)
    try:
        text = checker.starter(colours)
    except ValueError as e:
        fail(_("--colours: {why}").format(why=e))
    path = out or Path("-".join(c.strip().lower() for c in colours.split(",") if c.strip()) + "-deck.yaml")
    _write_new(path, text, force)
    report = checker.check(str(path))
    typer.echo(_("{file} written: {verdict}").format(file=path, verdict=report.render().splitlines()[0]))


def matchup_cmd(game: Pack,
                decks: List[str] = typer.Argument(..., help=N_("Two or more decks: preconstructed names or files.")),
                bots: str = typer.Option("greedy", "--bots", help=N_("One bot for every seat, or one per seat (rotated).")),
                games: int = typer.Option(100, "-n", "--games", min=1, help=N_("Games per pairing and seat order.")),
                seed: int = typer.Option(0, "--seed", help=N_("Seed: the same seed gives the same records.")),
                workers: Workers = "auto",
                backend: Backend = "local",
                address: Address = None,
                max_turns: MaxTurns = 200,
                out: Optional[Path] = typer.Option(None, "--out", help=N_("Write report.md, report.json, matchup.png and every "
                                                   "pairing's records here.")),
                overwrite: bool = typer.Option(False, "--overwrite", help=N_("Replace a matchup already in --out.")),
                cards: JoiningCards = None) -> None:
    """Every pairing of the decks, from both seats: a win-rate matrix with 95% intervals."""
    import time

    from tabletop.cli.main import _pack
    from tabletop.batches import matchup
    from tabletop.batches.backends import Executor
    from tabletop.framework.errors import TabletopError

    from tabletop.cli.options import check_kept_games

    check_kept_games(games)
    nworkers = run_options(workers, backend, address)
    if out is not None and (out / "report.json").exists() and not overwrite:
        raise TabletopError(_("--out {out}: this folder already holds a report; choose another or add --overwrite").format(
            out=out))
    if out is not None:
        _writable_folder(out)
    pack = _pack(game, cards, decks)
    checker = _checker(pack)
    cardset = pack.cards()
    used: set = set()
    given = {_label(d, used): _deck_cards(checker, d, cardset) for d in decks}
    specs = [b.strip() for b in bots.split(",")]
    plan = matchup.plan(pack, given, specs, seed, max_turns)
    t0 = time.perf_counter()
    with Executor(nworkers, backend, address) as ex:
        records = ex.run([(config, games) for _a, _b, config in plan])
    result = matchup.tally(list(given), [(a, b, r) for (a, b, _c), r in zip(plan, records)])
    seconds = time.perf_counter() - t0
    typer.echo(_("{pairings} pairings x {games} games in {seconds} s ({workers} worker(s), {backend})").format(
        pairings=len(plan), games=games, seconds=_seconds(seconds), workers=nworkers, backend=backend))
    width = max(len(x) for x in given) + 2
    typer.echo(" " * width + "".join(f"{b:>20}" for b in given))
    for a in given:
        cells = []
        for b in given:
            d = result["matrix"][a].get(b)
            text = "—" if d is None else f"{_pc(d['rate'])} [{_pc(d['ci95'][0])}, {_pc(d['ci95'][1])}]"
            cells.append(f"{text:>20}")
        typer.echo(f"{a:<{width}}" + "".join(cells))
    if out is not None:
        meta = {"pack": pack.name, "decks": list(given), "bots": specs, "games": games, "seed": seed,
                "max_turns": max_turns, "workers": nworkers, "backend": backend, "seconds": seconds}
        matchup.write(out, meta, result, [(a, b, c, r) for (a, b, c), r in zip(plan, records)])
        typer.echo(_("report written to {out}/report.md (matrix: {out}/matchup.png)").format(out=out))


def tune_cmd(game: Pack,
             deck: str = typer.Argument(..., help=N_("The deck to tune: a preconstructed name or a file.")),
             against: List[str] = typer.Option(..., "--against", help=N_("A deck to beat (repeatable).")),
             bots: str = typer.Option("greedy", "--bots", help=N_("The bot for every seat.")),
             games: Optional[int] = typer.Option(None, "--games", min=1, help=N_("Budget: at most this many games.")),
             minutes: Optional[float] = typer.Option(None, "--minutes", help=N_("Budget: about this many minutes.")),
             seed: int = typer.Option(0, "--seed", help=N_("Seed: with --games, the same seed gives the same swaps.")),
             screen: int = typer.Option(4, "--screen", min=1, help=N_("Screening games per swap, seat and opponent.")),
             confirm: int = typer.Option(50, "--confirm", min=2, help=N_("Confirmation games per seat and opponent.")),
             consider: Optional[str] = typer.Option(None, "--consider", help=N_("Only these cards may come in "
                                                    "(comma-separated; default: every card of the set).")),
             workers: Workers = "auto",
             backend: Backend = "local",
             address: Address = None,
             max_turns: MaxTurns = 200,
             out: Optional[Path] = typer.Option(None, "--out", help=N_("Write the best deck found here (YAML).")),
             as_json: AsJson = False,
             force: Replace = False,
             cards: Optional[List[Path]] = typer.Option(None, "--cards", help=N_("A card file whose cards join the set "
                                                        "(and may come in; repeatable)."))) -> None:
    """Search legal one-card swaps that raise the deck's win rate beyond its interval."""
    import json

    from tabletop.cli.main import _pack, fail
    from tabletop.batches.backends import Executor
    from tabletop.framework.suggest import did_you_mean
    from tabletop.batches.tune import Tuner

    if games is None and minutes is None:
        fail(_("give a budget: --games N or --minutes M (or both)"))
    from tabletop.cli.options import MAX_MINUTES, finite_number

    minutes = finite_number(minutes, "--minutes", N_("minutes"), 0, MAX_MINUTES, above_low=True, example="10")
    nworkers = run_options(workers, backend, address)
    if out is not None:
        _writable_file(out, force)
    pack = _pack(game, cards, [deck, *against])
    checker = _checker(pack)
    cardset = pack.cards()
    start = dict(Counter(_deck_cards(checker, deck, cardset)))
    used: set = set()
    opponents = {_label(d, used): _deck_cards(checker, d, cardset) for d in against}
    names = checker.card_names(cardset)
    pool = names
    if consider:
        pool = [c.strip() for c in consider.split(",") if c.strip()]
        for c in pool:
            if c not in names:
                fail(_("--consider: unknown card {card!r}").format(card=c) + did_you_mean(c, names))
    with Executor(nworkers, backend, address) as ex:
        tuner = Tuner(pack, opponents, lambda d: checker.swaps(d, pool, cardset), ex.run,
                      [b.strip() for b in bots.split(",")], seed=seed, screen=screen, confirm=confirm,
                      max_turns=max_turns, budget_games=games,
                      budget_seconds=minutes * 60 if minutes is not None else None,
                      on_progress=lambda t: typer.echo(t, err=True) if sys.stderr.isatty() else None)
        result = tuner.tune(start)
    if out is not None:
        name = f"{deck} (tuned)"
        _write_new(out, checker.dump(name, result.best, "yaml"), force)
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=1))
    else:
        from tabletop.framework.language import card_name

        typer.echo(_("{games} games in {seconds} s, {rounds} round(s), {screened} swaps screened; stopped: {why}").format(
            games=result.games, seconds=_seconds(result.seconds), rounds=result.rounds, screened=result.screened,
            why=_(result.stopped)))
        if result.start_win_rate is not None:
            typer.echo(_("start deck: {rate} win rate (first confirmation block)").format(
                rate=_pc(result.start_win_rate, 1)))
        if not result.swaps:
            typer.echo(_("no swap beat its interval: keep the deck as it is (or give a larger budget)"))
        for i, s in enumerate(result.swaps, 1):
            typer.echo(_("{i}. {out} -> {into}: {gain} [{low}, {high}] over {games} games (win rate then {rate})").format(
                i=i, out=card_name(s.out), into=card_name(s.into), gain=_pc(s.gain, 1, True),
                low=_pc(s.ci95[0], 1, True), high=_pc(s.ci95[1], 1, True), games=s.games, rate=_pc(s.win_rate, 1)))
        typer.echo(_("best deck: {cards}").format(cards=", ".join(f"{n} {card_name(c)}" for c, n in result.best.items())))
