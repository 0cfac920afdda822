"""Mutation testing: how many small, deliberate bugs in a file does the test suite catch?

    python benchmarks/mutation.py packs/virevolt/crystals.py              # every mutant of one file
    python benchmarks/mutation.py --sample 60 --seed 1 packs/volfyirion/rules.py dsl/compiler.py
    python benchmarks/mutation.py --list packs/virevolt/crystals.py       # the mutants, not run
    python benchmarks/mutation.py --all                                   # the files of TARGETS
    python benchmarks/mutation.py --json out.json packs/virevolt/heroes.py

A small AST mutator, so it needs nothing but the test suite: each mutant changes one operator,
constant or statement of the file (``<`` to ``<=``, ``and`` to ``or``, ``continue`` to
``break``, ``1`` to ``2``, ``True`` to ``False``, a ``not`` dropped, a ``return x`` made
``return None``...). The mutated module is served to a fresh ``pytest`` process by an import
hook (``TABLETOP_MUTANT``), so the working tree is never written and runs can go side by side.
A mutant is *caught* when a test fails (or it hangs past the time limit); it *survives* when
every test passes. Mutants listed in ``benchmarks/mutation_equivalent.yaml`` are equivalent
(no behaviour can tell them apart from the original, each with the reason) and are not run;
they are named by file, source line, column and kind, so edits elsewhere keep the names.

The report gives, per file, mutants run, caught, survived and the score caught / run, then
every survivor with its id (``FILE:LINE:COL:KIND``), which is what to pin with a test or, if
it truly changes nothing, to list as equivalent. Slow by nature (one pytest run per mutant):
it is not part of the test suite; ``tests/benchmarks/test_mutation.py`` checks that it works.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT = ROOT / "benchmarks" / "mutation_equivalent.yaml"

#: the folders that package-dir maps under ``tabletop`` (pyproject.toml)
PACKAGE_DIRS = {"framework": "tabletop.framework", "dsl": "tabletop.dsl", "packs": "tabletop.packs",
                "cli": "tabletop.cli", "printing": "tabletop.printing"}

#: which tests judge which file (the fast, relevant part of the suite)
TESTS = {
    "packs/volfyirion/": ["tests/volfyirion", "tests/scenarios/volfyirion", "tests/scenarios/designer"],
    "packs/virevolt/": ["tests/virevolt", "tests/scenarios/virevolt", "tests/scenarios/designer"],
    "framework/": ["tests/framework", "tests/properties/test_serialisation.py", "tests/api/test_pickling.py",
                   "tests/volfyirion/test_rules.py", "tests/virevolt/test_traps.py", "tests/scenarios/volfyirion"],
    "dsl/": ["tests/dsl", "tests/scenarios/designer"],
}

#: the files the rules, the effect engine and the card compiler live in (``--all``)
TARGETS = ("packs/volfyirion/rules.py", "packs/virevolt/rules.py", "packs/virevolt/crystals.py",
           "packs/virevolt/heroes.py", "packs/virevolt/states.py", "framework/effects.py", "dsl/compiler.py")

SWAP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
        ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
        ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
        ast.And: ast.Or, ast.Or: ast.And}


@dataclass(frozen=True)
class Mutant:
    file: str
    line: int
    col: int
    kind: str
    text: str  # the source line, stripped: with col and kind, a name that survives edits elsewhere

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}:{self.col}:{self.kind}"

    @property
    def key(self) -> str:
        """How ``mutation_equivalent.yaml`` names it: no line number, so moving code keeps the name."""
        return f"{self.file} | {self.text} | {self.col} | {self.kind}"


def _sites(tree: ast.AST) -> list[tuple[ast.AST, str]]:
    """Every (node, kind) that can be mutated, in source order. Docstrings are left alone."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in SWAP:
                    out.append((node, f"{type(op).__name__}->{SWAP[type(op)].__name__}#{i}"))
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in SWAP:
            out.append((node, f"{type(node.op).__name__}->{SWAP[type(node.op)].__name__}"))
        elif isinstance(node, ast.BoolOp):
            out.append((node, f"{type(node.op).__name__}->{SWAP[type(node.op)].__name__}"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            out.append((node, "drop-not"))
        elif isinstance(node, ast.Continue):
            out.append((node, "continue->break"))
        elif isinstance(node, ast.Break):
            out.append((node, "break->continue"))
        elif isinstance(node, ast.Constant) and id(node) not in docstrings:
            if node.value is True or node.value is False:
                out.append((node, f"{node.value}->{not node.value}"))
            elif isinstance(node.value, int) and not isinstance(node.value, bool):
                out.append((node, f"{node.value}->{node.value + 1}"))
        elif isinstance(node, ast.Return) and node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None):
            out.append((node, "return->None"))
        elif isinstance(node, ast.If):
            out.append((node, "if->if-not"))
    return out


_SOURCES: dict[str, str] = {}


def source_of(file: str) -> str:
    """The file as it was when first read: every mutant of a run is made from that one text."""
    if file not in _SOURCES:
        _SOURCES[file] = (ROOT / file).read_text(encoding="utf-8")
    return _SOURCES[file]


def mutants(file: str) -> list[Mutant]:
    source = source_of(file)
    lines = source.splitlines()
    tree = ast.parse(source)
    return [Mutant(file, n.lineno, n.col_offset, kind, lines[n.lineno - 1].strip()) for n, kind in _sites(tree)]


def mutate(file: str, m: Mutant) -> str:
    """The source of ``file`` with mutant ``m`` applied."""
    tree = ast.parse(source_of(file))
    for node, kind in _sites(tree):
        if (node.lineno, node.col_offset, kind) != (m.line, m.col, m.kind):
            continue
        if isinstance(node, ast.Compare):
            i = int(kind.rsplit("#", 1)[1])
            node.ops[i] = SWAP[type(node.ops[i])]()
        elif isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
            node.op = SWAP[type(node.op)]()
        elif kind == "drop-not":
            _replace(tree, node, ast.Call(ast.Name("bool", ast.Load()), [node.operand], []))
        elif kind == "continue->break":
            _replace(tree, node, ast.Break())
        elif kind == "break->continue":
            _replace(tree, node, ast.Continue())
        elif isinstance(node, ast.Constant):
            node.value = (not node.value) if isinstance(node.value, bool) else node.value + 1
        elif kind == "return->None":
            node.value = ast.Constant(None)
        elif kind == "if->if-not":
            node.test = ast.UnaryOp(ast.Not(), node.test)
        return ast.unparse(ast.fix_missing_locations(tree))
    raise KeyError(f"no mutant {m.id}")


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, ast.copy_location(new, old))
                return
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is old:
                        value[i] = ast.copy_location(new, old)
                        return


def module_name(file: str) -> str:
    top, _, rest = file.partition("/")
    return PACKAGE_DIRS[top] + "." + rest[:-3].replace("/", ".")


def tests_for(file: str) -> list[str]:
    for prefix, tests in TESTS.items():
        if file.startswith(prefix):
            return tests
    return ["tests"]


#: run in the child: serve the mutated module, then run pytest
BOOT = """
import importlib.abc, importlib.util, os, sys
name, path = os.environ["TABLETOP_MUTANT"].split("=", 1)

class Loader(importlib.abc.Loader):
    def __init__(self, origin):
        self.origin = origin
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        code = compile(open(path, encoding="utf-8").read(), self.origin, "exec")
        exec(code, module.__dict__)

class Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, search=None, target=None):
        if fullname != name:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            real = finder.find_spec(fullname, search, target)
            if real is not None:
                return importlib.util.spec_from_loader(fullname, Loader(real.origin), origin=real.origin)
        return None

sys.meta_path.insert(0, Finder())
import pytest
sys.exit(pytest.main(sys.argv[1:]))
"""


def run_one(m: Mutant, source: str, tests: list[str], timeout: float, workdir: Path) -> str:
    """'caught', 'survived' or 'timeout' (counted as caught: a hang is a failure a user would see)."""
    path = workdir / "mutant.py"
    path.write_text(source, encoding="utf-8")
    env = dict(os.environ, TABLETOP_MUTANT=f"{module_name(m.file)}={path}", PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, "-c", BOOT, "-x", "-q", "-p", "no:cacheprovider", *tests]
    try:
        r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    return "survived" if r.returncode == 0 else "caught"


def equivalent() -> dict[str, str]:
    if not EQUIVALENT.exists():
        return {}
    data = yaml.safe_load(EQUIVALENT.read_text(encoding="utf-8")) or {}
    return {str(k): str(v) for k, v in data.items()}


def baseline(tests: list[str]) -> float:
    """Seconds the unmutated tests take (and they must pass, or no mutant can be judged)."""
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                       cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"the tests fail without any mutant ({' '.join(tests)}):\n{r.stdout[-2000:]}")
    return time.perf_counter() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", help="source files, relative to the repository (e.g. packs/virevolt/crystals.py)")
    ap.add_argument("--all", action="store_true", help="the rules, effect-engine and compiler files (TARGETS)")
    ap.add_argument("--sample", type=int, default=0, help="run this many mutants per file, drawn with --seed (0: all)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    ap.add_argument("--match", help="only the mutants whose id or name contains this text")
    ap.add_argument("--tests", nargs="*", help="the tests to run (default: those mapped to each file)")
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args(argv)
    files = list(TARGETS) if args.all else args.files
    if not files:
        ap.error("name files, or --all")
    eq = equivalent()
    results: dict = {}
    workdir = Path(os.environ.get("TMPDIR", "/tmp")) / f"tabletop-mutation-{os.getpid()}"
    workdir.mkdir(parents=True, exist_ok=True)
    for file in files:
        ms = mutants(file)
        if args.match:
            ms = [m for m in ms if args.match in m.id or args.match in m.key]
        if args.sample and len(ms) > args.sample:
            ms = sorted(random.Random(f"{args.seed}:{file}").sample(ms, args.sample), key=lambda m: (m.line, m.col))
        if args.list:
            for m in ms:
                print(m.id + ("  (equivalent)" if m.key in eq else "") + f"\n    {m.key}")
            continue
        tests = args.tests or tests_for(file)
        limit = max(60.0, 4 * baseline(tests))
        out = {"caught": [], "survived": [], "equivalent": []}
        for i, m in enumerate(ms, 1):
            if m.key in eq:
                out["equivalent"].append(m.id)
                continue
            verdict = run_one(m, mutate(file, m), tests, limit, workdir)
            out["survived" if verdict == "survived" else "caught"].append(m.id)
            if verdict == "survived":
                out.setdefault("keys", {})[m.id] = m.key
            print(f"[{i}/{len(ms)}] {verdict:8} {m.id}", flush=True)
        results[file] = out
    if args.list:
        return 0
    print("\n| file | mutants run | caught | survived | equivalent (excluded) | score |")
    print("|---|---:|---:|---:|---:|---:|")
    for file, out in results.items():
        run = len(out["caught"]) + len(out["survived"])
        score = 100.0 * len(out["caught"]) / run if run else 100.0
        print(f"| {file} | {run} | {len(out['caught'])} | {len(out['survived'])} | {len(out['equivalent'])} | {score:.1f}% |")
    for file, out in results.items():
        for sid in out["survived"]:
            print(f"survived: {sid}\n    {out['keys'][sid]}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
