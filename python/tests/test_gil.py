"""A long solve lets go of the interpreter: another thread keeps running, and keeps using
flipgame, until it ends."""

import threading
import time

import numpy as np

import flipgame


def longest_pause_while(work):
    """Runs ``work`` on a thread while this one makes boards in a loop; gives the longest
    pause between two of this thread's boards and how long ``work`` took."""
    done = threading.Event()
    took = []

    def run():
        start = time.perf_counter()
        work()
        took.append(time.perf_counter() - start)
        done.set()

    small = flipgame.Puzzle()
    worker = threading.Thread(target=run)
    # Timed from before the start: the new thread may run first, while this one waits.
    last, longest, boards = time.perf_counter(), 0.0, 0
    worker.start()
    while not done.is_set():
        small.board("bwwb/bbwb/bwwb/bwww")
        boards += 1
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    # The pause that ends the loop counts too: a solve that held the interpreter may have
    # stopped this thread just before it found the work done.
    longest = max(longest, time.perf_counter() - last)
    worker.join()
    return longest, took[0], boards


def test_a_long_solve_lets_another_thread_run():
    # The all-black 61x61 board: a sweep of a null space of 2^40, cut at its limit of a
    # second on any machine.
    puzzle = flipgame.Puzzle(61, goal="white", search_time=1.0)
    board = np.ones((61, 61), dtype=np.uint8)
    longest, took, boards = longest_pause_while(lambda: puzzle.solve(board))
    assert took > 0.2, "the solve is too quick to tell"
    # Holding the interpreter, the solve would pause this thread for all of it.
    assert longest < took / 4, (longest, took, boards)


def test_solve_many_lets_another_thread_run():
    puzzle = flipgame.Puzzle(61, goal="white", search_time=1.0)
    boards = np.ones((2, 61, 61), dtype=np.uint8)
    longest, took, _ = longest_pause_while(lambda: puzzle.solve_many(boards))
    assert took > 0.2, "the solve is too quick to tell"
    assert longest < took / 4, (longest, took)


def test_solve_many_of_a_list_lets_another_thread_run():
    puzzle = flipgame.Puzzle(61, goal="white", search_time=1.0)
    boards = [np.ones((61, 61), dtype=np.uint8)] * 2
    longest, took, _ = longest_pause_while(lambda: puzzle.solve_many(boards))
    assert took > 0.2, "the solve is too quick to tell"
    assert longest < took / 4, (longest, took)
