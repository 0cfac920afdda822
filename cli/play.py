"""Playing in the terminal: the board, the numbered legal actions, and the session commands.

It reads plain lines from standard input, so a person at a terminal and a script on a
pipe play it the same way. The human is p1; with ``--vs human`` every seat is human
(hot-seat) and each player sees the board from their own side.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from tabletop.framework.actions import format_action
from tabletop.framework.effects import IllegalAction
from tabletop.framework.errors import TabletopError
from tabletop.framework.game import Game
from tabletop.framework.state import player_name
from tabletop.framework.userfiles import read_json

HELP = """Commands:
  <number>        take the numbered action
  <action>        take an action by its notation (e.g. 'play Captain', 'attack p2.city1')
  help            this help, and the notation of every action of this game
  undo            take back your last action (and the bot's replies); never past a draw or a reveal
  log             the actions of this game so far
  board           show the board again
  save FILE       save the game (written atomically)
  load FILE       continue a saved game instead of this one
  quit            leave (the game is not saved)"""


def usage(spec) -> str:
    """``play <card> [<place>]``: a verb's notation, optional arguments in brackets."""
    kinds = {"word": "<word>", "int": "<number>", "name": "<card>"}
    parts = [kinds.get(k, "<place>") for k in spec.args]
    for i in range(len(parts) - spec.optional_tail, len(parts)):
        parts[i] = f"[{parts[i]}]"
    return " ".join([spec.verb, *parts])


class Session:
    def __init__(self, pack, game: Game, bots: dict[int, object], out=None, inp=None) -> None:
        self.pack = pack
        self.game = game
        self.bots = bots
        self.out = out or sys.stdout
        self.inp = inp or sys.stdin
        self.board_fn = pack.board()
        self._shown = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(cls, pack, vs: str, seed: int | None, options: dict, load: Path | None,
              think: float | None = None, players: int | None = None):
        """A session of ``pack`` (a pack, or an installed pack's name)."""
        from tabletop.framework.packs import registry, rules_for

        if isinstance(pack, str):
            pack = registry().get(pack)
        name = pack.name
        rules = pack.rules()
        if load is not None:
            game = Game.load(load, lambda n: rules if n == name else rules_for(n))
            if game.rules.name != pack.name:
                raise TabletopError(f"{load} is a saved game of {game.rules.name}, not {pack.name}")
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(1, 2**31)
            try:
                game = Game(rules, options, seed, players)
            except ValueError as e:
                raise TabletopError(f"cannot start {name}: {e}") from None
        return cls(pack, game, cls._bots(pack, rules, vs, game.seed, think, game.state.nplayers))

    @staticmethod
    def _bots(pack, rules, vs: str, seed: int, think, nplayers: int) -> dict[int, object]:
        from tabletop.framework.simulation import make_bot

        if vs == "human":
            return {}
        return {seat: make_bot(pack, vs, seed + seat, think=think) for seat in range(1, nplayers)}

    # ------------------------------------------------------------------ output
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def show_board(self, player: int) -> None:
        view = self.game.rules.view(self.game.state, player)
        if self.board_fn is not None:
            self.say(self.board_fn(view))
        else:
            self.say(json.dumps(view, indent=1))

    def show_actions(self, player: int) -> list:
        state = self.game.state
        actions = self.game.legal_actions()
        if state.pending is not None:
            self.say(f"[{player_name(player)}] {state.pending.prompt}")
        else:
            self.say(f"[{player_name(player)}] your move ({state.phase} phase):")
        for i, a in enumerate(actions, 1):
            self.say(f"  {i:>2}. {format_action(a)}")
        return actions

    # ------------------------------------------------------------------ the loop
    def loop(self) -> None:
        self.say(f"{self.game.rules.title or self.pack.name} — seed {self.game.seed}. Type 'help' for commands.")
        while True:
            state = self.game.state
            if state.over:
                self.finish()
                return
            mover = state.to_move()
            bot = self.bots.get(mover)
            if bot is not None:
                action = bot.choose(self.game.rules, state.clone())
                self.game.apply(action)
                self.say(f"{player_name(mover)} plays: {format_action(action)}")
                self._shown = None
                continue
            key = (len(self.game.log), mover)
            if self._shown != key:
                self.say("")
                self.show_board(mover)
                actions = self.show_actions(mover)
                self._shown = key
            else:
                actions = self.game.legal_actions()
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say("\nend of input: leaving the game (not saved)")
                return
            if not self.command(line.strip(), actions, mover):
                return

    def command(self, line: str, actions: list, mover: int) -> bool:
        """Handle one line; False to leave the session."""
        if not line:
            return True
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in ("quit", "exit"):
            self.say("leaving the game (not saved)")
            return False
        if word == "help":
            self.say(HELP)
            self.say("Notation of this game's actions:")
            for spec in self.game.rules.verbs.values():
                self.say(f"  {usage(spec):<34} {spec.help}")
            return True
        if word == "board":
            self._shown = None
            return True
        if word == "log":
            for i, (a, who) in enumerate(zip(self.game.log, self.game.movers), 1):
                self.say(f"  {i:>3}. {player_name(who)}: {format_action(a)}")
            if not self.game.log:
                self.say("  (no actions yet)")
            return True
        if word == "undo":
            self.undo(mover)
            return True
        if word == "save":
            self.save(rest.strip())
            return True
        if word == "load":
            self.load(rest.strip())
            return True
        if line.isdigit():
            n = int(line)
            if not 1 <= n <= len(actions):
                self.say(f"no action number {n}: choose 1 to {len(actions)}")
                return True
            action = actions[n - 1]
        else:
            try:
                action = self.game.rules.find_action(self.game.state, line)
            except (IllegalAction, ValueError) as e:
                self.say(str(e))
                return True
        self.game.apply(action)
        return True

    def undo(self, mover: int) -> None:
        movers = self.game.movers
        humans = [i for i, m in enumerate(movers) if m not in self.bots]
        if not humans:
            self.say("nothing to undo")
            return
        count = len(movers) - humans[-1]
        if not self.game.can_undo(count):
            self.say("cannot undo: that would take back an action that revealed hidden information")
            return
        self.game.undo(count)
        self._shown = None
        self.say(f"undone: {count} action(s)")

    def save(self, name: str) -> None:
        if not name:
            self.say("usage: save FILE")
            return
        path = Path(name)
        if path.exists():
            try:
                old, _ = read_json(path, "saved game")
                ok = isinstance(old, dict) and old.get("format") == "tabletop-save"
            except TabletopError:
                ok = False
            if not ok:
                self.say(f"{path} exists and is not a tabletop saved game: not overwriting it")
                return
        try:
            self.game.save(path)
        except OSError as e:
            self.say(f"cannot save to {path}: {e.strerror or e}")
            return
        self.say(f"saved to {path}")

    def load(self, name: str) -> None:
        from tabletop.framework.packs import rules_for

        if not name:
            self.say("usage: load FILE")
            return
        try:
            game = Game.load(Path(name), rules_for)
        except TabletopError as e:
            self.say(f"{e.render()}\nnot loaded: the current game goes on")
            return
        if game.rules.name != self.game.rules.name:
            self.say(f"{name} is a game of {game.rules.name}, not {self.game.rules.name}: "
                     "not loaded, the current game goes on")
            return
        self.game = game
        self._shown = None
        self.say(f"loaded {name} ({len(game.log)} actions)")

    def finish(self) -> None:
        state = self.game.state
        viewer = 0
        self.say("")
        self.show_board(viewer)
        result = self.game.rules.result(state)
        winner = result.get("winner")
        self.say("=" * 60)
        if winner is None:
            self.say("Game over: no winner.")
        else:
            you = " (you)" if winner == "p1" and 0 not in self.bots else ""
            self.say(f"Game over: {winner}{you} wins after {state.turn + 1} turns and {len(self.game.log)} actions.")
        for key, value in result.items():
            if key not in ("winner", "over"):
                self.say(f"  {key}: {value}")
