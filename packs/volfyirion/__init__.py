"""Volfyirion: the two-player deck-builder of Houses, Cities and a dragon (see docs/packs/volfyirion.md)."""
