"""The one random number generator of a game, kept inside its state as a single integer.

SplitMix64: a 64-bit state that copies for free when a state is cloned, serialises as one
JSON number, and gives the same sequence on every platform, so the same seed and the same
actions always give the same game.
"""
from __future__ import annotations

import struct

MASK = (1 << 64) - 1
GAMMA, MIX1, MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
#: :func:`shuffled` draws all its numbers at once (:func:`_outputs`) for lists of this many
#: items (fewer: the set-up costs more than it saves; more: the kept constants grow)
BATCH = range(5, 1025)
#: how many outputs :meth:`Random.below` computes at once
AHEAD = 64


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state.

    A seed in ``[0, 2**64)`` is its 64-bit word, scrambled (one state per seed). Any other
    seed is folded in whole: its further words, then its length and sign, each mixed in by
    a SplitMix64 step, so ``2**64`` or ``-1`` is not the game of ``0`` or ``2**64 - 1``."""
    s = (seed * GAMMA + 0x632BE59BD9B4E019) & MASK
    if 0 <= seed <= MASK:
        return s
    rest = (~seed if seed < 0 else seed) >> 64  # the higher words (a negative's complement's: -1 has none)
    words = 1
    while rest:
        s = next64(s ^ (rest & MASK))[1]
        rest >>= 64
        words += 1
    return next64(s ^ (words << 1 | (seed < 0)))[1]


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
    n = len(items)
    if n in BATCH:
        _swap(items, _outputs(s, n - 1))
        return (s + (n - 1) * GAMMA) & MASK
    for i in range(n - 1, 0, -1):
        s = (s + GAMMA) & MASK
        z = s
        z = ((z ^ (z >> 30)) * MIX1) & MASK
        z = ((z ^ (z >> 27)) * MIX2) & MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return s


def _swap(items: list, outputs) -> None:
    """Fisher-Yates with the generator's next ``len(items) - 1`` ``outputs``, in order."""
    i = len(items)
    for z in outputs:
        j = (z * i) >> 64  # i is one more than the place filled
        i -= 1
        items[i], items[j] = items[j], items[i]


def _outputs(s: int, m: int) -> tuple:
    """The next ``m`` outputs of the generator in state ``s``, the same as ``m`` calls of
    :func:`next64`, computed together: a shuffle spends most of its time in this arithmetic.

    Output k depends only on ``s + (k+1)·GAMMA``, so the ``m`` states are laid side by side in
    one integer, 128 bits apart (a lane holds a 64-bit value and the product of two), and each
    step of the mix (shift, xor, multiply, mask) runs once over every lane. A right shift moves
    a lane's low bits into the unused top half of the lane below, where the mask clears them.
    """
    c = _LANES.get(m)
    ones, lanes, steps, layout, size = c if c is not None else _lane_constants(m)
    z = (s * ones + steps) & lanes
    z = ((z ^ (z >> 30)) & lanes) * MIX1 & lanes
    z = ((z ^ (z >> 27)) & lanes) * MIX2 & lanes
    z = (z ^ (z >> 31)) & lanes
    return layout.unpack(z.to_bytes(size, "little"))


_LANES: dict[int, tuple] = {}


def _lane_constants(m: int) -> tuple:
    """For ``m`` lanes: 1 in each lane, the 64-bit mask in each lane, ``(k+1)·GAMMA`` in lane
    k, the layout that reads each lane's low word (skipping its high word), and the size in
    bytes; built from bytes, in time linear in ``m``, and kept (``m`` is at most 1,023)."""
    words = struct.Struct(f"<{2 * m}Q")
    ones = int.from_bytes(words.pack(*(1, 0) * m), "little")
    steps = int.from_bytes(words.pack(*(x for k in range(1, m + 1) for x in ((k * GAMMA) & MASK, 0))), "little")
    c = _LANES[m] = (ones, ones * MASK, steps, struct.Struct("<" + "Q8x" * m), 16 * m)
    return c


class Random:
    """A small seeded generator for bots and tools (same algorithm, outside game states).

    :meth:`below` is what bots pay for at every step, so its outputs are computed
    :data:`AHEAD` at a time (:func:`_outputs`) and handed out in order to :meth:`below`,
    :meth:`random` and :meth:`shuffle` alike: the same numbers as one at a time. ``s`` is the
    state after the numbers drawn so far, whatever was computed ahead.
    """

    __slots__ = ("_end", "_ahead")

    def __init__(self, seed: int) -> None:
        self.s = seed_state(seed)

    @property
    def s(self) -> int:
        """The generator's state (setting it starts the sequence from there)."""
        return (self._end - len(self._ahead) * GAMMA) & MASK

    @s.setter
    def s(self, value: int) -> None:
        self._end = value
        self._ahead: list[int] = []

    def __reduce__(self):
        return _random_at, (self.s,)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        ahead = self._ahead
        if not ahead:
            ahead = self._compute_ahead()
        return (ahead.pop() * n) >> 64

    def _compute_ahead(self, m: int = AHEAD) -> list[int]:
        """Compute ``m`` more outputs, after those already ahead; the buffer (the next output last)."""
        more = list(_outputs(self._end, m))
        more.reverse()  # the next output last, for pop()
        self._end = (self._end + m * GAMMA) & MASK
        ahead = self._ahead
        if ahead:
            more += ahead
        self._ahead = more
        return more

    def choice(self, items):
        """One of ``items``, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place."""
        m = len(items) - 1
        if m <= 0:
            return
        ahead = self._ahead
        if len(ahead) < m:
            ahead = self._compute_ahead(m - len(ahead) + AHEAD)
        _swap(items, ahead[:-m - 1:-1])
        del ahead[-m:]

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        ahead = self._ahead
        if not ahead:
            ahead = self._compute_ahead()
        return (ahead.pop() >> 11) / float(1 << 53)


def _random_at(s: int) -> Random:
    """A :class:`Random` in state ``s`` (how one is copied and unpickled)."""
    r = Random.__new__(Random)
    r.s = s
    return r
