"""The direction of imports: ``rules/`` never imports pygame, pytmx or game; the
game's packages import only those below them (``game/__init__.py`` lists the
order); no module imports another that imports it back, directly or not.

For the pure layers, two independent checks (docs/architecture.md, "The layers"):

* a static one that reads every ``rules/**/*.py`` with ``ast`` and reports
  each ``import``/``from ... import`` (and ``importlib.import_module("...")``
  / ``__import__("...")`` with a literal name) of a forbidden package;
* a dynamic one that starts a fresh interpreter in which those packages
  cannot be imported at all and imports every module of ``rules`` there, so
  an indirect import (through a helper module or a third-party library) is
  caught too.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FORBIDDEN = ("pygame", "pytmx", "game")


def _module_name(path: Path, root: Path) -> tuple[str, bool]:
    """Dotted module name of *path* relative to the directory *root* that
    holds the top-level package, and whether the file is a package's __init__."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    is_pkg = parts[-1] == "__init__"
    if is_pkg:
        parts.pop()
    return ".".join(parts), is_pkg


def _resolve_relative(module: str | None, level: int, current: str, is_pkg: bool) -> str:
    package = current if is_pkg else current.rpartition(".")[0]
    base = package.split(".") if package else []
    if level > 1:
        base = base[: len(base) - (level - 1)] if level - 1 <= len(base) else []
    return ".".join([*base, module] if module else base)


def forbidden_imports(package_dir: Path, forbidden=FORBIDDEN) -> list[str]:
    """Every import of a *forbidden* top-level package in the ``.py`` files
    under *package_dir*, as ``"file:line: what"`` strings."""
    package_dir = Path(package_dir)
    root = package_dir.parent
    found: list[str] = []

    def bad(name: str) -> bool:
        return name.split(".")[0] in forbidden

    for path in sorted(package_dir.rglob("*.py")):
        current, is_pkg = _module_name(path, root)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(root)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom, ast.Call)):
                continue
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    target = _resolve_relative(node.module, node.level, current, is_pkg)
                else:
                    target = node.module or ""
                # `from . import game` (relative, outside the package) or
                # `from pygame import x`; also `from x import pygame` is fine.
                names = [target] if target else [alias.name for alias in node.names]
            elif (
                isinstance(node, ast.Call)
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and (
                    (isinstance(node.func, ast.Name) and node.func.id == "__import__")
                    or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                )
            ):
                names = [node.args[0].value]
            for name in names:
                if bad(name):
                    found.append(f"{where}:{node.lineno}: imports {name}")
    return found


# Runs in a fresh interpreter: argv = [root, package, *forbidden].
_GUARDED_IMPORT = textwrap.dedent(
    """
    import importlib, importlib.abc, os, pkgutil, sys, traceback

    root, package, forbidden = sys.argv[1], sys.argv[2], set(sys.argv[3:])

    class Forbid(importlib.abc.MetaPathFinder):
        def find_spec(self, fullname, path=None, target=None):
            if fullname.split(".")[0] in forbidden:
                raise ImportError(f"layering: {package} must not import {fullname}")
            return None

    for name in list(sys.modules):
        if name.split(".")[0] in forbidden:
            del sys.modules[name]
    sys.meta_path.insert(0, Forbid())
    sys.path.insert(0, root)

    failures = []
    def record(name):
        failures.append((name, traceback.format_exc()))

    try:
        top = importlib.import_module(package)
    except Exception:
        record(package)
    else:
        origin = os.path.realpath(os.path.dirname(top.__file__))
        want = os.path.realpath(os.path.join(root, *package.split(".")))
        if origin != want:
            sys.exit(f"imported {package} from {origin}, expected {want}")
        imported = [package]
        for info in pkgutil.walk_packages(top.__path__, package + ".", onerror=record):
            try:
                importlib.import_module(info.name)
                imported.append(info.name)
            except Exception:
                record(info.name)
        print("imported:", " ".join(imported))
    for name, tb in failures:
        print(f"--- {name} failed to import:\\n{tb}", file=sys.stderr)
    sys.exit(1 if failures else 0)
    """
)


def import_with_forbidden_blocked(root: Path, package: str, forbidden=FORBIDDEN):
    """Import *package* (found in directory *root*) and all its submodules in a
    fresh interpreter where every *forbidden* package raises ImportError."""
    return subprocess.run(
        [sys.executable, "-c", _GUARDED_IMPORT, str(root), package, *forbidden],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_rules_source_has_no_forbidden_imports():
    rules_dir = REPO / "rules"
    assert (rules_dir / "__init__.py").is_file(), "rules/ must be a package"
    problems = forbidden_imports(rules_dir)
    assert not problems, "rules/ must stay pure (stdlib + pydantic); move these to game/:\n" + "\n".join(problems)


@pytest.mark.parametrize("package", ["game", "rules"])
def test_the_installed_packages_never_import_the_track_generator(package):
    """trackgen is a developer's tool beside the game, not installed with it: an import of it
    from game/ or rules/ would break the installed game."""
    problems = forbidden_imports(REPO / package, ("trackgen",))
    assert not problems, f"{package}/ must not import trackgen:\n" + "\n".join(problems)


def test_rules_imports_with_pygame_pytmx_and_game_unavailable():
    result = import_with_forbidden_blocked(REPO, "rules")
    assert result.returncode == 0, (
        "importing rules/ with pygame, pytmx and game made unimportable failed:\n" + result.stdout + result.stderr
    )
    assert "imported: rules" in result.stdout


#: The game's packages from the bottom up (``game/__init__.py``): each imports only
#: those before it in this list. ``theme`` and ``main`` are modules.
GAME_LAYERS = (
    "texts",
    "storage",
    "tracks",
    "net",
    "play",
    "theme",
    "board",
    "widgets",
    "app",
    "scenes",
    "tools",
    "main",
)
#: Layers that must run without a window: they never import pygame.
HEADLESS = ("texts", "storage", "tracks", "net", "play")


def _modules() -> dict[str, Path]:
    """Every module of ``rules`` and ``game`` by dotted name."""
    found = {}
    for top in ("rules", "game"):
        for path in sorted((REPO / top).rglob("*.py")):
            name, _ = _module_name(path, REPO)
            found[name] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Which project modules each project module imports, at any place in the file
    (top level, inside functions, under ``TYPE_CHECKING``): a cycle is a cycle wherever
    its import is written. ``from package import module`` counts as importing the module."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_pkg = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = _resolve_relative(node.module, node.level, name, is_pkg) if node.level else node.module or ""
                targets.add(base)
                targets.update(f"{base}.{alias.name}" for alias in node.names)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "game" and len(parts) > 1 else None


def test_no_module_imports_in_a_circle():
    found = cycles(import_graph())
    assert not found, "modules that import each other (directly or through others):\n" + "\n".join(
        " <-> ".join(c) for c in found
    )


def test_the_rules_outside_rules_ai_never_import_the_computer_drivers():
    """The race session, qualifying, the referee and the simulator take their drivers as a
    parameter (``rules.driver.Driver``): nothing in ``rules/`` but ``rules/ai`` imports ``rules.ai``,
    anywhere in the file, so a rule module never depends on how a computer chooses."""
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        if module.startswith("rules.") and not module.startswith("rules.ai")
        for target in targets
        if target == "rules.ai" or target.startswith("rules.ai.")
    )
    assert not wrong, "\n".join(wrong)


def test_cycle_finder_sees_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_game_packages_import_only_the_layers_below_them():
    order = {name: i for i, name in enumerate(GAME_LAYERS)}
    packages = {p.name for p in (REPO / "game").iterdir() if (p / "__init__.py").is_file()}
    modules = {p.stem for p in (REPO / "game").glob("*.py") if p.stem != "__init__"}
    assert packages | modules == set(GAME_LAYERS), "game/__init__.py and GAME_LAYERS must list every package"
    wrong = []
    for module, targets in import_graph().items():
        here = _layer(module)
        if here is None:
            continue
        for target in targets:
            there = _layer(target)
            if there is not None and order[there] > order[here]:
                wrong.append(f"{module} imports {target} ({there} is above {here})")
    assert not wrong, "\n".join(sorted(wrong))


@pytest.mark.parametrize("layer", HEADLESS)
def test_headless_layers_never_import_pygame(layer):
    problems = forbidden_imports(REPO / "game" / layer, forbidden=("pygame",))
    assert not problems, "\n".join(problems)
    result = import_with_forbidden_blocked(REPO, f"game.{layer}", forbidden=("pygame",))
    assert result.returncode == 0, result.stdout + result.stderr


def test_architecture_picture_shows_every_layer_and_is_current():
    """docs/images/architecture.svg is what docs/make_architecture.py draws, and it names every layer."""
    result = subprocess.run(
        [sys.executable, "docs/make_architecture.py", "--check"], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    picture = (REPO / "docs" / "images" / "architecture.svg").read_text(encoding="utf-8")
    assert all(layer in picture for layer in GAME_LAYERS), [layer for layer in GAME_LAYERS if layer not in picture]


_LAYOUT_WITHOUT_PYGAME = textwrap.dedent(
    """
    import importlib.abc, json, sys

    class Forbid(importlib.abc.MetaPathFinder):
        def find_spec(self, fullname, path=None, target=None):
            if fullname.split(".")[0] == "pygame":
                raise ImportError(f"layering: the board's layout must not import {fullname}")
            return None

    sys.meta_path.insert(0, Forbid())
    sys.path.insert(0, sys.argv[1])
    from game.board.layout import BoardLayout
    from game.tracks.art import read_art
    from game.tracks.load import load_track

    measured = json.loads(sys.argv[2])
    laid_out = {}
    for path in sys.argv[3:]:
        board = BoardLayout(load_track(path), art=read_art(path), measure=lambda text: tuple(measured[text]))
        laid_out[path] = {"bounds": board.bounds, "labels": [[key, at] for key, at, _ in board.street.labels]}
    print(json.dumps(laid_out))
    """
)


def test_the_board_is_laid_out_with_pygame_unavailable():
    """The layout of a street circuit and of a Grand Prix circuit, built where pygame cannot be
    imported, from the tags' proportions the painting side measured, lies exactly as the
    painted board does: its bounds and the street race's tags (STREET-5, STREET-6)."""
    import json

    from game import texts
    from game.board.render import BoardRenderer
    from game.board.tag_metrics import proportions
    from game.tracks.art import read_art
    from game.tracks.load import load_track

    tags = ("board.danger_zone", "board.shooting_zone")
    measured = {t: proportions(t) for t in (texts.tr_in(lang, key) for key in tags for lang in texts.LANGUAGES)}
    maps = [str(REPO / "maps" / f"{name}.tmx") for name in ("brueckenau", "adlerjoch")]
    done = subprocess.run(
        [sys.executable, "-c", _LAYOUT_WITHOUT_PYGAME, str(REPO), json.dumps(measured), *maps],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    laid_out = json.loads(done.stdout)
    for path in maps:
        painted = BoardRenderer(load_track(path), art=read_art(path))
        expected = [[key, list(at)] for key, at, _ in painted.street.labels]
        assert laid_out[path] == {"bounds": list(painted.bounds), "labels": expected}, path
    assert laid_out[maps[0]]["labels"] and not laid_out[maps[1]]["labels"]
