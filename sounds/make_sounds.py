"""Synthesize the game's sounds into this folder: ``python sounds/make_sounds.py``.

Original sounds, made from sine waves and filtered noise with the standard
library only (``array`` and ``wave``): 22,050 Hz, 16-bit mono, each well
under a second, so the files stay small. The generator is seeded, so the
same script always writes the same bytes (a test checks the shipped files).
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def samples(seconds: float) -> range:
    return range(int(RATE * seconds))


def envelope(t: float, attack: float, decay: float) -> float:
    """A fast rise, then an exponential fall with time constant ``decay``."""
    return min(1.0, t / attack) * math.exp(-t / decay) if attack > 0 else math.exp(-t / decay)


def noise(rnd: random.Random, n: int, smooth: float) -> list[float]:
    """White noise through a one-pole low-pass (``smooth`` near 1 = darker)."""
    out, y = [], 0.0
    for _ in range(n):
        y = smooth * y + (1 - smooth) * rnd.uniform(-1, 1)
        out.append(y)
    peak = max(abs(v) for v in out) or 1.0
    return [v / peak for v in out]


def dice(rnd: random.Random) -> list[float]:
    """Dice rattling in a tray: a dozen knocks, ever quieter and further apart."""
    n = len(samples(0.6))
    out = [0.0] * n
    t = 0.0
    for k in range(12):
        start = int(t * RATE)
        pitch = rnd.uniform(1800, 3200)
        loud = 0.9 * (0.82**k)
        for i in range(min(int(0.025 * RATE), n - start)):
            s = i / RATE
            out[start + i] += loud * math.sin(2 * math.pi * pitch * s) * math.exp(-s / 0.004) * rnd.uniform(0.6, 1.0)
        t += rnd.uniform(0.018, 0.03) + 0.006 * k
        if t > 0.58:
            break
    return out


def click(rnd: random.Random) -> list[float]:
    return [math.sin(2 * math.pi * 1400 * (i / RATE)) * envelope(i / RATE, 0.0005, 0.006) * 0.6 for i in samples(0.04)]


def shift(rnd: random.Random) -> list[float]:
    """A gear lever snapping into its gate: a low thump and a metallic tick."""
    hiss = noise(rnd, len(samples(0.2)), 0.3)
    out = []
    for i in samples(0.2):
        t = i / RATE
        thump = math.sin(2 * math.pi * 95 * t) * envelope(t, 0.002, 0.04)
        tick = math.sin(2 * math.pi * 2600 * t) * envelope(t, 0.0005, 0.008) * 0.4
        out.append(0.8 * thump + tick + 0.15 * hiss[i] * envelope(t, 0.001, 0.02))
    return out


def engine(rnd: random.Random) -> list[float]:
    """A short rev: a rough, rising sawtooth with a few harmonics."""
    out, phase = [], 0.0
    total = 0.75
    for i in samples(total):
        t = i / RATE
        f = 70 + 110 * (t / total) ** 0.7
        phase += f / RATE
        saw = 2 * (phase % 1.0) - 1
        body = 0.55 * saw + 0.3 * math.sin(2 * math.pi * 2 * phase) + 0.15 * math.sin(2 * math.pi * 3 * phase)
        amp = min(1.0, t / 0.05) * min(1.0, (total - t) / 0.15)
        out.append(0.6 * body * amp)
    return out


def crash(rnd: random.Random) -> list[float]:
    bang = noise(rnd, len(samples(0.7)), 0.55)
    return [bang[i] * envelope(i / RATE, 0.001, 0.14) * 0.95 for i in samples(0.7)]


def out(rnd: random.Random) -> list[float]:
    """The car is out: a tone falling an octave and a half."""
    res, phase = [], 0.0
    for i in samples(0.7):
        t = i / RATE
        phase += (420 * 2 ** (-2.4 * t)) / RATE
        res.append(0.5 * math.sin(2 * math.pi * phase) * min(1.0, t / 0.01) * min(1.0, (0.7 - t) / 0.2))
    return res


def chime(notes: list[tuple[float, float]], length: float) -> list[float]:
    """Bell-like notes (a sine with a soft octave), each (start second, frequency)."""
    res = [0.0] * len(samples(length))
    for start, f in notes:
        for i in range(int(start * RATE), len(res)):
            t = i / RATE - start
            res[i] += (
                0.32 * envelope(t, 0.004, 0.25) * (math.sin(2 * math.pi * f * t) + 0.3 * math.sin(4 * math.pi * f * t))
            )
    return res


def finish(rnd: random.Random) -> list[float]:
    return chime([(0.0, 523.25), (0.12, 659.25), (0.24, 783.99), (0.36, 1046.5)], 1.1)


def turn(rnd: random.Random) -> list[float]:
    return chime([(0.0, 659.25), (0.1, 987.77)], 0.5)


def error(rnd: random.Random) -> list[float]:
    return [
        0.35 * (1 if math.sin(2 * math.pi * 150 * i / RATE) > 0 else -1) * min(1.0, (0.16 - i / RATE) / 0.03)
        for i in samples(0.16)
    ]


def spin(rnd: random.Random) -> list[float]:
    """Tyres screeching: bright noise, wobbling in loudness."""
    hiss = noise(rnd, len(samples(0.6)), 0.05)
    return [
        0.5 * hiss[i] * (0.6 + 0.4 * math.sin(2 * math.pi * 11 * i / RATE)) * min(1.0, (0.6 - i / RATE) / 0.2)
        for i in samples(0.6)
    ]


SOUNDS: dict[str, Callable[[random.Random], list[float]]] = {
    "dice": dice,
    "click": click,
    "shift": shift,
    "engine": engine,
    "crash": crash,
    "out": out,
    "finish": finish,
    "turn": turn,
    "error": error,
    "spin": spin,
}


def write(path: Path, values: list[float]) -> None:
    pcm = array("h", (max(-32767, min(32767, round(v * 32767))) for v in values))
    if sys.byteorder == "big":
        pcm.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def make(folder: Path) -> list[Path]:
    """Write every sound into ``folder``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make_one in SOUNDS.items():
        path = folder / f"{name}.wav"
        write(path, make_one(random.Random(name)))
        written.append(path)
    return written


if __name__ == "__main__":
    for p in make(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE):
        print(f"{p} ({p.stat().st_size // 1024} KiB)")
