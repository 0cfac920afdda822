"""The hooks a game pack implements. One docstring per hook; ``docs/writing-a-pack.md`` explains each.

A pack is a module registered under the ``tabletop.packs`` entry-point group. Every hook
but :func:`tabletop_pack_info` receives the name of the pack being assembled, so a plugin
may also contribute to another pack (extra cards, a new bot) by answering for that name.
"""
from __future__ import annotations

import pluggy

hookspec = pluggy.HookspecMarker("tabletop")
hookimpl = pluggy.HookimplMarker("tabletop")


@hookspec
def tabletop_pack_info():
    """Declare the pack this plugin provides, as a :class:`tabletop.framework.packs.PackInfo`
    (name, version, title, one-line description), or None for a plugin that only adds to
    other packs."""


@hookspec(firstresult=True)
def tabletop_rules(pack):
    """Return the :class:`tabletop.framework.rules.Rules` subclass that plays ``pack``: its
    setup, declared phases, verbs and their handlers, state checks and views."""


@hookspec(firstresult=True)
def tabletop_vocabulary(pack):
    """Return the :class:`tabletop.dsl.Vocabulary` of ``pack``: the words (resources, zones,
    colours, states) and the verbs, conditions, quantities and triggers its cards use."""


@hookspec(firstresult=True)
def tabletop_card_format(pack):
    """Return a :class:`tabletop.framework.packs.CardFormat`: the JSON Schema of one card entry
    and the ``build(entry, compiler)`` function that compiles its language fields into a
    :class:`tabletop.framework.cards.CardDef`."""


@hookspec
def tabletop_card_files(pack):
    """Return the card files (paths or ``importlib.resources`` traversables) that make up
    ``pack``'s card set. Every plugin's answer is used, so a fan expansion can add cards."""


@hookspec
def tabletop_bots(pack):
    """Return a dict of bot name -> factory ``(rules, seed) -> Bot`` for ``pack``. Every
    plugin's answer is merged, so anyone can add a bot to any pack."""


@hookspec(firstresult=True)
def tabletop_deck_rules(pack):
    """Return the pack's deck-construction checker for packs where players build decks, or None.

    It has ``check(deck, cardset=None) -> Report``, ``deck`` being a file's path or the deck
    as data (a mapping of card names to counts, or a list of names), checked by the same
    rules (``tabletop.check_deck`` passes both): the report's ``verdict`` is ``"legal"``,
    ``"illegal"`` or ``"unusable"``, ``render()`` explains it, ``exit_code`` is 0, 1 or 2, and a
    legal deck's ``cards`` lists its card names, one per copy; ``cardset`` is the set the deck's
    names refer to (default: the pack's own). Optionally ``decks() -> {name: path}`` names the
    pack's preconstructed decks, so commands accept a deck by name as well as by file."""


@hookspec(firstresult=True)
def tabletop_board(pack):
    """Return a function ``(view: dict, *, width: int = 80, compact: bool = False) -> str``
    drawing the board of ``pack`` for the terminal from a player's view: fitted to ``width``
    columns, and with ``compact`` a few lines of what changes turn by turn (the terminal
    shows it after each action). A function taking only ``view`` is accepted too."""


@hookspec
def tabletop_print_layouts(pack):
    """Return the layout files (paths or ``importlib.resources`` traversables) that
    ``tabletop cards print`` draws ``pack``'s cards with: YAML templates per card type (boxes,
    fonts, sizes), the pack's palette and its card backs (format: ``docs/print.md``). Every
    plugin's answer is used, so a fan expansion brings the layout of its own card types."""


@hookspec(firstresult=True)
def tabletop_encoding(pack):
    """Return a function ``(rules, nplayers) -> Encoding`` giving ``pack``'s fixed action
    numbering and observation layout for learning agents
    (:class:`tabletop.framework.encoding.Encoding`; the RL environments of ``tabletop.rl``
    use it), or None for a pack that has none."""


@hookspec(firstresult=True)
def tabletop_rule_catalogue(pack):
    """Return the pack's rule catalogue (a path or ``importlib.resources`` traversable of a
    YAML list of rules: ``id``, ``section``, ``rule``, and for ambiguous rules ``ambiguous:
    true`` and ``interpretation``), so that every rule id a message cites can be looked up
    (``rule ID`` during a game, ``tabletop rules PACK ID``, docs/rules/)."""
