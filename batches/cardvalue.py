"""Which market cards are worth gaining: each card ranked by what a bot told to prefer it wins.

For a card ``C`` the base bot plays against a copy of itself that favours gaining ``C`` (its
factory's ``prefer``, with ``bonus``): mirror matches, nothing else differs. Every deal is played
from both seats (two :func:`~tabletop.batches.runner.simulate` batches, bots ``[C-lover,
base]`` and ``[base, C-lover]``, the same seed, so game ``i`` of each is the same deal with the
seats swapped), and every card is measured on the same deals as every other card and as the
plain mirror ``[base, base]``: common random numbers. Where the preference never changes a
decision the game is the plain one, move for move, so the difference between a card's games and
the plain ones is the preference's effect alone, not the luck of other shuffles.

A card's figures: its win rate (wins over its ``2n`` games, 95% Wilson interval; draws and capped
games are not wins) and its *change*: per deal, the C-lover's wins from both seats less the
plain mirror's seat wins, halved; their mean with a 95% interval (the deal is the unit, so the
two seats of one deal are not counted as independent; see :func:`change_interval` for cards that
change few deals). In the plain mirror both seats together
win each decided deal once, so the baseline is 50% less half the undecided games. ``bought`` is
how often a game's C-lover gained ``C`` (from the pack's ``acquired`` annotations), against the
plain bot in the same seat.
"""
from __future__ import annotations

import math

from tabletop.batches.games import prepare
from tabletop.batches.report import rate
from tabletop.framework.errors import TabletopError
from tabletop.framework.language import card_name, gettext, gettext as _, in_figures, number, percent

Z95 = 1.959963984540054


def market(pack) -> list[str]:
    """The pack's market cards (its rules' :meth:`~tabletop.framework.rules.Rules.market`)."""
    names = pack.rules().market()
    if not names:
        raise TabletopError(gettext(
            "{name} has no market of cards to buy: 'cards value' ranks the cards players choose to gain during a "
            "game (a deck-builder's row)").format(name=pack.name))
    return list(names)


def plan(pack, cards: list[str], bot: str, seed: int = 0, bonus: float = 10.0, max_turns: int | None = None,
         options: dict | None = None) -> list[tuple[str | None, object]]:
    """The batches: ``(None, plain mirror)``, then for each card ``(card, C-lover in seat order
    [C, base])`` and ``(card, [base, C])``, all on ``seed``; checked now."""
    if not cards:
        raise TabletopError(gettext('no card to value'))
    kw = {"seed": seed, "max_turns": max_turns, "options": dict(options or {})}
    out: list = [(None, prepare(pack, [bot, bot], **kw))]
    for c in cards:
        out.append((c, prepare(pack, [bot, bot], prefer=[{c: bonus}, {}], **kw)))
        out.append((c, prepare(pack, [bot, bot], prefer=[{}, {c: bonus}], **kw)))
    return out


def _seat_of(index: int, lover_first: bool) -> int:
    """The seat of the C-lover in game ``index`` (bot 0 sits in seat ``index % 2``)."""
    return index % 2 if lover_first else 1 - index % 2


def _bought(record: dict, seat: int, card: str) -> int:
    return sum(1 for e in record["events"] if e[1] == seat and e[2] == "acquired" and e[3] == card)


def mean_interval(d: list[float]) -> tuple[float, tuple[float, float]]:
    """The mean of ``d`` and its 95% normal interval."""
    n = len(d)
    if n == 0:
        return 0.0, (-1.0, 1.0)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


FEW = 5


def change_interval(d: list[float]) -> tuple[float, tuple[float, float]]:
    """A card's change and its 95% interval. Each deal's difference lies in [-1, 1] and is 0 where
    the preference changed no result, so the true change is at most the share of changed deals in
    size; when fewer than :data:`FEW` deals changed (too few for the normal interval, which is
    [0, 0] when none did) the interval also spans plus or minus that share's Wilson upper bound."""
    from tabletop.batches.report import wilson

    mean, (lo, hi) = mean_interval(d)
    changed = sum(x != 0 for x in d)
    if changed < FEW and d:
        u = wilson(changed, len(d))[1]
        lo, hi = min(lo, -u), max(hi, u)
    return mean, (lo, hi)


def tally(batches: list[tuple[str | None, list[dict]]]) -> dict:
    """The figures of finished batches (in :func:`plan`'s order): cards best first by change."""
    plain = batches[0][1]
    n = len(plain)
    decided = sum(r["winner"] is not None for r in plain)
    rows = []
    for k in range(1, len(batches), 2):
        card, first = batches[k]
        _c, second = batches[k + 1]
        wins = bought = bought_plain = 0
        diffs = []
        for i in range(n):
            pr = plain[i]
            deal = 0.0
            for rec, lover_first in ((first[i], True), (second[i], False)):
                s = _seat_of(i, lover_first)
                won = int(rec["winner"] == s)
                wins += won
                deal += won - int(pr["winner"] == s)
                bought += _bought(rec, s, card)
                bought_plain += _bought(pr, s, card)
            diffs.append(deal / 2)
        change, ci = change_interval(diffs)
        rows.append({"card": card, "change": change, "change_ci95": list(ci), "win": rate(wins, 2 * n),
                     "bought": bought / (2 * n) if n else None,
                     "bought_plain": bought_plain / (2 * n) if n else None,
                     "deals_changed": sum(d != 0 for d in diffs)})
    rows.sort(key=lambda r: (-r["change"], r["card"]))
    return {"deals": n, "baseline": rate(decided, 2 * n), "cards": rows}


def _pct(x: float | None, sign: bool = False) -> str:
    """A rate as a percentage, or a change in points (signed, no % sign), the reader's way."""
    if x is None:
        return "—"
    return in_figures(f"{100 * x:+.1f}") if sign else percent(x)


def markdown(meta: dict, result: dict) -> str:
    """report.md, in the language spoken now (figures written its way, cards under their names in it)."""
    heads = (_("rank"), _("card"), _("change (points)"), _("95% interval"), _("win rate"), _("95% interval"), _("bought"))
    lines = [_("# Card values: {pack}").format(pack=meta["pack"]), "",
             _("Base bot {bot} against itself preferring one card (bonus {bonus}); {deals} deals per card, each played "
               "from both seats ({games} games), seed {seed}, max turns {turns}; the plain mirror wins {rate} of its "
               "seats.").format(bot=meta["bot"], bonus=in_figures(f"{meta['bonus']:g}"), deals=number(result["deals"]),
                                games=number(2 * result["deals"]), seed=meta["seed"], turns=meta["max_turns"],
                                rate=_pct(result["baseline"]["rate"])),
             _("Change: the preferring bot's win rate less the plain bot's on the same deals and seats, in points, "
               "with its 95% interval. Win: its win rate with the 95% Wilson interval. Bought: copies of the card "
               "it gained per game (the plain bot in the same seat: after the slash)."), "",
             "| " + " | ".join(heads) + " |", "|---:|---|---:|---|---:|---|---|"]
    for i, r in enumerate(result["cards"], 1):
        lo, hi = r["change_ci95"]
        wl, wh = r["win"]["ci95"]
        lines.append(f"| {i} | {card_name(r['card'])} | {_pct(r['change'], True)} | [{_pct(lo, True)}, "
                     f"{_pct(hi, True)}] | {_pct(r['win']['rate'])} | [{_pct(wl)}, {_pct(wh)}] | "
                     f"{number(r['bought'], 2)} / {number(r['bought_plain'], 2)} |")
    lines += ["", _("A card whose interval lies above zero is worth buying for this bot: preferring it wins more. "
                    "Below zero, preferring it loses games (it displaces better buys).")]
    return "\n".join(lines) + "\n"
