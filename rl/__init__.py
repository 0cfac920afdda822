"""Environments for learning agents over every pack with an encoding (extra ``tabletop[rl]``).

- :mod:`tabletop.rl.pettingzoo`: PettingZoo AEC (and parallel) environments,
  ``tabletop.rl.pettingzoo.env("volfyirion")``;
- :mod:`tabletop.rl.openspiel`: OpenSpiel games ``python_tabletop_volfyirion`` and
  ``python_tabletop_virevolt``, registered on import.

Both use the pack's fixed action numbering and its view-only observation encoding
(``tabletop.Game.encoding``; docs/rl.md documents them). The core never imports this
package: PettingZoo and OpenSpiel are needed only here.
"""
