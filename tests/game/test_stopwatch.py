"""The qualifying stopwatch against a fake clock: no sleeping."""

from __future__ import annotations

from game.play.stopwatch import Stopwatch, clock_text


class FakeClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def test_counts_from_start_until_stop() -> None:
    clock = FakeClock()
    watch = Stopwatch(clock)
    clock.advance(5)  # before the start nothing counts
    assert watch.elapsed_ms == 0 and not watch.running
    watch.start()
    clock.advance(4 * 60 + 22)
    assert watch.elapsed_ms == 262_000
    assert watch.stop() == 262_000
    clock.advance(30)  # after the stop nothing counts
    assert watch.elapsed_ms == 262_000 and watch.stopped


def test_animations_do_not_count_while_paused() -> None:
    clock = FakeClock()
    watch = Stopwatch(clock)
    watch.start()
    clock.advance(2.5)  # the player chooses a gear and rolls
    watch.pause()
    clock.advance(1.2)  # the die tumbles
    watch.resume()
    clock.advance(1.5)  # the player clicks a destination
    watch.pause()
    clock.advance(3.0)  # the car drives
    assert watch.elapsed_ms == 4000
    watch.resume()
    clock.advance(0.25)
    assert watch.stop() == 4250


def test_pause_resume_twice_and_a_second_start_change_nothing() -> None:
    clock = FakeClock()
    watch = Stopwatch(clock)
    watch.resume()  # not started yet: stays at zero
    clock.advance(1)
    assert watch.elapsed_ms == 0
    watch.start()
    clock.advance(1)
    watch.start()  # ignored: does not reset
    watch.pause()
    watch.pause()
    clock.advance(5)
    watch.resume()
    watch.resume()
    clock.advance(1)
    assert watch.elapsed_ms == 2000


def test_stopped_watch_cannot_be_resumed() -> None:
    clock = FakeClock()
    watch = Stopwatch(clock)
    watch.start()
    clock.advance(3)
    watch.stop()
    watch.resume()
    clock.advance(3)
    assert watch.elapsed_ms == 3000 and not watch.running


def test_clock_text() -> None:
    assert clock_text(262_000) == "4:22.0"
    assert clock_text(59_999) == "0:59.9"
    assert clock_text(3_723_450) == "62:03.4"
    assert clock_text(262_999, tenths=False) == "4:22"
