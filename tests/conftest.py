"""Shared test setup.

The SDL variables are set here, at the top of the root conftest, so they are
in place before any test module (or anything it imports) imports pygame:
tests never open a real window or audio device. The end-to-end tests run the
real program under Xvfb instead and pass their own environment.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import shutil  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

#: The repository root (the directory holding pyproject.toml and main.py).
REPO = Path(__file__).resolve().parent.parent

#: Debian package that provides each external tool the tests may use.
TOOL_PACKAGES = {
    "tiled": "tiled",
    "tmxrasterizer": "tiled",
    "Xvfb": "xvfb",
    "xvfb-run": "xvfb",
    "xauth": "xauth",
    "xdotool": "xdotool",
    "import": "imagemagick",
    "convert": "imagemagick",
    "compare": "imagemagick",
    "identify": "imagemagick",
    "msgfmt": "gettext",
}


def in_ci() -> bool:
    """True when the CI environment says so (CI=true)."""
    return os.environ.get("CI", "").strip().lower() == "true"


def require_tool(name: str, package: str | None = None) -> str:
    """Return the path of the external program *name*.

    When it is missing, skip the calling test with a reason naming the Debian
    package to install; under CI (``CI=true``) fail instead, so that CI never
    silently skips a test because a tool was not installed.
    """
    path = shutil.which(name)
    if path is not None:
        return path
    package = package or TOOL_PACKAGES.get(name, name)
    reason = f"needs {name} (apt-get install {package})"
    if in_ci():
        pytest.fail(f"{reason}; CI=true, so missing tools are an error, not a skip", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def repo() -> Path:
    """The repository root as a fixture (same as ``REPO``)."""
    return REPO


@pytest.fixture(name="require_tool")
def require_tool_fixture():
    """The ``require_tool`` helper as a fixture, for tests that prefer not to
    import from conftest: ``def test_x(require_tool): tiled = require_tool("tiled")``."""
    return require_tool


# Hypothesis: no deadlines anywhere (CI machines are slow and timings are not
# what tests assert); in CI also derandomize so a run is reproducible.
# HYPOTHESIS_PROFILE=<name> picks a profile explicitly.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if in_ci() else "default"))
