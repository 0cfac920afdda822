"""Batches of bot games: one game of a batch, where chunks run, a whole batch, its records and
report, and the deck bench built on them.

One-way imports: ``games`` < ``backends`` < ``runner`` < ``records`` < ``report`` <
``matchup``, ``tune``, ``cardvalue``. The public face of a batch is
:class:`tabletop.Simulation` (``tabletop.simulation``).
"""
