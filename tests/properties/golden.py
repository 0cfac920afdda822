"""Golden games: a compact digest of many seeded random games, so that making the engine
faster can never change a rule without a test saying so.

Each game is played from ``setup(options, seed)`` by a uniform random player (the
framework's generator seeded with the game's seed, picking by index in the order
``legal_actions`` lists them) until it ends or 200 turns have been played. Its digest is:

- ``steps``: how many actions were applied;
- ``actions``: a hash of every action's text notation, in order, and of the final state;
- ``states``: a hash of the state's JSON (keys sorted) after setup and after every action.

The digests live in ``tests/properties/golden/<set>.json``. Regenerate them only when a
rule changes deliberately (a rules fix, a card set), never to make a test pass after an
optimisation, and say so in the commit:

    python -m tests.properties.golden --write            # every set
    python -m tests.properties.golden --check            # every game, every state (slow: minutes)

The suite (tests/properties/test_golden.py) checks every game's ``actions`` digest and the
``states`` digest of the first games of each set.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from tabletop.framework.actions import format_action
from tabletop.framework.rng import Random

HERE = Path(__file__).resolve().parent / "golden"
TURN_CAP = 200

#: name -> (pack, options, number of games)
SETS: dict[str, tuple[str, dict, int]] = {
    "volfyirion": ("volfyirion", {}, 1000),
    "volfyirion-variants-extended": ("volfyirion", {"variants": ["all"], "mode": "extended"}, 200),
    "virevolt": ("virevolt", {}, 1000),
}


def _state_bytes(state) -> bytes:
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":")).encode()


def play(rules, options: dict, seed: int, states: bool) -> dict:
    """The digest of game ``seed`` (``states``: also hash every state, which is slower)."""
    rng = Random(seed)
    state = rules.setup(options, seed)
    acts_hash = hashlib.blake2b(digest_size=12)
    states_hash = hashlib.blake2b(digest_size=12) if states else None
    if states_hash is not None:
        states_hash.update(_state_bytes(state))
    last = state.turn + TURN_CAP
    steps = 0
    legal, apply, below = rules.legal_actions, rules.apply, rng.below
    while not state.over and state.turn < last:
        acts = legal(state)
        action = acts[below(len(acts))]
        acts_hash.update(format_action(action).encode() + b"\n")
        apply(state, action)
        steps += 1
        if states_hash is not None:
            states_hash.update(_state_bytes(state))
    acts_hash.update(_state_bytes(state))
    out = {"seed": seed, "steps": steps, "actions": acts_hash.hexdigest()}
    if states_hash is not None:
        out["states"] = states_hash.hexdigest()
    return out


def rules_of(pack: str):
    from tabletop.framework.packs import registry

    return registry().get(pack).rules()


def generate(name: str) -> dict:
    pack, options, n = SETS[name]
    rules = rules_of(pack)
    return {"pack": pack, "options": options, "turn_cap": TURN_CAP,
            "games": [play(rules, options, seed, True) for seed in range(n)]}


def path_of(name: str) -> Path:
    return HERE / f"{name}.json"


def load(name: str) -> dict:
    return json.loads(path_of(name).read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="regenerate the digests (rules changed deliberately)")
    ap.add_argument("--check", action="store_true", help="replay every game and compare every state")
    ap.add_argument("sets", nargs="*", help=f"sets (default: all of {', '.join(SETS)})")
    args = ap.parse_args(argv)
    names = args.sets or list(SETS)
    bad = 0
    for name in names:
        if args.write:
            HERE.mkdir(exist_ok=True)
            data = generate(name)
            text = "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in data.items() if k != "games")
            text += ', "games": [\n' + ",\n".join(json.dumps(g) for g in data["games"]) + "\n]}\n"
            path_of(name).write_text(text, encoding="utf-8")
            print(f"{name}: {len(data['games'])} games written to {path_of(name)}")
        else:
            want = load(name)
            rules = rules_of(want["pack"])
            for g in want["games"]:
                got = play(rules, want["options"], g["seed"], True)
                if got != g:
                    bad += 1
                    print(f"{name}: game {g['seed']} differs: {got} != {g}")
            print(f"{name}: {len(want['games'])} games checked")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
