"""Tables in and out of the database from the command line: list them, export one as the
terminal's save file (written atomically), import a save file as a new table."""
from __future__ import annotations

import time
from pathlib import Path

from tabletop.framework.errors import TabletopError
from tabletop.framework.game import Game
from tabletop.framework.language import gettext as _, ngettext
from tabletop.framework.state import player_name
from tabletop.framework.syserrors import reason
from tabletop.web.seats import make_seats, new_table_id, new_token
from tabletop.framework.wording import clip, shown
from tabletop.web.store import DamagedTable, Store, TableRecord


def replayed(store: Store, rec: TableRecord, rules=None, actions: list[tuple[str, bool]] | None = None) -> Game:
    """The table's game, its ``actions`` (default: the stored ones) replayed by ``rules`` (default:
    its pack's); :class:`DamagedTable` naming the table (and the action) when the database holds a
    game that cannot be (edited by hand, or damaged), as a save file that cannot be replayed is refused."""
    from tabletop.framework.packs import registry

    try:
        game = Game(rules or registry().get(rec.game).rules(), rec.options, rec.seed, rec.players)
    except (ValueError, TabletopError) as e:
        raise _damaged(store, rec.id, e.render() if isinstance(e, TabletopError) else clip(str(e), 400)) from None
    replay_onto(game, store, rec.id, store.actions(rec.id) if actions is None else actions)
    return game


def replay_onto(game: Game, store: Store, table_id: str, actions: list[tuple[str, bool]]) -> None:
    """Apply stored ``actions`` (those after ``game``'s log) to ``game``; :class:`DamagedTable` naming
    the table and the action if one cannot be: whether the whole table is replayed or another
    server process's new actions are caught up with, a damaged row is said the same way. The
    actions before the damaged one stay applied: the game is still a prefix of the database."""
    first = len(game.log) + 1
    for n, (text, _auto) in enumerate(actions, first):
        if not isinstance(text, str):
            raise _damaged(store, table_id, _("action {n} is not a text").format(n=n))
        try:
            game.apply_text(text)
        except (ValueError, TabletopError) as e:  # an IllegalAction, an ActionSyntaxError, a text that is none
            raise _damaged(store, table_id, _("action {n} ({shown}) cannot be replayed: {why}").format(
                n=n, shown=shown(text), why=e.render() if isinstance(e, TabletopError) else clip(str(e), 400))) from None


def _damaged(store: Store, table_id: str, why: str) -> DamagedTable:
    return DamagedTable(_("{db}: table {table!r} is damaged: {problem}").format(
        db=store.path, table=table_id, problem=why))


def list_tables(db: Path) -> list[str]:
    """One line per table: id, game, actions, whether it is over, who holds the seats."""
    store = Store(db)
    try:
        lines = []
        for rec in sorted(store.all(), key=lambda r: r.created):
            human = _("human")
            seats = ", ".join(f"{player_name(i)} {s['bot'] if s['kind'] == 'bot' else human}"
                              for i, s in enumerate(rec.seats))
            state = _("over") if rec.over else _("going on")
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(rec.created))
            n = len(store.actions(rec.id))
            actions = ngettext("{n:>4} action ", "{n:>4} actions", n).format(n=n)
            lines.append(f"{rec.id}  {rec.game:<11} {actions}  {state:<8}  {when}  {seats}")
        return lines
    finally:
        store.close()


def export_table(db: Path, table_id: str, path: Path, before_write=None) -> int:
    """Write the table's save file to ``path`` atomically; the number of actions in it.
    ``before_write(game)``, if given, may refuse (raise) once the table's game is known."""
    store = Store(db)
    try:
        rec = store.get(table_id)
        if rec is None:
            raise TabletopError(_("no table {table!r} in {db} (tabletop tables list --db {db})").format(
                table=table_id, db=db))
        game = replayed(store, rec)
    finally:
        store.close()
    if before_write is not None:
        before_write(game)
    try:
        game.save(path)
    except OSError as e:
        raise TabletopError(_("{path}: cannot write: {why}").format(path=path, why=reason(e))) from None
    return len(game.log)


def import_save(db: Path, path: Path, bots: dict[int, str]) -> tuple[str, list[tuple[str, str]]]:
    """A new table from the save file ``path``; seats are humans unless ``bots`` names a bot for
    them. Its id, and each human seat's link (a path on the server) by seat name."""
    from tabletop.framework.packs import registry, rules_for

    game = Game.load(path, rules_for)
    pack = registry().get(game.rules.name)
    n = game.state.nplayers
    if any(not 0 <= s < n for s in bots):
        raise TabletopError(_("this game has seats p1..p{n}").format(n=n))
    specs = [{"kind": "bot", "bot": bots[i]} if i in bots else {"kind": "invite"} for i in range(n)]
    seats = make_seats(pack, specs, n)
    table_id = new_table_id()
    store = Store(db)
    try:
        store.create(TableRecord(table_id, pack.name, game.options, game.players, game.seed, seats, new_token(),
                                 time.time(), over=game.state.over),
                     game.to_save()["actions"])
    finally:
        store.close()
    links = [(player_name(i), f"/t/{table_id}#k={s['token']}") for i, s in enumerate(seats) if s["kind"] == "human"]
    return table_id, links
