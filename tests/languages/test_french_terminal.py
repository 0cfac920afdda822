"""French sessions in a real terminal (tests/cli/terminal.py): ``--lang fr`` anywhere on the
line, or the environment's ``LANG``; help in French; card names typed in French (Tab completes
them) or in English."""
from __future__ import annotations

import pexpect

from tests.cli.terminal import ESCAPES, Screen, spawn


def test_lang_fr_plays_virevolt_in_french_card_names_typed_in_french(tmp_path):
    child = spawn(tmp_path, "play", "virevolt", "--seed", "5", "--deck", "ember", "--lang", "fr")
    s = Screen(child)
    s.wait("Tapez «\u00a0help\u00a0» pour les commandes")
    s.wait("à vous de jouer (phase principale)")
    s.wait("p1>")
    child.send("show Gardien des Bra\t")
    s.wait("show Gardien des Braises")
    child.send("\r")
    s.wait("== Gardien des Braises (Ember Warden)")
    s.wait("attaques\u00a0: Fouet de flammes")
    s.wait("p1>")
    child.send("play Diablotin des Cendres\r")
    s.wait("p1 met en jeu Diablotin des Cendres comme Héros principal")
    s.wait("p1>")
    child.send("play Nobody\r")
    s.wait("il n'y a pas de Nobody dans votre main")
    s.wait("p1>")
    child.send("quit\r")
    s.wait("Quitter quand même ? [o/N]")
    child.send("o\r")
    s.wait("on quitte la partie (non sauvegardée)")
    child.expect(pexpect.EOF)
    plain = ESCAPES.sub("", s.raw)
    for english in ("your move", "Type 'help'", "plays Ember Warden", "Leave anyway"):
        assert english not in plain


def test_the_environments_french_locale_is_enough(tmp_path):
    child = spawn(tmp_path, "play", "volfyirion", "--seed", "3", locale="fr_CA.UTF-8")
    s = Screen(child)
    s.wait("Rangée d'Atouts")
    s.wait("à vous de jouer (Phase principale)")
    s.wait("p1>")
    child.send("play Prospector\r")
    s.wait("p1 joue Prospector")
    s.wait("p1>")
    child.sendeof()
    s.wait("fin de l'entrée\u00a0: on quitte la partie")
    child.expect(pexpect.EOF)


def test_help_speaks_french():
    from tests.cli.test_cli import tabletop

    r = tabletop("play", "--help", "--lang", "fr")
    assert r.returncode == 0, r.stderr
    assert "Le jeu à jouer" in r.stdout and "Graine de la partie" in r.stdout
    assert "Utilisation\u00a0: tabletop play" in r.stdout and "Options\u00a0:" in r.stdout
    assert "The game pack to play" not in r.stdout and "Usage:" not in r.stdout
    r = tabletop("--lang", "fr", "--help")
    assert "Faire tourner des jeux de cartes" in r.stdout and "Convertir, commencer, opposer" in r.stdout
    bad = tabletop("--lang", "xx", "packs")
    assert bad.returncode == 2 and "en, fr" in bad.stderr
    typo = tabletop("play", "virevolt", "--sed", "3", "--lang", "fr")
    assert typo.returncode == 2
    assert "Erreur\u00a0: Option inconnue\u00a0: --sed (options possibles\u00a0: --seed, --vs)" in typo.stderr
