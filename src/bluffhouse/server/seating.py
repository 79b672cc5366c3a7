"""Who sits where in a room: connections arriving and leaving (a seat by its token, else a
spectator), people joining the lobby, and the host starting a game or a rematch."""

from __future__ import annotations

import secrets
import time
from dataclasses import asdict
from typing import TYPE_CHECKING

import bluffhouse as bh

from .conn import Conn
from .errors import Refused
from .roomdata import SeatInfo, token_hash
from .storage import Storage

if TYPE_CHECKING:
    from .room import Room


class Seating:
    """A room's seats and connections; every method takes the room's lock."""

    def __init__(self, room: Room) -> None:
        self.room = room

    async def attach(self, conn: Conn, token: str | None, events_seen: int | None) -> None:
        """Seat (by token) or spectator (no token): the welcome, the room and the state."""
        room = self.room
        async with room.lock:
            seat = None
            host = returned = False
            if token is not None:
                seat = room.seat_of(token)
                host = room.is_host(token)
                if seat is None and not host:
                    raise Refused("bad_token", f"that token is not valid in room {room.code}")
            cap = room.limits.spectators_per_room
            if seat is None and not host and len(room.spectators) >= cap:
                raise Refused(
                    "room_full",
                    f"room {room.code} has as many spectators as it "
                    f"takes ({cap}); the players' own seats are kept for them",
                )
            conn.seat, conn.host, conn.room = seat, host, room
            if seat is None:
                room.spectators.append(conn)
            else:
                st = room.state[seat]
                st.conns = [c for c in st.conns if not c.closed]
                if len(st.conns) >= room.limits.connections_per_seat:
                    st.conns.pop(0).cut(4000, "replaced: this seat connected too many times")
                st.conns.append(conn)
                returned = st.stand_in
                if st.stand_in or st.missed:
                    room.clocks.dirty = True
                st.stand_in, st.missed = False, 0
            room.touched = time.monotonic()
            conn.send(
                {
                    "type": "welcome",
                    "code": room.code,
                    "seat": seat,
                    "host": host,
                    "limits": {
                        "frame_bytes": room.limits.frame_bytes,
                        "chat_chars": room.limits.chat_chars,
                        "messages_per_second": room.limits.rate_per_second,
                    },
                }
            )
            if room.chat:
                conn.send({"type": "chat_history", "lines": list(room.chat)})
            if room.game is not None:
                since = (
                    events_seen
                    if events_seen is not None and 0 <= events_seen <= room.events
                    else 0
                )
                conn.send_state(
                    room.views.state(seat, since),
                    room.game_no,
                    room.game.version,
                    room.views.asks_legal(seat),
                )
            room.broadcast(room.room_message())
            if seat is not None and returned and room.game is not None and not room.game.over:
                # The person is back: their own clock again, every other clock runs on.
                room.clocks.arm(None, [*room.game.to_act, -1])

    async def detach(self, conn: Conn) -> None:
        room = self.room
        async with room.lock:
            if conn in room.spectators:
                room.spectators.remove(conn)
            elif conn.seat is not None and conn in room.state[conn.seat].conns:
                room.state[conn.seat].conns.remove(conn)
            else:
                return
            room.touched = time.monotonic()
            if not room.closed:
                room.broadcast(room.room_message())

    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        room = self.room
        async with room.lock:
            if room.unsure:
                await room.reconcile()
            if room.status != "lobby":
                raise Refused("started", f"room {room.code} has started: watch it instead")
            free = [s for s, info in enumerate(room.seats) if info.kind == "free"]
            if seat is None:
                if not free:
                    raise Refused("no_seat", f"room {room.code} has no free seat")
                seat = free[0]
            elif not 0 <= seat < len(room.seats):
                raise Refused(
                    "bad_seat", f"there is no seat {seat}; seats are 0 to {len(room.seats) - 1}"
                )
            elif seat not in free:
                raise Refused("seat_taken", f"seat {seat} is taken")
            token = secrets.token_urlsafe(24)
            seats = [SeatInfo(**asdict(s)) for s in room.seats]
            seats[seat] = SeatInfo(name=name, token=token_hash(token))
            await room.store(
                Storage.op_update_room(room.code, seats=[asdict(s) for s in seats]),
                "the seat was not taken",
            )
            room.seats = seats
            room.touched = time.monotonic()
            room.broadcast(room.room_message())
            return seat, token

    async def start(self, token: str, fill: str | None) -> None:
        room = self.room
        async with room.lock:
            if room.unsure:
                await room.reconcile()
            if not room.is_host(token):
                raise Refused("not_host", "only the room's host may start the game")
            if room.status != "lobby":
                raise Refused("started", f"room {room.code} has already started")
            seats = [SeatInfo(**asdict(s)) for s in room.seats]
            free = [s for s, info in enumerate(seats) if info.kind == "free"]
            if free and not fill:
                raise Refused(
                    "seats_free",
                    f"seats {', '.join(map(str, free))} are free: "
                    "wait for players or fill them with bots",
                )
            for s in free:
                seats[s] = SeatInfo(name=None, bot=fill)
            await self.new_game(seats)

    async def rematch(self, token: str) -> None:
        room = self.room
        async with room.lock:
            if room.unsure:
                await room.reconcile()
            if not room.is_host(token):
                raise Refused("not_host", "only the room's host may start a rematch")
            if room.status != "over":
                raise Refused("not_over", "a rematch starts once the game is over")
            await self.new_game([SeatInfo(**asdict(s)) for s in room.seats])

    async def new_game(self, seats: list[SeatInfo]) -> None:
        room = self.room
        game_no = room.game_no + 1
        seed = (
            secrets.randbits(63)
            if room.config.seed is None
            else (room.config.seed + game_no - 1) % (1 << 63)
        )
        game = bh.new_game(
            room.config.game, players=room.config.players, seed=seed, **room.config.options
        )
        await room.store(
            Storage.op_start_game(room.code, game_no, seed, [asdict(s) for s in seats]),
            "the game did not start",
        )
        room.seats, room.game, room.game_no, room.seed = seats, game, game_no, seed
        room.status, room.actions, room.events = "playing", 0, 0
        room._base, room._tail = (None, 0), []
        room.forget_derived()
        room.manager.bots.new_game(
            room.code, game_no, room.config.game, room.config.players, seed, room.config.options
        )
        for st in room.state:
            st.missed, st.stand_in = 0, False
            st.recent_ids.clear()
        room.broadcast(room.room_message())
        room.after_change(None, [])
