"""The result of :meth:`tabletop.Game.simulate`: game records, win rates, the report."""
from __future__ import annotations

from pathlib import Path


class Simulation:
    """A finished batch of bot games.

    ``records`` holds one dict per game in index order (``"winner"`` is a seat number or
    None, ``"seats"`` the bot label in each seat, ``"turns"``, ``"capped"``, ``"actions"``,
    ``"events"``; docs/simulation.md describes every key).
    """

    def __init__(self, batch) -> None:
        self.batch = batch
        """The framework's ``Batch`` (configuration, records, timing)."""

    def __repr__(self) -> str:
        rates = ", ".join(f"{k} {v:.1%}" for k, v in self.win_rates().items())
        return f"<tabletop.Simulation {len(self.records)} games: {rates}>"

    @property
    def records(self) -> list[dict]:
        """One record per game, in index order."""
        return self.batch.records

    @property
    def labels(self) -> list[str]:
        """The bots' labels, in the order they were given."""
        return self.batch.labels

    @property
    def seconds(self) -> float:
        """Wall-clock time the batch took."""
        return self.batch.seconds

    def wins(self) -> dict[str, int]:
        """Games won by each bot (a game the bot played in more than one seat counts once)."""
        out = dict.fromkeys(self.labels, 0)
        for r in self.records:
            if r["winner"] is not None:
                out[r["seats"][r["winner"]]] += 1
        return out

    def win_rates(self) -> dict[str, float]:
        """Each bot's share of the games it played that it won (draws and capped games count
        as not won)."""
        from tabletop.batches.report import WinRateByBot

        metric = WinRateByBot(self.labels)
        for r in self.records:
            metric.add(r)
        return {k: (v["rate"] or 0.0) for k, v in metric.result().items()}

    def summary(self) -> str:
        """The few lines ``tabletop simulate`` prints."""
        from tabletop.batches.report import compute, console_summary

        b = self.batch
        return console_summary(compute(self.records, self.labels), b.seconds, b.workers, b.backend)

    def report(self, out: str | Path, charts: bool = True) -> dict:
        """Write report.md, report.json, records.jsonl (and charts) into the folder ``out``;
        return the computed metrics."""
        from tabletop.batches.report import write
        from tabletop.framework.language import N_
        from tabletop.framework.userfiles import as_path

        return write(as_path(out, N_("folder")), self.batch, self.batch.config.pack, with_charts=charts)
