"""The API is documented: docstrings everywhere public, py.typed, a generated reference that
is current, and the docs' examples run."""
from __future__ import annotations

import importlib
import inspect
import re
import subprocess
import sys
from html.parser import HTMLParser
from importlib.resources import files
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
DOCS = ROOT / "docs"

#: The public API: the root package, what it is made of, the framework modules whose
#: objects it hands out, and the RL adapters.
PUBLIC = ["tabletop", "tabletop.game", "tabletop.players", "tabletop.decks", "tabletop.language",
          "tabletop.simulation", "tabletop.framework.errors", "tabletop.framework.state",
          "tabletop.framework.actions", "tabletop.framework.effects", "tabletop.framework.rules",
          "tabletop.bots.interface", "tabletop.framework.encoding", "tabletop.framework.game",
          "tabletop.framework.packs", "tabletop.framework.rng", "tabletop.framework.cards",
          "tabletop.framework.cardset", "tabletop.framework.hookspecs", "tabletop.bots.mcts",
          "tabletop.framework.narration", "tabletop.framework.rulebook",
          "tabletop.rl", "tabletop.rl.pettingzoo", "tabletop.rl.openspiel", "tabletop.rl.tables"]
REFERENCE_ARGS = ["-d", "restructuredtext", "--no-show-source", "--no-search", "tabletop", "tabletop.language",
                  "tabletop.framework.encoding", "tabletop.rl"]


def _undocumented(module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    missing = [] if inspect.getdoc(module) else [module_name]
    names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    for n in names:
        obj = getattr(module, n)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        if module_name != "tabletop" and getattr(obj, "__module__", None) != module_name:
            continue  # documented where it is defined
        if not (obj.__doc__ or "").strip():  # its own: a docstring inherited from a base says nothing of it
            missing.append(f"{module_name}.{n}")
        if inspect.isclass(obj):
            for k, v in vars(obj).items():
                if k.startswith("_"):
                    continue
                v = v.__func__ if isinstance(v, (staticmethod, classmethod)) else v
                if (inspect.isfunction(v) or isinstance(v, property)) and not (v.__doc__ or "").strip():
                    missing.append(f"{module_name}.{n}.{k}")
    return missing


def test_every_public_name_has_a_docstring():
    """Stumble: 31% of public functions had no docstring."""
    missing = [m for name in PUBLIC for m in _undocumented(name)]
    assert missing == []


def test_the_installed_package_is_typed():
    """Stumble: no py.typed."""
    assert files("tabletop").joinpath("py.typed").is_file()


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.text: list[str] = []
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if self._depth or (tag == "div" and "docstring" in (attrs.get("class") or "")):
            self._depth += 1

    def handle_endtag(self, tag):
        if self._depth:
            self._depth -= 1

    def handle_data(self, data):
        if self._depth and data.strip():
            self.text.append(" ".join(data.split()))


def _content(folder: Path) -> dict[str, tuple]:
    out = {}
    for f in sorted(folder.rglob("*.html")):
        c = _Collect()
        c.feed(f.read_text("utf-8"))
        out[str(f.relative_to(folder))] = (sorted(c.ids), c.text)
    return out


def test_the_generated_reference_is_current(tmp_path):
    subprocess.run([sys.executable, "-m", "pdoc", *REFERENCE_ARGS, "-o", str(tmp_path)], check=True,
                   capture_output=True)
    fresh, committed = _content(tmp_path), _content(DOCS / "reference")
    assert sorted(fresh) == sorted(committed), "regenerate docs/reference (command in docs/api.md)"
    for name in fresh:
        assert fresh[name] == committed[name], f"docs/reference/{name} is stale: regenerate it (docs/api.md)"
    assert " ".join(REFERENCE_ARGS[5:]) in " ".join((DOCS / "api.md").read_text("utf-8").split())


def _block(md: Path, heading: str) -> str:
    text = md.read_text("utf-8")
    part = text.split(heading, 1)[1]
    return re.search(r"```python\n(.*?)```", part, re.S).group(1)


def test_the_ten_line_example_of_docs_api_runs(tmp_path):
    """load, play, clone, simulate a custom bot on Dask: the block of docs/api.md, as a script."""
    code = _block(DOCS / "api.md", "## In ten lines")
    assert len([line for line in code.splitlines() if line.strip()]) <= 12
    (tmp_path / "example.py").write_text(code, "utf-8")
    done = subprocess.run([sys.executable, "example.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    winner, rates = done.stdout.strip().splitlines()[-2:]
    assert winner in ("0", "1")
    assert "'FirstLegal'" in rates and "'random'" in rates


def test_the_python_example_of_the_readme_runs(tmp_path):
    (tmp_path / "readme.py").write_text(_block(ROOT / "README.md", "## From Python"), "utf-8")
    done = subprocess.run([sys.executable, "readme.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "'greedy'" in done.stdout


@pytest.mark.parametrize("heading", ["## Quick start: PettingZoo", "## Quick start: OpenSpiel"])
def test_the_quick_starts_of_docs_rl_run(tmp_path, heading):
    code = _block(DOCS / "rl.md", heading)
    (tmp_path / "quick.py").write_text(code, "utf-8")
    done = subprocess.run([sys.executable, "quick.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_the_tables_of_docs_rl_are_the_encodings():
    from tabletop.rl.tables import refresh

    text = (DOCS / "rl.md").read_text("utf-8")
    assert refresh(text) == text, "run: python -m tabletop.rl.tables --write docs/rl.md"


@pytest.mark.parametrize("pack", ["volfyirion", "virevolt"])
def test_the_options_table_of_docs_api_names_every_option(pack):
    import tabletop

    row = next(line for line in (DOCS / "api.md").read_text("utf-8").splitlines() if line.startswith(f"| `{pack}` |"))
    options = set(tabletop.load(pack).rules.options_schema["properties"]) - {"nplayers"}  # nplayers: players
    assert {o for o in options if f"`{o}`" not in row} == set()
