"""The Cheat engine is one class built from layers, a module each (see the docstring of
bluffhouse.cheat.engine).  Layers that define the same method would shadow each other
silently, by the order of the bases; these tests keep each name in one place and the layers'
imports one way."""

from __future__ import annotations

import importlib
import inspect

from bluffhouse.cheat.engine import CheatGame
from bluffhouse.game import Game

#: The layers, lowest first: each module may import only those before it.
LAYERS = ["state", "turns", "table_cheats", "listing", "actions", "views", "loading", "engine"]


def test_every_method_is_defined_in_one_layer() -> None:
    layers = [k for k in CheatGame.__mro__ if issubclass(k, Game) and k is not Game]
    assert [k.__module__.rsplit(".", 1)[1] for k in layers] == [
        "engine",
        "actions",
        "listing",
        "table_cheats",
        "turns",
        "views",
        "loading",
        "state",
    ]
    where: dict[str, list[str]] = {}
    for k in layers:
        for name in vars(k):
            if not name.startswith("__"):
                where.setdefault(name, []).append(k.__name__)
    assert {n: ks for n, ks in where.items() if len(ks) > 1} == {}


def test_state_lives_in_the_lowest_layer_alone() -> None:
    """Slots (the state and its caches) are declared once; the other layers add methods."""
    for k in CheatGame.__mro__:
        if issubclass(k, Game) and k is not Game and k.__name__ != "CheatState":
            assert vars(k).get("__slots__") == (), k.__name__


def test_layers_import_only_lower_layers() -> None:
    for i, name in enumerate(LAYERS):
        module = importlib.import_module(f"bluffhouse.cheat.{name}")
        source = inspect.getsource(module)
        for later in LAYERS[i + 1 :]:
            if later in ("views", "loading") and name in ("views", "loading"):
                continue
            assert f"from .{later} import" not in source, (name, later)
