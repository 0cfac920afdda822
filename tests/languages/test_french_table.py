"""The whole table in French (issue 20): scripted full games of each pack, watched and played,
a deckcheck with every kind of problem, a lint error and a simulate report, each run in French
and in English; nothing may fall back to English (see tests/languages/english.py for how that
is found), and English stays as it was."""
from __future__ import annotations

import io
import json
import textwrap

import pytest

from tabletop.framework.packs import registry
from tests.languages.english import in_both, kept_names, leftovers


def watched(pack: str, seed: int) -> str:
    from tabletop.cli.watch import watch

    out = io.StringIO()
    watch(registry().get(pack), ["greedy"], seed, {}, None, 0, out=out)
    return out.getvalue()


def played(pack: str, seed: int, typed: list[str]) -> str:
    from tests.cli.test_session import session

    _s, out = session(pack, typed, seed=seed, after=["x"])
    return out


@pytest.mark.parametrize("pack", ["virevolt", "volfyirion"])
def test_a_whole_watched_game_is_told_in_french(pack):
    french, english, missing = in_both(lambda: watched(pack, 4))
    assert "Partie terminée" in french and "Game over" in english
    assert not missing, sorted(missing)
    assert not leftovers(french, english, kept_names())


@pytest.mark.parametrize("pack, typed", [
    ("virevolt", ["1", "help", "log 1", "show p1.hand", "play Nobody", "attack p9 Nothing", "rotate Nobody"]),
    ("volfyirion", ["1", "help", "log 1", "show city1", "play Nobody", "seal p1 Nothing", "redeploy city1 city2"]),
])
def test_a_whole_played_game_speaks_french_prompts_menus_refusals_included(pack, typed):
    french, english, missing = in_both(lambda: played(pack, 4, typed))
    assert "à vous de jouer" in french and "your move" in english
    assert not missing, sorted(missing)
    assert not leftovers(french, english, kept_names())


def test_virevolt_speaks_its_rulebooks_own_words():
    french = in_both(lambda: watched("virevolt", 4))[0]
    for word in ("phase principale", "Héros principal", "jeton de victoire", "Crystal", "cimetière", "pige"):
        assert word in french, word


def test_the_virevolt_board_agrees_no_trap_in_the_feminine():
    french, english, _missing = in_both(lambda: played("virevolt", 4, ["board"]))
    assert "Trappes (face cachée)\u00a0: aucune" in french and "traps (face down): none" in english


def test_volfyirion_speaks_its_french_rulebooks_own_words():
    french = in_both(lambda: watched("volfyirion", 4))[0]
    for word in ("points d'Ordre", "points de Combat", "Rangée d'Atouts", "Deck d'Atouts", "Volfyirion's Lair",
                 "Deck des Merveilles", "Zone de Jeu", "Cités intactes", "Phase principale"):
        assert word in french, word


DECK_WITH_EVERY_PROBLEM = """\
name: Tout faux
colours: [red]
cards:
  Ember Warden: 3
  Gardien des Braises: 1
  Flame Lash: 2
  Mauve Crystal: 2
  Brûlure: 1
  ember warden: 1
  Red Crystal: zero
  Red Crystal: 4
  Fireball: 3
"""


def test_a_deckcheck_with_every_kind_of_problem_in_french(tmp_path):
    from tabletop.packs.virevolt.deckcheck import check_deck

    deck = tmp_path / "tout_faux.yaml"
    deck.write_text(DECK_WITH_EVERY_PROBLEM, encoding="utf-8")
    french, english, missing = in_both(lambda: check_deck(deck).render())
    kinds = {p["kind"] for p in check_deck(deck).problems}
    assert kinds >= {"unknown-key", "listed-twice", "bad-count", "not-a-deck-card", "unknown-card", "deck-size",
                     "too-many-copies", "too-many-mauve"}, kinds
    assert "deck illégal" in french and "illegal deck" in english
    assert not missing, sorted(missing)
    assert not leftovers(french, english, kept_names())


def test_a_deck_may_name_its_cards_in_french(tmp_path):
    from tabletop.packs.virevolt.deckcheck import check_deck

    registry().get("virevolt").cards()  # the translations come with the card files
    deck = tmp_path / "braises.yaml"
    deck.write_text("name: Braises\ncards:\n  Gardien des Braises: 2\n  Ember Warden: 1\n  Crystal Rouge: 27\n",
                    encoding="utf-8")
    rep = check_deck(deck)
    assert sorted(p["kind"] for p in rep.problems) == ["listed-twice", "listed-twice", "too-many-copies"]


def test_a_lint_error_in_french(tmp_path):
    from tabletop.framework.errors import TabletopError

    bad = tmp_path / "cartes.yaml"
    bad.write_text(textwrap.dedent("""\
        - name: Bad Warden
          type: hero
          colour: red
          hp: 6
          rotation: 1 neutral
          sacrifice: 2 red
          attacks:
            - {name: Flame Lash, cost: 2 red, effect: "deal 3 damige to the target"}
        - name: Worse
          type: hero
          colour: redd
          hp: 6
        """), encoding="utf-8")

    from tabletop.framework.cardset import CardSet

    pack = registry().get("virevolt")

    def lint():
        try:
            CardSet.load([bad], pack.card_format(), pack.vocabulary())
        except TabletopError as e:
            return e.render()
        raise AssertionError("the file has errors")

    french, english, missing = in_both(lint)
    assert "mot inattendu 'damige'" in french and "unexpected word 'damige'" in english
    assert "vouliez-vous dire" in french
    assert not missing, sorted(missing)
    assert not leftovers(french, english, kept_names(), quoted=bad.read_text(encoding="utf-8"))


def test_a_simulate_report_in_french(tmp_path):
    from tabletop.batches import report
    from tabletop.batches.games import SimConfig
    from tabletop.batches.runner import simulate

    batch = simulate(SimConfig(pack="virevolt", bots=("greedy", "random"), seed=3), 6, workers=1)
    m = report.compute(batch.records, list(batch.config.labels or batch.config.bots))
    meta = report.run_meta(batch.config, "virevolt", batch.games, 1, "local", 12345.25)

    def both():
        return report.markdown(meta, m, ["win_rates.png"]) + report.console_summary(m, 12345.25, 1, "local")

    french, english, missing = in_both(both)
    assert "Rapport de simulation" in french and "Simulation report" in english
    assert "12\u202f345,2" in french and "12345.2" in english           # CLDR: narrow no-break space, comma
    assert "\u00a0%" in french                                          # 50,0 %: a no-break space before %
    assert not missing, sorted(missing)
    assert not leftovers(french, english, kept_names())
    json.dumps(m)  # the metrics stay data, in no language


def test_a_deck_matchup_report_in_french():
    from tabletop.batches import matchup
    from tabletop.batches.runner import simulate

    pack = registry().get("virevolt")
    checker = pack.deck_rules()
    decks = {n: checker.check(n).cards for n in ("ember", "tide")}
    plan = matchup.plan(pack, decks, ["greedy"], seed=4)
    result = matchup.tally(list(decks), [(a, b, simulate(c, 2).records) for a, b, c in plan])
    meta = {"pack": "virevolt", "bots": ["greedy"], "games": 2, "seed": 4, "max_turns": 200}
    folders = ["pairings/1-ember-vs-2-tide", "pairings/2-tide-vs-1-ember"]
    french, english, missing = in_both(lambda: matchup.markdown(meta, result, folders))
    assert "# Affrontement de decks\u00a0: virevolt" in french and "# Deck matchup: virevolt" in english
    assert "| deck | ember | tide | ensemble |" in french
    assert not missing, sorted(missing)
    assert not leftovers(french, english, kept_names())


def test_a_card_value_report_in_french():
    from tabletop.batches import cardvalue
    from tabletop.batches.runner import simulate

    pack = registry().get("volfyirion")
    card = cardvalue.market(pack)[0]
    plan = cardvalue.plan(pack, [card], "greedy", seed=3)
    result = cardvalue.tally([(c, simulate(config, 2).records) for c, config in plan])
    meta = {"pack": "volfyirion", "bot": "greedy", "bonus": 10.0, "seed": 3, "max_turns": 200}
    french, english, missing = in_both(lambda: cardvalue.markdown(meta, result))
    assert "# Valeur des cartes\u00a0: volfyirion" in french and "# Card values: volfyirion" in english
    assert f"| 1 | {card} |" in french  # Volfyirion's French edition keeps the printed names
    assert "(bonus 10)" in french and "(bonus 10)" in english
    assert not missing, sorted(missing)
    assert not leftovers(french, english, kept_names())
