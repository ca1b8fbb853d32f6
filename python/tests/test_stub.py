"""The type stub and the module agree: every class and method the module has is typed and
documented in `_flipgame.pyi`, and the stub names nothing the module lacks."""

import ast
import pathlib

import flipgame
from flipgame import _flipgame

STUB = pathlib.Path(__file__).resolve().parents[1] / "flipgame" / "_flipgame.pyi"


def stub_classes():
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    classes = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members.add(item.name)
                elif isinstance(item, ast.AnnAssign):
                    members.add(item.target.id)
            classes[node.name] = members
    return classes


def public(cls):
    return {name for name in vars(cls) if not name.startswith("__")}


def test_the_stub_types_every_class_and_member_of_the_module():
    classes = stub_classes()
    for name in ("Puzzle", "Solution", "ManySolutions", "Picture", "FlipgameError"):
        cls = getattr(_flipgame, name)
        typed = {member for member in classes[name] if not member.startswith("__")}
        assert typed == public(cls), name


def test_every_member_has_a_docstring():
    for cls in (flipgame.Puzzle, flipgame.Solution):
        for name in public(cls):
            if not name.startswith("_"):
                assert getattr(cls, name).__doc__, f"{cls.__name__}.{name}"
    for helper in (flipgame.from_edges, flipgame.from_adjacency, flipgame.from_networkx):
        assert helper.__doc__
