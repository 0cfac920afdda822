"""What every pack's position evaluation shares: the score of a finished game, and the
logistic that squashes a heuristic's difference into the [0, 1] scale MCTS backs up."""
from __future__ import annotations

import math


def outcome(state, player: int) -> float | None:
    """1 for a game ``player`` won, 0 for one they lost, 0.5 for a draw; None while it goes on."""
    if not state.over:
        return None
    if state.winner is None:
        return 0.5
    return 1.0 if state.winner == player else 0.0


def logistic(x: float) -> float:
    """``1 / (1 + e^-x)``, exactly 0 or 1 beyond ±30 (where ``exp`` would only add rounding)."""
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
