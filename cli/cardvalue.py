"""``tabletop cards value``: rank a pack's market cards by what a bot that prefers each one wins
(registered by cli/main.py; the measuring is :mod:`tabletop.batches.cardvalue`)."""
from pathlib import Path
from typing import List, Optional

import typer

from tabletop.cli.options import Address, AsJson, Backend, MaxTurns, Pack, Workers
from tabletop.framework.language import N_


def value_cmd(game: Pack,
              games: int = typer.Option(100, "-n", "--games", min=1, help=N_("Deals per card, each played from both seats.")),
              seed: int = typer.Option(0, "--seed", help=N_("Seed: the same seed gives the same figures.")),
              bots: str = typer.Option("greedy", "--bots", help=N_("The base bot (it must take card preferences).")),
              bonus: float = typer.Option(10.0, "--bonus", help=N_("How much the bot favours the card, in the bot's "
                                          "own units (Volfyirion greedy: cost points; 10 = whenever affordable).")),
              only: Optional[List[str]] = typer.Option(None, "--only", help=N_("Value only these cards (repeatable, "
                                                       "or comma-separated).")),
              workers: Workers = "auto",
              backend: Backend = "local",
              address: Address = None,
              max_turns: MaxTurns = 200,
              out: Optional[Path] = typer.Option(None, "--out", help=N_("Write report.md and report.json in this folder.")),
              overwrite: bool = typer.Option(False, "--overwrite", help=N_("Replace a report already in --out.")),
              as_json: AsJson = False,
              cards: Optional[List[Path]] = typer.Option(None, "--cards", help=N_("A card file whose cards join the set "
                                                         "(and the market; repeatable)."))) -> None:
    """Rank the market cards (Volfyirion: the Asset Row's) by the win-rate change of a bot that prefers them."""
    import json
    import time

    from tabletop.cli.decks import _writable_folder
    from tabletop.cli.options import run_options
    from tabletop.cli.main import _pack
    from tabletop.batches import cardvalue
    from tabletop.batches.backends import Executor
    from tabletop.framework.errors import TabletopError
    from tabletop.framework.game import write_atomic
    from tabletop.framework.suggest import did_you_mean

    from tabletop.framework.language import card_name, gettext as _, in_figures

    from tabletop.cli.options import check_kept_games, finite_number

    bonus = finite_number(bonus, "--bonus", N_("bonus points"), -1_000_000, 1_000_000, example="10")
    check_kept_games(games)
    nworkers = run_options(workers, backend, address)
    if out is not None:
        if out.exists() and not out.is_dir():
            raise TabletopError(_("--out {out}: this is a file; give a folder").format(out=out))
        if (out / "report.json").exists() and not overwrite:
            raise TabletopError(_("--out {out}: this folder already holds a report; choose another or add --overwrite").format(
                out=out))
    pack = _pack(game, cards)
    names = cardvalue.market(pack)
    chosen = names
    if only:
        chosen = []
        for item in only:
            for c in (x.strip() for x in item.split(",")):
                if not c:
                    continue
                match = next((n for n in names if n.lower() == c.lower()), None)
                if match is None:
                    raise TabletopError(_("--only: {card!r} is not a market card of {game}").format(card=c, game=pack.name)
                                        + did_you_mean(c, names))
                if match not in chosen:
                    chosen.append(match)
    bot = bots.strip()
    if "," in bot:
        raise TabletopError(_("--bots: give one base bot (it plays both sides of the mirror)"))
    plan = cardvalue.plan(pack, chosen, bot, seed, bonus, max_turns)
    if out is not None:  # before the games: a folder that cannot be written costs no wait
        _writable_folder(out)
    t0 = time.perf_counter()
    with Executor(nworkers, backend, address) as ex:
        records = ex.run([(config, games) for _card, config in plan])
    seconds = time.perf_counter() - t0
    result = cardvalue.tally([(card, r) for (card, _c), r in zip(plan, records)])
    meta = {"pack": pack.name, "bot": bot, "bonus": bonus, "games": games, "seed": seed, "max_turns": max_turns,
            "workers": nworkers, "backend": backend, "seconds": round(seconds, 1),
            "card_files": [str(c) for c in cards or ()]}
    if out is not None:
        write_atomic(out / "report.json", json.dumps({"meta": meta, "value": result}, indent=1) + "\n")
        write_atomic(out / "report.md", cardvalue.markdown(meta, result))
    if as_json:
        typer.echo(json.dumps({"meta": meta, "value": result}, indent=1))
        return
    total = sum(len(r) for r in records)
    typer.echo(_("{cards} card(s), {games} deals each from both seats: {total} games in {seconds} s "
                 "({workers} worker(s), {backend}); plain {bot} mirror: {rate} of seats won").format(
        cards=len(chosen), games=games, total=total, seconds=in_figures(f"{seconds:.1f}"), workers=nworkers,
        backend=backend, bot=bot, rate=in_figures(f"{100 * (result['baseline']['rate'] or 0):.1f}%")))
    shown = {r["card"]: card_name(r["card"]) for r in result["cards"]}
    width = max(len(n) for n in shown.values()) + 2
    heads = [_("card"), _("change"), _("95% interval"), _("win rate"), _("bought")]
    typer.echo(f"{'':>4} {heads[0]:<{width}}{heads[1]:>8} {heads[2]:>17} {heads[3]:>9} {heads[4]:>13}")
    for i, r in enumerate(result["cards"], 1):
        lo, hi = r["change_ci95"]
        typer.echo(f"{i:>3}. {shown[r['card']]:<{width}}" + in_figures(
            f"{100 * r['change']:>+7.1f}  [{100 * lo:+5.1f}, {100 * hi:+5.1f}]"
            f" {100 * r['win']['rate']:>8.1f}% {r['bought']:>6.2f}/{r['bought_plain']:.2f}"))
    typer.echo(_("change: win-rate points against the plain bot on the same deals and seats (95% interval); "
                 "bought: copies gained per game, preferring/plain"))
    if out is not None:
        typer.echo(_("report written to {out}/report.md").format(out=out))
