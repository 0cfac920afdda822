"""Tables being played: the game in memory, the connections watching it, the bots moving in it.

The database (:mod:`tabletop.web.store`) is the truth; a :class:`Table` is one server
process's copy of it, replayed from the stored actions. Every change goes the same way:
bring the copy up to date with the database, apply the action to the copy (the rules check
it), commit it, and only then tell the connections. A second server process (``--workers
2``) holding the same table notices the change by polling the table's version.

Bots move by themselves after a short delay; they think on a copy of the state, off the
event loop (a thread; MCTS in a separate process, so a long search never slows other tables
through the interpreter lock), and their move is committed only if the table did not move on
while they thought.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import json
import time
from typing import Any

from tabletop.framework import language
from tabletop.framework.actions import format_action
from tabletop.framework.effects import IllegalAction
from tabletop.framework.errors import TabletopError
from tabletop.framework.game import Game
from tabletop.framework.state import player_name

from tabletop.framework.language import gettext
from tabletop.web.store import Conflict, DamagedTable, Store, TableRecord
from tabletop.web.transfer import replay_onto, replayed
from tabletop.web.views import card_face, seat_message

#: why a finished game is not undone: its result, offered for replay and export, stands
GAME_OVER = "the game is over: its result stands (replay it, or start a new table)"


class Connection:
    """One browser tab: the viewer it holds (a seat index or None) and what it was sent."""

    def __init__(self, ws, viewer: int | None, lang: str = "en") -> None:
        self.ws = ws
        self.viewer = viewer
        self.lang = lang  # the language this tab reads (its page's choice, else its browser's)
        self.events_sent = 0
        self.epoch = None
        self.lock = asyncio.Lock()
        self.replay: Game | None = None

    async def send(self, message: dict) -> None:
        async with self.lock:
            await self.ws.send_text(json.dumps(message, ensure_ascii=False))


class Table:
    """One table's game, kept equal to the database (see the module docstring)."""

    def __init__(self, rec: TableRecord, pack, store: Store, faces: dict) -> None:
        self.rec = rec
        self.id = rec.id
        self.pack = pack
        self.store = store
        self.seats = rec.seats
        self.faces = faces
        self.conns: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.undo_request: dict | None = None
        self.bots: dict[int, Any] = {}
        self.bot_task: asyncio.Task | None = None
        self.changed_at = time.monotonic()
        self._rebuild()

    # ------------------------------------------------------------------ keeping up with the database
    def _rebuild(self) -> None:
        rec = self.store.get(self.id)
        self.version, self.epoch = rec.version, rec.epoch
        actions = self.store.actions(self.id)
        self.game = replayed(self.store, rec, self.pack.rules(), actions)
        self.automatic: set[int] = {n for n, (_text, auto) in enumerate(actions) if auto}

    def sync(self) -> bool:
        """Catch up with the database; True if the table changed."""
        now = self.store.versions([self.id]).get(self.id)
        if now is None or now == (self.version, self.epoch):
            return False
        if now[1] != self.epoch:
            self._rebuild()
        else:
            new = self.store.actions(self.id, after=len(self.game.log))
            self.automatic.update(len(self.game.log) + k for k, (_text, auto) in enumerate(new) if auto)
            replay_onto(self.game, self.store, self.id, new)
            self.version = now[0]
        self.undo_request = None
        self.changed_at = time.monotonic()
        return True

    def commit(self, action, auto: bool = False) -> None:
        """Apply ``action`` (checked by the rules) and commit it; a database that moved on meanwhile
        (another server process) raises :class:`Conflict` and the copy is rebuilt. ``auto``: taken
        for a human by the server (a phase with nothing to do), so their undo goes past it."""
        game = self.game
        game.apply(action)
        if auto:
            self.automatic.add(len(game.log) - 1)
        try:
            self.version = self.store.append(self.id, self.version, len(game.log), format_action(action),
                                             game.state.over, auto)
        except BaseException:
            self._rebuild()
            raise
        self.undo_request = None
        self.changed_at = time.monotonic()

    # ------------------------------------------------------------------ who is here
    def human(self, seat: int) -> bool:
        return self.seats[seat]["kind"] == "human"

    def online(self, seat: int) -> bool:
        return self.seats[seat]["kind"] == "bot" or any(c.viewer == seat for c in self.conns)

    def can_export(self, viewer: int | None) -> bool:
        """A save file holds the seed, so every hidden card: only for a finished game, or for the
        only human at a table of bots (as in the terminal)."""
        if self.game.state.over:
            return True
        humans = [i for i in range(len(self.seats)) if self.human(i)]
        return viewer is not None and humans == [viewer]

    def undo_offer(self, viewer: int | None) -> dict:
        """What the undo button does for ``viewer``: ``{"can": bool, "asks": [seats], "asked_by": seat}``."""
        out: dict[str, Any] = {"can": False}
        if viewer is None or self.game.state.over:  # a finished game's result stands
            return out
        count = self.game.takeback({viewer}, self.automatic)
        out["can"] = bool(count) and self.game.can_undo(count)
        out["needs_agreement"] = [player_name(i) for i in self._others(viewer)]
        req = self.undo_request
        if req is not None:
            out["asked_by"] = player_name(req["by"])
            out["pending"] = req["by"] == viewer
            out["to_answer"] = viewer in req["waiting"]
        return out

    def _others(self, seat: int) -> list[int]:
        return [i for i in range(len(self.seats)) if i != seat and self.human(i)]

    # ------------------------------------------------------------------ telling the connections
    async def broadcast(self) -> None:
        for conn in list(self.conns):
            try:
                await self.send_state(conn)
            except Exception:
                self.conns.discard(conn)

    async def send_state(self, conn: Connection) -> None:
        if conn.epoch != self.epoch:  # an undo: the log is told again from the start
            conn.events_sent = 0
            conn.epoch = self.epoch
        with language.speaking(conn.lang):
            msg = seat_message(self, conn.viewer, conn.events_sent)
        conn.events_sent = len(self.game.events)
        await conn.send(msg)


class Hub:
    """Every table this server process holds, the database, the bots' executors."""

    def __init__(self, store: Store, bot_delay: float = 0.6, poll: float = 0.25, auto_pass: bool = True) -> None:
        from tabletop.framework.packs import registry

        self.store = store
        self.registry = registry()
        self.tables: dict[str, Table] = {}
        self.bot_delay = bot_delay
        self.poll = poll
        self.auto_pass = auto_pass
        self._faces: dict[str, dict] = {}
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._tasks: set[asyncio.Task] = set()
        self._poller: asyncio.Task | None = None

    # ------------------------------------------------------------------ lifetime
    async def start(self) -> None:
        """Resume the unfinished tables whose next move is a bot's, and watch the database."""
        for table_id in self.store.unfinished():
            try:  # a damaged table (DamagedTable) is said to whoever opens it; the others go on
                rec = self.store.get(table_id)
                if any(s["kind"] == "bot" for s in rec.seats):
                    self.schedule_bot(self.table(table_id))
            except TabletopError:
                continue
        self._poller = asyncio.create_task(self._poll())

    async def stop(self) -> None:
        for t in [self._poller, *self._tasks, *(t.bot_task for t in self.tables.values())]:
            if t is not None:
                t.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def faces(self, pack) -> dict:
        if pack.name not in self._faces:
            self._faces[pack.name] = {c.name: card_face(c) for c in pack.cards().cards}
        return self._faces[pack.name]

    def table(self, table_id: str) -> Table:
        """The table ``table_id``, replayed from the database on first use."""
        t = self.tables.get(table_id)
        if t is None:
            rec = self.store.get(table_id)
            if rec is None:
                raise KeyError(table_id)
            pack = self.registry.get(rec.game)
            t = Table(rec, pack, self.store, self.faces(pack))
            self.tables[table_id] = t
        return t

    def create(self, pack, options: dict, players: int | None, seed: int, seats: list[dict],
               spectator: str, table_id: str, actions: list[str] = ()) -> Table:
        rec = TableRecord(table_id, pack.name, options, players, seed, seats, spectator, time.time())
        self.store.create(rec, list(actions))
        t = self.table(table_id)
        self.schedule_bot(t)
        return t

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(self.poll)
            try:
                await self._poll_once()
            except Exception:  # a broken table must not stop the others being watched
                continue

    async def _poll_once(self) -> None:
        ids = list(self.tables)
        for tid, now in self.store.versions(ids).items():
            t = self.tables[tid]
            if now == (t.version, t.epoch):
                stale = time.monotonic() - t.changed_at > 5 + 4 * self.bot_delay
                if stale and (t.bot_task is None or t.bot_task.done()):
                    self.schedule_bot(t)  # the process that moved last is gone: take its bots over
                continue
            async with t.lock:
                t.sync()
            await t.broadcast()
            if not t.conns and (t.bot_task is None or t.bot_task.done()) and t.game.state.over:
                self.tables.pop(tid, None)

    # ------------------------------------------------------------------ humans
    async def act(self, t: Table, conn: Connection, text: str, version: int | None) -> str | None:
        """Apply the action ``text`` for the connection's seat; None, or why it was refused."""
        seat = conn.viewer
        async with t.lock:
            t.sync()
            state = t.game.state
            if seat is None:
                return "a spectator cannot act"
            if state.over:
                return "the game is over"
            if version is not None and version != t.version:
                return "the table moved on since you chose; here is where it stands now"
            if state.to_move() != seat:
                return f"it is {player_name(t.game.rules.mover_shown_to(state, seat))}'s move, not yours"
            try:
                action = t.game.rules.find_action(state, text)
            except IllegalAction as e:
                return e.reason or str(e)
            except ValueError as e:
                return str(e)
            try:
                t.commit(action)
                self._auto_pass(t)
            except Conflict:
                return "the table moved on since you chose; here is where it stands now"
        await t.broadcast()
        self.schedule_bot(t)
        return None

    async def play_all(self, t: Table, conn: Connection) -> str | None:
        """Play every card whose play needs no choice and can never hurt (the terminal's 'play all')."""
        seat = conn.viewer
        n = 0
        async with t.lock:
            t.sync()
            while True:
                state = t.game.state
                if seat is None or state.over or state.pending is not None or state.to_move() != seat:
                    break
                plays = t.game.rules.free_plays(state, t.game.legal_actions())
                if not plays:
                    break
                try:
                    t.commit(plays[0])
                except Conflict:
                    break
                n += 1
            if n:
                self._auto_pass(t)
        if not n:
            return "nothing to play: no card in your hand is played without a choice now"
        await t.broadcast()
        self.schedule_bot(t)
        return None

    def explain(self, t: Table, seat: int | None, text: str) -> str:
        """Why ``text`` is not legal now for ``seat`` (or that it is), without applying anything."""
        state = t.game.state
        if seat is None or state.over or state.to_move() != seat:
            return "not your move"
        try:
            t.game.rules.find_action(state, text)
        except IllegalAction as e:
            return e.reason or str(e)
        except ValueError as e:
            return str(e)
        return ""

    def _auto_pass(self, t: Table) -> None:
        """Phases where a human can only pass pass by themselves (the terminal's default too)."""
        rules = t.game.rules
        while self.auto_pass and rules.pass_action is not None:
            state = t.game.state
            if state.over or state.pending is not None or not t.human(state.to_move()):
                return
            if t.game.legal_actions() != [rules.pass_action]:
                return
            t.commit(rules.pass_action, auto=True)

    async def undo(self, t: Table, seat: int | None, answer: bool | None = None) -> str | None:
        """Ask to undo (``answer`` None) or answer another's request; None, or why not."""
        if seat is None:
            return "a spectator cannot undo"
        async with t.lock:
            t.sync()
            if t.game.state.over:
                t.undo_request = None
                return GAME_OVER
            if answer is None:
                count = t.game.takeback({seat}, t.automatic)
                if not count:
                    return "nothing of yours to undo"
                if not t.game.can_undo(count):
                    return "cannot undo: that would take back an action that revealed hidden information"
                waiting = set(t._others(seat))
                t.undo_request = {"by": seat, "count": count, "version": t.version, "waiting": waiting}
            else:
                req = t.undo_request
                if req is None or seat not in req["waiting"]:
                    return "no undo to answer"
                if not answer:
                    t.undo_request = None
                    await self._notice(t, f"{player_name(seat)} declined to undo")
                    await t.broadcast()
                    return None
                req["waiting"].discard(seat)
            req = t.undo_request
            if req is not None and not req["waiting"]:
                keep = len(t.game.log) - req["count"]
                try:
                    t.version, t.epoch = t.store.truncate(t.id, req["version"], keep)
                    t.game.undo(req["count"])
                    t.automatic = {n for n in t.automatic if n < keep}
                except Conflict:
                    t._rebuild()
                    t.undo_request = None
                    return "the table moved on: undo again if you still want to"
                t.undo_request = None
                t.changed_at = time.monotonic()
        await t.broadcast()
        self.schedule_bot(t)
        return None

    async def _notice(self, t: Table, text: str) -> None:
        for conn in list(t.conns):
            try:
                await conn.send({"type": "notice", "text": text})
            except Exception:
                t.conns.discard(conn)

    # ------------------------------------------------------------------ bots
    def schedule_bot(self, t: Table) -> None:
        state = t.game.state
        if state.over or t.human(state.to_move()):
            return
        if t.bot_task is not None and not t.bot_task.done():
            return
        t.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(t))

    async def _bot_turn(self, t: Table) -> None:
        try:
            await self._bot_moves(t)
        except DamagedTable:  # the table is said to be damaged to whoever acts at it; its bots stop
            return

    async def _bot_moves(self, t: Table) -> None:
        await asyncio.sleep(self.bot_delay)
        while True:
            async with t.lock:
                t.sync()
                state = t.game.state
                if state.over or t.human(state.to_move()):
                    return
                seat = state.to_move()
                version = t.version
                copy = state.clone()
                step = len(t.game.log)
            spec = t.seats[seat]["bot"]
            action = await self._think(t, seat, spec, copy, step)
            async with t.lock:
                if t.sync() or t.version != version:
                    continue  # moved on while thinking: think again on the new position
                try:
                    t.commit(action)
                    self._auto_pass(t)
                except Conflict:
                    continue
            await t.broadcast()
            state = t.game.state
            if state.over or t.human(state.to_move()):
                return
            await asyncio.sleep(self.bot_delay)

    async def _think(self, t: Table, seat: int, spec: str, state, step: int):
        from tabletop.batches.games import make_bot

        seed = (t.rec.seed * 1_000_003 + step * 31 + seat) % (1 << 62)
        if spec.split(":")[0] == "mcts":
            if self._pool is None:
                self._pool = concurrent.futures.ProcessPoolExecutor(max_workers=1)
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool, _choose, t.pack.name, spec, seed, state)
        bot = t.bots.get(seat)
        if bot is None:
            bot = t.bots[seat] = make_bot(t.pack, spec, seed)
        return await asyncio.to_thread(bot.choose, t.game.rules, state)

    # ------------------------------------------------------------------ replay of a finished game
    def replay_message(self, t: Table, conn: Connection, step: int) -> dict:
        """The position after ``step`` actions of a finished game, as the connection's seat saw it."""
        g = t.game
        if not g.state.over:
            raise TabletopError(gettext('a game can be replayed once it is over'))
        step = max(0, min(step, len(g.log)))
        r = conn.replay
        if r is None or len(r.log) > step:
            r = Game(g.rules, g.options, g.seed, g.players)
        while len(r.log) < step:
            r.apply(g.log[len(r.log)])
        conn.replay = r
        shadow = _Shadow(t, r)
        with language.speaking(conn.lang):
            msg = seat_message(shadow, conn.viewer, 0)
        msg.update(type="replay", replay_step=step, replay_total=len(g.log), legal=[])
        return msg


class _Shadow:
    """A table seen at an earlier step (replay): the same seats and faces, another game."""

    def __init__(self, t: Table, game: Game) -> None:
        self.id, self.seats, self.faces, self.version, self.game = t.id, t.seats, t.faces, t.version, game
        self._t = t

    def online(self, seat: int) -> bool:
        return self._t.online(seat)

    def undo_offer(self, viewer):
        return {"can": False}

    def can_export(self, viewer) -> bool:
        return self._t.can_export(viewer)


def _choose(pack_name: str, spec: str, seed: int, state):
    """A bot's move, in a worker process (MCTS)."""
    from tabletop.framework.packs import registry
    from tabletop.batches.games import make_bot

    pack = registry().get(pack_name)
    return make_bot(pack, spec, seed).choose(pack.rules(), state)
