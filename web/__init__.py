"""The browser front end (extra ``[web]``): ``tabletop serve``, docs/web.md.

``app`` (routes, the WebSocket), ``tables`` (tables in play, bots), ``store`` (SQLite),
``seats`` (who holds each seat, secret tokens), ``views`` (what one connection is sent),
``transfer`` (save files in and out, ``tabletop tables``), ``static/`` (HTML, CSS, JS).
"""
