"""What Volfyirion's rules tell people: why an action is refused, what the end of the turn will
bring, what a place of the board holds, which plays need no choice, how a kind of card plays.

Everything here reads what the asking player may know (their view, or the public parts of
the state and their own hand); rule ids refer to the pack's catalogue (``rules.yaml``,
docs/rules/volfyirion.md).
"""
from __future__ import annotations

from tabletop.framework.language import N_, gettext
from tabletop.framework.effects import IllegalAction
from tabletop.framework.state import State

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.model import (
    BUILDING, COMMAND, KEYS, LAIR_KEYS, MOVE_COST, REMOVED, REPLACE_COST, ROW_KEYS, TROOP, WONDER,
)

KIND_RULES = {
    "command": N_("Command card: played from your hand into your Playing Area, its main points are gained at once; "
               "at the end of your turn it goes to your discard pile (VOL-PLAY-01, VOL-END-02)."),
    "building": N_("Building: played into one of your intact Cities (one Building each; a new one removes the old "
                "one from the game); it stays in play and gives its main points every turn (VOL-CARD-04, "
                "VOL-INPLAY-02)."),
    "troop": N_("Troop: played into one of your intact Cities (one Troop each); its defence adds to the City's "
             "(VOL-CARD-07). An attack on the City must beat both; a paid attack removes the Troop first "
             "(VOL-ATTACK-04). Redeploy it for its cost (VOL-REDEPLOY-01)."),
    "wonder": N_("Wonder: acquired from the Lair with battle points (VOL-ACQW-01), played into your Playing Area "
              "where it stays, giving its points every turn (VOL-WONDER-06); knowledge equal to its cost "
              "seals or unseals it (VOL-SEAL-01)."),
    "city": N_("City: 8, 9 or 10 defence; destroyed by an attack paying its defence (plus its Troop's), or by "
            "Volfyirion at the end of its owner's turn (VOL-ATTACK-01, VOL-END-04). Lose all three and you "
            "lose (VOL-WIN-01)."),
    "lair": N_("Volfyirion's Lair: defeat the dragon with 16 battle to claim it: it becomes a City of yours "
            "and gives 4 battle each turn (VOL-DEFEAT-01, VOL-DEFEAT-09)."),
    "perk": N_("Perk: dealt face up at the start; its rule lasts the whole game (VOL-VAR-PERK-01)."),
    "ploy": N_("Ploy: dealt face down, secret; it fires by itself when its condition happens, then leaves the "
            "game (VOL-VAR-PLOY-01, VOL-VAR-PLOY-02)."),
}


def _cost_text(n: int, res: str, have: int) -> str:
    return f"needs {n} {res}; you have {have}"


class Explain:
    """The front-end hooks of :class:`~tabletop.packs.volfyirion.rules.VolfyirionRules`."""

    # ------------------------------------------------------------------ refusals
    def why_not(self, state: State, action) -> str | None:
        verb = action[0]
        p = state.active
        K = KEYS[p]
        cnt = state.counters
        zones = state.zones
        cards = state.cards
        if state.phase != "main":
            return "actions are taken in your Main Phase"
        first_turn = cnt[K.turns] == 1
        if verb == "play":
            hand = [cards[i] for i in zones[K.hand]]
            c = next((c for c in hand if c.name == action[1]), None)
            if c is None:
                names = sorted({c.name for c in hand})
                return f"there is no {action[1]} in your hand (your hand: {', '.join(names) or 'empty'})"
            if c.kind in (BUILDING, TROOP):
                if len(action) < 3:
                    return f"{c.name} is a {c.type}: say which City, e.g. 'play {c.name} city1'"
                ci = int(action[2][4]) - 1
                if ci not in state.vars[K.intact]:
                    return f"your {action[2]} is destroyed: nothing can be played into it (VOL-CARD-08)"
            elif len(action) > 2:
                return f"{c.name} is a {c.type}: it is played without a City, 'play {c.name}'"
            return None
        if verb == "acquire asset":
            i = action[1]
            if not 1 <= i <= len(ROW_KEYS):
                return "the Asset Row has spaces 1 to 5"
            slot = zones[ROW_KEYS[i - 1]]
            if not slot:
                return f"Asset Row space {i} is empty"
            c = cards[slot[0]]
            return f"{c.name} {_cost_text(c.cost, 'command', cnt[K.cp])} (VOL-ACQ-01)"
        if verb == "acquire wonder":
            if not zones["lair_card"]:
                return "the Lair is claimed: Wonders can no longer be acquired (VOL-DEFEAT-10)"
            i = action[1]
            if not 1 <= i <= len(LAIR_KEYS) or not zones[LAIR_KEYS[i - 1]]:
                return f"there is no Wonder in the Lair's space {i}"
            c = cards[zones[LAIR_KEYS[i - 1]][0]]
            return f"{c.name} {_cost_text(c.cost, 'battle', cnt[K.bp])} (VOL-ACQW-01)"
        if verb == "attack":
            who, _, where = action[1].partition(".")
            if who == K.name:
                return "you cannot attack your own Cities"
            o = 1 - p
            O = KEYS[o]
            if where == "lair":
                if not zones[O.lair]:
                    return f"{O.name} has no Lair (only the player who defeated Volfyirion has one)"
                n = cards[zones[O.lair][0]].defence
                return f"attacking {O.name}'s Lair {_cost_text(n, 'battle', cnt[K.bp])} (VOL-DEFEAT-14)"
            ci = int(where[4]) - 1
            if ci not in state.vars[O.intact]:
                return f"{action[1]} is already destroyed"
            n = M.city_cost(state, o, ci)
            troop = zones[O.troop[ci]]
            extra = f", its defence plus its Troop {cards[troop[0]].name}'s" if troop else ""
            return f"{_cost_text(n, 'battle', cnt[K.bp])}{extra} (VOL-ATTACK-01, VOL-ATTACK-04)"
        if verb == "move volfyirion":
            if state.vars["dragon"] == REMOVED:
                return "Volfyirion has been defeated: it no longer moves (VOL-DEFEAT-03)"
            if cnt[K.kp] < MOVE_COST:
                return f"moving Volfyirion {_cost_text(MOVE_COST, 'knowledge', cnt[K.kp])} (VOL-MOVE-01)"
            return ("Volfyirion moves from its Lair onto an intact enemy City, or from one of your Cities back "
                    "to its Lair (VOL-MOVE-01, VOL-MOVE-02)")
        if verb == "defeat volfyirion":
            if state.vars["dragon"] == REMOVED:
                return "Volfyirion has already been defeated"
            return f"defeating Volfyirion {_cost_text(self._defeat_cost(state, p), 'battle', cnt[K.bp])} (VOL-DEFEAT-01)"
        if verb == "replace":
            if not zones["asset_deck"]:
                return "the Asset Deck is empty (VOL-REPLACE-05)"
            if not zones[ROW_KEYS[action[1] - 1]]:
                return f"Asset Row space {action[1]} is empty: Replace does not fill a space (VOL-REPLACE-03)"
            return f"replacing a card {_cost_text(REPLACE_COST, 'knowledge', cnt[K.kp])} (VOL-REPLACE-01)"
        if verb in ("seal", "unseal"):
            pl = int(action[1][1]) - 1
            for iid in zones[KEYS[pl].play]:
                c = cards[iid]
                if c.name == action[2] and c.kind == WONDER:
                    if c.get("unsealable") and verb == "seal":
                        return f"{c.name} can never be sealed (VOL-VAR-ASC-02)"
                    return f"{verb}ing {c.name} {_cost_text(c.cost, 'knowledge', cnt[K.kp])} (VOL-SEAL-01)"
            return f"there is no Wonder {action[2]} in {action[1]}'s Playing Area"
        if verb == "redeploy":
            src, dst = int(action[1][4]) - 1, int(action[2][4]) - 1
            t = zones[K.troop[src]]
            if not t:
                return f"there is no Troop in your {action[1]}"
            if dst not in state.vars[K.intact] or zones[K.troop[dst]] or src == dst:
                return "a Troop moves only to another intact City of yours with no Troop (VOL-REDEPLOY-02)"
            c = cards[t[0]]
            return f"redeploying {c.name} {_cost_text(c.cost, 'command', cnt[K.cp])} (VOL-REDEPLOY-01)"
        if verb == "activate":
            return self._why_not_ability(state, action, "act")
        if verb == "remove":
            return self._why_not_ability(state, action, "rem")
        if verb == "mulligan":
            return ("the mulligan is only for your first turn, before any other action (VOL-SETUP-MULL-01, "
                    "VOL-SETUP-MULL-02)")
        if verb == "refresh":
            if not first_turn:
                return "the free Asset Row refresh is only for your first turn (VOL-SETUP-ROW-03)"
            if state.vars["refresh"] == "" :
                return "the free refresh is over: you acquired a card, or used it (VOL-SETUP-ROW-03)"
            if p == state.vars["first"] and action[1] == "all":
                return "the first player refreshes one space, 'refresh 1'..'refresh 5' (VOL-SETUP-ROW-01)"
            return "the second player refreshes all five spaces at once, 'refresh all' (VOL-SETUP-ROW-04)"
        if verb == "rebuild":
            if not state.vars.get("vflags", 0) & V.EXT:
                return "rebuilding Cities is a rule of the extended mode only (VOL-EXT-REBUILD-01)"
            ci = int(action[1][4]) - 1
            if ci in state.vars[K.intact]:
                return f"your {action[1]} is not destroyed"
            cost = cards[state.vars[K.cityids][ci]].rebuild_cost
            return (f"rebuilding {action[1]} needs {M.points_text(cost)}; you have {M.points_text(((0, cnt[K.cp]), (1, cnt[K.bp]), (2, cnt[K.kp])))} "
                    "(VOL-EXT-REBUILD-01)")
        return None

    def _why_not_ability(self, state: State, action, want: str) -> str | None:
        p = state.active
        K = KEYS[p]
        cards = state.cards
        zones = state.zones
        name = action[1]
        where = [zones[K.play]] + [zones[k] for pair in K.slots for k in pair]
        found = [i for lst in where for i in lst if cards[i].name == name]
        if not found:
            return f"there is no {name} of yours in play"
        c = cards[found[0]]
        if want == "rem":
            return None if c.rem is not None else f"{name} has no remove ability"
        if c.act is None:
            return (f"{name}'s secondary ability gives its points by itself (VOL-SYN-03)" if c.auto
                    else f"{name} has no secondary ability")
        if all(i in state.marks["used"] for i in found):
            return f"{name}'s secondary ability was already used this turn (VOL-SEC-02)"
        if all(i in state.marks["sealed"] for i in found):
            return f"{name} is sealed: it gives nothing until unsealed (VOL-SEAL-03)"
        if c.need:
            from tabletop.packs.volfyirion.model import COLOURS
            need = ", ".join(f"{k} other {COLOURS[ci]} card{'s' if k > 1 else ''}" for ci, k in c.need)
            return f"{name}'s Synergy Chain needs {need} in your Playing Area or Cities (VOL-SYN-01)"
        return f"{name}'s requirement is not met now (VOL-SYN-01)"

    def resolve(self, state: State, text: str):
        """``acquire <card name>``: the Asset Row space or Lair Wonder of that card."""
        words = text.split()
        if len(words) < 2 or words[0].lower() != "acquire":
            return None
        name = " ".join(words[1:]).lower()
        zones = state.zones
        cards = state.cards
        for i, key in enumerate(ROW_KEYS, 1):
            if zones[key] and cards[zones[key][0]].name.lower() == name:
                return ("acquire asset", i)
        for i, key in enumerate(LAIR_KEYS, 1):
            if zones[key] and cards[zones[key][0]].name.lower() == name:
                return ("acquire wonder", i)
        known = next((n for n in self.by_name if n.lower() == name), None)
        if known is not None:
            row = ", ".join(f"{i} {cards[zones[k][0]].name}" for i, k in enumerate(ROW_KEYS, 1) if zones[k])
            raise IllegalAction(f"{known} is not in the Asset Row or the Lair now (Asset Row: {row or 'empty'})")
        return None

    # ------------------------------------------------------------------ the end of the turn
    def warnings(self, state: State, player: int) -> list[str]:
        out = []
        d = state.vars["dragon"]
        cnt = state.counters
        K = KEYS[player]
        if d >= 0 and d // 3 == player:
            ci = d % 3
            last = len(state.vars[K.intact]) == 1 and not state.zones[K.lair]
            cost = self._defeat_cost(state, player)
            out.append(f"Volfyirion is on your {M.place_text(state, player, ci)}: it falls at the end of your turn"
                       f"{' - your LAST City: you would lose the game' if last else ''} unless you move Volfyirion "
                       f"back to its Lair ({MOVE_COST} knowledge; you have {cnt[K.kp]}) or defeat it ({cost} battle; "
                       f"you have {cnt[K.bp]}) (VOL-END-04, VOL-MOVE-05)")
        left = [(n, r) for n, r in zip((cnt[K.cp], cnt[K.bp], cnt[K.kp]), ("command", "battle", "knowledge")) if n]
        if left and state.phase == "main":
            out.append("unspent points are lost at the end of your turn: "
                       + ", ".join(f"{n} {r}" for n, r in left) + " (VOL-END-03)")
        return out

    # ------------------------------------------------------------------ playing without a choice
    def free_plays(self, state: State, actions: list) -> list:
        """Command cards and Wonders: their points are gained by themselves and they need no City."""
        if state.pending is not None:
            return []
        names = self.by_name
        return [a for a in actions if a[0] == "play" and len(a) == 2 and names[a[1]].kind in (COMMAND, WONDER)]

    # ------------------------------------------------------------------ places and cards
    def places(self, view: dict) -> list[str]:
        out = [f"asset {i}" for i, c in enumerate(view["asset_row"], 1) if c]
        out += [f"wonder {i}" for i, w in enumerate(view["lair"]["wonders"], 1) if w]
        out += [f"{p}.city{i}" for p in ("p1", "p2") for i in (1, 2, 3)]
        return out

    def locate(self, view: dict, ref: str):
        ref = " ".join(ref.lower().split())
        words = ref.split()
        if len(words) == 2 and words[1].isdigit() and words[0] in ("asset", "row", "wonder", "lair"):
            i = int(words[1])
            row = view["asset_row"] if words[0] in ("asset", "row") else view["lair"]["wonders"]
            if not 1 <= i <= len(row):
                return []
            c = row[i - 1]
            return [] if c is None else [(c["name"], [f"{'Asset Row space' if row is view['asset_row'] else 'Lair space'} {i}, costs {c['cost']} {'command' if row is view['asset_row'] else 'battle'}"])]
        who, _, where = ref.partition(".")
        if who in ("p1", "p2") and where in ("city1", "city2", "city3", "lair"):
            d = view["players"][who]
            c = d.get(where)
            if c is None:
                return []
            if c.get("destroyed"):
                return [(c["name"], [f"{who}.{where}: destroyed"])]
            status = [f"{who}.{where}: defence {c['defence']} (printed {c['printed']}"
                      + (f" + Troop {c['troop']}" if c.get("troop") else "") + ")"]
            if view["volfyirion"] == f"{who}.{where}":
                status.append("Volfyirion is on it: it falls at the end of its owner's turn")
            out = [(c["name"], status)]
            if c.get("troop"):
                out.append((c["troop"], [f"the Troop of {who}.{where}"]))
            if c.get("building"):
                out.append((c["building"], [f"the Building of {who}.{where}"]))
            return out
        return None

    def card_rules(self, card) -> str:
        return gettext(KIND_RULES[card.type]) if card.type in KIND_RULES else ""
