"""Watching a bot game as a spectator, and stepping through a saved game.

Both show only what their viewer may know: a spectator sees the public view and the public
renderings of the events (a trap set face down is "p2 sets a trap face down"); a replay is
seen from one seat (``--as p1``, the default) or as a spectator. A finished game's hidden
cards are revealed at its end, as at a real table.
"""
from __future__ import annotations

import sys
import time

from tabletop.cli.layout import event_line, fill, terminal_width
from tabletop.cli.play import board_drawer, game_over_line, result_details, revealed_line
from tabletop.cli.prompt import LineInput
from tabletop.framework.errors import TabletopError
from tabletop.framework.narration import HEADLINE
from tabletop.framework.game import Game
from tabletop.framework.language import N_, gettext as _
from tabletop.framework.numerals import whole_number


class Screen:
    """Narration and boards for one viewer (a seat, or None for a spectator)."""

    def __init__(self, pack, game: Game, viewer: int | None, out=None) -> None:
        self.pack = pack
        self.game = game
        self.viewer = viewer
        self.out = out or sys.stdout
        self.draw = board_drawer(pack)
        self.width = terminal_width()

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def tell(self, text: str, indent: str = "") -> None:
        """A sentence wrapped to the terminal's width (a title, a game-over line, a reason)."""
        self.say(fill(text, self.width, initial_indent=indent, subsequent_indent=indent + "  "))

    def board(self, compact: bool = False) -> None:
        self.say(self.draw(self.game.rules.view(self.game.state, self.viewer), self.width, compact))

    def events(self, events, detail: bool = False) -> None:
        for e in events:
            if e.level != HEADLINE and not detail:
                continue
            line = event_line(e, self.viewer, self.width)
            if line is not None:
                self.say(line)

    def game_over(self) -> None:
        g = self.game
        state = g.state
        result = g.rules.result(state)
        self.say("=" * min(self.width, 72))
        turns = result.get("turns", state.turn)
        if result.get("winner") is None:
            self.tell(_("Game over: no one wins after {turns} turns ({actions} actions).").format(turns=turns,
                                                                                            actions=len(g.log)))
        else:
            self.tell(game_over_line(result["winner"], turns, len(g.log)))
        for line in result_details(result):
            self.tell(line.lstrip(), indent="  ")
        for s in range(state.nplayers):
            for zone, names in g.rules.reveal(state, s).items():
                self.say(revealed_line(zone, names, self.width))


def watch(pack, bots: list[str], seed: int, options: dict, players: int | None, delay: float,
          think: float | None = None, out=None) -> Game:
    """Play a bot game and show it to a spectator as it goes, ``delay`` seconds per action."""
    from tabletop.batches.games import check_seat_decks, make_bot
    from tabletop.cli.options import MAX_DELAY, check_bot_specs, finite_number, think_seconds

    delay = finite_number(delay, "--delay", N_("seconds"), 0, MAX_DELAY, example="0.5")
    think = think_seconds(think)
    check_bot_specs(bots, "--bots")
    rules = pack.rules()
    try:
        game = Game(rules, options, seed, players)
    except ValueError as e:
        raise TabletopError(_("cannot start {game}: {why}").format(game=pack.name, why=e)) from None
    n = game.state.nplayers
    if len(bots) not in (1, n):
        raise TabletopError(_("{game} is played by {n} here: give 1 or {n} bots, not {given}").format(
            game=pack.name, n=n, given=len(bots)))
    check_seat_decks(pack.name, options, n)
    seats = [make_bot(pack, bots[s % len(bots)], seed + s, think=think) for s in range(n)]
    screen = Screen(pack, game, None, out)
    names = ", ".join(f"p{s + 1} {bots[s % len(bots)]}" for s in range(n))
    screen.tell(_("{game} - seed {seed} - {bots} (you watch as a spectator)").format(
        game=rules.title or pack.name, seed=seed, bots=names))
    cursor = 0
    turn = None
    while True:
        state = game.state
        if state.turn != turn and not state.over:
            screen.events(game.events[cursor:])
            cursor = len(game.events)
            turn = state.turn
            screen.say("")
            screen.board(compact=False)
        if state.over:
            break
        game.apply(seats[state.to_move()].choose(rules, state.clone()))
        screen.events(game.events[cursor:])
        cursor = len(game.events)
        if delay > 0:
            time.sleep(delay)
    screen.say("")
    screen.board()
    screen.game_over()
    return game


REPLAY_HELP = N_("""Replay commands:
  Enter or n     the next action          b      one action back
  t              to the start of the next turn
  g N            to just after action N    board  the whole board now
  log            everything so far         q      leave""")


def replay(pack, game: Game, viewer: int | None, inp=None, out=None) -> None:
    """Step through the saved ``game`` (already loaded, so checked) as ``viewer`` sees it."""
    actions = list(game.log)
    if viewer is not None and viewer >= game.state.nplayers:
        raise TabletopError(_("there is no p{seat} in this {n}-player game").format(seat=viewer + 1,
                                                                                  n=game.state.nplayers))
    rules = game.rules
    step = 0
    cur = Game(rules, game.options, game.seed, game.players)
    screen = Screen(pack, cur, viewer, out)
    reader = LineInput(inp or sys.stdin, screen.out, lambda: ["n", "b", "t", "g ", "board", "log", "q"])
    who = _("a spectator") if viewer is None else f"p{viewer + 1}"
    screen.tell(_("Replay of a {game} game, seed {seed}, {n} actions, seen by {who}. Type 'help' for the "
                 "commands.").format(game=rules.title or pack.name, seed=game.seed, n=len(actions), who=who))
    screen.events(cur.events)
    screen.board()

    def goto(n: int) -> None:
        nonlocal cur, step
        n = max(0, min(len(actions), n))
        if n < step:
            cur = Game(rules, game.options, game.seed, game.players)
            for a in actions[:n]:
                cur.apply(a)
            screen.game = cur
            step = n
            screen.say(_("(back to just after action {n})").format(n=n))
            screen.board()
            return
        cursor = len(cur.events)
        turn = cur.state.turn
        for a in actions[step:n]:
            cur.apply(a)
        step = n
        screen.events(cur.events[cursor:])
        if cur.state.over:
            screen.say("")
            screen.board()
            screen.game_over()
        else:
            screen.board(compact=cur.state.turn == turn)

    while True:
        mark = f"{step}/{len(actions)}"
        line = reader.read(f"replay {mark}> ")
        if line is None:
            return
        cmd = line.strip().lower()
        if cmd in ("q", "quit", "exit"):
            return
        if cmd in ("", "n", "next"):
            if step >= len(actions):
                screen.say(_("(the end of the saved game: 'b' to go back, 'q' to leave)"))
            else:
                goto(step + 1)
        elif cmd in ("b", "back"):
            goto(step - 1)
        elif cmd in ("t", "turn"):
            n = step
            probe = Game(rules, game.options, game.seed, game.players)
            for a in actions[:step]:
                probe.apply(a)
            turn = probe.state.turn
            while n < len(actions) and probe.state.turn == turn:
                probe.apply(actions[n])
                n += 1
            goto(n)
        elif cmd.startswith("g"):
            arg = cmd[1:].strip().removeprefix("oto").strip()
            if whole_number(arg) is None:
                screen.say(_("usage: g N (0 to go back to the start)"))
            else:
                goto(whole_number(arg))
        elif cmd == "board":
            screen.board()
        elif cmd == "log":
            screen.events(cur.events, detail=True)
        elif cmd == "help":
            screen.say(_(REPLAY_HELP))
        else:
            screen.say(_("unknown replay command {command!r}; type 'help'").format(command=line.strip()))
