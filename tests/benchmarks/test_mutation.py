"""benchmarks/mutation.py works: it finds mutants, serves one to a test run, tells caught from survived.
(The mutation run itself is slow and is not part of the suite.)"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module():
    spec = importlib.util.spec_from_file_location("mutation", ROOT / "benchmarks" / "mutation.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def test_mutants_are_found_and_applied_without_touching_the_file():
    mu = _module()
    before = (ROOT / "framework" / "rng.py").read_text(encoding="utf-8")
    ms = mu.mutants("framework/rng.py")
    kinds = {m.kind.split("#")[0] for m in ms}
    assert "return->None" in kinds and any(k.endswith("->Sub") or k.endswith("->Add") for k in kinds)
    m = next(m for m in ms if m.kind.startswith("Add->Sub") or m.kind.endswith("->Sub"))
    mutated = mu.mutate("framework/rng.py", m)
    assert mutated != before and (ROOT / "framework" / "rng.py").read_text(encoding="utf-8") == before
    assert mu.module_name("framework/rng.py") == "tabletop.framework.rng"
    assert mu.module_name("packs/virevolt/crystals.py") == "tabletop.packs.virevolt.crystals"
    assert m.key.startswith("framework/rng.py | ") and str(m.line) not in m.key.split(" | ")[0]


def test_a_run_tells_a_caught_mutant_from_a_survivor(tmp_path, capsys):
    mu = _module()
    # crystals.py line "use[4] += m": a mauve symbol paid by a mauve crystal; the crystal tests catch it
    out = tmp_path / "r.json"
    code = mu.main(["--match", "Add->Sub", "--sample", "1", "--seed", "3", "--tests", "tests/virevolt/test_crystals.py",
                    "--json", str(out), "packs/virevolt/crystals.py"])
    assert code == 0
    text = capsys.readouterr().out
    assert "| packs/virevolt/crystals.py | 1 |" in text
    import json

    result = json.loads(out.read_text())["packs/virevolt/crystals.py"]
    assert len(result["caught"]) + len(result["survived"]) == 1
    # a mutant no test can see: the equivalent list names it and the run skips it
    eq = mu.equivalent()
    assert all(" | " in k for k in eq)
