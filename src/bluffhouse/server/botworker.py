"""The bot worker: ``python -m bluffhouse.server.botworker``, a process the server starts.

It keeps a live copy of each room's game and hears only the actions accepted since its last
decision for that room, so a decision costs the bot's own thinking: no serialisation of the
state under the room's lock, no load (and full validation) of it in the worker.  Requests and
answers are JSON lines on stdin and stdout, one request at a time; the worker exits when its
stdin closes, which is also what happens when the server is killed.

A request (``at`` is how many actions of the game the worker should already hold; ``base`` is
sent when the server does not know that it holds the game: a new game's settings, or the
state as ``Game.to_json``)::

    {"id": 7, "room": "K7QX2M", "game_no": 1, "at": 12, "base": null,
     "actions": [[1, {"type": "pass"}]], "seat": 2, "bot": "counter", "seed": 123}

answered by ``{"id": 7, "action": {...}}``, ``{"id": 7, "resync": true}`` (the worker does not
hold that game at that point: send the state) or ``{"id": 7, "error": "..."}`` (the bot
failed).  ``{"drop": "K7QX2M"}`` forgets a room's game and has no answer.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
from collections import OrderedDict
from typing import IO, Any

#: Games kept at most; the least recently used is forgotten (the server then sends it again).
CAPACITY = 4096


class _Held:
    __slots__ = ("count", "game", "game_no")

    def __init__(self, game: Any, game_no: int, count: int) -> None:
        self.game = game
        self.game_no = game_no
        self.count = count


def answer(held: OrderedDict[str, _Held], req: dict[str, Any]) -> dict[str, Any]:
    """One decision: bring the room's game up to date, then ask the bot."""
    import bluffhouse as bh

    from .botrunner import decide

    room, game_no = req["room"], req["game_no"]
    base = req.get("base")
    if base is not None:
        if "new" in base:
            new = base["new"]
            game = bh.new_game(
                new["game"], players=new["players"], seed=new["seed"], **new["options"]
            )
        else:
            game = bh.load(base["json"])
        held[room] = _Held(game, game_no, req["at"])
    entry = held.get(room)
    if entry is None or entry.game_no != game_no or entry.count != req["at"]:
        held.pop(room, None)
        return {"id": req["id"], "resync": True}
    held.move_to_end(room)
    while len(held) > CAPACITY:
        held.popitem(last=False)
    try:
        for seat, action in req["actions"]:
            entry.game.apply(seat, action)
            entry.count += 1
    except Exception:  # out of step with the room: start again from its state
        held.pop(room, None)
        return {"id": req["id"], "resync": True}
    try:
        action = decide(entry.game, req["seat"], req["bot"], req["seed"])
    except Exception as exc:
        return {"id": req["id"], "error": f"{type(exc).__name__}: {exc}"}
    return {"id": req["id"], "action": action}


def serve(inp: IO[bytes], out: IO[bytes]) -> None:
    held: OrderedDict[str, _Held] = OrderedDict()
    while True:
        line = inp.readline()
        if not line:
            return
        req = json.loads(line)
        if "drop" in req:
            held.pop(req["drop"], None)
            continue
        out.write(json.dumps(answer(held, req)).encode() + b"\n")
        out.flush()


def main() -> None:
    # Ctrl-C reaches the whole process group: the server ends its workers by closing stdin.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The answers get a private copy of stdout; anything a bot prints goes to stderr.
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        serve(sys.stdin.buffer, out)
    except BrokenPipeError:
        # The server went away (killed) while an answer was on its way: nobody to answer.
        with contextlib.suppress(OSError):
            out.close()


if __name__ == "__main__":
    main()
