"""The simulation report: metrics over game records, written as Markdown, JSON and PNG charts.

Every metric is computed in **one pass** over the records, holding only counts (never the
records themselves), so a report over a million games needs the memory of one game: the
records stream from ``records.jsonl`` (:func:`tabletop.batches.records.read_records`)
through :func:`compute`. A metric is a :class:`Metric` class registered in :data:`METRICS`
with :func:`metric`: it sees each record once (``add``) and then gives its figures
(``result``). Adding one::

    @metric("longest_game")
    class LongestGame(Metric):
        def start(self):
            self.best = None

        def add(self, r):
            if self.best is None or r["turns"] > self.best[1]:
                self.best = (r["index"], r["turns"])

        def result(self):
            return {"index": self.best[0]} if self.best else {}

Win rates come with 95% Wilson score intervals. A game is *decided* when it has a winner,
a *draw* when it ended without one, *capped* when it hit ``--max-turns`` (or the step cap)
unfinished; draws and capped games count as non-wins for everyone.

Seats are *comparable* only when the same bot sits in every seat of every game: then the
win rate by seat and the first player's advantage measure the seats. With different bots
(which swap seats game by game) those pooled figures would measure which bot sat where
(greedy against random wins "50% in each seat"), so the report gives each bot's win rate by
seat and moving first or not instead, and says why.

Per-card rows compare the player-games that had a card with those that did not: only cards
with at least ``MIN_SAMPLE`` player-games on each side are ranked, by the significance of
the difference (a two-proportion z statistic), each with the difference's 95% interval
(Newcombe's, from the two Wilson intervals).
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Iterable

from tabletop.framework.language import N_, card_name, gettext as _, number, percent

Z95 = 1.959963984540054
MIN_SAMPLE = 30       # player-games with (and without) a card before its row is ranked


class Metric:
    """One figure of the report, computed in one pass: :meth:`add` each record, then :meth:`result`.
    ``labels`` are the bots' labels in the batch's order."""

    def __init__(self, labels: list[str]) -> None:
        self.labels = list(labels)
        self.start()

    def start(self) -> None:
        """Set up the counts (called once, before the first record)."""

    def add(self, record: dict) -> None:
        raise NotImplementedError

    def result(self) -> dict:
        raise NotImplementedError


METRICS: dict[str, type[Metric]] = {}


def metric(name: str):
    """Register a :class:`Metric` class under ``name`` (the key of its results in report.json)."""
    def deco(cls):
        METRICS[name] = cls
        return cls
    return deco


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (0, 1 when n == 0)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the interval always holds p itself (rounding could leave 1.0 just outside it)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def rate(k: int, n: int) -> dict:
    lo, hi = wilson(k, n)
    return {"wins": k, "games": n, "rate": (k / n) if n else None, "ci95": [lo, hi]}


def difference(k1: int, n1: int, k2: int, n2: int) -> dict:
    """``k1/n1 - k2/n2`` with Newcombe's 95% interval and the two-proportion z statistic."""
    if not n1 or not n2:
        return {"diff": None, "ci95": [None, None], "z": 0.0}
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return {"diff": d, "ci95": [lo, hi], "z": d / se if se else 0.0}


# ---------------------------------------------------------------------- the metrics
@metric("summary")
class Summary(Metric):
    def start(self):
        self.games = self.decided = self.capped = self.actions = 0

    def add(self, r):
        self.games += 1
        self.decided += r["winner"] is not None
        self.capped += bool(r["capped"])
        self.actions += r["actions"]

    def result(self):
        return {"games": self.games, "decided": self.decided, "draws": self.games - self.decided - self.capped,
                "capped": self.capped, "actions_mean": self.actions / self.games if self.games else None}


@metric("win_rate_by_bot")
class WinRateByBot(Metric):
    def start(self):
        self.counts = {lab: [0, 0] for lab in self.labels}

    def add(self, r):
        for lab in dict.fromkeys(r["seats"]):
            kn = self.counts.setdefault(lab, [0, 0])
            kn[1] += 1
            kn[0] += r["winner"] is not None and r["seats"][r["winner"]] == lab

    def result(self):
        return {lab: rate(k, n) for lab, (k, n) in self.counts.items()}


NOT_COMPARABLE = N_("not computed: the bots differ, so a seat's win rate would measure which bot sat there; "
                    "see each bot by seat")
NOT_COMPARABLE_FIRST = N_("not computed: the bots differ, so moving first would measure which bot sat there; "
                          "see each bot by seat")
NO_EVALUATION = N_("the pack has no Rules.evaluate heuristic")


@metric("win_rate_by_seat")
class WinRateBySeat(Metric):
    """Only when the seats are comparable: the same bot in every seat of every game
    (see the module docstring)."""

    def start(self):
        self.games = 0
        self.wins: list[int] = []
        self.bots: set[str] = set()

    def add(self, r):
        self.games += 1
        self.bots.update(r["seats"])
        if len(self.wins) < len(r["seats"]):
            self.wins += [0] * (len(r["seats"]) - len(self.wins))
        if r["winner"] is not None:
            self.wins[r["winner"]] += 1

    def result(self):
        if len(self.bots) > 1:
            return {"note": NOT_COMPARABLE}
        return {f"p{s + 1}": rate(k, self.games) for s, k in enumerate(self.wins)}


@metric("first_player")
class FirstPlayer(Metric):
    def start(self):
        self.k = self.n = 0
        self.bots: set[str] = set()

    def add(self, r):
        self.bots.update(r["seats"])
        if r["winner"] is not None:
            self.n += 1
            self.k += r["winner"] == r["first"]

    def result(self):
        if len(self.bots) > 1:
            return {"note": NOT_COMPARABLE_FIRST}
        out = rate(self.k, self.n)
        out["note"] = "share of decided games won by the player who moved first"
        return out


@metric("win_rate_by_bot_and_seat")
class WinRateByBotAndSeat(Metric):
    """Each bot's win rate in each seat, and moving first or not: the seat figures that stay
    meaningful when the bots differ."""

    def start(self):
        self.seats: dict[str, dict[str, list[int]]] = {}
        self.first: dict[str, dict[str, list[int]]] = {}

    def add(self, r):
        for s, name in enumerate(r["seats"]):
            won = r["winner"] == s
            kw = self.seats.setdefault(name, {}).setdefault(f"p{s + 1}", [0, 0])
            kw[0] += won
            kw[1] += 1
            kw = self.first.setdefault(name, {}).setdefault("first" if s == r["first"] else "not first", [0, 0])
            kw[0] += won
            kw[1] += 1

    def result(self):
        return {name: {"seats": {seat: rate(*kn) for seat, kn in sorted(self.seats[name].items())},
                       "first": {w: rate(*self.first[name][w]) for w in ("first", "not first")
                                 if w in self.first[name]}}
                for name in sorted(self.seats)}


@metric("game_length")
class GameLength(Metric):
    """Lengths are counted per number of turns (a few hundred values at most), so the median and
    the histogram are exact without keeping every game."""

    def start(self):
        self.counts: dict[int, int] = {}

    def add(self, r):
        self.counts[r["turns"]] = self.counts.get(r["turns"], 0) + 1

    def result(self):
        n = sum(self.counts.values())
        if not n:
            return {"games": 0}
        values = sorted(self.counts)
        return {"games": n, "min": values[0], "median": _median(self.counts, n),
                "mean": sum(v * c for v, c in self.counts.items()) / n, "max": values[-1],
                "histogram": histogram(self.counts)}


def _median(counts: dict[int, int], n: int):
    """The median of a multiset given as value -> count."""
    seen, lower = 0, None
    for v in sorted(counts):
        seen += counts[v]
        if lower is None and seen >= (n + 1) // 2:
            lower = v
        if seen >= n // 2 + 1:
            return lower if n % 2 else (lower + v) / 2
    return lower


def histogram(counts: dict[int, int], bins: int = 20) -> list[list]:
    """``[[low, high, count], ...]`` over integer values given as value -> count (bins of equal
    integer width)."""
    lo, hi = min(counts), max(counts)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    out: dict[int, int] = {}
    for v, c in counts.items():
        b = (v - lo) // width
        out[b] = out.get(b, 0) + c
    return [[lo + b * width, lo + (b + 1) * width - 1, out.get(b, 0)] for b in range((hi - lo) // width + 1)]


def leader(evals: list) -> int | None:
    """The seat with the strictly highest evaluation, or None (tie or no evaluation)."""
    if not evals or any(v is None for v in evals):
        return None
    best = max(evals)
    seats = [s for s, v in enumerate(evals) if v == best]
    return seats[0] if len(seats) == 1 else None


def lead_changes_of(series: list) -> int:
    """How often the leader changes along a game's per-turn series (ties are skipped)."""
    changes, last = 0, None
    for evals in series:
        who = leader(evals)
        if who is None:
            continue
        if last is not None and who != last:
            changes += 1
        last = who
    return changes


@metric("lead_changes")
class LeadChanges(Metric):
    def start(self):
        self.games = self.total = self.top = self.none = 0

    def add(self, r):
        if r.get("lead"):
            c = lead_changes_of(r["lead"])
            self.games += 1
            self.total += c
            self.top = max(self.top, c)
            self.none += c == 0

    def result(self):
        if not self.games:
            return {"games": 0, "note": NO_EVALUATION}
        return {"games": self.games, "mean": self.total / self.games, "max": self.top,
                "games_without_change": self.none}


@metric("cards")
class Cards(Metric):
    """Per annotation kind and card: games it appears in, and the win rate of the player-games
    (one per seat per game) that had it against those that did not."""

    def start(self):
        self.player_games = self.wins = 0
        self.had: dict[tuple[str, str], list[int]] = {}   # (kind, card) -> [games, player-games, wins]

    def add(self, r):
        self.player_games += len(r["seats"])
        self.wins += r["winner"] is not None
        seats: dict[tuple[str, str], set] = {}
        for _turn, seat, kind, value in r.get("events", ()):
            if isinstance(value, str):
                seats.setdefault((kind, value), set()).add(seat)
        for key, who in seats.items():
            c = self.had.setdefault(key, [0, 0, 0])
            c[0] += 1
            c[1] += len(who)
            c[2] += r["winner"] in who

    def result(self):
        per: dict[str, dict[str, dict]] = {}
        for (kind, card), (games, n_with, k_with) in sorted(self.had.items()):
            n_without, k_without = self.player_games - n_with, self.wins - k_with
            per.setdefault(kind, {})[card] = {
                "games": games,
                "with": rate(k_with, n_with),
                "without": rate(k_without, n_without),
                "difference": difference(k_with, n_with, k_without, n_without),
                "ranked": min(n_with, n_without) >= MIN_SAMPLE,
            }
        return per


def ranked_cards(table: dict) -> list[tuple[str, dict]]:
    """The rows with enough player-games on each side, the most significant difference first."""
    rows = [(card, d) for card, d in table.items() if d["ranked"]]
    return sorted(rows, key=lambda kv: (-abs(kv[1]["difference"]["z"]), kv[0]))


@metric("win_rate_by_bot_and_deck")
class WinRateByBotAndDeck(Metric):
    """Each bot's win rate with each deck it played (from the pack's ``deck`` annotations):
    what a bot's overall rate hides when some decks are stronger than others."""

    def start(self):
        self.out: dict[str, dict[str, list[int]]] = {}

    def add(self, r):
        for _turn, seat, kind, value in r.get("events", ()):
            if kind != "deck" or not isinstance(value, str):
                continue
            kw = self.out.setdefault(r["seats"][seat], {}).setdefault(value, [0, 0])
            kw[0] += r["winner"] == seat
            kw[1] += 1

    def result(self):
        return {lab: {deck: rate(k, n) for deck, (k, n) in sorted(decks.items())}
                for lab, decks in sorted(self.out.items())}


def compute(records: Iterable[dict], labels: list[str]) -> dict:
    """Every registered metric over ``records`` (any iterable, read once)."""
    metrics = {name: cls(labels) for name, cls in METRICS.items()}
    adders = [m.add for m in metrics.values()]
    for r in records:
        for add in adders:
            add(r)
    return {name: m.result() for name, m in metrics.items()}


# ---------------------------------------------------------------------- writing
def _pct(x) -> str:
    return "—" if x is None else percent(x)


def _n(x, decimals: int | None = None) -> str:
    return number(x, decimals)


def _ci(d) -> str:
    return f"{_pct(d['rate'])} [{_pct(d['ci95'][0])}, {_pct(d['ci95'][1])}]"


def markdown(meta: dict, m: dict, charts: list[str]) -> str:
    """report.md, in the language spoken now (figures written its way)."""
    s = m["summary"]
    ci_head = _("win rate [95% CI]")
    lines = [_("# Simulation report: {pack}").format(pack=meta.get("pack", "")), ""]
    lines.append(_("{games} games, bots {bots}, seed {seed}, options {options}, max turns {turns}.").format(
        games=_n(s["games"]), bots=", ".join(meta.get("labels", [])), seed=meta.get("seed"),
        options=json.dumps(meta.get("options", {})), turns=meta.get("max_turns")))
    if meta.get("deck_pool"):
        lines.append(_("Decks rotated over the seats from the pool {decks}.").format(decks=", ".join(meta["deck_pool"])))
    if meta.get("seconds") is not None:
        lines.append(_("Ran in {seconds} s on {n} worker(s), backend {backend}.").format(
            seconds=_n(meta["seconds"], 1), n=meta.get("workers"), backend=meta.get("backend")))
    lines += ["", _("Decided: {decided}, draws: {draws}, capped (unfinished at the cap): {capped}.").format(
        decided=_n(s["decided"]), draws=_n(s["draws"]), capped=_n(s["capped"])), ""]
    lines += [_("## Win rate by bot (95% Wilson interval)"), "",
              "| " + " | ".join((_("bot"), _("games"), _("wins"), ci_head)) + " |", "|---|---:|---:|---|"]
    for lab, d in m["win_rate_by_bot"].items():
        lines.append(f"| {lab} | {_n(d['games'])} | {_n(d['wins'])} | {_ci(d)} |")
    lines += ["", _("## Win rate by seat"), ""]
    by_seat = m["win_rate_by_seat"]
    if "note" in by_seat:
        lines.append(_("Pooled over the bots: {note}.").format(note=_(by_seat["note"])))
    else:
        lines += ["| " + " | ".join((_("seat"), _("games"), _("wins"), ci_head)) + " |", "|---|---:|---:|---|"]
        for seat, d in by_seat.items():
            lines.append(f"| {seat} | {_n(d['games'])} | {_n(d['wins'])} | {_ci(d)} |")
    if "note" in by_seat:
        lines += ["", "| " + " | ".join((_("bot"), _("seat"), _("games"), _("wins"), ci_head)) + " |",
                  "|---|---|---:|---:|---|"]
        for lab, d in m["win_rate_by_bot_and_seat"].items():
            rows = list(d["seats"].items()) + [(_("moving first") if w == "first" else _("not first"), x)
                                               for w, x in d["first"].items()]
            lines += [f"| {lab} | {seat} | {_n(x['games'])} | {_n(x['wins'])} | {_ci(x)} |" for seat, x in rows]
    elif meta.get("options", {}).get("decks") and len(set(map(str, meta["options"]["decks"]))) > 1:
        lines.append("")
        lines.append(_("Each seat played its own deck here: the seat figures measure the decks as much as the seats."))
    by_deck = m.get("win_rate_by_bot_and_deck")
    if by_deck:
        lines += ["", _("## Win rate by bot and deck"), "",
                  "| " + " | ".join((_("bot"), _("deck"), _("games"), _("wins"), ci_head)) + " |",
                  "|---|---|---:|---:|---|"]
        for lab, decks in by_deck.items():
            lines += [f"| {lab} | {deck} | {_n(d['games'])} | {_n(d['wins'])} | {_ci(d)} |" for deck, d in decks.items()]
    fp = m["first_player"]
    lines += ["", _("## First-player advantage"), ""]
    if "note" in fp:
        lines += [_("Pooled over the bots: {note} (above: each bot moving first or not).").format(note=_(fp["note"])), ""]
    else:
        lines += [_("The player who moved first won {wins} of {games} decided games: {rate}.").format(
            wins=_n(fp["wins"]), games=_n(fp["games"]), rate=_ci(fp)), ""]
    gl = m["game_length"]
    lines += [_("## Game length (turns)"), ""]
    if gl.get("games"):
        lines.append(_("min {min}, median {median}, mean {mean}, max {max}; {actions} actions per game on average.").format(
            min=_n(gl["min"]), median=_n(gl["median"]), mean=_n(gl["mean"], 1), max=_n(gl["max"]),
            actions=_n(s["actions_mean"], 1)))
        lines += ["", "| " + _("turns") + " | " + _("games") + " |", "|---|---:|"]
        lines += [f"| {lo}–{hi} | {_n(c)} |" if hi > lo else f"| {lo} | {_n(c)} |" for lo, hi, c in gl["histogram"]]
    lc = m["lead_changes"]
    lines += ["", _("## Lead changes"), ""]
    if lc.get("games"):
        lines.append(_("Mean {mean} changes of leader per game (max {max}; {still} of {games} games never changed "
                       "leader), from the pack's evaluation at the start of each turn.").format(
            mean=_n(lc["mean"], 2), max=_n(lc["max"]), still=_n(lc["games_without_change"]), games=_n(lc["games"])))
    else:
        lines.append(_("Not available: {why}").format(why=_(lc.get("note", N_("no data")))))
    lines += ["", _("## Cards"), ""]
    if not m["cards"]:
        lines.append(_("No per-card data: the pack does not annotate actions (Rules.annotate)."))
    if m["cards"]:
        lines.append(_("Player-games that had the card against those that did not; only cards with at least {n} "
                       "player-games on each side, the most significant difference first (z: the two-proportion z "
                       "statistic; |z| > 1.96 is significant at 5% for one card, and many cards are compared, so "
                       "expect a few false alarms).").format(n=MIN_SAMPLE))
        lines.append("")
    for kind, table in m["cards"].items():
        ranked = ranked_cards(table)
        shown = _(CARD_KINDS.get(kind, kind))
        lines += [f"### {shown}", "", "| " + " | ".join((
            _("card"), _("player-games {kind}").format(kind=shown), _("win rate if {kind}").format(kind=shown),
            _("player-games not"), _("win rate if not"), _("difference [95% CI]"), "z")) + " |",
            "|---|---:|---|---:|---|---|---:|"]
        for card, d in ranked:
            w, wo, df = d["with"], d["without"], d["difference"]
            lines.append(f"| {card_name(card)} | {_n(w['games'])} | {_ci(w)} | {_n(wo['games'])} | {_ci(wo)} | "
                         f"{_signed(100 * df['diff'], 1)} [{_signed(100 * df['ci95'][0], 1)}, "
                         f"{_signed(100 * df['ci95'][1], 1)}] | {_signed(df['z'], 2)} |")
        small = len(table) - len(ranked)
        if small:
            lines.append("")
            lines.append(_("{n} card(s) had fewer than {min} player-games on a side and are not ranked "
                           "(report.json has them).").format(n=small, min=MIN_SAMPLE))
        lines.append("")
    if charts:
        lines += [_("## Charts"), ""] + [f"![{c}]({c})" for c in charts]
    others = [k for k in m if k not in {"summary", "win_rate_by_bot", "win_rate_by_seat", "win_rate_by_bot_and_deck",
                                         "first_player", "win_rate_by_bot_and_seat",
                                         "game_length", "lead_changes", "cards"}]
    for k in others:
        lines += ["", f"## {k}", "", "```json", json.dumps(m[k], indent=1), "```"]
    return "\n".join(lines) + "\n"


#: The per-card tables' names (a pack's annotations: "played", "acquired", ...), as the reader's language says them.
CARD_KINDS = {"played": N_("played"), "acquired": N_("acquired"), "in deck": N_("in deck"), "bought": N_("bought"),
              "in play": N_("in play")}


def _signed(x: float, decimals: int) -> str:
    text = number(abs(x), decimals)
    return ("+" if x >= 0 else "-") + text


def save_figure(fig, path: Path, **options) -> None:
    """``fig`` as a PNG at ``path``, written whole or not at all (drawn in memory, then
    :func:`write_atomic`): a Ctrl-C or a full disk mid-draw leaves the old chart, never half of one."""
    import io

    from tabletop.framework.game import write_atomic

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", **options)
    write_atomic(path, buffer.getvalue())


def charts(out: Path, m: dict) -> list[str]:
    """Win rates with their intervals, and the game-length histogram, as PNG files."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = []
    groups = [("bot", m["win_rate_by_bot"])]
    if "note" not in m["win_rate_by_seat"]:
        groups.append(("seat", m["win_rate_by_seat"]))
    fig, axes = plt.subplots(1, len(groups), figsize=(5 * len(groups), 4), squeeze=False)
    axes = axes[0]
    for ax, (title, data) in zip(axes, groups):
        labels = list(data)
        rates = [data[k]["rate"] or 0 for k in labels]
        lo = [max(0.0, r - data[k]["ci95"][0]) for r, k in zip(rates, labels)]
        hi = [max(0.0, data[k]["ci95"][1] - r) for r, k in zip(rates, labels)]
        ax.bar(range(len(labels)), rates, yerr=[lo, hi], capsize=6, color="#4c72b0")
        ax.set_xticks(range(len(labels)), labels, rotation=15)
        ax.set_ylim(0, 1)
        ax.axhline(0.5, color="grey", lw=0.8, ls="--")
        ax.set_title(_("win rate by {what} (95% CI)").format(what=_(title)))
    fig.tight_layout()
    save_figure(fig, out / "win_rates.png", dpi=100)
    plt.close(fig)
    names.append("win_rates.png")
    gl = m["game_length"]
    if gl.get("games"):
        fig, ax = plt.subplots(figsize=(6, 4))
        hist = gl["histogram"]
        ax.bar([(lo + hi) / 2 for lo, hi, _ in hist], [c for _, _, c in hist],
               width=[hi - lo + 1 for lo, hi, _ in hist], edgecolor="white", color="#55a868")
        ax.set_xlabel(_("turns"))
        ax.set_ylabel(_("games"))
        ax.set_title(_("game length"))
        fig.tight_layout()
        save_figure(fig, out / "game_length.png", dpi=100)
        plt.close(fig)
        names.append("game_length.png")
    for kind, table in m["cards"].items():
        rows = ranked_cards(table)[:30]
        if not rows:
            continue
        fig, ax = plt.subplots(figsize=(7, 1.2 + 0.32 * len(rows)))
        ys = list(range(len(rows)))[::-1]
        diffs = [100 * d["difference"]["diff"] for _, d in rows]
        lo = [dv - 100 * d["difference"]["ci95"][0] for dv, (_, d) in zip(diffs, rows)]
        hi = [100 * d["difference"]["ci95"][1] - dv for dv, (_, d) in zip(diffs, rows)]
        colours = ["#c44e52" if d["difference"]["ci95"][0] > 0 or d["difference"]["ci95"][1] < 0 else "#8c8c8c"
                   for _, d in rows]
        for y, dv, l, h, c in zip(ys, diffs, lo, hi, colours):
            ax.errorbar([dv], [y], xerr=[[l], [h]], fmt="o", color=c, capsize=3)
        ax.axvline(0, color="grey", lw=0.8, ls="--")
        ax.set_yticks(ys, [card_name(card) for card, _d in rows])
        ax.set_xlabel(_("win rate if {kind} minus if not (points, 95% CI)").format(kind=_(CARD_KINDS.get(kind, kind))))
        ax.set_title(_("cards: {kind} (most significant first; red: interval excludes 0)").format(
            kind=_(CARD_KINDS.get(kind, kind))))
        fig.tight_layout()
        name = f"cards_{kind}.png".replace(" ", "_")
        save_figure(fig, out / name, dpi=100)
        plt.close(fig)
        names.append(name)
    return names


def run_meta(config, pack_name: str | None, games: int, workers: int, backend: str,
             seconds: float | None = None) -> dict:
    """The parameters of a batch, as ``run.json`` and ``report.json`` record them."""
    return {"pack": pack_name or config.pack, "bots": list(config.bots),
            "labels": list(config.labels or config.bots), "seed": config.seed, "options": config.options,
            "deck_pool": list(config.deck_pool), "max_turns": config.max_turns, "think": config.think,
            "iterations": config.iterations, "games": games, "workers": workers, "backend": backend,
            "seconds": seconds}


def write(out: str | Path, batch, pack_name: str | None = None, with_charts: bool = True) -> dict:
    """Write a finished in-memory batch's records.jsonl, then its report (:func:`write_report`)."""
    from tabletop.framework.game import write_atomic
    from tabletop.batches.records import RECORDS

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    # the records first: whatever goes wrong with the metrics, hours of games are kept
    write_atomic(out / RECORDS, "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in batch.records))
    meta = run_meta(batch.config, pack_name, batch.games, batch.workers, batch.backend, batch.seconds)
    return write_report(out, meta, with_charts=with_charts)


def write_report(out: str | Path, meta: dict, metrics: dict | None = None, with_charts: bool = True) -> dict:
    """report.json, report.md and the charts in ``out``, from ``metrics`` or else from one pass over
    ``out/records.jsonl`` (what ``simulate --report-only`` does); return the metrics."""
    from tabletop.framework.game import write_atomic
    from tabletop.batches.records import RECORDS, read_records

    out = Path(out)
    m = metrics if metrics is not None else compute(read_records(out / RECORDS), meta.get("labels") or [])
    meta = {**meta, "games": m["summary"]["games"]}
    names = charts(out, m) if with_charts else []
    write_atomic(out / "report.json", json.dumps({"meta": meta, "metrics": m}, indent=1) + "\n")
    write_atomic(out / "report.md", markdown(meta, m, names))
    return m


def console_summary(m: dict, seconds: float | None = None, workers: int | None = None,
                    backend: str | None = None) -> str:
    """A few lines for the terminal, from computed metrics."""
    s = m["summary"]
    if seconds is not None:
        head = _("{games} games in {seconds} s ({n} worker(s), {backend}): {decided} decided, {draws} draws, "
                 "{capped} capped")
    else:
        head = _("{games} games: {decided} decided, {draws} draws, {capped} capped")
    lines = [head.format(games=_n(s["games"]), seconds=_n(seconds or 0, 1), n=workers, backend=backend,
                         decided=_n(s["decided"]), draws=_n(s["draws"]), capped=_n(s["capped"]))]
    for lab, d in m["win_rate_by_bot"].items():
        lines.append(f"  {lab:<24} {_n(d['wins']):>6}/{_n(d['games']):<6} {_ci(d)}")
    fp = m["first_player"]
    if "note" not in fp:
        lines.append("  " + _("first player wins {rate} of decided games").format(rate=_ci(fp)))
    gl = m["game_length"]
    if gl.get("games"):
        lines.append("  " + _("turns: min {min}, median {median}, mean {mean}, max {max}").format(
            min=_n(gl["min"]), median=_n(gl["median"]), mean=_n(gl["mean"], 1), max=_n(gl["max"])))
    return "\n".join(lines)
