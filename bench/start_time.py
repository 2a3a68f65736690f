"""Print how long the game takes from ``python main.py`` to the main menu's first frame.

Starts the real program N times as a subprocess, each with a status file
(``FORMULA_D_STATUS``): the game writes it right after a frame is on screen, so
the first time it names the menu is the moment the player sees the menu. The
clock starts just before the process is spawned, so the interpreter's own start
and every import count. Under ``SDL_VIDEODRIVER=dummy`` unless ``--xvfb`` runs
each start in a virtual X screen (``xvfb-run``), where the window is real (the times then
hold the X server's start; the processor time, the game's alone, is given without it).

The data folder (settings, built-track cache) and Python's bytecode cache
(``PYTHONPYCACHEPREFIX``, so nothing is written into the checkout, and written even
where ``PYTHONDONTWRITEBYTECODE`` is set, as an installed game has its bytecode) are
fresh temporary ones, kept over the runs: the first run compiles and builds the
track cache as a first start on a new computer does and is reported apart ("first
start"); the figures are over the runs that follow, like every later start.

``--no-bytecode`` starts as a Python that keeps no bytecode does (``PYTHONDONTWRITEBYTECODE``
set, as in a checkout run that way): the installed libraries keep their bytecode, the game's
sources (with no ``__pycache__`` beside them) compile at every start.

``--saved`` puts a 10-car race's record in the autosave first, as a player coming back to a
race finds it: the menu then offers "Continue race" with the race's summary.

``--game DIR`` starts another checkout's ``main.py`` with this interpreter (its own
folder comes first on the import path), to compare two versions on the same machine
at the same moment.

    python bench/start_time.py [--runs 10] [--saved] [--no-bytecode] [--xvfb] [--game DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POLL = 0.002  # seconds between two looks at the status file
TIMEOUT = 60.0  # a start slower than this is reported as a failure


def cpu_seconds(pid: int) -> float:
    """The processor time a process has used so far (user and system, from /proc; 0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_menu_frame(data: Path, xvfb: bool, game: Path = ROOT, bytecode: bool = True) -> tuple[float, float]:
    """Seconds from spawning ``python main.py`` to the status file naming the menu, and the processor
    seconds the game used until then (the figure a busy machine does not blur); the game is closed then."""
    status = data / "status.json"
    status.unlink(missing_ok=True)
    env = {
        **os.environ,
        "FORMULA_D_STATUS": str(status),
        "XDG_DATA_HOME": str(data),
        "PYTHONPYCACHEPREFIX": str(data / "pycache"),
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not bytecode:  # the installed libraries keep theirs; the game's sources compile every time
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        del env["PYTHONPYCACHEPREFIX"]
    cmd = [sys.executable, "main.py"]
    if xvfb:
        env.pop("SDL_VIDEODRIVER", None)
        cmd = ["xvfb-run", "-a", *cmd]
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, cwd=game, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )  # its own process group: xvfb-run's game ends with it
    try:
        while time.perf_counter() - start < TIMEOUT:
            if status.is_file():
                try:
                    scene = json.loads(status.read_text(encoding="utf-8")).get("scene")
                except (OSError, ValueError):
                    scene = None
                if scene == "menu":  # under xvfb-run the process is the wrapper: no processor figure
                    return time.perf_counter() - start, float("nan") if xvfb else cpu_seconds(proc.pid)
            if proc.poll() is not None:
                err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
                raise RuntimeError(f"the game ended (exit {proc.returncode}) before the menu showed:\n{err}")
            time.sleep(POLL)
        raise RuntimeError(f"no menu within {TIMEOUT:.0f} s")
    finally:
        end(proc)


def save_a_race(data: Path, game: Path) -> None:
    """A 10-car race on Hohenau as the game's autosave (the data folder's ``race.json``)."""
    folder = data / "formula-d"
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            sys.executable,
            "main.py",
            "simulate",
            "--track",
            "maps/hohenau.tmx",
            "--cars",
            "10",
            "--laps",
            "1",
            "--record",
            str(folder / "race.json"),
        ],
        cwd=game,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def end(proc: subprocess.Popen[bytes]) -> None:
    """Close the started game and whatever it started (xvfb-run's server and game), and wait for them."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    except ProcessLookupError:
        proc.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the group's last members (the game under xvfb-run) go too
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(POLL)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10, help="starts measured after the first (default 10)")
    ap.add_argument("--saved", action="store_true", help="with a saved race to continue")
    ap.add_argument("--no-bytecode", action="store_true", help="keep no bytecode: every start compiles")
    ap.add_argument("--xvfb", action="store_true", help="start in a virtual X screen instead of the dummy driver")
    ap.add_argument("--game", type=Path, default=ROOT, help="the checkout whose main.py to start (default: this one)")
    args = ap.parse_args()
    if not (args.game / "main.py").is_file():
        print(f"no main.py in {args.game}", file=sys.stderr)
        return 1
    if args.xvfb and shutil.which("xvfb-run") is None:
        print("xvfb-run is not installed", file=sys.stderr)
        return 1
    data = Path(tempfile.mkdtemp(prefix="fd-start-"))
    try:
        if args.saved:
            save_a_race(data, args.game)
        first = first_menu_frame(data, args.xvfb, args.game, not args.no_bytecode)
        runs = [first_menu_frame(data, args.xvfb, args.game, not args.no_bytecode) for _ in range(max(1, args.runs))]
    except (RuntimeError, subprocess.CalledProcessError) as err:
        print(err, file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(data, ignore_errors=True)
    driver = (
        ("Xvfb" if args.xvfb else "dummy video driver")
        + (", a saved race" if args.saved else "")
        + (", no bytecode kept" if args.no_bytecode else "")
    )
    times, cpu = [r[0] for r in runs], [r[1] for r in runs]
    print(
        f"{args.game.resolve()}: python main.py to the menu's first frame ({driver}): first start {first[0]:.2f} s;"
        f" then {len(times)} starts: median {statistics.median(times):.2f} s, worst {max(times):.2f} s,"
        f" best {min(times):.2f} s"
        + (
            "; the X server's start included"
            if args.xvfb
            else f"; processor time median {statistics.median(cpu):.2f} s"
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
