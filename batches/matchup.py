"""Deck against deck: every pairing of a list of decks, from both seats, as a win-rate matrix.

A matchup of decks D1..Dk plays, for every ordered pair (Di, Dj) with i != j, one batch of
:func:`~tabletop.batches.runner.simulate` with ``decks=[Di, Dj]`` (Di in seat 1): exactly the
batch ``tabletop simulate PACK --deck Di --deck Dj`` plays with the same bots, seed and games, so
its records are those records. Both orders together put each deck in each seat equally often;
cell (Di, Dj) of the matrix is Di's share of wins over those games, with its 95% Wilson interval
(draws and capped games count as not won, as in every report). Every batch uses the same seed:
the pairings are played on common random numbers.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from tabletop.batches.report import rate, save_figure
from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext, gettext as _, number, percent


def plan(pack, decks: dict[str, object], bots: list[str], seed: int = 0, max_turns: int | None = None,
         options: dict | None = None) -> list[tuple[str, str, object]]:
    """The batches of a matchup: ``(deck in seat 1, deck in seat 2, SimConfig)`` for every ordered
    pair of ``decks`` (label -> the deck as the pack's ``decks`` option takes it), checked now."""
    from tabletop.batches.games import prepare

    if len(decks) < 2:
        raise TabletopError(gettext('a matchup needs at least two decks'))
    out = []
    for a, da in decks.items():
        for b, db in decks.items():
            if a != b:
                config = prepare(pack, bots, seed=seed, options={**(options or {}), "decks": [da, db]},
                                 max_turns=max_turns)
                out.append((a, b, config))
    return out


def tally(labels: list[str], batches: list[tuple[str, str, list[dict]]]) -> dict:
    """The win-rate matrix of finished batches ``(seat-1 deck, seat-2 deck, records)``."""
    wins = {a: {b: [0, 0] for b in labels if b != a} for a in labels}
    pairings = []
    for a, b, records in batches:
        wa = sum(r["winner"] == 0 for r in records)
        wb = sum(r["winner"] == 1 for r in records)
        n = len(records)
        wins[a][b][0] += wa
        wins[a][b][1] += n
        wins[b][a][0] += wb
        wins[b][a][1] += n
        pairings.append({"seat1": a, "seat2": b, "games": n, "seat1_wins": wa, "seat2_wins": wb,
                         "unfinished": n - wa - wb})
    matrix = {a: {b: rate(*kn) for b, kn in row.items()} for a, row in wins.items()}
    overall = {}
    for a, row in wins.items():
        k = sum(v[0] for v in row.values())
        n = sum(v[1] for v in row.values())
        overall[a] = rate(k, n)
    return {"decks": labels, "matrix": matrix, "overall": overall, "pairings": pairings}


def folder_name(i: int, a: str, j: int, b: str) -> str:
    """The folder of one pairing's records: ``1-ember-vs-2-tide``."""
    def safe(s: str) -> str:
        return re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(s).stem if s.endswith((".yaml", ".yml", ".txt")) else s)[:40]
    return f"{i + 1}-{safe(a)}-vs-{j + 1}-{safe(b)}"


def write(out: Path, meta: dict, result: dict, batches: list[tuple[str, str, object, list[dict]]]) -> list[str]:
    """report.md, report.json, matchup.png and each pairing's simulate folder (records.jsonl,
    run.json) in ``out``; the files written."""
    from tabletop.framework.game import write_atomic
    from tabletop.batches.records import RECORDS, write_run
    from tabletop.batches.report import run_meta

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    labels = result["decks"]
    folders = []
    for a, b, config, records in batches:
        sub = out / "pairings" / folder_name(labels.index(a), a, labels.index(b), b)
        sub.mkdir(parents=True, exist_ok=True)
        write_atomic(sub / RECORDS, "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
        write_run(sub, run_meta(config, meta.get("pack"), len(records), meta.get("workers", 1),
                                meta.get("backend", "local")))
        folders.append(str(sub.relative_to(out)))
    heat_map(out / "matchup.png", result, meta.get("title"))
    write_atomic(out / "report.json", json.dumps({"meta": meta, "matchup": result, "pairings": folders}, indent=1) + "\n")
    write_atomic(out / "report.md", markdown(meta, result, folders))
    return ["report.md", "report.json", "matchup.png"]


def _pct(x) -> str:
    return "—" if x is None else percent(x, 0)


def markdown(meta: dict, result: dict, folders: list[str]) -> str:
    """report.md, in the language spoken now (figures written its way, decks under their labels)."""
    labels = result["decks"]
    lines = [_("# Deck matchup: {pack}").format(pack=meta.get("pack", "")), "",
             _("{games} games per pairing and seat order ({batches} batches), bots {bots}, seed {seed}, "
               "max turns {turns}.").format(games=number(meta.get("games")), batches=len(result["pairings"]),
                                           bots=", ".join(meta.get("bots", [])), seed=meta.get("seed"),
                                           turns=meta.get("max_turns")),
             _("Cell: the row deck's win rate against the column deck, both seats together, with its 95% Wilson "
               "interval."), ""]
    lines.append("| " + _("deck") + " | " + " | ".join(labels) + " | " + _("overall") + " |")
    lines.append("|---|" + "---|" * (len(labels) + 1))
    for a in labels:
        row = [("—" if a == b else f"{_pct(result['matrix'][a][b]['rate'])} "
                f"[{_pct(result['matrix'][a][b]['ci95'][0])}, {_pct(result['matrix'][a][b]['ci95'][1])}]")
               for b in labels]
        o = result["overall"][a]
        lines.append(f"| {a} | " + " | ".join(row) + f" | {_pct(o['rate'])} [{_pct(o['ci95'][0])}, "
                     f"{_pct(o['ci95'][1])}] |")
    heads = (_("seat 1"), _("seat 2"), _("games"), _("seat 1 wins"), _("seat 2 wins"), _("unfinished"), _("records"))
    lines += ["", "![{alt}](matchup.png)".format(alt=_("win-rate matrix")), "", _("## Pairings"), "",
              "| " + " | ".join(heads) + " |", "|---|---|---:|---:|---:|---:|---|"]
    for p, folder in zip(result["pairings"], folders):
        lines.append(f"| {p['seat1']} | {p['seat2']} | {number(p['games'])} | {number(p['seat1_wins'])} | "
                     f"{number(p['seat2_wins'])} | {number(p['unfinished'])} | `{folder}` |")
    lines += ["", _("Each pairing's folder is a `tabletop simulate` output: `tabletop simulate --report-only FOLDER` "
                    "gives its full report.")]
    return "\n".join(lines) + "\n"


def heat_map(path: Path, result: dict, title: str | None = None) -> None:
    """The matrix as a PNG: red below 50%, blue above, each cell with its rate and interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    labels = result["decks"]
    k = len(labels)
    grid = np.full((k, k), np.nan)
    for i, a in enumerate(labels):
        for j, b in enumerate(labels):
            if a != b and result["matrix"][a][b]["rate"] is not None:
                grid[i, j] = result["matrix"][a][b]["rate"]
    size = 1.4 + 1.25 * k
    fig, ax = plt.subplots(figsize=(size + 1.2, size))
    im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    for i, a in enumerate(labels):
        for j, b in enumerate(labels):
            if a == b:
                ax.text(j, i, "—", ha="center", va="center", color="grey")
                continue
            d = result["matrix"][a][b]
            ax.text(j, i, f"{_pct(d['rate'])}\n[{_pct(d['ci95'][0])}, {_pct(d['ci95'][1])}]", ha="center",
                    va="center", fontsize=8, color="black" if 0.25 < (d["rate"] or 0) < 0.75 else "white")
    ax.set_xticks(range(k), labels, rotation=20)
    ax.set_yticks(range(k), labels)
    ax.set_xlabel(_("against"))
    ax.set_ylabel(_("deck"))
    ax.set_title(title or _("win rate of the row deck (95% CI)"))
    fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04)
    fig.tight_layout()
    save_figure(fig, path, dpi=100, metadata={"Software": None})
    plt.close(fig)
