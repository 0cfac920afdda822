"""Bots: the bot interface, Monte Carlo tree search, scripted bots and position evaluation.

Above the engine and the card language, below the packs: a pack builds its own bots from
these, and simulation plays them. Nothing here imports a pack or a front end.
"""
