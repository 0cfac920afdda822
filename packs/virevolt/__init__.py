"""Virevolt: the trading card game (heroes, crystals, states, incantations, traps)."""
