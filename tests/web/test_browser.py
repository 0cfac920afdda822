"""The table in a real browser (Playwright driving Debian's Chromium): whole games played by
clicking, as people play them; a screenshot of each board is kept as a test artefact."""
from __future__ import annotations

from tests.web.browser import LiveServer, new_table, seated, shot, take_turn


def test_two_browsers_play_a_whole_volfyirion_game_against_each_other(browser, tmp_path):
    with LiveServer(tmp_path / "tables.sqlite3") as server:
        host = browser.new_context(viewport={"width": 1280, "height": 900})
        guest = browser.new_context(viewport={"width": 390, "height": 844})   # a phone
        a = host.new_page()
        links = new_table(a, server.url, "volfyirion", ["here", "invite"], seed=2)
        a.click("a.go")
        b = guest.new_page()
        b.goto(links["p2"])
        for page, seat in ((a, "p1"), (b, "p2")):
            page.wait_for_function("document.body && document.body.dataset.version !== undefined")
            assert f"you are {seat}" in page.inner_text("#status")
        clicks = 0
        while a.evaluate("document.body.dataset.over") != "yes":
            acted = take_turn(a) or take_turn(b)
            clicks += acted
            if clicks == 60 and acted:
                shot(a, "volfyirion-board-midgame.png")
            if not acted:
                a.wait_for_timeout(50)
            assert clicks < 1500, "the game did not end"
        b.wait_for_function("document.body && document.body.dataset.over === 'yes'")
        for page in (a, b):
            assert "wins" in page.inner_text("#over")
            assert "null" not in page.inner_text("#board")  # (Volfyirion's Lair has no owner: nothing said)
        shot(a, "volfyirion-board.png")
        shot(b, "volfyirion-board-phone.png")
        a.click("#replay-first")
        a.wait_for_function("document.getElementById('replay-at').textContent.includes('step 0 of')")
        host.close()
        guest.close()


def test_one_browser_plays_virevolt_against_a_bot_to_the_end(browser, tmp_path):
    with LiveServer(tmp_path / "tables.sqlite3") as server:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        new_table(page, server.url, "virevolt", ["here", "bot"], seed=3, bot="greedy")
        page.click("a.go")
        page.wait_for_function("document.body && document.body.dataset.version !== undefined")
        assert page.locator(".area.mine .card").count() > 0
        clicks = 0
        while page.evaluate("document.body.dataset.over") != "yes":
            if not take_turn(page):
                page.wait_for_timeout(50)
            else:
                clicks += 1
                if clicks == 12:
                    shot(page, "virevolt-board-midgame.png")
            assert clicks < 800, "the game did not end"
        over = page.inner_text("#over")
        assert "wins" in over and "{" not in over  # (the tokens as words, not as JSON)
        assert "null" not in page.inner_text("#board") and page.inner_text("#actions h2") == "Game over"
        shot(page, "virevolt-board.png")
        ctx.close()


def test_a_typed_illegal_action_cannot_be_sent_and_says_why(browser, tmp_path):
    with LiveServer(tmp_path / "tables.sqlite3") as server:
        ctx, page = seated(browser, server.url, "volfyirion", ["here", "bot"], seed=4)
        page.fill("#notation-text", "attack p2.city1")
        assert page.is_disabled("#notation-send")
        page.wait_for_function("document.getElementById('why').textContent.includes('battle')")
        legal = page.locator("#action-groups button.act").first.get_attribute("data-action")
        page.fill("#notation-text", legal)
        assert page.is_enabled("#notation-send")
        ctx.close()


def test_only_the_cards_an_action_reaches_are_outlined(browser, tmp_path):
    """p1 may play its Prospectors: the Prospectors in p2's discard pile are not outlined with them."""
    both = """() => { const names = (sel) => new Set([...document.querySelectorAll(sel)].map((c) => c.dataset.card));
                      const mine = names('.area.mine .card'), theirs = names('.area:not(.mine)[data-seat] .card');
                      return [...mine].some((n) => theirs.has(n)); }"""
    with LiveServer(tmp_path / "tables.sqlite3") as server:
        ctx, page = seated(browser, server.url, "volfyirion", ["here", "bot"], seed=4)
        for _ in range(10):  # end p1's turns until p2 shows a card p1 holds too
            page.wait_for_selector("#action-groups button.act:enabled")
            if page.evaluate(both):
                break
            version = page.evaluate("document.body.dataset.version")
            page.locator("#action-groups button.act.pass:enabled").first.click()
            page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
        assert page.evaluate(both)
        assert page.locator(".area.mine .card.actionable").count() > 0
        assert page.locator(".area:not(.mine)[data-seat] .card.actionable").count() == 0
        ctx.close()


def test_a_cards_sources_printed_id_and_notes_are_its_tooltip_not_its_board_text(browser, tmp_path):
    with LiveServer(tmp_path / "tables.sqlite3") as server:
        ctx, page = seated(browser, server.url, "volfyirion", ["here", "bot"], seed=3)
        card = page.locator(".mine .card[data-card='Prospector']").first
        assert "SC04" not in card.inner_text() and "lolippie" not in card.inner_text()
        about = card.get_attribute("title")
        assert "sources: lolippie, tts, photo SC04, rulebook" in about and "printed id: SC04" in about
        assert "origin: printed" in about
        ctx.close()


def test_a_cards_translations_block_is_not_drawn_on_its_face(browser, tmp_path):
    with LiveServer(tmp_path / "tables.sqlite3") as server:
        ctx, page = seated(browser, server.url, "virevolt", ["here", "bot"], seed=3)
        hand = page.inner_text(".mine")
        assert "translations" not in hand and "fr:" not in hand and "Diablotin" not in hand, hand
        ctx.close()


def test_a_card_says_its_defence_once_when_it_is_as_printed(browser, tmp_path):
    with LiveServer(tmp_path / "tables.sqlite3") as server:
        ctx, page = seated(browser, server.url, "volfyirion", ["here", "bot"], seed=3)
        faces = [t for t in page.locator("#board .card").all_inner_texts() if "defence" in t]
        assert faces and all(t.count("defence") == 1 for t in faces), faces
        ctx.close()
