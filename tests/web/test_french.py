"""The web table in French (issue 20), in a real browser: a browser whose language is French
(Accept-Language and navigator.language: fr-CA) gets the lobby and the board in French, the
game told in French, cards under their French names; the switch turns the page to English and
the choice is kept."""
from __future__ import annotations

from tests.web.browser import LiveServer, new_table, shot, take_turn


def test_a_french_browser_gets_the_table_in_french_and_the_switch_turns_it_to_english(browser, tmp_path):
    with LiveServer(tmp_path / "tables.sqlite3") as server:
        ctx = browser.new_context(locale="fr-CA", viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        page.goto(f"{server.url}/")
        page.wait_for_function("document.documentElement.lang === 'fr'")
        assert page.inner_text("#create") == "Créer la table"
        assert page.locator("#lang").input_value() == "fr"
        new_table(page, server.url, "virevolt", ["here", "bot"], seed=3, bot="greedy")
        assert "Aller à ma place" in page.inner_text("#links")
        page.click("a.go")
        page.wait_for_function("document.body && document.body.dataset.version !== undefined")
        assert "vous êtes p1" in page.inner_text("#status")
        # the bot may still be playing its first turn when the page opens
        page.wait_for_function("document.getElementById('status').textContent.includes('phase principale')")
        log = page.inner_text("#log")
        assert "pige" in log and "draws" not in log
        buttons = " ".join(page.locator("#action-groups button.act").all_inner_texts())
        assert any(fr in buttons for fr in ("Crystal", "Diablotin", "Démon", "Gardien", "Garde")), buttons
        assert page.inner_text("#actions h2") == "Vos actions"
        marker = page.evaluate("getComputedStyle(document.querySelector('.area.to-move h2'), '::after').content")
        assert "à jouer" in marker and "to move" not in marker
        take_turn(page)
        shot(page, "virevolt-board-fr.png")
        page.select_option("#lang", "en")
        page.wait_for_function("document.documentElement.lang === 'en'")
        page.wait_for_function("document.getElementById('status').textContent.includes('you are p1')")
        assert "draws" in page.inner_text("#log")
        page.reload()
        page.wait_for_function("document.body && document.body.dataset.version !== undefined")
        assert page.evaluate("document.documentElement.lang") == "en"   # the choice is kept
        ctx.close()


def test_words_follow_accept_language_unless_the_page_asks(tmp_path):
    from starlette.testclient import TestClient

    from tabletop.web.app import create_app

    with TestClient(create_app(tmp_path / "t.sqlite3")) as client:
        fr = client.get("/api/words", headers={"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"}).json()
        assert fr["lang"] == "fr" and fr["words"]["Your actions"] == "Vos actions"
        en = client.get("/api/words?lang=en", headers={"Accept-Language": "fr-CA"}).json()
        assert en["lang"] == "en" and en["words"] == {} and en["languages"] == ["en", "fr"]
        r = client.post("/api/deckcheck", json={"game": "virevolt", "text": "name: x\ncards:\n  Nobody: 2\n",
                                                 "lang": "fr"}).json()
        assert "carte inconnue 'Nobody'" in r["text"]


def test_a_french_lobby_names_and_explains_the_options_in_french(browser, tmp_path):
    with LiveServer(tmp_path / "tables.sqlite3") as server:
        ctx = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        page.goto(f"{server.url}/?game=volfyirion")
        page.wait_for_selector("#options [data-option='variants']")
        options = page.inner_text("#options")
        assert "variantes" in options and "premier joueur" in options and "qui joue en premier" in options
        assert "who plays first" not in options and "hidden asset top" not in options
        assert page.locator("#options select[data-option='hidden_asset_top'] option").all_inner_texts() == ["non", "oui"]
        assert page.locator("#options select[data-option='mode'] option").all_inner_texts() == ["de base", "étendu"]
        ctx.close()


def test_a_page_that_chose_french_gets_the_options_in_french_whatever_the_browser_prefers(tmp_path):
    from starlette.testclient import TestClient

    from tabletop.web.app import create_app

    with TestClient(create_app(tmp_path / "t.sqlite3")) as client:
        games = client.get("/api/games?lang=fr", headers={"Accept-Language": "en"}).json()["games"]
        first = {g["name"]: g["options"]["first"] for g in games}["virevolt"]
        assert first["label"] == "premier joueur" and first["help"].startswith("qui joue en premier")
        assert first["values"] == [None, "p1", "p2", "p3", "p4"]   # what is sent back stays the option's own


def test_a_french_tables_buttons_say_the_verbs_in_french_and_keep_the_notation_as_their_tooltip(browser, tmp_path):
    with LiveServer(tmp_path / "tables.sqlite3") as server:
        ctx = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        new_table(page, server.url, "volfyirion", ["here", "bot"], seed=3)
        page.click("a.go")
        page.wait_for_selector("#action-groups button.act")
        end = page.locator("#action-groups button.act[data-action='end turn']")
        assert end.inner_text() == "finir le tour" and end.get_attribute("title") == "end turn"
        play = page.locator("#action-groups button.act[data-action='play Prospector']")
        assert play.inner_text() == "jouer Prospector"
        buttons = page.locator("#action-groups button.act").all_inner_texts()
        assert not any(b.startswith(("play ", "end turn", "refresh ")) for b in buttons), buttons
        page.fill("#notation-text", "end turn")   # the notation is still what a player types
        assert page.locator("#notation-send").is_enabled()
        ctx.close()


def test_a_french_boards_cards_name_their_kind_and_colour_in_french(tmp_path):
    from starlette.testclient import TestClient

    from tabletop.web.app import create_app

    with TestClient(create_app(tmp_path / "t.sqlite3")) as client:
        words = client.get("/api/words?lang=fr").json()["words"]
        assert words["trap"] == "Trappe" and words["hero"] == "Héros" and words["red"] == "Rouge"


def test_a_french_cards_attacks_keep_their_costs_and_read_as_the_card_says_them():
    from tabletop.framework import language
    from tabletop.framework.packs import registry
    from tabletop.web.views import card_face, shown_face

    demon = next(c for c in registry().packs["virevolt"].cards().cards if c.name == "Ash Demon")
    face = card_face(demon)
    with language.speaking("fr"):
        fr = dict(shown_face(face)["fields"])
    en = dict(shown_face(face)["fields"])
    assert fr["attacks"] == "Griffe (1 neutral): inflige 1 dégât à la cible | Feu infernal (3 red): inflige 4 dégâts " \
                           "à la cible ; inflige Brûlure à la cible"
    assert en["attacks"].startswith("Claw (1 neutral): deal 1 damage to the target | Hellfire (3 red): ")
    assert "_source" not in shown_face(face)   # the card's entry stays on the server
