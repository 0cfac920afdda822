"""What Volfyirion's rules tell people: why an action is refused, what the end of the turn will
bring, what a place of the board holds, which plays need no choice, how a kind of card plays.

Everything here reads what the asking player may know (their view, or the public parts of
the state and their own hand); rule ids refer to the pack's catalogue (``rules.yaml``,
docs/rules/volfyirion.md).
"""
from __future__ import annotations

from tabletop.framework import lasting
from tabletop.framework.actions import format_action
from tabletop.framework.effects import IllegalAction
from tabletop.framework.language import N_, card_name, gettext, gettext as _, localised as L, ngettext
from tabletop.framework.numerals import whole_number
from tabletop.framework.state import State
from tabletop.framework.wording import card_names, forbidden_by

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.board import COLOURS as BANNERS, KINDS, amount as _amount
from tabletop.packs.volfyirion.model import (
    BUILDING, COMMAND, KEYS, LAIR_KEYS, LAIRS, MOVE_COST, REMOVED, REPLACE_COST, ROW, ROW_KEYS, TROOP, WONDER,
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
            "Volfyirion at the end of its owner's turn (VOL-ATTACK-01, VOL-END-06). Lose all three and you "
            "lose (VOL-WIN-01)."),
    "lair": N_("Volfyirion's Lair: defeat the dragon with 16 battle to claim it: it becomes a City of yours "
            "and gives 4 battle each turn (VOL-DEFEAT-01, VOL-DEFEAT-09)."),
    "perk": N_("Perk: dealt face up at the start; its rule lasts the whole game (VOL-VAR-PERK-01)."),
    "ploy": N_("Ploy: dealt face down, secret; it fires by itself when its condition happens, then leaves the "
            "game (VOL-VAR-PLOY-01, VOL-VAR-PLOY-02)."),
}


def _cost_text(n: int, res: str, have: int) -> str:
    return _("needs {cost}; you have {have}").format(cost=_amount(n, res), have=have)


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
            return _("actions are taken in your Main Phase")
        first_turn = cnt[K.turns] == 1
        if verb == "play":
            hand = [cards[i] for i in zones[K.hand]]
            c = next((c for c in hand if c.name == action[1]), None)
            if c is None:
                names = sorted({card_name(c.name) for c in hand})
                return _("there is no {card} in your hand (your hand: {hand})").format(
                    card=card_name(action[1]), hand=", ".join(names) or _("empty"))
            why = _forbidding(state, "play", next(i for i in zones[K.hand] if cards[i] is c), p)
            if why:
                return why
            if c.kind in (BUILDING, TROOP):
                if len(action) < 3:
                    return _("{card} is a {kind}: say which City, e.g. 'play {card} city1'").format(
                        card=card_name(c.name), kind=_(KINDS.get(c.type, c.type)))
                ci = int(action[2][4]) - 1
                if ci not in state.vars[K.intact]:
                    return _("your {city} is destroyed: nothing can be played into it (VOL-CARD-08)").format(city=action[2])
            elif len(action) > 2:
                return _("{card} is a {kind}: it is played without a City, 'play {card}'").format(
                    card=card_name(c.name), kind=_(KINDS.get(c.type, c.type)))
            return None
        if verb == "acquire asset":
            i = action[1]
            if not 1 <= i <= len(ROW_KEYS):
                return _("the Asset Row has spaces 1 to 5")
            slot = state.cards_in(ROW_KEYS[i - 1])
            if not slot:
                return _("Asset Row space {i} is empty").format(i=i)
            c = cards[slot[0]]
            why = _forbidding(state, "acquire", slot[0], p)
            if why:
                return why
            return f"{card_name(c.name)} {_cost_text(c.cost, 'command', cnt[K.cp])} (VOL-ACQ-01)"
        if verb == "acquire wonder":
            if not state.cards_in("lair_card"):
                return _("the Lair is claimed: Wonders can no longer be acquired (VOL-DEFEAT-10)")
            i = action[1]
            if not 1 <= i <= len(LAIR_KEYS) or not state.cards_in(LAIR_KEYS[i - 1]):
                return _("there is no Wonder in the Lair's space {i}").format(i=i)
            c = cards[state.cards_in(LAIR_KEYS[i - 1])[0]]
            why = _forbidding(state, "acquire", state.cards_in(LAIR_KEYS[i - 1])[0], p)
            if why:
                return why
            return f"{card_name(c.name)} {_cost_text(c.cost, 'battle', cnt[K.bp])} (VOL-ACQW-01)"
        if verb == "attack":
            who, _dot, where = action[1].partition(".")
            if who == K.name:
                return _("you cannot attack your own Cities")
            o = 1 - p
            O = KEYS[o]
            if where == "lair":
                if not state.cards_in(O.lair_key):
                    return _("{p} has no Lair (only the player who defeated Volfyirion has one)").format(p=O.name)
                shields = M.protectors(state, o, M.LAIR_CITY)
                if shields:
                    return _protected(state, action[1], shields)
                n = M.lair_cost(state, o)
                return _("attacking {p}'s Lair {cost} (VOL-DEFEAT-12/13)").format(p=O.name, cost=_cost_text(n, 'battle', cnt[K.bp]))
            ci = int(where[4]) - 1
            if ci not in state.vars[O.intact]:
                return _("{city} is already destroyed").format(city=action[1])
            shields = M.protectors(state, o, ci)
            if shields:
                return _protected(state, action[1], shields)
            n = M.city_cost(state, o, ci)
            troop = state.cards_in(O.troop_key[ci])
            extra = _(", its defence plus its Troop {card}'s").format(card=card_name(cards[troop[0]].name)) if troop else ""
            return f"{_cost_text(n, 'battle', cnt[K.bp])}{extra} (VOL-ATTACK-01, VOL-ATTACK-04)"
        if verb == "move volfyirion":
            if state.vars["dragon"] == REMOVED:
                return _("Volfyirion has been defeated: it no longer moves (VOL-DEFEAT-03, VOL-DEFEAT-11)")
            if cnt[K.kp] < MOVE_COST:
                return _("moving Volfyirion {cost} (VOL-MOVE-01)").format(cost=_cost_text(MOVE_COST, 'knowledge', cnt[K.kp]))
            return _("Volfyirion moves from its Lair onto an intact enemy City, or from one of your Cities back "
                     "to its Lair (VOL-MOVE-01, VOL-MOVE-02)")
        if verb == "defeat volfyirion":
            if state.vars["dragon"] == REMOVED:
                return _("Volfyirion has already been defeated")
            return _("defeating Volfyirion {cost} (VOL-DEFEAT-01)").format(
                cost=_cost_text(self._defeat_cost(state, p), 'battle', cnt[K.bp]))
        if verb == "replace":
            if not 1 <= action[1] <= len(ROW_KEYS):
                return _("the Asset Row has spaces 1 to 5")
            if not zones["asset_deck"]:
                return _("the Asset Deck is empty (VOL-REPLACE-05)")
            if not state.cards_in(ROW_KEYS[action[1] - 1]):
                return _("Asset Row space {i} is empty: Replace does not fill a space (VOL-REPLACE-03)").format(i=action[1])
            return _("replacing a card {cost} (VOL-REPLACE-01)").format(cost=_cost_text(REPLACE_COST, 'knowledge', cnt[K.kp]))
        if verb in ("seal", "unseal"):
            pl = int(action[1][1]) - 1
            sealed = state.marks["sealed"]
            copies = [iid for iid in zones[KEYS[pl].play] if cards[iid].name == action[2] and cards[iid].kind == WONDER]
            if not copies:
                return _("there is no Wonder {card} in {p}'s Playing Area").format(card=card_name(action[2]), p=action[1])
            c = cards[copies[0]]
            if c.get("unsealable") and verb == "seal":
                return _("{card} can never be sealed (VOL-VAR-ASC-02)").format(card=card_name(c.name))
            if all((iid in sealed) == (verb == "seal") for iid in copies):  # VOL-SEAL-04: only the other way round
                told = (_("{p}'s {card} is already sealed (VOL-SEAL-04)") if verb == "seal" else
                        _("{p}'s {card} is not sealed: only a sealed Wonder can be unsealed (VOL-SEAL-04)"))
                return told.format(card=card_name(c.name), p=action[1])
            doing = _("sealing {card} {cost} (VOL-SEAL-01)") if verb == "seal" else _("unsealing {card} {cost} (VOL-SEAL-01)")
            return doing.format(card=card_name(c.name), cost=_cost_text(c.cost, 'knowledge', cnt[K.kp]))
        if verb == "redeploy":
            src, dst = int(action[1][4]) - 1, int(action[2][4]) - 1
            t = state.cards_in(K.troop_key[src])
            if not t:
                return _("there is no Troop in your {city}").format(city=action[1])
            if dst not in state.vars[K.intact] or state.cards_in(K.troop_key[dst]) or src == dst:
                return _("a Troop moves only to another intact City of yours with no Troop (VOL-REDEPLOY-02)")
            c = cards[t[0]]
            return _("redeploying {card} {cost} (VOL-REDEPLOY-01)").format(card=card_name(c.name),
                                                                       cost=_cost_text(c.cost, 'command', cnt[K.cp]))
        if verb == "activate":
            return self._why_not_ability(state, action, "act")
        if verb == "remove":
            return self._why_not_ability(state, action, "rem")
        if verb == "thin":
            reason = self._why_not_ability(state, action, "rem")
            if reason is None and not any(c.thin for c in cards if c.name == action[1]):
                return _("{card}'s remove ability gives no points to leave out: 'remove {card}' asks about each of "
                         "its effects (VOL-REMAB-03)").format(card=card_name(action[1]))
            return reason
        if verb == "mulligan":
            return _("the mulligan is only for your first turn, before any other action (VOL-SETUP-MULL-01, "
                     "VOL-SETUP-MULL-02)")
        if verb == "refresh":
            if not first_turn:
                return _("the free Asset Row refresh is only for your first turn (VOL-SETUP-ROW-03)")
            if state.vars["refresh"] == "" :
                return _("the free refresh is over: you acquired a card, or used it (VOL-SETUP-ROW-03)")
            if p == state.vars["first"] and action[1] == "all":
                return _("the first player refreshes one space, 'refresh 1'..'refresh 5' (VOL-SETUP-ROW-01)")
            return _("the second player refreshes all five spaces at once, 'refresh all' (VOL-SETUP-ROW-04)")
        if verb in ("acquire top", "acquire wonder top", "collide", "take"):
            return self._why_not_variant(state, action)
        if verb == "rebuild":
            if not state.vars.get("vflags", 0) & V.EXT:
                return _("rebuilding Cities is a rule of the extended mode only (VOL-EXT-REBUILD-01)")
            ci = int(action[1][4]) - 1
            if ci in state.vars[K.intact]:
                return _("your {city} is not destroyed").format(city=action[1])
            if ci in state.vars.get(f"{K.name}.gone", ()):
                return _("your {city} was destroyed a second time: it is out of the game and can never be rebuilt "
                         "(VOL-EXT-REBUILD-03)").format(city=action[1])
            cost = cards[state.vars[K.cityids][ci]].rebuild_cost
            have = ", ".join(_amount(n, r) for n, r in zip((cnt[K.cp], cnt[K.bp], cnt[K.kp]),
                                                           ("command", "battle", "knowledge")) if n)
            need = ", ".join(_amount(n, ("command", "battle", "knowledge")[r]) for r, n in cost if n)
            return _("rebuilding {city} needs {need}; you have {have} (VOL-EXT-REBUILD-01)").format(
                city=action[1], need=need, have=have)
        return None

    def _why_not_variant(self, state: State, action) -> str | None:
        """The refusals of the variants' own actions: the Perks' purchases and seal, the Ascension
        Path's take-over."""
        verb = action[0]
        p = state.active
        K = KEYS[p]
        cnt = state.counters
        cards = state.cards
        zones = state.zones
        pk = V.perk(state, p) if V.flags(state) & V.PERKS else None
        if verb == "acquire top":
            if pk is None or not pk.get("oracle"):
                return _("only the Asset Row's cards can be acquired; the Asset Deck's top card only with the Qoam "
                         "Oracle Perk (VOL-ACQ-04)")
            if not zones["asset_deck"]:
                return _("the Asset Deck is empty")
            top = zones["asset_deck"][-1]
            why = _forbidding(state, "acquire", top, p)
            return why or (f"{card_name(cards[top].name)} "
                           f"{_cost_text(M.cost(state, p, top), 'command', cnt[K.cp])} (VOL-VAR-PERK-ORACLE-01)")
        if verb == "acquire wonder top":
            if pk is None or pk.get("heroes") is None:
                return _("only the Lair's face-up Wonders can be acquired; the Wonder Deck's top card only with the "
                         "Heroes Party Perk (VOL-ACQW-04)")
            if not state.cards_in("lair_card"):
                return _("the Lair is claimed: Wonders can no longer be acquired (VOL-DEFEAT-10)")
            if not zones["wonder_deck"]:
                return _("the Wonder Deck is empty")
            why = _forbidding(state, "acquire", zones["wonder_deck"][-1], p)
            return why or _("Heroes Party {cost} (VOL-VAR-PERK-HEROES-01)").format(
                cost=_cost_text(pk.heroes, 'battle', cnt[K.bp]))
        if verb == "collide":
            if pk is None or not pk.get("collider"):
                return _("only the Anomaly Collider Perk seals a Wonder this way (VOL-VAR-PERK-COLLIDER-01)")
            if state.vars.get("collided"):
                return _("Anomaly Collider was already used this turn: once per turn (VOL-VAR-PERK-COLLIDER-01)")
            return _("Anomaly Collider seals one of your own unsealed Wonders, never an Ascension Path "
                     "(VOL-VAR-PERK-COLLIDER-02)")
        pl = int(action[1][1]) - 1
        found = [i for i in zones[KEYS[pl].play] if cards[i].name == action[2] and cards[i].get("takeover")]
        if pl == p or not found or not V.flags(state) & V.ASC:
            return _("only an Ascension Path in the opponent's Playing Area can be taken (VOL-VAR-ASC-03)")
        cost = cards[found[0]].takeover
        pools = (cnt[K.cp], cnt[K.bp], cnt[K.kp])
        names = ("command", "battle", "knowledge")
        have = ", ".join(_amount(pools[r], names[r]) for r, n in cost if n)  # the pools the price is paid from
        need = ", ".join(_amount(n, names[r]) for r, n in cost if n)
        return _("taking {card} needs {need}; you have {have} (VOL-VAR-ASC-04)").format(
            card=card_name(action[2]), need=need, have=have)

    def _why_not_ability(self, state: State, action, want: str) -> str | None:
        p = state.active
        K = KEYS[p]
        cards = state.cards
        zones = state.zones
        name = action[1]
        where = [zones[K.play]] + [state.cards_in(k) for pair in zip(K.troop_key, K.building_key) for k in pair]
        found = [i for lst in where for i in lst if cards[i].name == name]
        if not found:
            return _("there is no {card} of yours in play").format(card=card_name(name))
        c = cards[found[0]]
        shown = card_name(name)
        if want == "rem":
            if c.rem is None:
                return _("{card} has no remove ability").format(card=shown)
            if all(i in state.marks["sealed"] for i in found):  # a sealed Wonder gives no ability (VOL-SEC-04)
                return _("{card} is sealed: it gives nothing until unsealed (VOL-SEAL-03)").format(card=shown)
            return None
        if c.act is None:
            return (_("{card}'s secondary ability gives its points by itself (VOL-SEC-05)") if c.auto
                    else _("{card} has no secondary ability")).format(card=shown)
        if all(i in state.marks["used"] for i in found):
            return _("{card}'s secondary ability was already used this turn (VOL-SEC-02)").format(card=shown)
        if all(i in state.marks["sealed"] for i in found):
            return _("{card} is sealed: it gives nothing until unsealed (VOL-SEAL-03)").format(card=shown)
        if c.need:
            from tabletop.packs.volfyirion.model import COLOURS
            need = ", ".join(ngettext("{n} other {colour} card", "{n} other {colour} cards", k).format(
                n=k, colour=_(BANNERS.get(COLOURS[ci], COLOURS[ci]))) for ci, k in c.need)
            return _("{card}'s Synergy Chain needs {need} in your Playing Area or Cities (VOL-SYN-01)").format(
                card=shown, need=need)
        return _("{card}'s requirement is not met now (VOL-SYN-01)").format(card=shown)

    def resolve(self, state: State, text: str):
        """``acquire <card name>``: the Asset Row space or Lair Wonder of that card; ``remove
        Fighter`` (``activate``, ``thin``) for a card in one City only: that City's."""
        words = text.split()
        if len(words) >= 2 and words[0].lower() in ("remove", "activate", "thin"):
            return self._in_its_city(state, words[0].lower(), " ".join(words[1:]).lower())
        if len(words) < 2 or words[0].lower() != "acquire":
            return None
        name = " ".join(words[1:]).lower()
        zones = state.zones
        cards = state.cards
        slots = state.slots
        for i, slot in enumerate(ROW, 1):
            if slots[slot] >= 0 and cards[slots[slot]].name.lower() == name:
                return ("acquire asset", i)
        for i, slot in enumerate(LAIRS, 1):
            if slots[slot] >= 0 and cards[slots[slot]].name.lower() == name:
                return ("acquire wonder", i)
        known = next((n for n in self.by_name if n.lower() == name), None)
        if known is not None:
            row = ", ".join(f"{i} {card_name(cards[slots[k]].name)}" for i, k in enumerate(ROW, 1) if slots[k] >= 0)
            raise IllegalAction(_("{card} is not in the Asset Row or the Lair now (Asset Row: {row})").format(
                card=card_name(known), row=row or _("empty")))
        return None

    def _in_its_city(self, state: State, verb: str, name: str):
        """The legal ``verb`` of the card ``name`` in a City, said without the City: the one if one
        City holds it, else which to say."""
        found = [a for a in self.legal_actions(state)
                 if a[0] == verb and len(a) == 3 and a[1].lower() == name and a[2].startswith("city")]
        if len(found) == 1:
            return found[0]
        if found:
            raise IllegalAction(_("{card} is in more than one City: say which, {ways}").format(
                card=card_name(found[0][1]), ways=_(" or ").join(f"'{format_action(a)}'" for a in found)))
        return None

    # ------------------------------------------------------------------ the end of the turn
    def warnings(self, state: State, player: int) -> list[str]:
        out = []
        d = state.vars["dragon"]
        cnt = state.counters
        K = KEYS[player]
        if d >= 0 and d // 3 == player:
            ci = d % 3
            last = len(state.vars[K.intact]) == 1 and state.slots[K.lair] < 0
            cost = self._defeat_cost(state, player)
            text = (_("Volfyirion is on your {city}: it falls at the end of your turn - your LAST City: you would lose "
                      "the game unless you move Volfyirion back to its Lair ({move}; you have {kp}) or defeat it "
                      "({defeat}; you have {bp}) (VOL-END-06, VOL-MOVE-06)") if last else
                    _("Volfyirion is on your {city}: it falls at the end of your turn unless you move Volfyirion "
                      "back to its Lair ({move}; you have {kp}) or defeat it ({defeat}; you have {bp}) (VOL-END-06, "
                      "VOL-MOVE-06)"))
            out.append(text.format(city=L(M.place_text(state, player, ci)), move=_amount(MOVE_COST, "knowledge"),
                                   kp=cnt[K.kp], defeat=_amount(cost, "battle"), bp=cnt[K.bp]))
        left = [(n, r) for n, r in zip((cnt[K.cp], cnt[K.bp], cnt[K.kp]), ("command", "battle", "knowledge")) if n]
        if left and state.phase == "main":
            out.append(_("unspent points are lost at the end of your turn: {points} (VOL-END-04)").format(
                points=", ".join(_amount(n, r) for n, r in left)))
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
        if len(words) == 2 and whole_number(words[1]) is not None and words[0] in ("asset", "row", "wonder", "lair"):
            i = whole_number(words[1])
            row = view["asset_row"] if words[0] in ("asset", "row") else view["lair"]["wonders"]
            if not 1 <= i <= len(row):
                return []
            c = row[i - 1]
            return [] if c is None else [(c["name"], [f"{'Asset Row space' if row is view['asset_row'] else 'Lair space'} {i}, costs {c['cost']} {'command' if row is view['asset_row'] else 'battle'}"])]
        who, _dot, where = ref.partition(".")
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


def _protected(state: State, city: str, sources: list[int]) -> str:
    return _("{city} cannot be attacked now: {source} protects it").format(city=city, source=card_names(state, sources))


def _forbidding(state: State, verb: str, iid: int, p: int) -> str | None:
    """Why ``p`` may not ``verb`` card ``iid``, naming the cards whose restrictions forbid it; None
    when nothing forbids it."""
    sources = lasting.forbidding(state, M.holders, verb, iid, p)
    return forbidden_by(state, verb, iid, sources) if sources else None
