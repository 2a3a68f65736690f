"""The game's code stays in small modules and small folders (docs/architecture.md): no module of
``rules/`` or ``game/`` over 600 lines, no folder there with more than 25 modules. A module that
grows past the limit is split by what it holds; a folder that fills up gets subpackages."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO

MAX_LINES = 600
MAX_MODULES = 25
PACKAGES = ("rules", "game")


def oversized(root: Path, max_lines: int = MAX_LINES) -> list[str]:
    """Every module under ``root`` longer than ``max_lines``, with its length."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > max_lines:
            found.append(f"{path.relative_to(root.parent)}: {lines} lines")
    return found


def crowded(root: Path, max_modules: int = MAX_MODULES) -> list[str]:
    """Every folder under ``root`` (itself included) holding more than ``max_modules`` modules."""
    found = []
    for folder in sorted({root, *(p for p in root.rglob("*") if p.is_dir())}):
        count = len(list(folder.glob("*.py")))
        if count > max_modules:
            found.append(f"{folder.relative_to(root.parent)}: {count} modules")
    return found


def test_no_module_over_the_limit() -> None:
    found = [line for package in PACKAGES for line in oversized(REPO / package)]
    assert not found, "split these modules by what they hold:\n" + "\n".join(found)


def test_no_folder_over_the_limit() -> None:
    found = [line for package in PACKAGES for line in crowded(REPO / package)]
    assert not found, "give these folders subpackages:\n" + "\n".join(found)


def test_the_checks_see_a_long_module_and_a_full_folder(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "long.py").write_text("x = 1\n" * 4)
    for i in range(3):
        (package / "sub" / f"m{i}.py").write_text("")
    assert oversized(package, max_lines=3) == ["pkg/long.py: 4 lines"]
    assert crowded(package, max_modules=2) == ["pkg/sub: 3 modules"]
    assert oversized(package, max_lines=4) == [] and crowded(package, max_modules=3) == []
