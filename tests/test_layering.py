"""The rules engine is pure: ``rules/`` never imports pygame, pytmx or game.

Two independent checks (DESIGN.md, "Layers and the direction of imports"):

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
        want = os.path.realpath(os.path.join(root, package))
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
    assert not problems, (
        "rules/ must stay pure (stdlib + pydantic); move these to game/:\n"
        + "\n".join(problems)
    )


def test_rules_imports_with_pygame_pytmx_and_game_unavailable():
    result = import_with_forbidden_blocked(REPO, "rules")
    assert result.returncode == 0, (
        "importing rules/ with pygame, pytmx and game made unimportable failed:\n"
        + result.stdout
        + result.stderr
    )
    assert "imported: rules" in result.stdout
