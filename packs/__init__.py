"""The game packs that ship with tabletop; each is a plugin found through the ``tabletop.packs`` entry points."""
