"""A batch of any size streams: its chunks are made as they are reached and only a few per worker
are queued ahead, so ``simulate -n 1000000000000`` starts at once and its memory stays flat."""
from __future__ import annotations

import threading

import pytest

from tabletop.batches import backends
from tabletop.batches.games import chunks, prepare

from tests.cli.test_bad_input import refused, tabletop
from tests.simulation.tallypack import pack as tally


def test_a_batch_of_any_size_is_split_without_listing_its_chunks():
    parts = chunks(10 ** 18, 4)
    assert parts.count == 10 ** 16
    assert next(iter(parts)) == (0, 100) and parts[parts.count - 1] == (10 ** 18 - 100, 10 ** 18)


def test_small_batches_are_split_as_before():
    assert list(chunks(10, 1, 4)) == [(0, 4), (4, 8), (8, 10)] and len(chunks(10, 1, 4)) == 3
    assert list(chunks(0, 2)) == []


class Counted:
    """Chunks that count how many were taken: the backends may only take a few ahead of the workers."""

    def __init__(self, parts) -> None:
        self.parts, self.taken = parts, 0
        self.count = parts.count

    def __iter__(self):
        for part in self.parts:
            self.taken += 1
            yield part


@pytest.mark.parametrize("backend", ["local", "dask"])
def test_only_a_few_chunks_per_worker_are_queued_ahead_of_the_games(backend):
    config = prepare(tally, ["greedy"], seed=5)
    parts = Counted(chunks(10 ** 6, 2, 1))
    stop = threading.Event()
    seen = []

    def on_chunk(start, records):
        seen.append(start)
        if len(seen) >= 3:
            stop.set()

    run = backends.run_local if backend == "local" else (
        lambda c, p, w, chunk, s: backends.run_dask(c, p, w, None, chunk, s))
    run(config, parts, 2, on_chunk, stop)
    assert len(seen) >= 3
    assert parts.taken <= backends.IN_FLIGHT * 2 + len(seen), parts.taken


@pytest.mark.parametrize("n", ["0", "-3"])
def test_simulate_refuses_fewer_than_one_game_with_an_example(n):
    refused(tabletop("simulate", "volfyirion", "-n", n), f"-n {n}: a simulation plays at least 1 game; say how many, "
                                                         "e.g. -n 100")


@pytest.mark.parametrize("workers", ["100000", "99999999999999999999999999"])
def test_a_number_of_workers_that_would_fork_the_machine_down_is_refused(workers):
    """Stumble: --workers 100000 -n 1000000 started 100,000 processes."""
    refused(tabletop("simulate", "volfyirion", "-n", "1000000", "--workers", workers),
            "worker processes would only wait for a CPU", 2)


def test_the_most_workers_allowed_are_still_taken():
    import os

    assert backends.resolve_workers(max(backends.MAX_WORKERS_FLOOR, 4 * (os.cpu_count() or 1))) >= 32


def test_a_misspelt_backend_gets_a_did_you_mean():
    refused(tabletop("simulate", "volfyirion", "-n", "1", "--backend", "loca"), "'loca' (did you mean 'local'?)", 2)


@pytest.mark.parametrize("command", [["cards", "value", "volfyirion"], ["decks", "matchup", "virevolt", "ember", "tide"]])
def test_a_command_that_keeps_its_records_in_memory_refuses_a_number_of_games_it_could_not_hold(command):
    """Stumble: cards value -n 999999999999 ran on, its records piling up in memory, until killed."""
    refused(tabletop(*command, "-n", "999999999999", timeout=60),
            "-n 999,999,999,999: this command keeps every game's record in memory until its report; give at most "
            "100,000")
