"""The web server: the lobby's HTTP API, one WebSocket per browser tab, the static page files.

HTTP (JSON): ``GET /api/games`` what can be played; ``POST /api/deckcheck`` a pasted or
uploaded deck checked with ``deckcheck``'s messages; ``POST /api/tables`` a new table (its
links); ``POST /api/tables/import`` a terminal save file as a new table; ``POST
/api/tables/{id}/save`` the table as a save file. WebSocket ``/ws/{id}``: the first message
is ``{"type": "hello", "token": ...}`` (the token never travels in a URL the server logs);
then the server sends ``state`` messages and the browser sends ``act``, ``explain``,
``undo``, ``undo_answer`` and ``replay``.
"""
from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from tabletop.framework import language
from tabletop.framework.errors import TabletopError
from tabletop.framework.game import Game, SaveError
from tabletop.framework.language import gettext
from tabletop.framework.state import player_name
from tabletop.framework.wording import FILE_LIMIT, clip, shown
from tabletop.web.seats import SPECTATOR, make_seats, new_table_id, new_token, viewer_of
from tabletop.web.store import DamagedTable, Store
from tabletop.web.tables import Connection, Hub

STATIC = Path(__file__).with_name("static")
MAX_BODY = 1 << 20


class BadRequest(Exception):
    pass


def _fail(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _bounded_json(text: str | bytes, what: str | None = None):
    """JSON read as the command line reads a user's file: depth and numbers bounded, no NaN, no
    duplicate keys (``userfiles.load_json``), so no request can make the server recurse or stall.
    ``what``: the file the text is (a save), located in errors; None for a request's own body."""
    from tabletop.framework.errors import LocatedError
    from tabletop.framework.userfiles import JsonSyntaxError, load_json

    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest(gettext('the request is not JSON')) from None
    try:
        return load_json(text, what or "request")[0]
    except JsonSyntaxError as e:
        raise BadRequest(gettext('the request is not JSON') if what is None else e.render()) from None
    except LocatedError as e:
        raise BadRequest(e.render()) from None


async def _message(ws: WebSocket):
    """One WebSocket message, read as a request body is (:func:`_bounded_json`: size, depth and
    numbers bounded), so no message can make the server recurse: a bare ``receive_json`` let a
    message of 100,000 nested brackets end the connection with a RecursionError."""
    try:
        text = await ws.receive_text()
    except KeyError:  # a binary frame
        raise BadRequest(gettext('not JSON')) from None
    if len(text) > MAX_BODY:
        raise BadRequest(gettext('request too large'))
    return _bounded_json(text)


def _malformed(msg: dict) -> str | None:
    """What is wrong with an ``act`` or ``explain`` message's fields, or None: a text that is not
    one (a list, a number) was read as its ``str()``, and a ``version`` that is no number as a
    table that moved on."""
    text, version = msg.get("text"), msg.get("version")
    if not isinstance(text, str):
        return gettext("an action is written as a text, e.g. 'end turn', not {value}").format(value=shown(text))
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        return gettext("'version' is the whole number of the position the action was chosen in, not {value}").format(
            value=shown(version))
    return None


def upload_name(filename: object, default: str) -> str:
    """The name a pasted or uploaded file is shown by in messages: the last part of the name the
    browser sent, cut to a file name's length, or ``default`` when it sent nothing a file could be
    called (not a text, empty, '.', '..', a NUL). Only a label: the server never opens a file by
    a name a request gives, since one such as '..' or 300 characters is no file it can write."""
    name = Path(filename).name if isinstance(filename, str) and "\0" not in filename else ""
    return clip(name, FILE_LIMIT) if name not in ("", ".", "..") else default


async def _json(request: Request) -> dict:
    body = await request.body()
    if len(body) > MAX_BODY:
        raise BadRequest(gettext('request too large'))
    data = _bounded_json(body or b"{}")
    if not isinstance(data, dict):
        raise BadRequest(gettext('the request must be a JSON object'))
    return data


def create_app(db: str | Path, bot_delay: float = 0.6, poll: float = 0.25) -> Starlette:
    """The application over the database ``db``; ``bot_delay`` seconds before each bot move."""
    store = Store(db)
    hub = Hub(store, bot_delay=bot_delay, poll=poll)

    def pack_of(name) -> object:
        if not isinstance(name, str):
            raise BadRequest(gettext("say which game: 'game' is missing"))
        return hub.registry.get(name)

    async def games(request: Request) -> Response:
        from tabletop.batches.games import bot_names

        out = []
        for name, pack in sorted(hub.registry.packs.items()):
            rules = pack.rules()
            deck_rules = pack.deck_rules()
            out.append({"name": name, "title": rules.title or name, "min_players": rules.min_players,
                        "max_players": rules.max_players, "options": shown_options(rules.option_choices),
                        "decks": sorted(deck_rules.decks()) if deck_rules is not None else None,
                        "bots": [b for b in bot_names(pack)] + ["mcts:200", "mcts:1000"]})
        return JSONResponse({"games": out})

    def shown_options(choices: dict) -> dict:
        """A game's options for the lobby, in the request's language: each with its ``label`` and
        ``help``, and its values as shown (``shown``); the values sent back stay the option's own."""
        from tabletop.web.words import option_label, option_value

        return {name: {**spec, "label": option_label(name), "help": gettext(spec["help"]) if spec.get("help") else spec.get("help"),
                       "shown": [option_value(v) for v in spec["values"]]} for name, spec in choices.items()}

    def check_text(pack, text: object, filename: object):
        """Check a pasted or uploaded deck exactly as ``deckcheck`` checks a file of that name."""
        from tabletop.decks import check_deck

        if not isinstance(text, str):
            from tabletop.framework.wording import kind_of

            raise BadRequest(gettext("'text' is the deck's text, not {what}").format(what=kind_of(text)))
        if not text.strip():
            raise BadRequest(gettext('the deck is empty: paste it or choose a file'))
        name = upload_name(filename, "deck.yaml")
        with tempfile.TemporaryDirectory(prefix="tabletop-deck-") as d:
            path = Path(d) / "deck.yaml"  # a deck's format is read from its text, never from its name
            path.write_text(text, encoding="utf-8")
            report = check_deck(pack.name, str(path))
            if hasattr(report, "file"):
                report.file = name
            rendered = report.render().replace(str(path), name)
            data = json.loads(json.dumps(report.to_json()).replace(json.dumps(str(path))[1:-1], json.dumps(name)[1:-1]))
        return report, rendered, data

    async def words(request: Request) -> Response:
        """The pages' words in the language asked for (``?lang=``), else the one the browser prefers."""
        from tabletop.web.words import page_words

        lang = language.normalise(request.query_params.get("lang")) or \
            language.from_accept_language(request.headers.get("accept-language"))
        return JSONResponse({"lang": lang, "languages": list(language.languages()), "words": page_words(lang)})

    async def deckcheck(request: Request) -> Response:
        data = await _json(request)
        pack = pack_of(data.get("game"))
        report, rendered, report_json = check_text(pack, data.get("text"), data.get("filename"))
        return JSONResponse({"report": report_json, "text": rendered, "legal": report.verdict == "legal"})

    def decks_option(pack, decks) -> list | None:
        if decks is None:
            return None
        if not isinstance(decks, list):
            raise BadRequest(gettext("'decks' is a list, one per seat"))
        out = []
        for i, d in enumerate(decks):
            if d is None or isinstance(d, str):
                out.append(d)
            elif isinstance(d, dict) and "text" in d:
                report, rendered, _ = check_text(pack, d["text"], d.get("filename"))
                if report.verdict != "legal":
                    raise BadRequest(gettext(
                        "{player_name}'s deck:\n{rendered}").format(player_name=player_name(i), rendered=rendered))
                out.append(list(report.cards))
            else:
                raise BadRequest(gettext(
                    "{player_name}'s deck: a deck name, or {{'text': ...}}").format(player_name=player_name(i)))
        return out

    def links(t) -> dict:
        seats = []
        for i, s in enumerate(t.seats):
            entry = {"seat": player_name(i), "kind": s["kind"], "bot": s.get("bot"), "invited": s.get("invited")}
            if s["kind"] == "human":
                entry["url"] = f"/t/{t.id}#k={s['token']}"
            seats.append(entry)
        return {"table": t.id, "seats": seats, "spectator": f"/t/{t.id}#k={t.rec.spectator}"}

    async def create_table(request: Request) -> Response:
        data = await _json(request)
        pack = pack_of(data.get("game"))
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise BadRequest(gettext("'options' is an object"))
        options = {k: v for k, v in options.items() if v not in (None, "", [])}
        decks = decks_option(pack, data.get("decks"))
        if decks is not None and any(d is not None for d in decks):
            options["decks"] = decks
        players = data.get("players")
        if players is not None and not isinstance(players, int):
            raise BadRequest(gettext("'players' is a number"))
        seed = data.get("seed")
        if seed in (None, ""):
            seed = random.SystemRandom().randrange(1, 2**31)
        if not isinstance(seed, int):
            raise BadRequest(gettext("'seed' is a whole number"))
        try:
            game = Game(pack.rules(), options, seed, players)
        except (ValueError, TabletopError) as e:
            raise BadRequest(gettext(
                'cannot start {name}: {value}').format(
                name=pack.name, value=e.render() if hasattr(e, "render") else str(e))) from None
        seats = make_seats(pack, data.get("seats"), game.state.nplayers)
        t = hub.create(pack, options, players, seed, seats, new_token(), new_table_id())
        return JSONResponse(links(t))

    async def import_table(request: Request) -> Response:
        from tabletop.framework.packs import rules_for

        data = await _json(request)
        text = data.get("save")
        if not isinstance(text, str):
            raise BadRequest(gettext("paste or choose a saved game ('save')"))
        name = upload_name(data.get("filename"), gettext("saved game"))
        save = _bounded_json(text.removeprefix("\ufeff"), name)  # a byte-order mark, as a file read from disk may start with
        try:
            game = Game.from_save(save, rules_for, name)
        except SaveError as e:
            raise BadRequest(e.render()) from None
        pack = hub.registry.get(game.rules.name)
        seats = make_seats(pack, data.get("seats"), game.state.nplayers)
        t = hub.create(pack, game.options, game.players, game.seed, seats, new_token(), new_table_id(),
                       [a for a in save["actions"]])
        return JSONResponse(links(t))

    async def save_table(request: Request) -> Response:
        data = await _json(request)
        try:
            t = hub.table(request.path_params["tid"])
        except KeyError:
            return _fail(gettext("no such table"), 404)
        viewer = viewer_of(t.seats, t.rec.spectator, str(data.get("token") or ""))
        if viewer == "":
            return _fail(gettext("this link's token does not hold a seat at this table"), 403)
        async with t.lock:
            try:
                t.sync()
            except DamagedTable as e:  # another server process stored an action that cannot be replayed
                return _fail(e.render(), 409)
            if not t.can_export(None if viewer == SPECTATOR else viewer):
                return _fail(gettext("a save file holds every hidden card (its seed): it can be exported once the "
                                     "game is over, or by the only human at a table of bots"), 403)
            return JSONResponse(t.game.to_save(), headers={
                "Content-Disposition": f'attachment; filename="{t.rec.game}-{t.id}.json"'})

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "lobby.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        try:
            t = hub.table(ws.path_params["tid"])
        except (KeyError, TabletopError) as e:  # no such table, or a damaged one (web.store.DamagedTable)
            with language.speaking(language.from_accept_language(ws.headers.get("accept-language"))):
                await ws.send_json({"type": "error",
                                    "error": e.render() if isinstance(e, TabletopError) else gettext("no such table")})
            await ws.close(code=4404)
            return
        try:
            hello = await _message(ws)
        except (WebSocketDisconnect, BadRequest):
            return
        token = str(hello.get("token") or "") if isinstance(hello, dict) else ""
        lang = (language.normalise(hello.get("lang")) if isinstance(hello, dict) else None) or \
            language.from_accept_language(ws.headers.get("accept-language"))
        viewer = viewer_of(t.seats, t.rec.spectator, token)
        if viewer == "":
            with language.speaking(lang):
                await ws.send_json({"type": "error",
                                    "error": gettext("this link's token does not hold a seat at this table")})
            await ws.close(code=4403)
            return
        conn = Connection(ws, None if viewer == SPECTATOR else viewer, lang)
        async with t.lock:
            try:
                t.sync()
            except DamagedTable as e:
                with language.speaking(lang):
                    await ws.send_json({"type": "error", "error": e.render()})
                await ws.close(code=4404)
                return
            t.conns.add(conn)
        await t.broadcast()  # the others see this seat come online
        hub.schedule_bot(t)
        try:
            while True:
                with language.speaking(conn.lang):
                    try:
                        msg = await _message(ws)
                    except BadRequest as e:
                        await conn.send({"type": "refused", "reason": str(e)})
                        continue
                if not isinstance(msg, dict):
                    continue
                await handle(t, conn, msg)
        except WebSocketDisconnect:
            pass
        finally:
            t.conns.discard(conn)
            try:
                await t.broadcast()
            except Exception:
                pass

    async def handle(t, conn: Connection, msg: dict) -> None:
        with language.speaking(conn.lang):
            try:
                await answer(t, conn, msg)
            except DamagedTable as e:  # caught up with another process's action that cannot be replayed
                await conn.send({"type": "error", "error": e.render()})

    async def answer(t, conn: Connection, msg: dict) -> None:
        kind = msg.get("type")
        malformed = _malformed(msg) if kind in ("act", "explain") else None
        if malformed is not None:  # refused as the browser's own mistakes are: then the position
            await conn.send({"type": "refused", "reason": malformed})
            if kind == "act":
                await t.send_state(conn)
        elif kind == "act":
            why = await hub.act(t, conn, msg["text"], msg.get("version"))
            if why is not None:
                await conn.send({"type": "refused", "reason": why, "text": msg.get("text")})
                await t.send_state(conn)
        elif kind == "play_all":
            why = await hub.play_all(t, conn)
            if why is not None:
                await conn.send({"type": "refused", "reason": why})
        elif kind == "explain":
            await conn.send({"type": "explained", "text": msg["text"],
                             "reason": hub.explain(t, conn.viewer, msg["text"])})
        elif kind == "undo":
            why = await hub.undo(t, conn.viewer)
            if why is not None:
                await conn.send({"type": "refused", "reason": why})
        elif kind == "undo_answer":
            why = await hub.undo(t, conn.viewer, bool(msg.get("accept")))
            if why is not None:
                await conn.send({"type": "refused", "reason": why})
        elif kind == "replay":
            step = msg.get("step")
            try:
                await conn.send(hub.replay_message(t, conn, int(step) if isinstance(step, int) else 0))
            except TabletopError as e:
                await conn.send({"type": "refused", "reason": e.render()})
        elif kind == "state":
            await t.send_state(conn)
        else:
            await conn.send({"type": "refused", "reason": gettext("unknown message type {kind!r}").format(kind=kind)})

    async def language_of(request: Request) -> str:
        """The language of a request: the page's choice (``?lang=``, or ``lang`` in a JSON body), else
        the browser's preference (``Accept-Language``)."""
        lang = language.normalise(request.query_params.get("lang"))
        if lang is None and request.method == "POST":
            body = await request.body()  # read once: Starlette keeps it for the handler
            try:
                data = _bounded_json(body or b"{}") if len(body) <= MAX_BODY else None
            except BadRequest:
                data = None
            if isinstance(data, dict) and isinstance(data.get("lang"), str):
                lang = language.normalise(data["lang"])
        return lang or language.from_accept_language(request.headers.get("accept-language"))

    def guarded(fn):
        """Answer a request in its language; a bad request is a 400 with its reason in that language."""
        async def wrapper(request: Request) -> Response:
            with language.speaking(await language_of(request)):
                try:
                    return await fn(request)
                except BadRequest as e:
                    return _fail(str(e))
                except TabletopError as e:
                    return _fail(e.render())
        return wrapper

    routes = [
        Route("/", page),
        Route("/t/{tid}", table_page),
        Route("/api/games", guarded(games)),
        Route("/api/words", guarded(words)),
        Route("/api/deckcheck", guarded(deckcheck), methods=["POST"]),
        Route("/api/tables", guarded(create_table), methods=["POST"]),
        Route("/api/tables/import", guarded(import_table), methods=["POST"]),
        Route("/api/tables/{tid}/save", guarded(save_table), methods=["POST"]),
        WebSocketRoute("/ws/{tid}", ws_endpoint),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app):
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            store.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


def from_env() -> Starlette:
    """The application ``tabletop serve`` starts in each worker process (settings from the environment)."""
    import os

    from tabletop.web.store import default_db

    return create_app(os.environ.get("TABLETOP_WEB_DB") or default_db(),
                      bot_delay=float(os.environ.get("TABLETOP_WEB_BOT_DELAY", "0.6")))
