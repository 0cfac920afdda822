"""An example expansion of Volfyirion: cards designed in the game's spirit, added through a plugin."""
