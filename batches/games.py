"""Bot-versus-bot batches: one compact JSON-ready record per game, identical whatever runs them.

Game ``i`` of a batch with seed ``S`` is played from ``game_seed(S, i)`` alone, its bots
seeded from that seed and their seat, bot A in seat ``i % 2`` (in general the bot list is
rotated by ``i``). With a *deck pool*, game ``i`` also takes its decks from ``i`` alone
(:func:`pool_decks`): each run of consecutive games that seats the bots every way plays one
assignment of the pool's decks to the seats, and the runs go through every assignment. Games are independent, so they can run in any order, in any process,
on any machine; the records are then put back in index order. Hence the same seed gives
the same records for 1 or 32 workers, locally or on Dask (except with ``--think``, where a
bot's strength depends on the machine's speed).

Workers receive only a small :class:`SimConfig` and ranges of game indexes; each process
builds the pack once (:func:`_context`, cached) and returns plain dicts.

A record::

    {"index": 3, "seed": 1234, "seats": ["greedy", "mcts"], "winner": 1, "first": 0,
     "turns": 31, "capped": false, "actions": 412,
     "events": [[turn, seat, "acquired", "Hidden Cache"], ...],   # from Rules.annotate
     "lead": [[0.5, 0.5], [0.56, 0.44], ...]}                        # Rules.evaluate, per turn
"""
from __future__ import annotations

import importlib
import numbers
import re
from dataclasses import dataclass, field
from typing import Callable

from tabletop.framework.cards import read_text
from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.wording import shown
from tabletop.framework.rng import next64, seed_state
from tabletop.framework.rules import Rules

BUILTIN_BOTS = ("random", "mcts")
DEFAULT_MAX_STEPS = 20_000


# ---------------------------------------------------------------------- packs by reference
_REF = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*:[A-Za-z_][\w]*$")


def load_pack(ref: str):
    """The installed pack named ``ref``, or for ``module:attribute`` the pack object
    :func:`load_pack_module` finds (how worker processes find a pack that is not installed)."""
    if ":" in ref:
        return load_pack_module(ref)
    from tabletop.framework.packs import registry

    return registry().get(ref)


def load_pack_module(ref: str):
    """The pack object at ``module:attribute``: a pack that is not installed (``--pack-module``).

    The module is imported from the installed packages and ``PYTHONPATH`` only (tabletop never
    puts the current folder on ``sys.path``), and the attribute must already be a pack (``name``,
    ``rules()``, ``bots()``): it is never called, so no other function can be reached this way."""
    from tabletop.framework.wording import clip

    if not _REF.match(ref):
        raise TabletopError(gettext(
            '--pack-module {clip!r}: expected module:attribute, e.g. mypack.plugin:pack').format(clip=clip(ref)))
    mod, _, attr = ref.partition(":")
    try:
        module = importlib.import_module(mod)
    except ImportError as e:
        raise TabletopError(gettext(
            '--pack-module {ref}: cannot import {mod!r} ({clip}); the module must be installed or on PYTHONPATH (the '
            'current folder is not searched)').format(ref=ref, mod=mod, clip=clip(str(e)))) from None
    except Exception as e:
        raise TabletopError(gettext(
            '--pack-module {ref}: importing {mod!r} failed: {name}: {clip}').format(
            ref=ref, mod=mod, name=type(e).__name__, clip=clip(str(e)))) from None
    obj = getattr(module, attr, None)
    if obj is None:
        raise TabletopError(gettext(
            '--pack-module {ref}: module {mod!r} has no {attr!r}').format(ref=ref, mod=mod, attr=attr))
    if not (isinstance(getattr(obj, "name", None), str) and callable(getattr(obj, "rules", None))
            and callable(getattr(obj, "bots", None))) or isinstance(obj, type):
        raise TabletopError(gettext(
            '--pack-module {ref}: {attr!r} is not a pack object (one with a name, rules() and bots())').format(
            ref=ref, attr=attr))
    return obj


def pack_ref(pack) -> str:
    """How a worker process finds ``pack`` again: its ``ref`` attribute, else its name."""
    return getattr(pack, "ref", None) or pack.name


# ---------------------------------------------------------------------- bots by name
def bot_names(pack) -> list[str]:
    return sorted(set(pack.bots()) | set(BUILTIN_BOTS))


#: The most iterations an ``mcts:N`` bot may run per move.
MAX_ITERATIONS = 1_000_000

def bot_factory(pack, spec: str, rules=None, script=None, shipped: dict | None = None) -> Callable:
    """A factory ``(rules, seed, think=None, iterations=None, prefer=None) -> bot`` for a bot spec:
    a name from the pack's bots, ``random``, ``mcts``, ``mcts:ITERATIONS`` or ``scripted:FILE``.
    ``shipped`` maps bot names to the factories the parent process found for them. The factory's
    ``accepts`` lists the options (``think``, ``iterations``, ``prefer``) the bot takes."""
    from tabletop.framework.suggest import did_you_mean

    if spec.startswith("scripted:"):
        from tabletop.bots.scripted import ScriptedBot, load_script

        path = spec[len("scripted:"):]
        if not path:
            raise TabletopError(gettext("'scripted:' needs a file: scripted:path/to/bot.yaml"))
        if script is None:
            script = load_script(path, rules if rules is not None else pack.rules())

        def make_scripted(rules, seed, think=None, iterations=None, prefer=None):
            return ScriptedBot(rules, seed, script)

        make_scripted.script = script  # type: ignore[attr-defined]
        make_scripted.accepts = set()  # type: ignore[attr-defined]
        return make_scripted
    name, _, arg = spec.partition(":")
    iters_default = None
    if arg:
        if name != "mcts" or not arg.isascii() or not arg.isdigit() or int(arg) < 1:
            raise TabletopError(gettext("bad bot {spec!r}: only 'mcts:ITERATIONS' (a positive number) and "
                                        "'scripted:FILE' take an argument").format(spec=spec))
        if len(arg.lstrip("0")) > 7 or int(arg) > MAX_ITERATIONS:  # a move would take for ever (the web's lobby too)
            raise TabletopError(gettext("bad bot 'mcts:{n}': mcts takes 1 to {high:,} iterations per move, "
                                        "e.g. mcts:1000").format(n=arg[:20], high=MAX_ITERATIONS))
        iters_default = int(arg)
    factories = pack.bots()
    if shipped and name in shipped:
        base = shipped[name]
    elif name in factories:
        base = factories[name]
    elif name == "random":
        from tabletop.bots.interface import RandomBot

        base = lambda rules, seed: RandomBot(rules, seed)  # noqa: E731
    elif name == "mcts":
        from tabletop.bots.mcts import factory as base
    else:
        known = bot_names(pack)
        raise TabletopError(gettext(
            'unknown bot {spec!r}{suggestion}; choose one of: {known}, scripted:FILE, mcts:ITERATIONS').format(
            spec=spec, suggestion=did_you_mean(name, known + ['scripted']), known=', '.join(known)))

    accepts = _keywords(base)

    def make(rules, seed, think=None, iterations=None, prefer=None):
        its = iterations if iterations is not None else iters_default
        kwargs = {}
        if think is not None and "think" in accepts:  # a bot that does not think takes no strength options
            kwargs["think"] = think
        if its is not None and "iterations" in accepts:
            kwargs["iterations"] = its
        if prefer and "prefer" in accepts:
            kwargs["prefer"] = prefer
        return base(rules, seed, **kwargs)

    make.accepts = accepts  # type: ignore[attr-defined]
    return make


BOT_OPTIONS = {"think", "iterations", "prefer"}


def _keywords(factory) -> set[str]:
    """The options a bot factory takes (all of them if it takes ``**kwargs``): ``think`` and
    ``iterations`` (strength), ``prefer`` (card name -> bonus: cards the bot favours gaining). A
    factory taking ``**kwargs`` takes the strength options; ``prefer`` must be named to be sent."""
    import inspect

    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return set()
    if any(p.kind is p.VAR_KEYWORD for p in params):
        return {"think", "iterations"} | ({p.name for p in params} & BOT_OPTIONS)
    return {p.name for p in params} & BOT_OPTIONS


def make_bot(pack, spec: str, seed: int, think: float | None = None, iterations: int | None = None):
    """The bot ``spec`` names ("random", "greedy", "mcts", "mcts:500", "scripted:FILE", or any
    name in ``pack.bots()``) for ``pack``, seeded; a :class:`TabletopError` for unknown names."""
    rules = pack.rules()
    return bot_factory(pack, spec, rules)(rules, seed, think=think, iterations=iterations)


def bot_label(spec: str, script=None) -> str:
    if spec.startswith("scripted:"):
        return script.name if script is not None else spec
    return spec


# ---------------------------------------------------------------------- configuration
@dataclass(frozen=True)
class SimConfig:
    """Everything a worker needs to play any game of a batch (small and picklable)."""

    pack: str
    bots: tuple[str, ...]
    seed: int = 0
    options: dict = field(default_factory=dict)
    max_turns: int | None = None
    max_steps: int = DEFAULT_MAX_STEPS
    think: float | None = None
    iterations: int | None = None
    labels: tuple[str, ...] = ()
    scripts: dict = field(default_factory=dict)  # spec -> loaded Script, so workers need no files
    deck_pool: tuple[str, ...] = ()
    cards: tuple = ()  # (name, text) of card files added for the batch (--cards), so workers need no files
    # spec -> a bot object, class or "module:attribute" (framework.bots.bot_maker), sent to
    # every worker and resolved there; ``token`` tells one batch's custom bots from another's.
    custom: dict = field(default_factory=dict)
    token: str = ""
    # bot name -> the pack's factory for it, when it pickles: a bot a plugin registered in
    # the parent process only is then found in every worker too
    shipped: dict = field(default_factory=dict)
    # one entry per bot of ``bots``: ((card name, bonus), ...) the bot favours gaining (its factory's
    # ``prefer``), or () for none
    prefer: tuple = ()

    def key(self) -> tuple:
        return (self.pack, self.bots, self.think, self.iterations, tuple(sorted(self.scripts)), self.cards,
                self.token, self.prefer)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch seeded ``seed``: a hash of both, 48 bits."""
    s = seed_state(seed)
    s = (s ^ ((index + 1) * 0xD1B54A32D192ED03)) & ((1 << 64) - 1)
    _, z = next64(s)
    return z >> 16


def seat_bots(index: int, nbots: int, nplayers: int) -> list[int]:
    """Which bot (index into the list) sits in each seat of game ``index``: bot 0 in seat ``index % n``."""
    if nbots == 1:
        return [0] * nplayers
    return [(s - index) % nbots for s in range(nplayers)]


def pool_decks(index: int, nbots: int, nplayers: int, pool: tuple[str, ...]) -> list[str]:
    """The decks of game ``index``, seat by seat, drawn from ``pool``: assignment number
    ``index // nbots`` (so every seating of the bots meets the same decks) of the
    ``len(pool) ** nplayers`` assignments, counted like digits (seat 0 changes fastest)."""
    j = index // max(1, nbots)
    k = len(pool)
    return [pool[(j // k ** s) % k] for s in range(nplayers)]


def unique_labels(labels: list[str]) -> list[str]:
    out = []
    for i, lab in enumerate(labels):
        out.append(f"{lab} ({chr(65 + i)})" if labels.count(lab) > 1 else lab)
    return out


def prepare(pack, bots: list[str], seed: int = 0, options: dict | None = None, max_turns: int | None = None,
            think: float | None = None, iterations: int | None = None,
            max_steps: int = DEFAULT_MAX_STEPS, deck_pool: list[str] | None = None,
            custom: dict | None = None, prefer: list[dict[str, float]] | None = None) -> SimConfig:
    """Check a batch's parameters in this process (clean errors before any worker starts).

    ``deck_pool`` rotates those decks over the seats (:func:`pool_decks`); it replaces a
    ``decks`` option, so giving both is an error. ``custom`` maps bot specs of ``bots`` to
    bot objects, classes or importable names (:func:`tabletop.bots.interface.bot_maker`).
    ``prefer`` gives, bot by bot, the cards (name -> bonus) that bot favours gaining: only a bot
    whose factory takes ``prefer`` can be told; its label then names the cards."""
    if not bots or any(not b.strip() for b in bots):
        raise TabletopError(gettext('give the bots as a comma-separated list, e.g. --bots greedy,random'))
    for value, name in ((max_turns, "--max-turns"), (iterations, "--iterations")):
        if value is not None and (isinstance(value, bool) or not isinstance(value, numbers.Integral)):
            raise TabletopError(gettext('{name} is a whole number, not {value}').format(name=name, value=shown(value)))
    if think is not None and (isinstance(think, bool) or not isinstance(think, numbers.Real)):
        raise TabletopError(gettext('{name} is a number, not {value}').format(name="--think", value=shown(think)))
    if max_turns is not None and max_turns < 1:
        raise TabletopError(gettext('--max-turns must be at least 1'))
    if think is not None and not think > 0:
        raise TabletopError(gettext('--think must be a positive number of seconds'))
    if iterations is not None and iterations < 1:
        raise TabletopError(gettext('--iterations must be at least 1'))
    if iterations is not None and iterations > MAX_ITERATIONS:
        raise TabletopError(gettext("--iterations {value}: give a number of iterations from 1 to {high:,}, e.g. "
                                    "--iterations 500").format(value=shown(iterations), high=MAX_ITERATIONS))
    if deck_pool is not None and (isinstance(deck_pool, str) or not isinstance(deck_pool, (list, tuple))
                                  or not all(isinstance(d, str) for d in deck_pool)):
        raise TabletopError(gettext('the deck pool is a list of deck names or files, e.g. ["ember", "tide"], not {value}')
                            .format(value=shown(deck_pool)))
    rules = pack.rules()
    custom = dict(custom or {})
    prefer = [dict(p or {}) for p in prefer or ()]
    if prefer and len(prefer) != len(bots):
        raise TabletopError(gettext('give one preference per bot ({n}), not {n2}').format(n=len(bots), n2=len(prefer)))
    scripts, labels = {}, []
    for b, spec in enumerate(bots):
        wants = prefer[b] if prefer else {}
        if spec in custom:
            from tabletop.bots.interface import bot_maker

            bot_maker(custom[spec])  # an import that fails, fails here, not in a worker
            if wants:
                raise TabletopError(gettext('bot {spec!r} cannot be told which cards to prefer').format(spec=spec))
            labels.append(spec)
            continue
        f = bot_factory(pack, spec, rules)
        script = getattr(f, "script", None)
        if script is not None:
            scripts[spec] = script
        if wants and "prefer" not in f.accepts:
            takers = [n for n in bot_names(pack) if "prefer" in bot_factory(pack, n, rules).accepts]
            raise TabletopError(f"bot {spec!r} cannot be told which cards to prefer; "
                                + (f"choose {', '.join(takers)}" if takers else f"no bot of {pack.name} can"))
        labels.append(bot_label(spec, script) + "".join(f"+{name}" for name in wants))
    options = dict(options or {})
    pool = tuple(d.strip() for d in deck_pool or ())
    if deck_pool is not None and (not pool or not all(pool)):
        raise TabletopError(gettext(
            'give the deck pool as a comma-separated list of decks, e.g. --deck-pool ember,tide'))
    if pool and options.get("decks"):
        raise TabletopError(gettext(
            'give either --deck (one per seat) or --deck-pool (rotated over the seats), not both'))
    cards = tuple((str(f), read_text(f)) for f in getattr(pack, "extra", ()))
    token = ""
    if custom:
        import uuid

        token = uuid.uuid4().hex
    config = SimConfig(pack_ref(pack), tuple(bots), seed, options, max_turns, max_steps, think, iterations,
                       tuple(unique_labels(labels)), scripts, pool, cards, custom, token, _shippable(pack, bots),
                       tuple(tuple((str(k), float(v)) for k, v in p.items()) for p in prefer))
    state = _setup_checked(pack, rules, options, seed)
    for d in dict.fromkeys(pool):
        _setup_checked(pack, rules, {**options, "decks": [d] * state.nplayers}, seed)
    if len(bots) not in (1, state.nplayers):
        raise TabletopError(gettext(
            '{name} is played by {nplayers} here: give 1 or {nplayers} bots, not {n}').format(
            name=pack.name, nplayers=state.nplayers, n=len(bots)))
    check_seat_decks(pack.name, options, state.nplayers)
    _CONTEXTS[config.key()] = _Context(pack, config)
    return config


def check_seat_decks(name: str, options: dict, nplayers: int) -> None:
    """Refuse a ``decks`` option (``--deck``, one per seat in seat order) that gives neither one deck
    (every seat plays it) nor one per seat: a pack deals a short list round the seats and drops
    decks beyond the last seat, so a third deck for two seats would be silently ignored."""
    decks = options.get("decks")
    if isinstance(decks, str):
        decks = [d for d in decks.split(",") if d.strip()]
    if isinstance(decks, (list, tuple)) and len(decks) not in (0, 1, nplayers):
        raise TabletopError(gettext(
            '{name} is played by {nplayers} here, but {n} decks were given: give 1 deck (every seat plays it) '
            'or {nplayers}, one per seat in seat order').format(name=name, nplayers=nplayers, n=len(decks)))


def _shippable(pack, bots) -> dict:
    """The pack's factories for the bot names of ``bots`` that pickle (module-level ones)."""
    import pickle

    factories = pack.bots()
    out = {}
    for spec in bots:
        name = spec.partition(":")[0]
        if name in factories and name not in out:
            try:
                pickle.dumps(factories[name])
            except Exception:  # a lambda or a closure: the worker finds it by name
                continue
            out[name] = factories[name]
    return out


def _setup_checked(pack, rules, options: dict, seed: int):
    from tabletop.framework.setups import check_options

    try:
        return rules.setup(check_options(rules, dict(options)), game_seed(seed, 0))
    except TabletopError as e:
        raise TabletopError(gettext(
            'cannot start {name} with these options: {text}').format(name=pack.name, text=e.render())) from None
    except (ValueError, KeyError, TypeError) as e:
        raise TabletopError(gettext(
            'cannot start {name} with these options: {e}').format(name=pack.name, e=e)) from None


def game_options(config: SimConfig, index: int, nplayers: int) -> dict:
    """The options game ``index`` is set up with: the batch's, and its decks from the pool."""
    options = dict(config.options)
    if config.deck_pool:
        options["decks"] = pool_decks(index, len(config.bots), nplayers, config.deck_pool)
    return options


# ---------------------------------------------------------------------- playing games
class _Context:
    """What one process builds once per batch: the pack, its rules, the bot factories."""

    def __init__(self, pack, config: SimConfig) -> None:
        self.pack = pack
        self.rules = pack.rules()
        self.factories = [_custom_factory(config.custom[spec]) if spec in config.custom
                          else bot_factory(pack, spec, self.rules, config.scripts.get(spec), config.shipped)
                          for spec in config.bots]
        self.prefer = [dict(p) or None for p in config.prefer] or [None] * len(config.bots)
        cls = type(self.rules)
        self.annotate = self.rules.annotate if cls.annotate is not Rules.annotate else None
        self.evaluate = self.rules.evaluate_all if cls.evaluate is not Rules.evaluate else None
        self.nplayers = self.rules.setup(dict(config.options), game_seed(config.seed, 0)).nplayers if config.deck_pool else 0


def _custom_factory(spec) -> Callable:
    from tabletop.bots.interface import bot_maker

    make = bot_maker(spec)
    return lambda rules, seed, think=None, iterations=None, prefer=None: make(rules, seed)


_CONTEXTS: dict = {}


def _context(config: SimConfig) -> _Context:
    key = config.key()
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        pack = load_pack(config.pack)
        if config.cards:
            from tabletop.framework.packs import CardText

            pack = pack.with_cards([CardText(name, text) for name, text in config.cards])
        ctx = _CONTEXTS[key] = _Context(pack, config)
    return ctx


def play_game(config: SimConfig, index: int, ctx: _Context | None = None, stop=None) -> dict | None:
    """Play game ``index`` of the batch and return its record (see the module docstring); None if
    ``stop`` (a ``threading.Event``) is set before the game ends."""
    ctx = ctx or _context(config)
    rules = ctx.rules
    seed = game_seed(config.seed, index)
    state = rules.setup(game_options(config, index, ctx.nplayers), seed)
    n = state.nplayers
    who = seat_bots(index, len(config.bots), n)
    bots = [ctx.factories[b](rules, (seed * 31 + s + 1) & ((1 << 62) - 1), think=config.think,
                             iterations=config.iterations, prefer=ctx.prefer[b]) for s, b in enumerate(who)]
    annotate, evaluate = ctx.annotate, ctx.evaluate
    events: list = []
    lead: list = []
    first = state.active
    max_turns = config.max_turns
    max_steps = config.max_steps
    apply = rules.apply
    steps = 0
    turn = state.turn
    if evaluate is not None:
        lead.append(_evals(evaluate, state, n))
    while not state.over and steps < max_steps:
        if stop is not None and stop.is_set():
            return None
        mover = state.to_move()
        action = bots[mover].choose(rules, state)
        if annotate is not None:
            ann = annotate(state, action)
            if ann:
                for k, v in ann.items():
                    events.append([state.turn, mover, k, v])
        apply(state, action)
        steps += 1
        if state.turn != turn:
            turn = state.turn
            if max_turns is not None and turn > max_turns:  # (turns count from 1: this one is not played)
                turn = max_turns
                break
            if evaluate is not None and not state.over:
                lead.append(_evals(evaluate, state, n))
    labels = config.labels or config.bots
    return {
        "index": index,
        "seed": seed,
        "seats": [labels[b] for b in who],
        "winner": state.winner if state.over else None,
        "first": first,
        "turns": turn,
        "capped": not state.over,
        "actions": steps,
        "events": events,
        "lead": lead,
    }


def _evals(evaluate_all, state, n: int) -> list:
    return [None if v is None else round(float(v), 3) for v in evaluate_all(state)[:n]]


def run_chunk(config: SimConfig, start: int, stop: int) -> list[dict]:
    """Play games ``start`` to ``stop - 1`` (what a worker is sent)."""
    ctx = _context(config)
    return [play_game(config, i, ctx) for i in range(start, stop)]


class Chunks:
    """``range(n)`` as index ranges ``(start, end)``, each made when it is reached: a batch of
    a billion games costs no memory before its first game (a list of its ranges would)."""

    def __init__(self, n: int, size: int) -> None:
        self.n, self.size = n, size
        self.count = -(-n // size)
        """How many ranges (``len()`` too, for a count that fits an index)."""

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, k: int) -> tuple[int, int]:
        if not 0 <= k < self.count:
            raise IndexError(k)
        return k * self.size, min(self.n, (k + 1) * self.size)

    def __iter__(self):
        return ((i, min(self.n, i + self.size)) for i in range(0, self.n, self.size))


def chunks(n: int, workers: int, size: int | None = None) -> Chunks:
    """Split ``range(n)`` into index ranges: small enough to balance and report progress,
    large enough that sending them costs nothing."""
    if size is None:
        size = max(1, min(100, n // max(1, workers * 8)))
    return Chunks(n, size)
