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
    plugin's answer is merged, so anyone can add a bot to any pack. A factory may take keyword
    options: ``think`` (seconds a move) and ``iterations`` (strength), and ``prefer`` (card name
    -> bonus: the cards the bot favours gaining, how ``tabletop cards value`` measures the cards
    of the rules' ``market()``). Only the options a factory names are sent (a factory taking
    ``**kwargs`` gets ``think`` and ``iterations``, never an unasked ``prefer``)."""


@hookspec(firstresult=True)
def tabletop_deck_rules(pack):
    """Return the pack's deck-construction checker for packs where players build decks, or None.

    It has ``check(deck, cardset=None) -> Report``, ``deck`` being a file's path or the deck
    as data (a mapping of card names to counts, or a list of names), checked by the same
    rules (``tabletop.check_deck`` passes both): the report's ``verdict`` is ``"legal"``,
    ``"illegal"`` or ``"unusable"``, ``render()`` explains it, ``exit_code`` is 0, 1 or 2, and a
    legal deck's ``cards`` lists its card names, one per copy; ``cardset`` is the set the deck's
    names refer to (default: the pack's own). A legal report's ``summary`` (figures) and
    ``warnings`` (advice that is not an error) are shown by ``deckcheck``.

    Optional methods, each enabling more of ``tabletop deckcheck`` and ``tabletop decks``:

    - ``decks() -> {name: path}``: the preconstructed decks, so commands accept a deck by name;
    - ``card_files(deck) -> [path]``: the card files a deck file names, joined to the set for it;
    - ``formats() -> (name, ...)``: the deck file formats the pack reads and writes (e.g. ``list``,
      ``yaml``); ``convert(deck, to, cardset=None) -> (text, report)``: a deck file (any format)
      written in format ``to``, with its check (text empty when the deck cannot be read);
      ``dump(name, cards, to) -> text``: a deck (card name -> copies) as a file of format ``to``
      (``decks convert``, and ``decks tune --out``);
    - ``starter(colours) -> text``: a legal, commented starting deck of the comma-separated
      ``colours`` (``decks new``; a ``ValueError`` says what is wrong with ``colours``);
    - ``card_names(cardset=None) -> [name]``: every card a deck may hold, and
      ``swaps(cards, candidates, cardset=None) -> [(out, in), ...]``: every legal one-copy swap of
      deck ``cards`` (name -> copies) with a card of ``candidates`` (``decks tune``)."""


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
