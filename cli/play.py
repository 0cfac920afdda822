"""Playing in the terminal: the board, the narrated game, the numbered actions, the commands.

What a player sees comes from two things only: the view of their seat (``rules.view``) and
the events of the game rendered for their seat (``Event.render``): the opponent's face-down
cards cannot reach the screen, the log or a bot's move line. The human is p1; with
``--vs human`` every seat is human (hot-seat) and each sees the board from their own side:
when the seat to move changes, the screen is cleared (at a terminal) and the game waits for the
next player to press Enter, then tells them what happened since their last move, as they may see it.

At a terminal the prompt edits lines, keeps a history and completes with Tab
(cli/prompt.py); from a pipe it reads plain lines, so a script plays the same way.
"""
from __future__ import annotations

import inspect
import json
import os
import random
import sys
from pathlib import Path

from tabletop.cli.cardtext import card_block, find_card
from tabletop.cli.layout import event_line, fill, terminal_width
from tabletop.cli.menu import ActionMenu
from tabletop.cli.prompt import LineInput
from tabletop.framework.actions import shown_action
from tabletop.framework.effects import IllegalAction
from tabletop.framework.errors import LocatedError, TabletopError, visible
from tabletop.framework.game import Game
from tabletop.framework.language import N_, card_name, gettext as _, localised, ngettext
from tabletop.framework.narration import HEADLINE
from tabletop.framework.numerals import whole_number
from tabletop.framework.state import player_name
from tabletop.framework.syserrors import reason
from tabletop.framework.userdirs import tabletop_dir
from tabletop.framework.userfiles import read_json
from tabletop.framework.wording import clip

COMMANDS = N_("""Commands:
  <number>          take the numbered action (numbers stay the same while the decision lasts)
  <action>          take an action by its notation; Tab completes it at a terminal
  play all          play every card in hand whose play needs no choice
  show <card>       a card as written, e.g. 'show {card}'; or a place: {places}
  board             the whole board again (after each action you see a short one)
  log [N]           everything that happened (the last N turns only with N)
  rule <ID>         a rule of the game by its id, e.g. 'rule {rule}'
  undo              take back your last action (and the bot's replies); never past a draw or a reveal
  save FILE         save the game (written atomically)
  load FILE         continue a saved game instead of this one
  help              this help, and the notation of every action of this game
  quit              leave (asks first when the game is not saved)""")


#: The most of a typed line a message shows back. No action, card name or rule id comes near it
#: (the longest notation of both packs' actions is 32 characters), so a longer line is cut here,
#: with '…', before anything can echo it: it matched nothing before and still matches nothing.
MAX_TYPED = 120
#: The most of a typed file name (``save FILE``, ``load FILE``) a message shows back.
MAX_FILE_SHOWN = 300


def typed(text: str, limit: int = MAX_TYPED) -> str:
    """``text`` as the player typed it, safe to show back: cut to ``limit`` characters, and its
    control characters shown as pictures (an escape sequence typed, or piped in, must never reach
    the terminal as one: it could clear the screen, retitle the window or fake a line)."""
    return visible(clip(text, limit))


def board_drawer(pack):
    """The pack's board function as ``draw(view, width, compact)`` (a pack written for the
    older one-argument hook still works: it always draws the whole board)."""
    fn = pack.board()
    if fn is None:
        return lambda view, width, compact: json.dumps(view, indent=1)
    params = inspect.signature(fn).parameters
    if "compact" in params:
        return lambda view, width, compact: fn(view, width=width, compact=compact)
    return lambda view, width, compact: fn(view)


def format_result_value(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {localised(v)}" for k, v in value.items())
    return str(localised(value))


def result_details(result: dict) -> list[str]:
    """The lines of a game-over screen under its headline: why, then the pack's other figures."""
    lines = ["  " + _("why: {reason}").format(reason=localised(result["reason"]))] if result.get("reason") else []
    lines += ["  " + _("{key}: {value}").format(key=_(key), value=format_result_value(value))
              for key, value in result.items() if key not in ("winner", "over", "reason", "turns")]
    return lines


def kept_path(game: str, seed: int) -> Path:
    """A new file for a game left at the end of input: ``$XDG_STATE_HOME/tabletop/unsaved/``
    (else ``~/.local/state/...``), named for the game, its seed and the time, never an older one."""
    import time

    folder = Path(tabletop_dir("XDG_STATE_HOME")) / "unsaved"
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{game}-seed{seed}-{time.strftime('%Y%m%d-%H%M%S')}"
    path, n = folder / f"{stem}.json", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path

class Session:
    """One terminal game: see the module docstring."""

    def __init__(self, pack, game: Game, bots: dict[int, object], out=None, inp=None, auto_pass: bool = True,
                 vs: str = "greedy", think: float | None = None) -> None:
        self.pack = pack
        self.game = game
        self.bots = bots
        self.out = out or sys.stdout
        self.reader = LineInput(inp or sys.stdin, self.out, self.completions)
        self.draw = board_drawer(pack)
        self.auto_pass = auto_pass
        self.vs = vs
        self.think = think
        self.menu = ActionMenu()
        self.width = terminal_width()
        #: the actions (by their place in the log) the session took for a player without their
        #: choosing: a phase passed because nothing else could be done, the cards of 'play all'
        #: after the first; 'undo' takes them back with the choice before them
        self.automatic: set[int] = set()
        self._reset_screen()
        self.saved_at = len(game.log)

    def _reset_screen(self) -> None:
        self.automatic = {i for i in self.automatic if i < len(self.game.log)}  # (after an undo)
        self.cursor = len(self.game.events) if self.game.log else 0  # events already narrated
        self.told: dict[int, int] = {}  # hot-seat: each seat's place in the narration when it left the screen
        self.first_told = self.cursor   # (where a seat that never looked begins)
        self.full_board = None      # (seat, turn) of the last whole board drawn
        self.shown = None           # (actions applied, mover) of the last menu shown
        self.narrator = self.humans()[0] if self.humans() else 0

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(cls, pack, vs: str, seed: int | None, options: dict, load: Path | None,
              think: float | None = None, players: int | None = None, auto_pass: bool = True):
        """A session of ``pack`` (a pack, or an installed pack's name)."""
        from tabletop.cli.options import check_bot_specs, think_seconds
        from tabletop.framework.packs import registry, rules_for

        think = think_seconds(think)
        check_bot_specs([vs], "--vs")
        if isinstance(pack, str):
            pack = registry().get(pack)
        name = pack.name
        rules = pack.rules()
        if load is not None:
            game = Game.load(load, lambda n: rules if n == name else rules_for(n))
            if game.rules.name != pack.name:
                raise TabletopError(_("{file} is a saved game of {game}, not {pack}").format(
                    file=load, game=game.rules.name, pack=pack.name))
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(1, 2**31)
            try:
                game = Game(rules, options, seed, players)
            except ValueError as e:
                raise TabletopError(_("cannot start {game}: {why}").format(game=name, why=e)) from None
        bots = cls._bots(pack, vs, game.seed, think, game.state.nplayers)
        return cls(pack, game, bots, auto_pass=auto_pass, vs=vs, think=think)

    @staticmethod
    def _bots(pack, vs: str, seed: int, think, nplayers: int) -> dict[int, object]:
        from tabletop.batches.games import bot_names, make_bot
        from tabletop.framework.suggest import did_you_mean

        if vs == "human":
            return {}
        try:
            return {seat: make_bot(pack, vs, seed + seat, think=think) for seat in range(1, nplayers)}
        except TabletopError as e:
            if ":" in vs:
                raise
            known = ["human"] + bot_names(pack)
            raise TabletopError(_("unknown opponent {name!r}{hint}; choose one of: {known} (or mcts:ITERATIONS, "
                                  "scripted:FILE)").format(name=vs, hint=did_you_mean(vs, known),
                                                           known=", ".join(known))) from e

    # ------------------------------------------------------------------ who looks at the screen
    def humans(self) -> list[int]:
        return [s for s in range(self.game.state.nplayers) if s not in self.bots]

    @property
    def rules(self):
        return self.game.rules

    # ------------------------------------------------------------------ output
    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def show_board(self, seat: int, compact: bool = False) -> None:
        self.say(self.draw(self.rules.view(self.game.state, seat), self.width, compact))

    def narrate(self) -> None:
        """Print what happened since last time, as the seat at the screen may read it."""
        events = self.game.events
        seat = self.narrator
        for e in events[self.cursor:]:
            if e.level != HEADLINE:
                continue
            line = event_line(e, seat, self.width)
            if line is not None:
                self.say(line)
        self.cursor = len(events)

    def hand_over(self, seat: int) -> bool:
        """Hot-seat: pass the screen to ``seat`` without showing it the last player's secrets; then
        what happened since ``seat`` last looked, as it may see it. False: the input ended."""
        self.told[self.narrator] = self.cursor
        if getattr(self.out, "isatty", lambda: False)():
            self.out.write("\033[2J\033[H")  # (the last player's hand and board leave the screen)
        line = self.reader.read(_("{player}: press Enter when only you can see the screen ").format(
            player=player_name(seat)))
        if line is None:
            return False
        self.narrator = seat
        self.cursor = self.told.get(seat, self.first_told)
        self.full_board = None
        self.narrate()
        return True

    def present(self, mover: int, legal: list) -> None:
        """The board (whole at the start of each of your turns, short otherwise), the warnings,
        the question and the numbered actions."""
        state = self.game.state
        pend = state.pending
        key = (state.turn, state.phase, mover) if pend is None else (len(self.game.log), pend.prompt)
        self.menu.update(key, legal)
        if self.shown == (len(self.game.log), mover):
            return
        self.shown = (len(self.game.log), mover)
        self.say("")
        whole = self.full_board != (mover, state.turn)
        self.show_board(mover, compact=not whole)
        self.full_board = (mover, state.turn)
        if pend is None and mover == state.active:
            for w in self.rules.warnings(state, mover):
                self.say(fill(localised(w), self.width, initial_indent="  ! ", subsequent_indent="    "))
        if pend is not None:
            self.say(f"[{player_name(mover)}] {localised(pend.prompt)}")
        else:
            self.say(f"[{player_name(mover)}] " + _("your move ({phase}):").format(phase=localised(self.rules.phase_label(state.phase))))
        self.say(self.menu.render(self.width))

    def completions(self) -> list[str]:
        """Every line worth completing now: the legal actions, card names after 'show', commands."""
        out = [shown_action(a) for a in self.menu.current]
        out += ["play all", "board", "log", "undo", "help", "quit", "save ", "load ", "rule "]
        view = self.rules.view(self.game.state, self.narrator)
        out += [f"show {p}" for p in self.rules.places(view)]
        out += [f"show {card_name(c.name)}" for c in self.pack.cards().cards]
        return out

    # ------------------------------------------------------------------ the loop
    def loop(self) -> None:
        self.say(_("{game} - seed {seed}. Type 'help' for commands.").format(game=self.rules.title or self.pack.name,
                                                                             seed=self.game.seed))
        while True:
            g = self.game  # (each time round: 'load' and a rematch replace the game)
            self.narrate()
            state = g.state
            if state.over:
                if self.finish():
                    continue
                return
            mover = state.to_move()
            bot = self.bots.get(mover)
            if bot is not None:
                g.apply(bot.choose(self.rules, state.clone()))
                continue
            if mover != self.narrator and len(self.humans()) > 1 and not self.hand_over(mover):
                self.end_of_input()
                return
            self.narrator = mover
            legal = g.legal_actions()
            if self.auto_pass and state.pending is None and legal == [self.rules.pass_action]:
                phase = state.phase
                self.automatic.add(len(g.log))
                g.apply(legal[0])
                self.say("  " + _("({player}: nothing to do in the {phase}, so it ends)").format(
                    player=player_name(mover), phase=localised(self.rules.phase_label(phase))))
                continue
            self.present(mover, legal)
            line = self.reader.read(f"{player_name(mover)}> ")
            if line is None:
                self.end_of_input()
                return
            if not self.command(line.strip(), mover):
                return

    def saved(self) -> bool:
        return self.game.state.over or len(self.game.log) == self.saved_at

    def end_of_input(self) -> None:
        """Ctrl-D (or the end of a piped script) leaves without a question to answer, so a game
        with unsaved moves is not thrown away: it is saved where the user's tabletop keeps its
        state, and the line to continue it is shown."""
        if self.saved():
            self.say("\n" + _("end of input: leaving the game"))
            return
        try:
            path = kept_path(self.game.rules.name, self.game.seed)
            self.game.save(path)
        except OSError as e:
            self.say("\n" + visible(_("end of input: leaving the game (not saved: cannot write {path}: {why})").format(
                path=e.filename or "", why=reason(e))))
            return
        self.saved_at = len(self.game.log)
        self.say("\n" + _("end of input: leaving the game, kept in {path}; continue it with: "
                           "tabletop play {game} --load {path}").format(path=path, game=self.game.rules.name))

    def command(self, line: str, mover: int) -> bool:
        """Handle one line; False to leave the session."""
        if not line:
            return True
        word, _sep, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("quit", "exit"):
            return not self.confirm_quit()
        handler = {"help": self.help, "board": self.board, "log": self.log, "show": self.show, "rule": self.rule,
                   "undo": lambda _: self.undo(mover), "save": self.save, "load": self.load}.get(word)
        if handler is not None:
            handler(rest if word in ("save", "load") else typed(rest))  # a file name is used as typed
            return True
        line = typed(line)
        if line.lower() == "play all":
            self.play_all(mover)
            return True
        if whole_number(line) is not None:
            try:
                action = self.menu.pick(whole_number(line))
            except ValueError as e:
                self.say(str(e))
                return True
        else:
            try:
                action = self.rules.find_action(self.game.state, line)
            except IllegalAction as e:
                self.say(localised(e.reason))
                return True
            except ValueError as e:
                self.say(str(e))
                return True
        self.game.apply(action)
        return True

    # ------------------------------------------------------------------ commands
    def help(self, _rest: str = "") -> None:
        cards = self.pack.cards().cards
        view = self.rules.view(self.game.state, self.narrator)
        places = ", ".join(f"'show {p}'" for p in self.rules.places(view)[:3]) or _("none in this game")
        ids = self.rule_ids()
        text = _(COMMANDS).format(card=card_name(cards[0].name) if cards else "NAME", places=places,
                                  rule=ids[0] if ids else "ID")
        for line in text.splitlines():  # each command's text wrapped under itself
            self.say(fill(line, self.width, subsequent_indent=" " * 20))
        self.say(_("Notation of {game}'s actions:").format(game=self.rules.title or self.pack.name))
        for spec in self.rules.verbs.values():
            example = " " + _("(e.g. '{example}')").format(example=spec.example) if spec.example else ""
            self.say(fill(f"{spec.shape():<34} {_(spec.help)}{example}", self.width, initial_indent="  ",
                                   subsequent_indent=" " * 37))

    def board(self, _rest: str = "") -> None:
        self.full_board = None
        self.shown = None

    def log(self, rest: str = "") -> None:
        """Everything that happened, as this seat may read it (the last N turns with a number)."""
        events = self.game.events
        if rest:
            turns = whole_number(rest)
            if turns is None or turns < 1:
                self.say(_("usage: log [N]   (N: how many turns back)"))
                return
            first_turn = self.game.state.turn - turns + 1
            events = [e for e in events if e.turn >= first_turn]
        shown = 0
        for e in events:
            text = e.render(self.narrator)
            if text is None:
                continue
            shown += 1
            if e.kind == "turn":
                self.say(f"-- {text} --")
            else:
                indent = "  " if e.level == HEADLINE else "      "
                self.say(fill(text, self.width, initial_indent=indent, subsequent_indent=indent + "  "))
        if not shown:
            self.say("  " + _("(nothing has happened yet)"))

    def show(self, ref: str) -> None:
        """A card by name, or the cards at a place of the board, as written and as they stand now."""
        if not ref:
            self.say(_("usage: show <card name>, or show <place> ({places}, ...)").format(places=", ".join(
                self.rules.places(self.rules.view(self.game.state, self.narrator))[:6])))
            return
        view = self.rules.view(self.game.state, self.narrator)
        found = self.rules.locate(view, ref)
        cards = self.pack.cards()
        if found is None:
            card = find_card(cards, ref)
            if card is None:
                from tabletop.framework.suggest import did_you_mean

                names = [c.name for c in cards.cards] + self.rules.places(view)
                self.say(_("no card or place {ref!r}{hint}").format(ref=ref, hint=did_you_mean(ref, names)))
                return
            found = [(card.name, [])]
        if not found:
            self.say(_("{ref}: no card there").format(ref=ref))
            return
        for name, status in found:
            card = cards.by_name.get(name)
            if card is None:
                self.say("\n".join([card_name(name)] + ["  " + _("now: {status}").format(status=localised(s))
                                                          for s in status]))
            else:
                self.say(card_block(card, self.rules, status, self.width))

    def rule_ids(self) -> list[str]:
        from tabletop.framework.rulebook import rulebook

        book = rulebook(self.pack)
        return [r.id for r in book] if book is not None else []

    def rule(self, rest: str) -> None:
        from tabletop.framework.rulebook import rulebook

        book = rulebook(self.pack)
        if book is None:
            self.say(_("{game} carries no rule catalogue").format(game=self.pack.name))
            return
        if not rest:
            self.say(_("usage: rule <ID>, e.g. 'rule {id}'").format(id=book.rules[0].id if book.rules else "ID"))
            return
        try:
            self.say(book.explain(rest, self.width))
        except KeyError as e:
            self.say(e.args[0])

    def play_all(self, mover: int) -> None:
        g = self.game
        n = 0
        while True:
            state = g.state
            if state.over or state.pending is not None or state.to_move() != mover:
                break
            plays = self.rules.free_plays(state, g.legal_actions())
            if not plays:
                break
            if n:
                self.automatic.add(len(g.log))  # (one undo takes back the whole 'play all')
            g.apply(plays[0])
            n += 1
        if not n:
            self.say(_("nothing to play: no card in your hand is played without a choice now"))

    def confirm_quit(self) -> bool:
        if self.saved():
            self.say(_("leaving the game"))
            return True
        answer = self.reader.read(_("The game is not saved (type 'save FILE' to keep it). Leave anyway? [y/N] "))
        if answer is None:  # Ctrl-D is no answer: leave, keeping the game
            self.end_of_input()
            return True
        if answer.strip().lower() in ("y", "yes", _("y"), _("yes")):
            self.say(_("leaving the game (not saved)"))
            return True
        return False

    def undo(self, mover: int) -> None:
        count = self.game.takeback(set(self.humans()), self.automatic)
        if not count:
            self.say(_("nothing to undo"))
            return
        if not self.game.can_undo(count):
            self.say(_("cannot undo: that would take back an action that revealed hidden information"))
            return
        self.game.undo(count)
        self._reset_screen()
        self.say(ngettext("undone: {n} action", "undone: {n} actions", count).format(n=count))

    def save(self, name: str) -> None:
        if not name:
            self.say(_("usage: save FILE"))
            return
        force = name.startswith("--force ") or name.endswith(" --force")
        if force:
            name = (name[len("--force "):] if name.startswith("--force ") else name[:-len(" --force")]).strip()
        path = Path(name)
        named = typed(name, MAX_FILE_SHOWN)
        if path.exists():
            try:
                old, _pos = read_json(path, "saved game")
                ok = isinstance(old, dict) and old.get("format") == "tabletop-save"
            except TabletopError:
                ok = False
            if not ok:
                self.say(_("{path} exists and is not a tabletop saved game: not overwriting it").format(path=named))
                return
            mine = self.game.to_save()
            writable = path.stat().st_mode & 0o222 and os.access(path, os.W_OK)  # else the write says read-only
            if not force and writable and any(old.get(k) != mine[k] for k in ("game", "seed", "options", "players")):
                self.say(_("{path} holds another saved game ({game}, seed {seed}): not overwriting it; type "
                           "'save {path} --force' to replace it, or choose another name").format(
                    path=named, game=old.get("game"), seed=old.get("seed")))
                return
        try:
            self.game.save(path)
        except OSError as e:
            why = reason(e)  # (it may name a folder of the path typed)
            self.say(visible(_("cannot save to {path}: {why}").format(path=named, why=why)))
            return
        self.saved_at = len(self.game.log)
        self.say(_("saved to {path}").format(path=named))

    def load(self, name: str) -> None:
        from tabletop.framework.packs import rules_for

        if not name:
            self.say(_("usage: load FILE"))
            return
        named = typed(name, MAX_FILE_SHOWN)
        try:
            game = Game.load(Path(name), rules_for)
        except TabletopError as e:
            if isinstance(e, LocatedError):
                e.file = named
            self.say(visible(e.render()) + "\n" + _("not loaded: the current game goes on"))
            return
        if game.rules.name != self.game.rules.name:
            self.say(_("{file} is a game of {game}, not {current}: not loaded, the current game goes on").format(
                file=named, game=game.rules.name, current=self.game.rules.name))
            return
        self.game = game
        self.automatic = set()
        self.saved_at = len(game.log)
        self._reset_screen()
        self.say(ngettext("loaded {file} ({n} action)", "loaded {file} ({n} actions)", len(game.log)).format(
            file=named, n=len(game.log)))

    # ------------------------------------------------------------------ the end
    def finish(self) -> bool:
        """The game-over screen; True when the player asks for a rematch (the session goes on)."""
        g = self.game
        state = g.state
        seat = self.narrator
        self.say("")
        self.show_board(seat)
        result = self.rules.result(state)
        winner = result.get("winner")
        self.say("=" * min(self.width, 72))
        turns = result.get("turns", state.turn)
        self.say(game_over_line(winner, turns, len(g.log), you=state.winner in self.humans() and bool(self.bots)))
        for line in result_details(result):
            self.say(line)
        for s in range(state.nplayers):
            if s == seat and self.bots:
                continue
            for zone, names in self.rules.reveal(state, s).items():
                self.say(revealed_line(zone, names, self.width))
        answer = self.reader.read(_("Play again? 's' same seed, 'n' new seed, anything else leaves: "))
        choice = (answer or "").strip().lower()
        if choice not in ("s", "n"):
            return False
        seed = g.seed if choice == "s" else random.SystemRandom().randrange(1, 2**31)
        self.game = Game(self.rules, g.options, seed, g.players)
        self.automatic = set()
        self.bots = self._bots(self.pack, self.vs, seed, self.think, self.game.state.nplayers)
        self.saved_at = 0
        self._reset_screen()
        self.say("\n" + _("New game - seed {seed}.").format(seed=seed))
        return True


def _counted(names: list[str]) -> str:
    """``["A", "B", "A"]`` -> "A x2, B" (in first-seen order)."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return ", ".join(f"{card_name(n)} x{k}" if k > 1 else card_name(n) for n, k in counts.items())


def game_over_line(winner: str | None, turns: int, actions: int, you: bool = False) -> str:
    """The headline of a finished game."""
    after = ngettext("after {turns} turn", "after {turns} turns", turns).format(turns=turns)
    count = ngettext("{actions} action", "{actions} actions", actions).format(actions=actions)
    if winner is None:
        return _("Game over: no winner, {after} ({count}).").format(after=after, count=count)
    if you:
        winner = _("{player} (you)").format(player=winner)
    return _("Game over: {winner} wins {after} ({count}).").format(winner=winner, after=after, count=count)


def revealed_line(zone, names: list[str], width: int) -> str:
    """A hidden zone shown at the end of a game: "revealed: p1's hand (2): Captain, Prospector"."""
    return fill(f"{localised(zone)} ({len(names)}): {_counted(names)}", width,
                initial_indent="  " + _("revealed: "), subsequent_indent="    ")
