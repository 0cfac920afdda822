"""The distribution installs under one namespace, with its data files reachable as resources."""
from __future__ import annotations

import subprocess
import sys
from importlib.resources import files


def _importable(name: str, cwd) -> bool:
    code = f"import importlib.util, sys; sys.exit(0 if importlib.util.find_spec({name!r}) else 1)"
    return subprocess.run([sys.executable, "-c", code], cwd=cwd).returncode == 0


def test_no_generic_top_level_modules_after_install(tmp_path):
    for name in ("framework", "dsl", "packs", "cli"):
        assert not _importable(name, tmp_path), f"a top-level {name!r} module is importable"
    assert _importable("tabletop.framework", tmp_path)


def test_grammar_schemas_cards_and_decks_are_package_resources():
    assert files("tabletop.dsl").joinpath("grammar.lark").is_file()
    for pack in ("volfyirion", "virevolt"):
        root = files(f"tabletop.packs.{pack}")
        assert root.joinpath("card.schema.json").is_file()
        assert any(f.name.endswith(".yaml") for f in root.joinpath("cards").iterdir())
    assert any(f.name.endswith(".yaml") for f in files("tabletop.packs.virevolt").joinpath("decks").iterdir())
    assert files("tabletop.packs.virevolt").joinpath("deck.schema.json").is_file()


ROOT = __import__("pathlib").Path(__file__).parents[1]
CHECK = """
import importlib.util, sys
from importlib.resources import files
import tabletop, tabletop.framework, tabletop.rl, tabletop.cli
assert importlib.util.find_spec("framework") is None and importlib.util.find_spec("api") is None
assert importlib.util.find_spec("rl") is None
assert files("tabletop").joinpath("py.typed").is_file()
print(tabletop.__file__, tabletop.framework.__file__, tabletop.rl.__file__)
"""


def _installed_paths(python, cwd, extra_path=None) -> list[str]:
    env = {"PATH": "/usr/bin:/bin"}
    code = CHECK if extra_path is None else f"import sys; sys.path.insert(0, {str(extra_path)!r})\n" + CHECK
    done = subprocess.run([str(python), "-I", "-c", code], cwd=cwd, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_regular_install_puts_the_api_at_the_root_of_tabletop(tmp_path):
    """The root package is the folder api/, mapped by package-dir like the others."""
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(ROOT)],
                   check=True, capture_output=True)
    paths = _installed_paths(sys.executable, tmp_path, target)
    assert paths == [str(target / "tabletop" / "__init__.py"), str(target / "tabletop" / "framework" / "__init__.py"),
                     str(target / "tabletop" / "rl" / "__init__.py")]


def test_an_editable_install_maps_the_checkout_folders(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--no-deps", "-e", str(ROOT)], check=True,
                   capture_output=True)
    paths = _installed_paths(venv / "bin" / "python", tmp_path)
    assert paths == [str(ROOT / "api" / "__init__.py"), str(ROOT / "framework" / "__init__.py"),
                     str(ROOT / "rl" / "__init__.py")]
