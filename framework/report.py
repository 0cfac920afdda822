"""The simulation report: metrics over game records, written as Markdown, JSON and PNG charts.

A metric is a function ``(records, labels) -> dict`` registered in :data:`METRICS` with
:func:`metric`; :func:`compute` runs them all. Adding one is three lines::

    @metric("longest_game")
    def longest_game(records, labels):
        return {"index": max(records, key=lambda r: r["turns"])["index"]} if records else {}

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
import statistics
from pathlib import Path
from typing import Callable

Z95 = 1.959963984540054
MIN_SAMPLE = 30       # player-games with (and without) a card before its row is ranked

METRICS: dict[str, Callable[[list[dict], list[str]], dict]] = {}


def metric(name: str):
    """Register a metric under ``name`` (the key of its results in report.json)."""
    def deco(fn):
        METRICS[name] = fn
        return fn
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


def comparable_seats(records) -> bool:
    """Whether the same bot sits in every seat of every game (see the module docstring)."""
    labels = {name for r in records for name in r["seats"]}
    return len(labels) <= 1


# ---------------------------------------------------------------------- the metrics
@metric("summary")
def summary(records, labels):
    decided = sum(1 for r in records if r["winner"] is not None)
    capped = sum(1 for r in records if r["capped"])
    return {"games": len(records), "decided": decided, "draws": len(records) - decided - capped,
            "capped": capped, "actions_mean": statistics.fmean(r["actions"] for r in records) if records else None}


@metric("win_rate_by_bot")
def win_rate_by_bot(records, labels):
    out = {}
    for lab in labels:
        n = k = 0
        for r in records:
            seats = [s for s, name in enumerate(r["seats"]) if name == lab]
            if seats:
                n += 1
                k += r["winner"] in seats
        out[lab] = rate(k, n)
    return out


NOT_COMPARABLE = ("not computed: the bots differ, so a seat's win rate would measure which bot sat there; "
                  "see each bot by seat")


@metric("win_rate_by_seat")
def win_rate_by_seat(records, labels):
    if not comparable_seats(records):
        return {"note": NOT_COMPARABLE}
    nseats = max((len(r["seats"]) for r in records), default=0)
    return {f"p{s + 1}": rate(sum(1 for r in records if r["winner"] == s), len(records)) for s in range(nseats)}


@metric("first_player")
def first_player(records, labels):
    if not comparable_seats(records):
        return {"note": NOT_COMPARABLE.replace("a seat's win rate", "moving first")}
    decided = [r for r in records if r["winner"] is not None]
    k = sum(1 for r in decided if r["winner"] == r["first"])
    out = rate(k, len(decided))
    out["note"] = "share of decided games won by the player who moved first"
    return out


@metric("win_rate_by_bot_and_seat")
def win_rate_by_bot_and_seat(records, labels):
    """Each bot's win rate in each seat, and moving first or not: the seat figures that stay
    meaningful when the bots differ."""
    seats: dict[str, dict[str, list[int]]] = {}
    first: dict[str, dict[str, list[int]]] = {}
    for r in records:
        for s, name in enumerate(r["seats"]):
            won = r["winner"] == s
            kw = seats.setdefault(name, {}).setdefault(f"p{s + 1}", [0, 0])
            kw[0] += won
            kw[1] += 1
            kw = first.setdefault(name, {}).setdefault("first" if s == r["first"] else "not first", [0, 0])
            kw[0] += won
            kw[1] += 1
    return {name: {"seats": {seat: rate(*kn) for seat, kn in sorted(seats[name].items())},
                   "first": {w: rate(*first[name][w]) for w in ("first", "not first") if w in first[name]}}
            for name in sorted(seats)}


@metric("game_length")
def game_length(records, labels):
    turns = sorted(r["turns"] for r in records)
    if not turns:
        return {"games": 0}
    return {"games": len(turns), "min": turns[0], "median": statistics.median(turns),
            "mean": statistics.fmean(turns), "max": turns[-1], "histogram": histogram(turns)}


def histogram(values: list[int], bins: int = 20) -> list[list]:
    """``[[low, high, count], ...]`` over integer values (bins of equal integer width)."""
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts: dict[int, int] = {}
    for v in values:
        b = (v - lo) // width
        counts[b] = counts.get(b, 0) + 1
    return [[lo + b * width, lo + (b + 1) * width - 1, counts.get(b, 0)] for b in range((hi - lo) // width + 1)]


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
def lead_changes(records, labels):
    series = [r["lead"] for r in records if r.get("lead")]
    if not series:
        return {"games": 0, "note": "the pack has no Rules.evaluate heuristic"}
    counts = [lead_changes_of(s) for s in series]
    return {"games": len(counts), "mean": statistics.fmean(counts), "max": max(counts),
            "games_without_change": sum(1 for c in counts if c == 0)}


@metric("cards")
def cards(records, labels):
    """Per annotation kind and card: games it appears in, and the win rate of the player-games
    (one per seat per game) that had it against those that did not."""
    per: dict[str, dict[str, dict]] = {}
    total_player_games = 0
    total_wins = 0
    had: dict[tuple[str, str], tuple[set, set]] = {}
    for r in records:
        nseats = len(r["seats"])
        total_player_games += nseats
        total_wins += r["winner"] is not None
        for _turn, seat, kind, value in r.get("events", ()):
            if not isinstance(value, str):
                continue
            key = (kind, value)
            games, players = had.setdefault(key, (set(), set()))
            games.add(r["index"])
            players.add((r["index"], seat))
    winners = {(r["index"], r["winner"]) for r in records if r["winner"] is not None}
    for (kind, card), (games, players) in sorted(had.items()):
        n_with = len(players)
        k_with = len(players & winners)
        n_without = total_player_games - n_with
        k_without = total_wins - k_with
        per.setdefault(kind, {})[card] = {
            "games": len(games),
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
def win_rate_by_bot_and_deck(records, labels):
    """Each bot's win rate with each deck it played (from the pack's ``deck`` annotations):
    what a bot's overall rate hides when some decks are stronger than others."""
    out: dict[str, dict[str, list[int]]] = {}
    for r in records:
        for _turn, seat, kind, value in r.get("events", ()):
            if kind != "deck" or not isinstance(value, str):
                continue
            kw = out.setdefault(r["seats"][seat], {}).setdefault(value, [0, 0])
            kw[0] += r["winner"] == seat
            kw[1] += 1
    return {lab: {deck: rate(k, n) for deck, (k, n) in sorted(decks.items())}
            for lab, decks in sorted(out.items())}


def compute(records: list[dict], labels: list[str]) -> dict:
    """Every registered metric over ``records``."""
    return {name: fn(records, labels) for name, fn in METRICS.items()}


# ---------------------------------------------------------------------- writing
def _pct(x) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _ci(d) -> str:
    return f"{_pct(d['rate'])} [{_pct(d['ci95'][0])}, {_pct(d['ci95'][1])}]"


def markdown(meta: dict, m: dict, charts: list[str]) -> str:
    s = m["summary"]
    lines = [f"# Simulation report: {meta.get('pack', '')}", ""]
    lines.append(f"{s['games']} games, bots {', '.join(meta.get('labels', []))}, seed {meta.get('seed')}, "
                 f"options {json.dumps(meta.get('options', {}))}, max turns {meta.get('max_turns')}.")
    if meta.get("deck_pool"):
        lines.append(f"Decks rotated over the seats from the pool {', '.join(meta['deck_pool'])}.")
    if meta.get("seconds") is not None:
        lines.append(f"Ran in {meta['seconds']:.1f} s on {meta.get('workers')} worker(s), backend {meta.get('backend')}.")
    lines += ["", f"Decided: {s['decided']}, draws: {s['draws']}, capped (unfinished at the cap): {s['capped']}.", ""]
    lines += ["## Win rate by bot (95% Wilson interval)", "", "| bot | games | wins | win rate [95% CI] |", "|---|---:|---:|---|"]
    for lab, d in m["win_rate_by_bot"].items():
        lines.append(f"| {lab} | {d['games']} | {d['wins']} | {_ci(d)} |")
    lines += ["", "## Win rate by seat", ""]
    by_seat = m["win_rate_by_seat"]
    if "note" in by_seat:
        lines.append(f"Pooled over the bots: {by_seat['note']}.")
    else:
        lines += ["| seat | games | wins | win rate [95% CI] |", "|---|---:|---:|---|"]
        for seat, d in by_seat.items():
            lines.append(f"| {seat} | {d['games']} | {d['wins']} | {_ci(d)} |")
    if "note" in by_seat:
        lines += ["", "| bot | seat | games | wins | win rate [95% CI] |", "|---|---|---:|---:|---|"]
        for lab, d in m["win_rate_by_bot_and_seat"].items():
            rows = list(d["seats"].items()) + [(f"moving {w}" if w == "first" else w, x) for w, x in d["first"].items()]
            lines += [f"| {lab} | {seat} | {x['games']} | {x['wins']} | {_ci(x)} |" for seat, x in rows]
    elif meta.get("options", {}).get("decks") and len(set(map(str, meta["options"]["decks"]))) > 1:
        lines.append("")
        lines.append("Each seat played its own deck here: the seat figures measure the decks as much as the seats.")
    by_deck = m.get("win_rate_by_bot_and_deck")
    if by_deck:
        lines += ["", "## Win rate by bot and deck", "", "| bot | deck | games | wins | win rate [95% CI] |",
                  "|---|---|---:|---:|---|"]
        for lab, decks in by_deck.items():
            lines += [f"| {lab} | {deck} | {d['games']} | {d['wins']} | {_ci(d)} |" for deck, d in decks.items()]
    fp = m["first_player"]
    lines += ["", "## First-player advantage", ""]
    if "note" in fp:
        lines += [f"Pooled over the bots: {fp['note']} (above: each bot moving first or not).", ""]
    else:
        lines += [f"The player who moved first won {fp['wins']} of {fp['games']} decided games: {_ci(fp)}.", ""]
    gl = m["game_length"]
    lines += ["## Game length (turns)", ""]
    if gl.get("games"):
        lines.append(f"min {gl['min']}, median {gl['median']}, mean {gl['mean']:.1f}, max {gl['max']}; "
                     f"{s['actions_mean']:.1f} actions per game on average.")
        lines += ["", "| turns | games |", "|---|---:|"]
        lines += [f"| {lo}–{hi} | {c} |" if hi > lo else f"| {lo} | {c} |" for lo, hi, c in gl["histogram"]]
    lc = m["lead_changes"]
    lines += ["", "## Lead changes", ""]
    if lc.get("games"):
        lines.append(f"Mean {lc['mean']:.2f} changes of leader per game (max {lc['max']}; "
                     f"{lc['games_without_change']} of {lc['games']} games never changed leader), "
                     "from the pack's evaluation at the start of each turn.")
    else:
        lines.append("Not available: " + lc.get("note", "no data"))
    lines += ["", "## Cards", ""]
    if not m["cards"]:
        lines.append("No per-card data: the pack does not annotate actions (Rules.annotate).")
    if m["cards"]:
        lines.append(f"Player-games that had the card against those that did not; only cards with at least "
                     f"{MIN_SAMPLE} player-games on each side, the most significant difference first (z: the "
                     "two-proportion z statistic; |z| > 1.96 is significant at 5% for one card, and many cards "
                     "are compared, so expect a few false alarms).")
        lines.append("")
    for kind, table in m["cards"].items():
        ranked = ranked_cards(table)
        lines += [f"### {kind}", "", f"| card | player-games {kind} | win rate if {kind} | player-games not | "
                  f"win rate if not | difference [95% CI] | z |", "|---|---:|---|---:|---|---|---:|"]
        for card, d in ranked:
            w, wo, df = d["with"], d["without"], d["difference"]
            lines.append(f"| {card} | {w['games']} | {_ci(w)} | {wo['games']} | {_ci(wo)} | "
                         f"{100 * df['diff']:+.1f} [{100 * df['ci95'][0]:+.1f}, {100 * df['ci95'][1]:+.1f}] | "
                         f"{df['z']:+.2f} |")
        small = len(table) - len(ranked)
        if small:
            lines.append("")
            lines.append(f"{small} card(s) had fewer than {MIN_SAMPLE} player-games on a side and are not ranked "
                         "(report.json has them).")
        lines.append("")
    if charts:
        lines += ["## Charts", ""] + [f"![{c}]({c})" for c in charts]
    others = [k for k in m if k not in {"summary", "win_rate_by_bot", "win_rate_by_seat", "win_rate_by_bot_and_deck",
                                         "first_player", "win_rate_by_bot_and_seat",
                                         "game_length", "lead_changes", "cards"}]
    for k in others:
        lines += ["", f"## {k}", "", "```json", json.dumps(m[k], indent=1), "```"]
    return "\n".join(lines) + "\n"


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
        ax.set_title(f"win rate by {title} (95% CI)")
    fig.tight_layout()
    fig.savefig(out / "win_rates.png", dpi=100)
    plt.close(fig)
    names.append("win_rates.png")
    gl = m["game_length"]
    if gl.get("games"):
        fig, ax = plt.subplots(figsize=(6, 4))
        hist = gl["histogram"]
        ax.bar([(lo + hi) / 2 for lo, hi, _ in hist], [c for _, _, c in hist],
               width=[hi - lo + 1 for lo, hi, _ in hist], edgecolor="white", color="#55a868")
        ax.set_xlabel("turns")
        ax.set_ylabel("games")
        ax.set_title("game length")
        fig.tight_layout()
        fig.savefig(out / "game_length.png", dpi=100)
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
        ax.set_yticks(ys, [card for card, _ in rows])
        ax.set_xlabel(f"win rate if {kind} minus if not (points, 95% CI)")
        ax.set_title(f"cards: {kind} (most significant first; red: interval excludes 0)")
        fig.tight_layout()
        name = f"cards_{kind}.png".replace(" ", "_")
        fig.savefig(out / name, dpi=100)
        plt.close(fig)
        names.append(name)
    return names


def write(out: str | Path, batch, pack_name: str | None = None, with_charts: bool = True) -> dict:
    """Write report.md, report.json, records.jsonl and the charts into ``out``; return the metrics."""
    from tabletop.framework.game import write_atomic

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    cfg = batch.config
    meta = {"pack": pack_name or cfg.pack, "bots": list(cfg.bots), "labels": batch.labels, "seed": cfg.seed,
            "options": cfg.options, "deck_pool": list(cfg.deck_pool), "max_turns": cfg.max_turns, "think": cfg.think, "iterations": cfg.iterations,
            "games": len(batch.records), "workers": batch.workers, "backend": batch.backend,
            "seconds": batch.seconds}
    # the records first: whatever goes wrong with the metrics, hours of games are kept
    write_atomic(out / "records.jsonl", "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in batch.records))
    m = compute(batch.records, batch.labels)
    names = charts(out, m) if with_charts else []
    write_atomic(out / "report.json", json.dumps({"meta": meta, "metrics": m}, indent=1) + "\n")
    write_atomic(out / "report.md", markdown(meta, m, names))
    return m


def console_summary(batch) -> str:
    """A few lines for the terminal."""
    m = compute(batch.records, batch.labels)
    s = m["summary"]
    lines = [f"{s['games']} games in {batch.seconds:.1f} s ({batch.workers} worker(s), {batch.backend}): "
             f"{s['decided']} decided, {s['draws']} draws, {s['capped']} capped"]
    for lab, d in m["win_rate_by_bot"].items():
        lines.append(f"  {lab:<24} {d['wins']:>6}/{d['games']:<6} {_ci(d)}")
    fp = m["first_player"]
    if "note" not in fp:
        lines.append(f"  first player wins {_ci(fp)} of decided games")
    gl = m["game_length"]
    if gl.get("games"):
        lines.append(f"  turns: min {gl['min']}, median {gl['median']}, mean {gl['mean']:.1f}, max {gl['max']}")
    return "\n".join(lines)
