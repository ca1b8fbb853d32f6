"""The types the stub promises: the documents' examples pass ``mypy --strict`` against it, and
what each method returns at run time is what its annotation in the stub says, dtype and all."""

import collections.abc
import doctest
import importlib
import os
import pathlib
import pickle
import typing

import numpy as np
import pytest

import flipgame

ROOT = pathlib.Path(__file__).resolve().parents[2]
STUB = ROOT / "python" / "flipgame" / "_flipgame.pyi"


def needed(module):
    """`module` imported, or the test skipped with a note (an error where CI asks for every
    tool, with FLIPGAME_REQUIRE_TOOLS=1)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("FLIPGAME_REQUIRE_TOOLS") == "1":
            raise
        pytest.skip(f"{module} is not installed (python/requirements-test.txt pins it)")


def examples(document):
    """The Python examples of `document` as one script: the `>>>` lines, their output left out."""
    text = (ROOT / document).read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]
    parser = doctest.DocTestParser()
    return "".join(example.source for block in blocks for example in parser.get_examples(block))


def test_the_documents_examples_pass_mypy_strict(tmp_path):
    api = needed("mypy.api")
    scripts = []
    for document in ("docs/python.md", "README.md"):
        script = tmp_path / (pathlib.Path(document).stem + "_examples.py")
        script.write_text(examples(document), encoding="utf-8")
        scripts.append(str(script))
    # Dask's Client and LocalCluster have no annotations of their own: calling them is no
    # fault of the examples. One run for both documents: mypy's start is most of its time.
    untyped = ["--untyped-calls-exclude", "distributed"]
    report, errors, status = api.run(
        ["--strict", *untyped, "--no-incremental", "--cache-dir", os.devnull, *scripts]
    )
    assert status == 0, report + errors


def stub_namespace():
    """The stub run as Python, for its annotations (its bodies are docstrings and `...`)."""
    namespace = {"__name__": "flipgame_stub"}
    exec(compile(STUB.read_text(encoding="utf-8"), str(STUB), "exec"), namespace)
    return namespace


def conforms(value, annotation):
    """Whether `value` is of the type `annotation` names: unions, lists, dicts, tuples, and
    numpy arrays with their dtype."""
    if annotation is typing.Any:
        return True
    if annotation is None or annotation is type(None):
        return value is None
    origin, arguments = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Union:
        return any(conforms(value, argument) for argument in arguments)
    if origin is typing.Literal:
        return value in arguments
    if origin is np.ndarray:
        dtype = typing.get_args(arguments[1])[0]
        return isinstance(value, np.ndarray) and (dtype is typing.Any or value.dtype == dtype)
    if origin is list:
        return isinstance(value, list) and all(conforms(item, arguments[0]) for item in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            conforms(k, arguments[0]) and conforms(v, arguments[1]) for k, v in value.items()
        )
    if origin is tuple:
        return (
            isinstance(value, tuple)
            and len(value) == len(arguments)
            and all(conforms(item, argument) for item, argument in zip(value, arguments))
        )
    if origin is collections.abc.Callable:
        return callable(value)
    if isinstance(annotation, str):
        return type(value).__name__ == annotation
    if annotation is bool:
        return isinstance(value, bool)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if annotation is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, annotation) or type(value).__name__ == annotation.__name__


def returned(namespace, cls, name):
    """The annotation of what `cls.name` returns (a property's type, or a method's)."""
    member = vars(namespace[cls])[name]
    if isinstance(member, property):
        function = member.fget
    elif isinstance(member, staticmethod):
        function = member.__func__
    else:
        function = member
    hints = typing.get_type_hints(function, namespace)
    return hints["return"]


# Every public method and property of the module, called on puzzles and answers of both kinds
# of piece and of the shapes that change what comes back (impossible, graph, labelled).
TWO = flipgame.Puzzle(4)
MANY = flipgame.Puzzle(3, rule="010/121/010", states=4)
GRAPH = flipgame.Puzzle.from_lists([[1], [0, 2], [1]], nodes=["a", "b", "c"])
SOLVED = [TWO.solve("bwwb/bbwb/bwwb/bwww"), MANY.solve("322/321/221"), GRAPH.solve([1, 1, 0])]
UNSOLVED = [TWO.solve("bwbw/wwww/bbwb/bwwb"), MANY.solve("000/000/001")]
CALLS = {
    "Puzzle": {
        "rows": lambda p: p.rows,
        "cols": lambda p: p.cols,
        "shape": lambda p: p.shape,
        "states": lambda p: p.states,
        "rule": lambda p: p.rule,
        "wrap": lambda p: p.wrap,
        "goal": lambda p: p.goal,
        "search_time": lambda p: p.search_time,
        "nodes": lambda p: p.nodes,
        "board": lambda p: p.board(p.random_boards(1, seed=1)[0]),
        "text": lambda p: p.text(p.random_boards(1, seed=1)[0]),
        "tap": lambda p: p.tap(p.random_boards(1, seed=1)[0], 1, 1),
        "solve_many": lambda p: p.solve_many(p.random_boards(3, seed=1), taps=True),
        "random_boards": lambda p: p.random_boards(2, seed=1),
        "rank": lambda p: p.rank,
        "nullity": lambda p: p.nullity,
        "quiet_tap_sets": lambda p: p.quiet_tap_sets(),
        "quiet_orders": lambda p: p.quiet_orders(),
        "quiet_patterns": lambda p: p.quiet_patterns(),
        "stats": lambda p: p.stats(),
        "svg": lambda p: p.svg(p.random_boards(1, seed=1)[0]),
        "show": lambda p: p.show(p.random_boards(1, seed=1)[0]),
        "_repr_html_": lambda p: p._repr_html_(),
        "from_lists": lambda p: type(p).from_lists([[1], [0]]),
        "_restore": lambda p: pickle.loads(pickle.dumps(p)),
    },
    "Solution": {
        name: (lambda name: lambda s: getattr(s, name))(name)
        for name in [
            "solvable",
            "moves",
            "goal",
            "optimal",
            "lower_bound",
            "taps",
            "tap_counts",
            "board",
            "proof",
            "proof_weights",
            "proof_text",
        ]
    }
    | {
        "to_dict": lambda s: s.to_dict(),
        "walkthrough": lambda s: s.walkthrough(),
        "boards": lambda s: s.boards(),
        "svg": lambda s: s.svg(),
        "_repr_svg_": lambda s: s._repr_svg_(),
        "_restore": lambda s: pickle.loads(pickle.dumps(s)),
    },
    "ManySolutions": {
        "columns": lambda m: m.columns(),
        "_restore": lambda m: pickle.loads(pickle.dumps(m)),
    },
}
SUBJECTS = {
    # Three colours: Z_4 has no rank, which rank and nullity refuse as documented.
    "Puzzle": [TWO, flipgame.Puzzle(3, rule="010/121/010", states=3), GRAPH],
    "Solution": SOLVED + UNSOLVED,
    "ManySolutions": [TWO.solve_many(TWO.random_boards(3, seed=1)), MANY.solve_many([], taps=True)],
}


@pytest.mark.parametrize(
    "cls, name", [(cls, name) for cls, calls in CALLS.items() for name in calls]
)
def test_each_method_returns_what_the_stub_says(cls, name):
    annotation = returned(stub_namespace(), cls, name)
    for subject in SUBJECTS[cls]:
        value = CALLS[cls][name](subject)
        assert conforms(value, annotation), f"{cls}.{name} of {subject!r}: {value!r}"


def test_every_method_of_the_module_is_called_above():
    namespace = stub_namespace()
    for cls in CALLS:
        typed = {
            name
            for name, member in vars(namespace[cls]).items()
            if callable(member) or isinstance(member, (property, staticmethod))
        }
        typed -= {name for name in typed if name.startswith("__")}
        # Overloads and the solvers' own (below), and the DataFrames' (test_objects).
        typed -= {"solve", "tap_matrix", "merge", "all_optimal", "to_pandas", "to_polars"}
        assert typed <= set(CALLS[cls]), typed - set(CALLS[cls])


def test_solve_and_merge_give_what_the_overloads_say():
    for puzzle in SUBJECTS["Puzzle"]:
        assert isinstance(puzzle.solve(puzzle.random_boards(1, seed=1)[0]), flipgame.Solution)
    record = TWO.solve("bwwb/bbwb/bwwb/bwww", shard=(1, 1))
    assert isinstance(record, dict) and all(isinstance(key, str) for key in record)
    assert isinstance(TWO.merge([record]), flipgame.Solution)
    every = TWO.all_optimal("bwwb/bbwb/bwwb/bwww")
    assert conforms(every, returned(stub_namespace(), "Puzzle", "all_optimal"))
    assert isinstance(every["count"], int) and every["tap_counts"].dtype == np.uint8


def test_the_tap_matrix_and_frames_are_what_the_overloads_say():
    dense = TWO.tap_matrix()
    assert dense.dtype == np.uint8 and dense.ndim == 2
    values, (taps, cells) = TWO.tap_matrix(sparse=True)
    assert (values.dtype, taps.dtype, cells.dtype) == (np.uint8, np.int64, np.int64)
    batch = SUBJECTS["ManySolutions"][0]
    arrays = {"moves": np.int64, "goal": np.int16, "optimal": np.bool_, "lower_bound": np.int64}
    for name, dtype in arrays.items():
        assert getattr(batch, name).dtype == dtype, name
