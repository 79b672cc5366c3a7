"""Forwarding a client to the process that owns its room (several processes on one database):
an HTTP request is repeated there and its answer passed back; a websocket is relayed frame by
frame both ways.  The owner knows a forwarded call by the cluster's secret in ``NODE_HEADER``
and the client's own address in ``PEER_HEADER``."""

from __future__ import annotations

import asyncio
import contextlib

import httpx
import websockets
from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket, WebSocketState

from .cluster import Owner

NODE_HEADER = "x-bluffhouse-node"
PEER_HEADER = "x-bluffhouse-peer"

#: The owner went away mid-game (close code 1012, "service restart"): the client reconnects.
GONE = (1012, "the room's server process went away; reconnect")


async def forward_http(
    client: httpx.AsyncClient, request: Request, body: bytes | None, owner: Owner, secret: str
) -> Response | None:
    """The owner's answer to ``request``, or None if it cannot be reached."""
    headers = {NODE_HEADER: secret, PEER_HEADER: request.client.host if request.client else "?"}
    for name in ("content-type", "authorization"):
        if name in request.headers:
            headers[name] = request.headers[name]
    url = owner.url + request.url.path
    if request.url.query:
        url += "?" + request.url.query
    try:
        answer = await client.request(request.method, url, content=body, headers=headers)
    except httpx.HTTPError:
        return None
    kept = {k: v for k, v in answer.headers.items() if k in ("content-type", "content-disposition")}
    return Response(answer.content, status_code=answer.status_code, headers=kept)


async def relay_websocket(
    ws: WebSocket, owner: Owner, code: str, peer: str, secret: str, max_size: int
) -> bool:
    """Pass the client's frames to the room's owner and back until either side closes; False
    if the owner cannot be reached.  The owner's close code reaches the client; the owner
    going away without one closes the client with ``GONE``."""
    url = "ws" + owner.url[4:] + f"/ws/{code}"
    try:
        upstream = await websockets.connect(
            url,
            max_size=max_size,
            open_timeout=3,
            compression=None,
            additional_headers={NODE_HEADER: secret, PEER_HEADER: peer},
        )
    except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.InvalidURI):
        return False

    async def down() -> None:  # owner -> client
        async for message in upstream:
            if isinstance(message, str):
                await ws.send_text(message)
            else:
                await ws.send_bytes(message)

    async def up() -> None:  # client -> owner
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            if message.get("text") is not None:
                await upstream.send(message["text"])
            elif message.get("bytes") is not None:
                await upstream.send(message["bytes"])

    tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        closed, why = upstream.close_code, upstream.close_reason or ""
        with contextlib.suppress(Exception):
            await upstream.close()
        if ws.application_state != WebSocketState.DISCONNECTED:
            close_code, reason = (
                (closed, why) if closed is not None and closed not in (1005, 1006) else GONE
            )
            with contextlib.suppress(Exception):
                await ws.close(close_code, reason[:120])
    return True
