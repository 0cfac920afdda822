"""The ``tabletop`` command line: play, check decks, lint cards, run scenarios, simulate."""
