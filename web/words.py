"""The words of the browser pages (their HTML and scripts), as messages of the catalogue: the
page asks ``/api/words`` for them in its language and shows them (docs/web.md, docs/languages.md)."""
from __future__ import annotations

from typing import Any

from tabletop.framework.language import N_, NP_

#: What the pages say, in English as written in web/static/; a page shows each through ``T(...)``.
PAGE = (
    # lobby.html and lobby.js
    N_("a new table"), N_("Game"), N_("Players"), N_("Seed"), N_("random"), N_("Seats"),
    N_("Here: you play this seat in this browser. Invite: a link to send to a friend. Bot: the computer plays it."),
    N_("Create the table"), N_("Your table"),
    N_("Each human seat has its own secret link: whoever opens it plays that seat. Keep yours; send the others."),
    N_("Continue a game saved in the terminal"),
    N_("A save file of tabletop play (its save FILE command) becomes a table; the seats above say who holds each."),
    N_("or paste the saved game here"), N_("Import"), N_("Human here"), N_("Human invited"), N_("Bot"),
    N_("default"), N_("default deck"), N_("my own deck (paste or upload)…"), N_("Check deck"), N_("deck"),
    N_("copy"), N_("invite a friend"), N_("you"), N_("spectators"), N_("Go to my seat →"), N_("bot"),
    N_("Language"), N_("the server answered {status}"),
    # table.html and table.js
    N_("connecting…"), N_("offline"), N_("online"), N_("offline — reconnecting"), N_("board"), N_("Your actions"),
    N_("or type an action, e.g. the notation of a button"), N_("Send"), N_("Play all"), N_("Undo"),
    N_("Export save file"), N_("What happened"), N_("spectator"), N_("you are {seat}"), N_("game over: {winner} wins"),
    N_("game over: no winner"), N_("turn {turn} · {active} · {phase}"), N_("your move"), N_("waiting…"), N_("to move"), N_("{seat} to move"),
    N_("replay {step}/{total}"), N_("bot {name}"), N_("here"), N_("away"), N_("table"), N_("{seat} (you)"),
    N_("Decide"), N_("{seat} is deciding"), N_("answer"), N_("other"), N_("show every action"),
    N_("Waiting for {seat}"), N_("Game over"), N_("Watching"), N_("Ask to undo"), N_("Agree"), N_("Refuse"),
    N_("{seat} asks to take back their last move."), N_("Waiting for the other players to agree to undo…"),
    N_("Replay"), N_("{winner} wins"), N_("No winner"), N_("step {step} of {total}"), N_("destroyed"), N_("none"),
    N_("empty"), N_("cost"), N_("consumed"),
    N_("this link has no seat token: ask for your invitation link"),
    # the keys of the packs' views, drawn as labels
    N_("hand"), N_("hand size"), N_("deck size"), N_("graveyard"), N_("crystals"), N_("traps"), N_("traps set"),
    N_("main"), N_("secondary"), N_("tokens"), N_("eliminated"), N_("casting"), N_("states"), N_("hp"),
    N_("max hp"), N_("damage"), N_("rotation"), N_("sacrifice"), N_("attacks"), N_("powers"), N_("effect"),
    N_("points"), N_("command"), N_("battle"), N_("knowledge"), N_("intact"), N_("discard"), N_("play"),
    N_("sealed"), N_("city1"), N_("city2"), N_("city3"), N_("lair"), N_("perk"), N_("ploy"), N_("asset row"),
    N_("asset top"), N_("asset deck size"), N_("wonder deck size"), N_("wonders"), N_("volfyirion"), N_("owner"),
    N_("defence"), N_("printed"), N_("troop"), N_("building"), N_("rebuild"), N_("removed"), N_("name"),
    N_("colour"), N_("type"), N_("when"), N_("phase"), N_("turn"), N_("active"), N_("winner"), N_("reason"), N_("turns"),
    # the kinds and colours of the cards, under each card's name
    N_("building"), N_("city"), N_("command"), N_("crystal"), N_("hero"), N_("incantation"), N_("lair"), N_("perk"),
    N_("ploy"), N_("trap"), N_("troop"), N_("wonder"), N_("blue"), N_("green"), N_("grey"), N_("mauve"),
    N_("neutral"), N_("purple"), N_("red"), N_("turquoise"),
    # a card's designer fields, its tooltip on the board
    N_("origin"), N_("sources"), N_("printed id"), N_("note"),
)


#: The names of the packs' options as the lobby labels them (``option`` context: "mode" is a word
#: of its own elsewhere); an option without one is shown by its name.
OPTION_LABELS = {
    "variants": NP_("option", "variants"), "mode": NP_("option", "mode"), "first": NP_("option", "first player"),
    "hidden_asset_top": NP_("option", "hidden Asset Deck top"), "cities": NP_("option", "cities"),
}
#: Option values that are words rather than names (a variant's or a mode's name stays as written).
OPTION_VALUES = {True: NP_("option", "yes"), False: NP_("option", "no"), "random": NP_("option", "random"),
                 "base": NP_("option", "base"), "extended": NP_("option", "extended")}


#: The verbs of both packs' actions as a button says them (``action`` context); the notation a
#: player types stays the game's own (``label``), a verb without a translation is shown as it is.
ACTION_VERBS = {"play": NP_("action", "play"), "activate": NP_("action", "activate"),
    "attack": NP_("action", "attack"), "cast": NP_("action", "cast"), "choose": NP_("action", "choose"),
    "next": NP_("action", "next"), "pass": NP_("action", "pass"), "rotate": NP_("action", "rotate"),
    "sacrifice": NP_("action", "sacrifice"), "set": NP_("action", "set"), "yes": NP_("action", "yes"),
    "no": NP_("action", "no"), "skip": NP_("action", "skip"),
    "acquire asset": NP_("action", "acquire asset"), "acquire top": NP_("action", "acquire top"),
    "acquire wonder": NP_("action", "acquire wonder"),
    "acquire wonder top": NP_("action", "acquire wonder top"), "collide": NP_("action", "collide"),
    "defeat volfyirion": NP_("action", "defeat volfyirion"), "end turn": NP_("action", "end turn"),
    "move volfyirion": NP_("action", "move volfyirion"), "mulligan": NP_("action", "mulligan"),
    "rebuild": NP_("action", "rebuild"), "redeploy": NP_("action", "redeploy"),
    "refresh": NP_("action", "refresh"), "remove": NP_("action", "remove"),
    "replace": NP_("action", "replace"), "seal": NP_("action", "seal"), "take": NP_("action", "take"),
    "thin": NP_("action", "thin"), "unseal": NP_("action", "unseal")}


def action_caption(action: tuple) -> str:
    """An action as its button says it in the language spoken now: the verb in words, the cards
    under their names in that language (English: the notation itself)."""
    from tabletop.framework import language
    from tabletop.framework.actions import shown_action

    shown = shown_action(action)
    verb = ACTION_VERBS.get(action[0])
    if verb is None or language.current() == language.DEFAULT:
        return shown
    return language.pgettext("action", verb) + shown[len(action[0]):]


def option_label(name: str) -> str:
    """An option's name in the language spoken now."""
    from tabletop.framework.language import pgettext

    label = OPTION_LABELS.get(name)
    return pgettext("option", label) if label else name.replace("_", " ")


def option_value(value: Any) -> str:
    """An option's value as the lobby shows it in the language spoken now."""
    from tabletop.framework.language import pgettext

    word = OPTION_VALUES.get(value) if isinstance(value, (bool, str)) else None
    return pgettext("option", word) if word else ("" if value is None else str(value))


def page_words(lang: str) -> dict[str, str]:
    """Every word of the pages in ``lang`` (English: none, the pages are written in it)."""
    from tabletop.framework import language

    if lang == language.DEFAULT:
        return {}
    with language.speaking(lang):
        return {w: language.gettext(w) for w in PAGE}
