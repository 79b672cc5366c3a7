"""The layers hold: every import in ``src/bluffhouse`` (in-function ones included; those under
``if TYPE_CHECKING:`` are annotations only and left out) runs down or sideways, never up, the
families and their bots never import each other, and no two modules import each other by any
path.  The walk reads the source with ``ast``, so an import hidden inside a function counts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

#: From the bottom up.  A module belongs to the first layer whose prefix it starts with.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "core",
        (
            "bluffhouse.errors",
            "bluffhouse.cards",
            "bluffhouse.rules",
            "bluffhouse.registry",
            "bluffhouse.game",
            "bluffhouse.savecheck",
            "bluffhouse.api",
            "bluffhouse.shapes",
        ),
    ),
    ("families", ("bluffhouse.cheat", "bluffhouse.pokerbull", "bluffhouse.sneak")),
    ("package", ("bluffhouse",)),  # bluffhouse/__init__.py: the families and the core
    ("encodings", ("bluffhouse.encodings",)),
    ("bots", ("bluffhouse.bots", "bluffhouse.arena", "bluffhouse.cluster", "bluffhouse.simulate")),
    (
        "interfaces",
        (
            "bluffhouse.howto",
            "bluffhouse.docs",
            "bluffhouse.terminal",
            "bluffhouse.cli",
            "bluffhouse.__main__",
            "bluffhouse.server",
            "bluffhouse.interop",
        ),
    ),
]
#: Packages of one layer that must not import each other.
SIBLINGS = [
    ("bluffhouse.cheat", "bluffhouse.pokerbull", "bluffhouse.sneak"),
    ("bluffhouse.bots.cheat", "bluffhouse.bots.pokerbull", "bluffhouse.bots.sneak"),
]


def _modules() -> dict[str, Path]:
    out = {}
    for path in (SRC / "bluffhouse").rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skipped.update(id(n) for n in ast.walk(inner))
    return [n for n in ast.walk(tree) if id(n) not in skipped]


def imports_of(module: str) -> set[str]:
    """The bluffhouse modules ``module`` imports at run time (a ``from package import name``
    counts as the submodule where ``name`` is one, else as the package)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
    return {m for m in found if m in MODULES and m != module}


GRAPH = {m: imports_of(m) for m in MODULES}


def layer_of(module: str) -> int:
    for rank, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return rank
    raise AssertionError(f"{module} is in no layer: add it to LAYERS")


def test_every_module_has_a_layer() -> None:
    for module in MODULES:
        layer_of(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_runs_up(module: str) -> None:
    mine = layer_of(module)
    up = sorted(
        f"{other} ({LAYERS[layer_of(other)][0]})"
        for other in GRAPH[module]
        if layer_of(other) > mine
    )
    assert not up, f"{module} ({LAYERS[mine][0]}) imports from a higher layer: {up}"


def test_sibling_packages_do_not_import_each_other() -> None:
    def owner(module: str, group: tuple[str, ...]) -> str | None:
        return next((p for p in group if module == p or module.startswith(p + ".")), None)

    crossings = []
    for group in SIBLINGS:
        for module, targets in GRAPH.items():
            mine = owner(module, group)
            for other in targets:
                theirs = owner(other, group)
                if mine and theirs and mine != theirs:
                    crossings.append(f"{module} -> {other}")
    assert not crossings


def test_no_import_cycles() -> None:
    """Tarjan's strongly connected components: any component of more than one module is a
    cycle (an in-function import that only hides one is a cycle too)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(GRAPH):
        if module not in index:
            visit(module)
    assert not cycles


def test_the_walk_sees_imports_inside_functions() -> None:
    """The checks above would pass vacuously if the walk missed imports: it finds the
    terminal's in-function import of the Poker Bull aid and the learned bot's of the api."""
    assert "bluffhouse.pokerbull.aid" in GRAPH["bluffhouse.terminal"]
    assert "bluffhouse.api" in GRAPH["bluffhouse.bots.learned"]
    assert layer_of("bluffhouse.bots.cheat.counter") > layer_of("bluffhouse.cheat.engine")
