"""What a room tells each client: the state message of each seat (its view, the new events,
its legal actions or an invitation to ask for them, the clocks), the answers to legal and
check messages, and whether a seat has a turn or only a window's answers."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING, Any

import bluffhouse as bh
from bluffhouse.bots import Choices
from bluffhouse.pokerbull import PokerBullGame
from bluffhouse.pokerbull.grammar import bid_grammar

from .errors import Refused
from .moves import LEGAL_INLINE, WINDOW_KINDS, listed_subset
from .wire import dumps

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("bluffhouse.server")


class Views:
    """The messages of one room's game, with the caches that keep them cheap (per version)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._legal_cache: dict[tuple[int, int], list[dict[str, Any]]] = {}
        self._mode_cache: dict[tuple[int, int], str] = {}
        self._legal_reply: dict[int, tuple[tuple[int, int], str]] = {}

    def forget(self) -> None:
        """The game was replaced (a new game, or restored): nothing cached holds."""
        self._legal_cache.clear()
        self._mode_cache.clear()
        self._legal_reply.clear()

    def legal(self, seat: int) -> list[dict[str, Any]]:
        """The seat's legal actions now (a Cheat lead may have thousands: listed on demand,
        and only short lists are kept)."""
        room = self.room
        game = room.game
        if game is None:
            return []
        key = (game.version, seat)
        cached = self._legal_cache.get(key)
        if cached is None:
            cached = game.legal_actions(seat)
            if len(cached) <= LEGAL_INLINE:
                if len(self._legal_cache) > 32:
                    self._legal_cache.clear()
                self._legal_cache[key] = cached
        return cached

    async def legal_reply(self, seat: int | None) -> tuple[tuple[int, int] | None, str]:
        """The answer to a legal message, as text, kept per seat for the current state (a
        client asking again and again costs nothing); and the state's key, None when the
        seat is not to act.  The caller holds the room's lock; the listing (thousands of
        plays at some Cheat leads) runs in a thread, so other rooms are not held up."""
        room = self.room
        game = room.game
        if game is None or seat is None or seat not in game.to_act:
            version = game.version if game is not None else None
            return None, dumps({"type": "legal", "version": version, "legal": []})
        key = (room.game_no, game.version)
        kept = self._legal_reply.get(seat)
        if kept is None or kept[0] != key:
            version = game.version

            def listing() -> str:
                legal = game.legal_actions(seat)
                return dumps(
                    {
                        "type": "legal",
                        "version": version,
                        "legal": legal,
                        "capped": listed_subset(game, seat, legal),
                    }
                )

            text = await asyncio.to_thread(listing)
            kept = self._legal_reply[seat] = (key, text)
        return key, kept[1]

    def check(self, seat: int, action: Any, version: int) -> dict[str, Any]:
        """The engine's verdict on an action the seat built but has not sent (a play missing
        from a capped list of legal actions): ``{"legal": True}``, or ``{"legal": False,
        "code", "message"}`` with the refusal the action itself would get.  Nothing changes;
        the engine's message comes from applying to a copy, as ``is_legal`` gives no reason.
        It says no more than a refused action would, so it reveals nothing hidden."""
        room = self.room
        try:
            game = room.may_act(seat, version, asking=True)
        except Refused as refused:
            return {"legal": False, "code": refused.code, "message": str(refused)}
        if game.is_legal(seat, action):
            return {"legal": True}
        try:
            game.copy().apply(seat, action)
        except bh.IllegalAction as exc:
            return {"legal": False, "code": "illegal", "message": str(exc)}
        except Exception:  # an engine failure on odd input: refused, as an action would be
            return {
                "legal": False,
                "code": "illegal",
                "message": "the server could not apply that action",
            }
        log.warning(
            "room %s: is_legal refused %r from seat %s, which apply accepts",
            room.code,
            action,
            seat,
        )
        return {"legal": False, "code": "illegal", "message": "the engine refused that action"}

    def mode(self, seat: int) -> str:
        """'window' when all the seat may do is answer a challenge (call, pass...), else
        'turn'.  Asked without listing the legal actions: pass must be legal, and a draw of
        an action of another kind (the engine's sampler) must find none."""
        room = self.room
        game = room.game
        assert game is not None
        key = (game.version, seat)
        cached = self._mode_cache.get(key)
        if cached is None:
            cached = "turn"
            if game.is_legal(seat, {"type": "pass"}):
                other = Choices(game, seat).sample_other(random.Random(game.version), WINDOW_KINDS)
                cached = "window" if other is None else "turn"
            if len(self._mode_cache) > 32:
                self._mode_cache.clear()
            self._mode_cache[key] = cached
        return cached

    def state(self, seat: int | None, since: int) -> str:
        """The state message for ``seat``: ``view(seat)`` without its log, plus the events of
        ``events_for(seat)`` from ``since`` on, and the seat's legal actions."""
        room = self.room
        game = room.game
        assert game is not None
        view = game.view(seat)
        view.pop("events", None)
        events = game.events_for(seat, since=since)
        message: dict[str, Any] = {
            "type": "state",
            "code": room.code,
            "game_no": room.game_no,
            "version": game.version,
            "seat": seat,
            "family": game.FAMILY,
            "view": view,
            "events": events,
            "events_from": since,
            "events_total": since + len(events),
            "timers": room.clocks.info(),
            "stand_in": [s for s, st in enumerate(room.state) if st.stand_in],
        }
        if since == 0 and isinstance(game, PokerBullGame):
            # The bid builder's grammar, as data (the page keeps it for the game).
            message["bid_grammar"] = bid_grammar(game.rules)
        if seat is not None:
            # In a window the answers are few: sent along. A turn may have thousands of
            # actions (a Cheat lead): null, and the client asks with a legal message.
            to_act = seat in game.to_act
            message["legal"] = (
                [] if not to_act else None if self.asks_legal(seat) else self.legal(seat)
            )
        return dumps(message)

    def asks_legal(self, seat: int | None) -> bool:
        """Whether the seat's state message leaves its legal actions to be asked for (null):
        it has a turn, not just a window's answers."""
        room = self.room
        game = room.game
        return (
            game is not None
            and seat is not None
            and seat in game.to_act
            and not game.over
            and self.mode(seat) != "window"
        )

    def push(self, since: int) -> None:
        """Send every client its seat's state (events from ``since``)."""
        room = self.room
        assert room.game is not None
        version = room.game.version
        for seat, st in enumerate(room.state):
            live = [c for c in st.conns if not c.closed]
            if live:
                text = self.state(seat, since)
                ask = self.asks_legal(seat)
                for conn in live:
                    conn.send_state(text, room.game_no, version, ask)
        if room.spectators:
            text = self.state(None, since)
            for conn in room.spectators:
                conn.send_state(text, room.game_no, version, False)
