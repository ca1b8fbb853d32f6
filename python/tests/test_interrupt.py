"""Long calls give the interpreter back: Ctrl-C (SIGINT, as Jupyter's "Interrupt kernel" sends
it) stops a search within a second with KeyboardInterrupt, and a progress callback hears how a
long search goes and can stop it by raising. The board: all black on 61x61 for all white, a
sweep of 2^40 sums that takes many seconds, far past the moment the interrupt comes."""

import os
import signal
import threading
import time

import pytest

import flipgame

SIDE = 61
ALL_BLACK = "/".join(["b" * SIDE] * SIDE)


@pytest.fixture(autouse=True)
def ctrl_c_raises():
    """SIGINT raises KeyboardInterrupt during each test, as at a prompt, even where the tests
    were started with SIGINT ignored: a background job of a shell without job control inherits
    it so (`cmd &` in a script, `nohup`), and Python then leaves it ignored."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.fixture(scope="module")
def puzzle():
    return flipgame.Puzzle(SIDE, goal="white")


def interrupt_after(seconds):
    """Sends this process SIGINT, as Ctrl-C does, `seconds` from now; returns when it was sent."""
    sent = []

    def later():
        time.sleep(seconds)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=later, daemon=True).start()
    return sent


def one_tapped(puzzle):
    """The all-white board with one tap in the middle: one tap finishes it."""
    board = puzzle.board("/".join(["w" * SIDE] * SIDE))
    return puzzle.tap(board, SIDE // 2, SIDE // 2)


def test_ctrl_c_stops_a_long_search_within_a_second(puzzle):
    sent = interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        puzzle.solve(ALL_BLACK)
    assert sent, "the search ended before the interrupt came"
    assert time.monotonic() - sent[0] < 1.0
    # The puzzle answers the next board in full: the stop was this call's only.
    answer = puzzle.solve(one_tapped(puzzle))
    assert (answer.moves, answer.optimal) == (1, True)


def test_ctrl_c_stops_a_batch_within_a_second(puzzle):
    sent = interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        puzzle.solve_many([ALL_BLACK] * 3)
    assert sent and time.monotonic() - sent[0] < 1.0
    batch = puzzle.solve_many([one_tapped(puzzle)] * 2)
    assert batch.moves.tolist() == [1, 1] and batch.optimal.all()


def test_progress_hears_the_search_and_can_stop_it(puzzle):
    heard = []

    def progress(stage, done, total):
        heard.append((stage, done, total))
        if len(heard) == 3:
            raise RuntimeError("enough")

    started = time.monotonic()
    with pytest.raises(RuntimeError, match="enough"):
        puzzle.solve(ALL_BLACK, progress=progress)
    assert time.monotonic() - started < 5.0
    assert len(heard) == 3
    assert all(stage == "searching the null space for all white" for stage, _, _ in heard)
    dones = [done for _, done, _ in heard]
    assert dones == sorted(dones) and all(0 < done < total for _, done, total in heard)


def test_a_batch_tells_how_many_boards_are_answered_and_stops_when_its_progress_raises(puzzle):
    heard = []

    def progress(*told):
        heard.append(told)
        raise RuntimeError("enough")

    started = time.monotonic()
    with pytest.raises(RuntimeError, match="enough"):
        puzzle.solve_many([ALL_BLACK] * 2, progress=progress)
    assert time.monotonic() - started < 5.0
    assert heard == [("answering the boards", 0, 2)]


def test_quick_calls_never_call_progress():
    puzzle = flipgame.Puzzle()
    heard = []
    puzzle.solve("bwwb/bbwb/bwwb/bwww", progress=lambda *told: heard.append(told))
    puzzle.solve_many(["bwwb/bbwb/bwwb/bwww"] * 10, progress=lambda *told: heard.append(told))
    assert heard == []


def test_a_search_time_given_with_a_call_is_that_calls_alone(puzzle):
    cut = puzzle.solve(ALL_BLACK, search_time=0.0)
    assert not cut.optimal and cut.lower_bound < cut.moves
    batch = puzzle.solve_many([ALL_BLACK] * 2, search_time=0.0)
    assert batch.optimal.tolist() == [False, False]
    assert (batch.lower_bound < batch.moves).all()
    assert puzzle.search_time is None
    # The puzzle's own limit gives way to the call's.
    limited = flipgame.Puzzle(SIDE, goal="white", search_time=0.0)
    assert limited.solve(one_tapped(limited), search_time=60.0).optimal
    for bad in (-1.0, float("nan")):
        with pytest.raises(flipgame.FlipgameError, match="search_time=.*: give the seconds"):
            puzzle.solve(ALL_BLACK, search_time=bad)
        with pytest.raises(flipgame.FlipgameError, match="search_time=.*: give the seconds"):
            puzzle.solve_many([ALL_BLACK], search_time=bad)
