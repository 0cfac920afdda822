"""The one random number generator of a game, kept inside its state as a single integer.

SplitMix64: a 64-bit state that copies for free when a state is cloned, serialises as one
JSON number, and gives the same sequence on every platform, so the same seed and the same
actions always give the same game.
"""
from __future__ import annotations

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK


def next64(s: int) -> tuple[int, int]:
    """Advance the generator; return the new state and a 64-bit output."""
    s = (s + 0x9E3779B97F4A7C15) & MASK
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return s, z ^ (z >> 31)


def below(s: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) (Lemire's multiply-shift, bias below 2**-50 for our n)."""
    s, z = next64(s)
    return s, (z * n) >> 64


def shuffled(s: int, items: list) -> int:
    """Fisher-Yates shuffle of ``items`` in place; return the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        s = (s + 0x9E3779B97F4A7C15) & MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return s


class Random:
    """A small seeded generator for bots and tools (same algorithm, outside game states)."""

    __slots__ = ("s",)

    def __init__(self, seed: int) -> None:
        self.s = seed_state(seed)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        # next64 inlined: bots call this once per step
        s = self.s = (self.s + 0x9E3779B97F4A7C15) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, items):
        """One of ``items``, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place."""
        self.s = shuffled(self.s, items)

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        self.s, z = next64(self.s)
        return (z >> 11) / float(1 << 53)
