"""Boards' exact searches split into shards that Dask's workers run, merged into the answers one
run gives: flipgame's sharded search on a real distributed engine, from Python.

    python examples/dask/shards.py --size 39x39 --shards 16 boards.txt
    python examples/dask/shards.py --scheduler tcp://10.0.0.5:8786 --size 61x61 --shards 64 boards.txt

BOARDS holds one board a line in flipgame's text form (``bwwb/bbwb/bwwb/bwww``); each answer is
printed as a JSON line (``Solution.to_dict()``, the record ``flipgame solve --format jsonl``
writes). Without ``--scheduler`` the shards run on a LocalCluster of this machine (a worker a
core). Each shard is one task: a worker that dies mid-shard (killed, out of memory, its machine
lost) has its task run again on another, up to Dask's ``allowed-failures`` (3), and a task that
raises is retried ``--retries`` times; the merge trusts no record (every count is recounted).
Needs ``pip install "dask[distributed]"`` beside flipgame, the same flipgame on every worker.
"""

import argparse
import json
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import flipgame

ShardRecord = Dict[str, Any]
"""What ``Puzzle.solve(board, shard=(k, n))`` returns: one shard's record of a board."""


def solve_shard(puzzle: flipgame.Puzzle, board: str, shard: Tuple[int, int]) -> ShardRecord:
    """One shard's search of ``board``: the task each worker runs."""
    return puzzle.solve(board, shard=shard)


def solve(
    client: Any,
    puzzle: flipgame.Puzzle,
    boards: Sequence[str],
    count: int,
    *,
    retries: int = 2,
    run: Callable[[flipgame.Puzzle, str, Tuple[int, int]], ShardRecord] = solve_shard,
) -> List[flipgame.Solution]:
    """Every board's answer, its search split ``count`` ways over ``client``'s workers (each
    shard a task, ``run`` by a worker), merged here as the shards of each board come back."""
    futures = [
        [
            client.submit(run, puzzle, board, (k, count), retries=retries, pure=False)
            for k in range(1, count + 1)
        ]
        for board in boards
    ]
    return [puzzle.merge(client.gather(shards)) for shards in futures]


def main(arguments: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("boards", help="a file of boards, one a line (bwwb/bbwb/...)")
    parser.add_argument("--size", default="4x4", help="ROWSxCOLS (default 4x4)")
    parser.add_argument("--rule", default="plus", help="a named rule or a stencil")
    parser.add_argument("--goal", default="either", help="either, white or black")
    parser.add_argument("--shards", type=int, default=8, help="shards a board (default 8)")
    parser.add_argument("--retries", type=int, default=2, help="tries again of a failed shard")
    parser.add_argument("--scheduler", help="a Dask scheduler's address; default: this machine")
    options = parser.parse_args(arguments)
    from dask.distributed import Client, LocalCluster

    puzzle = flipgame.Puzzle(options.size, options.rule, goal=options.goal)
    with open(options.boards, encoding="utf-8") as file:
        boards = [line.strip() for line in file if line.strip()]
    if options.scheduler:
        client = Client(options.scheduler)
    else:
        client = Client(LocalCluster(threads_per_worker=1, dashboard_address=None))
    with client:
        for solution in solve(client, puzzle, boards, options.shards, retries=options.retries):
            print(json.dumps(solution.to_dict()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
