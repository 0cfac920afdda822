"""Every command's own output in French, run as a user runs it (``tabletop --lang fr ...``, in
process so that the catalogue notes what it could not translate): Click's help headings and usage
errors, the listings (packs, cards, rules, tables), scenario runs, deck and card tools, file and
option errors. Each is run in French and in English: nothing may be missing from the catalogue,
no line may stay an English sentence, and the English output is Click's and tabletop's own."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.framework import language
from tests.languages.english import kept_names, leftovers

NB = "\u00a0"


def run(*args: str, lang: str = "fr") -> tuple[int, str]:
    result = CliRunner().invoke(app, ["--lang", lang, *args], catch_exceptions=False)
    return result.exit_code, result.output


def in_both(*args: str) -> tuple[str, str, set[str], int]:
    """``tabletop ARGS`` in French then in English: both outputs, what French missed, the exit code."""
    language.forget_missing()
    try:
        code, french = run(*args)
        missing = language.missing()
    finally:
        language.use("en")
    code_en, english = run(*args, lang="en")
    assert code == code_en, (french, english)
    return french, english, missing, code


def assert_french(french: str, english: str, missing: set[str], quoted: str = "") -> None:
    assert not missing, sorted(missing)
    assert not leftovers(french, english, kept_names(), quoted=quoted), leftovers(french, english, kept_names(), quoted)


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["cards", "--help"], ["simulate", "--help"],
                                  ["cards"]])
def test_help_headings_and_usage_line_are_french(args):
    french, english, missing, _code = in_both(*args)
    assert f"Utilisation{NB}: tabletop" in french and "Usage: tabletop" in english
    assert f"Options{NB}:" in french and "Options:" in english
    assert "Afficher ce message et quitter." in french and "Show this message and exit." in english
    assert "Usage:" not in french and "Show this message" not in french
    assert_french(french, english, missing)


def test_the_groups_help_names_its_commands_section_in_french():
    french, english, missing, _code = in_both("--help")
    assert f"Commandes{NB}:" in french and "Commands:" in english
    assert "COMMANDE [ARGUMENTS]..." in french and "COMMAND [ARGS]..." in english


def test_option_defaults_and_value_kinds_in_french():
    french, english, missing, _code = in_both("simulate", "--help")
    assert french.count(f"défaut{NB}:") == english.count("default:") > 3  # "[par" may end a wrapped line
    assert "[default:" not in french
    assert "--bots <texte>" in french and "--bots <str>" in english
    assert_french(french, english, missing)


@pytest.mark.parametrize("args, french_error, english_error", [
    (["play", "--sed", "3", "virevolt"], f"Erreur{NB}: Option inconnue{NB}: --sed (options possibles{NB}: --seed, --vs)",
     "Error: No such option: --sed (Possible options: --seed, --vs)"),
    (["--bogus"], f"Erreur{NB}: Option inconnue{NB}: --bogus", "Error: No such option: --bogus"),
    (["cards", "list"], f"Erreur{NB}: Argument manquant 'pack'.", "Error: Missing argument 'pack'."),
    (["play", "virevolt", "--seed", "abc"],
     f"Erreur{NB}: Valeur invalide pour '--seed'{NB}: 'abc' n'est pas un nombre entier valide.",
     "Error: Invalid value for '--seed': 'abc' is not a valid int."),
    (["play", "virevolt", "--players", "0"], "0 n'est pas dans l'intervalle x>=1.", "0 is not in the range x>=1."),
    (["frob"], f"Erreur{NB}: Commande inconnue{NB}: 'frob'.", "Error: No such command 'frob'."),
    (["play", "virevolt", "--seed"], f"Erreur{NB}: L'option '--seed' demande un argument.",
     "Error: Option '--seed' requires an argument."),
    (["packs", "extra"], "Argument(s) en trop inattendu(s) (extra)", "Got unexpected extra argument(s) (extra)"),
])
def test_usage_errors_are_french(args, french_error, english_error):
    french, english, missing, code = in_both(*args)
    assert code == 2
    assert french_error in french, french
    assert english_error in english, english
    assert "Error:" not in french and "Usage:" not in french and "Try '" not in french
    if "Usage:" in english:
        assert f"Utilisation{NB}:" in french and "Essayez" in french
    assert_french(french, english, missing)


def test_the_environments_french_reaches_errors_raised_before_any_option_is_read(monkeypatch):
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    try:
        result = CliRunner().invoke(app, ["--bogus"])
    finally:
        language.use("en")
    assert f"Erreur{NB}: Option inconnue{NB}: --bogus" in result.output


def test_tabletop_alone_shows_its_help_in_the_environments_french(monkeypatch):
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    try:
        result = CliRunner().invoke(app, [])
    finally:
        language.use("en")
    assert f"Utilisation{NB}: tabletop [OPTIONS] COMMANDE" in result.output
    assert "Faire tourner des jeux de cartes" in result.output and "Run tabletop" not in result.output


# ---------------------------------------------------------------------- listings
@pytest.mark.parametrize("args, french_word", [
    (["packs"], "cartes"),
    (["cards", "list", "virevolt"], "Incantation"),
    (["cards", "list", "volfyirion"], "de départ"),
])
def test_listings_are_french(args, french_word):
    french, english, missing, code = in_both(*args)
    assert code == 0, french
    assert french_word in french
    assert_french(french, english, missing)


def test_cards_list_totals_name_the_kinds_in_the_rulebooks_words():
    french = in_both("cards", "list", "virevolt")[0]
    assert french.splitlines()[-1] == f"total{NB}: 32 Héros, 32 Incantation, 21 Trappe, 5 Crystal"


def test_the_card_languages_catalogue_titles_its_sections_in_french():
    french, english, missing, _code = in_both("cards", "words", "volfyirion")
    for title in ("Mots", "Sélecteurs (quelles cartes, quels joueurs)", "Effets (instructions)", "par ex. "):
        assert title in french, title
    assert "e.g. " not in french
    entries = "\n".join(ln for ln in english.splitlines() if ln.startswith("  "))  # the card language's own words
    headings = [ln for ln in french.splitlines() if ln and not ln.startswith(" ")]
    assert headings and not set(headings) & set(english.splitlines())
    assert_french(french, english, missing, quoted=entries)


def test_a_rules_reading_is_labelled_in_french_its_text_stays_the_catalogues():
    from tabletop.framework.packs import registry
    from tabletop.framework.rulebook import rulebook

    ambiguous = next(r for r in rulebook(registry().get("virevolt")) if r.interpretation)
    french, english, missing, _code = in_both("rules", "show", "virevolt", ambiguous.id)
    assert f"notre lecture{NB}:" in french and "our reading:" in english
    assert not missing, sorted(missing)


# ---------------------------------------------------------------------- scenario runs
SCENARIO_PASS = """\
game: volfyirion
setup:
  active: p1
  p1: {hand: [Prospector]}
steps:
  - play Prospector
"""
SCENARIO_FAIL = SCENARIO_PASS + "  - expect: {p1.points.command: 7}\n"


def test_scenario_run_says_pass_fail_and_the_summary_in_french(tmp_path):
    (tmp_path / "passe.yaml").write_text(SCENARIO_PASS, encoding="utf-8")
    (tmp_path / "echoue.yaml").write_text(SCENARIO_FAIL, encoding="utf-8")
    french, english, missing, code = in_both("scenario", "run", str(tmp_path))
    assert code == 1
    assert f"RÉUSSI {tmp_path / 'passe.yaml'}" in french and f"ÉCHEC {tmp_path / 'echoue.yaml'}" in french
    assert f"étape 2{NB}: p1.points.command{NB}: attendu 7, obtenu" in french
    assert "1 réussi(s), 1 échoué(s)" in french and "1 passed, 1 failed" in english
    assert_french(french, english, missing)


# ---------------------------------------------------------------------- the card language's questions
MAY = """\
game: volfyirion
cards:
  - {name: Spy, type: command, house: purple, cost: 2, secondary: "look at the top card of the enemy's house deck; you may put it into its owner's discard pile"}
setup:
  active: p1
  p1: {hand: [Spy]}
  p2: {deck: [Prospector, Captain], discard: []}
steps:
  - play Spy
  - activate Spy
  - end turn
"""
CHOOSE = """\
game: virevolt
cards:
  - name: Tricky Choice
    type: incantation
    colour: neutral
    effects:
      - {cost: 1 neutral, effect: "choose one: draw 2 cards, or restore 2 of your crystals"}
setup:
  active: p1
  p1: {main: Village Archer, hand: [Tricky Choice], crystals: [neutral, red, red], deck: [Kindle, Fireball, Ember Warden]}
steps:
  - cast Tricky Choice 1
  - next
"""


@pytest.mark.parametrize("text, french_question, english_question", [
    (MAY, f"effet facultatif (Spy){NB}: put it into its owner's discard pile",
     "may (Spy): put it into its owner's discard pile"),
    (CHOOSE, "choisir une option (Tricky Choice)", "choose one (Tricky Choice)"),
])
def test_the_card_languages_questions_are_asked_in_french(tmp_path, text, french_question, english_question):
    """The question around an optional effect is the reader's; the effect's own words are the card language."""
    (tmp_path / "question.yaml").write_text(text, encoding="utf-8")
    french, english, missing, _code = in_both("scenario", "run", str(tmp_path / "question.yaml"))
    assert f"répondez d'abord à la question{NB}: {french_question}" in french, french
    assert english_question in english
    assert not missing, sorted(missing)


# ---------------------------------------------------------------------- decks, values, printing
def test_decks_new_and_convert_speak_french(tmp_path):
    deck = tmp_path / "rouge.yaml"
    french, english, missing, code = in_both("decks", "new", "virevolt", "--colours", "red", "--out", str(deck),
                                             "--force")
    assert code == 0 and f"{deck} écrit{NB}:" in french and f"{deck} written:" in english
    assert_french(french, english, missing)
    french, english, missing, code = in_both("decks", "convert", "virevolt", str(deck), "--to", "pdf")
    assert code == 1 and f"--to 'pdf'{NB}: choisissez list ou yaml" in french
    assert_french(french, english, missing)


def test_a_deck_that_is_no_file_is_refused_in_french():
    french, english, missing, code = in_both("decks", "tune", "virevolt", "nowhere", "--against", "ember",
                                             "--games", "2")
    assert code == 1 and "deck 'nowhere'" in french and "ni fichier ni deck préconstruit" in french
    assert_french(french, english, missing, quoted="nowhere")


def test_cards_value_reports_in_french():
    french, english, missing, code = in_both("cards", "value", "volfyirion", "--games", "2", "--only", "Qoamipulator",
                                             "--workers", "1")
    assert code == 0, french
    assert "donnes chacune depuis les deux places" in french and "intervalle à 95" in french
    assert "% of seats won" not in french and f",0{NB}%" in french
    assert_french(french, english, missing)


def test_cards_print_reports_in_french(tmp_path):
    pytest.importorskip("reportlab")
    out = tmp_path / "cartes.pdf"
    french, english, missing, code = in_both("cards", "print", "virevolt", "--out", str(out), "--only", "Ember Warden")
    assert code == 0, french
    assert f"{out} écrit{NB}: 1 carte sur 1 feuille" in french and f"wrote {out}: 1 card on 1 sheet" in english
    assert_french(french, english, missing)


def test_a_print_option_error_is_french(tmp_path):
    french, english, missing, code = in_both("cards", "print", "virevolt", "--out", str(tmp_path / "x.png"))
    assert code == 1 and "le nom du fichier doit finir par .pdf" in french
    assert_french(french, english, missing)


# ---------------------------------------------------------------------- the web server's tables
def test_tables_list_export_and_import_speak_french(tmp_path):
    from tabletop.framework.game import Game
    from tabletop.framework.packs import registry

    game = Game(registry().get("volfyirion").rules(), {}, 3)
    game.apply_text("play Prospector")
    save, db = tmp_path / "partie.json", tmp_path / "tables.sqlite3"
    game.save(save)
    language.use("fr")
    try:
        code, imported = run("tables", "import", str(save), "--bot", "p2=greedy", "--db", str(db))
    finally:
        language.use("en")
    assert code == 0 and "lancez «\u00a0tabletop serve\u00a0» et ouvrez" in imported
    french, english, missing, code = in_both("tables", "list", "--db", str(db))
    assert "   1 action   en cours" in french and "   1 action   going on" in english
    assert_french(french, english, missing)
    table = french.split()[0]
    french, english, missing, code = in_both("tables", "export", table, str(tmp_path / "sortie.json"), "--db", str(db))
    assert f"{tmp_path / 'sortie.json'} écrit (1 action)" in french
    assert_french(french, english, missing)


def test_a_missing_database_is_french(tmp_path):
    french, english, missing, code = in_both("tables", "list", "--db", str(tmp_path / "absente.sqlite3"))
    assert code == 1 and "base introuvable (tabletop serve la crée)" in french
    assert_french(french, english, missing)


# ---------------------------------------------------------------------- file, setup and option errors
@pytest.mark.parametrize("content, french_error", [
    (None, "fichier introuvable"),
    ("- name: [unclosed\n", "YAML invalide"),
    ("- name: a\n  name: b\n", "la clé 'name' apparaît deux fois"),
    ("- name: !!python/object x\n", "n'est pas permise"),
    (b"\xff\xfe- name: x\n", "pas de l'UTF-8"),
])
def test_file_reading_errors_are_french(tmp_path, content, french_error):
    path = tmp_path / "cartes.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    french, english, missing, code = in_both("cards", "lint", "virevolt", str(path))
    assert code == 1 and french_error in french, french
    assert_french(french, english, missing, quoted=content if isinstance(content, str) else "")


@pytest.mark.parametrize("args, french_error", [
    (["simulate", "virevolt", "-n", "1", "--bots", "nobot"], "bot inconnu 'nobot'"),
    (["simulate", "virevolt", "-n", "1", "--workers", "zero"], "--workers doit être un nombre positif"),
    (["play", "volfyirion", "--option", "nokey"], "écrivez CLÉ=VALEUR"),
    (["replay", "nowhere.json", "--as", "nobody"], "donnez une place"),
    (["scenario", "run", "nowhere.yaml"], "ni fichier ni dossier de ce nom"),
    (["play", "virevolt", "--players", "7"], "Virevolt se joue de 2 à 4 joueurs, pas 7"),
    (["play", "volfyirion", "--variant", "nobody"], "variante(s) inconnue(s) 'nobody'"),
])
def test_setup_and_option_errors_are_french(args, french_error):
    french, english, missing, code = in_both(*args)
    assert code in (1, 2) and french_error in french, french
    assert_french(french, english, missing, quoted="nobot nokey nobody")


@pytest.mark.parametrize("args, french_errors", [
    (["cards", "lint", "virevolt", "{mapping}"], ["un fichier de cartes est une liste YAML de cartes"]),
    (["cards", "list", "volfyirion", "--cards", "{missing}"], ["fichier de cartes introuvable"]),
    (["cards", "list", "volfyirion", "--cards", "{folder}"], [f"{NB}: ce n'est pas un fichier"]),
    (["simulate", "virevolt", "-n", "1", "--bots", "scripted:{bot},random"],
     ["bot scripté invalide", "ce bot est écrit pour 'volfyirion', pas pour 'virevolt'",
      f"«{NB}do: end turn{NB}» ne commence aucune action de ce jeu"]),
    (["rules", "show", "volfyirion", "VOL-NOPE"], ["aucune règle 'VOL-NOPE' dans volfyirion"]),
    (["play", "chess"], [f"jeu inconnu 'chess'{NB}; installés{NB}: virevolt, volfyirion"]),
])
def test_a_users_file_or_rule_refused_is_refused_in_french(tmp_path, args, french_errors):
    files = {"mapping": tmp_path / "cartes.yaml", "missing": tmp_path / "absent.yaml", "folder": tmp_path,
             "bot": tmp_path / "bot.yaml"}
    files["mapping"].write_text("a: 1\n", encoding="utf-8")
    files["bot"].write_text("game: volfyirion\nrules:\n  - do: end turn\n", encoding="utf-8")
    french, english, missing, code = in_both(*[a.format(**files) for a in args])
    assert code == 1 and all(e in french for e in french_errors), french
    assert_french(french, english, missing, quoted="end turn")


def test_a_saved_game_that_is_not_json_is_refused_in_french(tmp_path):
    save = tmp_path / "partie.json"
    save.write_text('{"format": "tabletop-save", ', encoding="utf-8")
    french, english, missing, code = in_both("replay", str(save))
    assert code == 1 and "JSON invalide" in french and "le fichier est peut-être tronqué" in french
    assert_french(french, english, missing)


# ---------------------------------------------------------------------- the web server's bad requests
@pytest.mark.parametrize("path, body, french_error", [
    ("/api/tables", {"game": "volfyirion", "seed": "x"}, "« seed » est un nombre entier"),
    ("/api/tables", {"seed": 3}, "dites quel jeu : « game » manque"),
    ("/api/tables/import", {"save": 3}, "collez ou choisissez une partie sauvegardée"),
    ("/api/deckcheck", {"game": "virevolt", "text": " "}, "le deck est vide"),
])
def test_the_web_servers_bad_requests_follow_the_connections_language(tmp_path, path, body, french_error):
    from starlette.testclient import TestClient

    from tabletop.web.app import create_app

    french_error = french_error.replace(" :", NB + ":").replace("« ", "«" + NB).replace(" »", NB + "»")
    language.forget_missing()
    with TestClient(create_app(tmp_path / "t.sqlite3")) as client:
        by_header = client.post(path, json=body, headers={"Accept-Language": "fr-CA,fr;q=0.9"})
        by_page = client.post(path, json={**body, "lang": "fr"}, headers={"Accept-Language": "en"})
        english = client.post(path, json=body, headers={"Accept-Language": "en-US"})
        not_json = client.post(path, content=b"{", headers={"Accept-Language": "fr"})
    assert by_header.status_code == by_page.status_code == english.status_code == 400
    assert by_header.json()["error"] == by_page.json()["error"]
    assert french_error in by_header.json()["error"]
    assert french_error not in english.json()["error"]
    assert not_json.json()["error"] == "la requête n'est pas du JSON"
    assert not language.missing(), sorted(language.missing())


# ---------------------------------------------------------------------- the card lists
def test_virevolts_card_list_is_written_in_french_with_the_cards_own_translations():
    french, english, missing, code = in_both("cards", "doc", "virevolt")
    assert code == 0
    assert french.startswith(f"# Virevolt{NB}: la liste des cartes") and english.startswith("# Virevolt: the card list")
    assert "| Gardien des Braises | 6 | 1 Neutre | 2 Rouges |" in french
    assert f"**Fouet de flammes** (2 Rouges){NB}: inflige 3 dégâts à la cible" in french
    assert_french(french, english, missing)


def test_volfyirions_card_list_is_written_in_french_its_notes_on_the_sources_as_written():
    french, english, missing, code = in_both("cards", "doc", "volfyirion")
    assert code == 0 and "# Les cartes de Volfyirion" in french
    assert "| Nom | Couleur | Exemplaires | Coût (Ordre) |" in french
    assert not missing, sorted(missing)


def test_a_scenarios_position_error_is_french(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("game: virevolt\nsetup:\n  p1: {hand: [Cinder Imp], hnad: []}\nsteps: []\n", encoding="utf-8")
    french, english, missing, code = in_both("scenario", "run", str(path))
    assert code == 1 and f"clé inconnue 'hnad'" in french and "unknown key 'hnad'" in english, french
    assert_french(french, english, missing, quoted=path.read_text(encoding="utf-8"))  # (the line shown)


def test_what_the_system_refuses_is_said_in_french(tmp_path):
    """OSError.strerror is the C library's English ('Too many levels of symbolic links')."""
    loop = tmp_path / "out"
    loop.symlink_to(loop)
    code, french = run("simulate", "volfyirion", "-n", "1", "--workers", "1", "--out", str(loop))
    assert code == 1 and "un lien symbolique du chemin boucle sur lui-même" in french, french
    assert "Too many levels" not in french
