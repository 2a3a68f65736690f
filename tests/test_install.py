"""``pip install .`` (not editable) gives a working game: the ``formula-d`` command starts
headless and finds its tracks and sounds inside the installed package, far from the checkout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

from tests.conftest import REPO

#: What a checkout holds that is not part of the project's source.
NOT_SOURCE = (".git", ".venv", "__pycache__", ".pytest_cache", ".mypy_cache", ".hypothesis", "build", "*.egg-info")


def installed_packages() -> set[str]:
    """The packages pyproject.toml's [tool.setuptools] installs (other sections name folders too)."""
    with (REPO / "pyproject.toml").open("rb") as f:
        return set(tomllib.load(f)["tool"]["setuptools"]["packages"])


def test_package_list_names_every_package():
    """pyproject.toml lists the packages by name; a package missing there would be missing when installed."""
    listed = installed_packages()
    folders = {
        ".".join(p.parent.relative_to(REPO).parts)
        for top in ("game", "rules")
        for p in (REPO / top).rglob("__init__.py")
    }
    assert folders <= listed, f"add to [tool.setuptools] packages: {sorted(folders - listed)}"
    assert {"game.assets.maps", "game.assets.sounds"} <= listed


def test_the_track_generator_is_not_installed():
    """trackgen writes the shipped maps from a checkout; the installed game has no use for it."""
    listed = sorted(p for p in installed_packages() if p.split(".")[0] == "trackgen")
    assert (REPO / "trackgen" / "__main__.py").is_file()
    assert not listed, f"trackgen must not be among the installed packages: {listed}"


def test_installed_game_starts_and_finds_its_tracks(tmp_path: Path):
    source = tmp_path / "source"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    install = subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "-q", str(source)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    shutil.rmtree(source)  # the installed game must not need the checkout

    where = subprocess.run(
        [str(bin_dir / "python"), "-c", "from game.storage.paths import MAPS, SOUNDS; print(MAPS); print(SOUNDS)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    maps, sounds = (Path(line) for line in where.stdout.split())
    assert venv in maps.parents and venv in sounds.parents
    assert {p.name for p in maps.glob("*.tmx")} >= {"oval.tmx", "hohenau.tmx", "hafenstadt.tmx"}
    assert (sounds / "dice.wav").is_file()
    spoken = subprocess.run(
        [
            str(bin_dir / "python"),
            "-c",
            "from game.texts import LANGUAGES, tr_in; print(LANGUAGES, tr_in('fr', 'menu.quit'))",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")},
    )
    assert spoken.stdout.split() == ["('en',", "'de',", "'fr')", "Quitter"], spoken.stdout + spoken.stderr

    status = tmp_path / "status.json"
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "FORMULA_D_STATUS": str(status),
    }
    game = subprocess.Popen(
        [str(bin_dir / "formula-d")], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        seen: dict = {}
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and game.poll() is None:
            if status.is_file():
                seen = json.loads(status.read_text(encoding="utf-8"))
                if seen.get("frame", 0) > 2:
                    break
            time.sleep(0.2)
        assert game.poll() is None, game.communicate()[0]
        assert seen.get("scene") == "menu", seen
        assert {"oval.tmx", "hohenau.tmx", "hafenstadt.tmx"} <= set(seen["tracks"])
    finally:
        game.terminate()
        game.wait(timeout=30)

    check = subprocess.run(
        [str(bin_dir / "formula-d"), "track", "check", str(maps / "oval.tmx")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert check.returncode == 0 and "ok" in check.stdout, check.stdout + check.stderr
