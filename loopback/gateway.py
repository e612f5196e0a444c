"""The fake gateway: one bot session over a websocket, with resume and replay."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from loopback.payloads import user_payload
from loopback.state import JSON

if TYPE_CHECKING:
    from loopback.server import FakeDiscord

HEARTBEAT_INTERVAL_MS = 41_250


@dataclass(eq=False)
class Session:
    id: str
    seq: int = 0
    frames: list[JSON] = field(default_factory=list)  # every dispatch, for replay on RESUME
    shard: list[int] | None = None


@dataclass(eq=False)
class Connection:
    ws: web.WebSocketResponse
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    session: Session | None = None


class Gateway:
    """Serves ``ws://127.0.0.1:PORT/``: HELLO, heartbeats, IDENTIFY/READY, RESUME, dispatches."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.session: Session | None = None
        self.connection: Connection | None = None  # the live one (identified or resumed)
        self.connections: set[Connection] = set()
        self.live = asyncio.Event()
        self.identifies = 0
        self.resumes = 0
        self.resumable = True
        self.token: str | None = None
        self.intents = 0

    # -- websocket -------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws)
        self.connections.add(conn)
        writer = asyncio.create_task(self._writer(conn))
        self._send(conn, {"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._on_frame(conn, json.loads(msg.data))
        finally:
            self.connections.discard(conn)
            if self.connection is conn:
                self.connection = None
                self.live.clear()
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 1)
            writer.cancel()
        return ws

    async def _writer(self, conn: Connection) -> None:
        while True:
            text = await conn.queue.get()
            if text is None or conn.ws.closed:
                return
            try:
                await conn.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return

    def _send(self, conn: Connection, frame: JSON) -> None:
        conn.queue.put_nowait(json.dumps(frame))

    async def _on_frame(self, conn: Connection, frame: JSON) -> None:
        op = frame.get("op")
        data: Any = frame.get("d")
        if op == 1:
            self._send(conn, {"op": 11, "d": None})
        elif op == 2:
            expected = self.fake.bot_token
            if expected is not None and data.get("token") != expected:
                await conn.ws.close(code=4004, message=b"Authentication failed.")
                return
            self._identify(conn, data)
        elif op == 6:
            self._resume(conn, data)
        elif op == 8:
            self._members_chunk(data)

    def _identify(self, conn: Connection, data: JSON) -> None:
        self.identifies += 1
        self.token = data.get("token")
        self.intents = int(data.get("intents") or 0)
        session = Session(id=secrets.token_hex(16), shard=data.get("shard"))
        self.session = session
        conn.session = session
        self.connection = conn
        fake = self.fake
        ready: JSON = {
            "v": 10,
            "user": {**user_payload(fake.bot_user), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in fake.guilds.values()],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": f"ws://127.0.0.1:{fake.port}/",
            "application": {"id": str(fake.app_id), "flags": fake.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
            "_trace": ["loopback"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        self.dispatch("READY", ready)
        for guild in fake.guilds.values():
            self.dispatch("GUILD_CREATE", fake.guild_create(guild))
        self.live.set()

    def _resume(self, conn: Connection, data: JSON) -> None:
        session = self.session
        if session is None or not self.resumable or data.get("session_id") != session.id:
            self.resumable = True
            self._send(conn, {"op": 9, "d": False})
            return
        self.resumes += 1
        conn.session = session
        self.connection = conn
        seen = data.get("seq") or 0
        for frame in session.frames:
            if frame["s"] > seen:
                self._send(conn, frame)
        self.dispatch("RESUMED", {"_trace": ["loopback"]})
        self.live.set()

    def _members_chunk(self, data: JSON) -> None:
        guild = self.fake.guilds.get(int(data["guild_id"]))
        if guild is None:
            return
        members = self.fake.guild_create(guild)["members"]
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        self.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # -- API for the fake -----------------------------------------------------------------
    def dispatch(self, event: str, data: JSON) -> None:
        """Send a DISPATCH to the bot (kept for replay; sent now if connected)."""
        session = self.session
        if session is None:
            return
        session.seq += 1
        frame: JSON = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.frames.append(frame)
        conn = self.connection
        if conn is not None and conn.session is session and not conn.ws.closed:
            self._send(conn, frame)

    async def wait_live(self, timeout: float) -> None:
        """Until the bot has a live session and everything queued for it has been written."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            await asyncio.wait_for(self.live.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"the bot did not connect to the gateway within {timeout} s"
            ) from None
        while self.connection is not None and not self.connection.queue.empty():
            if loop.time() > deadline:
                raise TimeoutError("gateway frames were not written in time")
            await asyncio.sleep(0.005)

    async def drop(self, *, resumable: bool = True) -> None:
        conn = self.connection
        if conn is None:
            return
        self.resumable = resumable
        self.connection = None
        self.live.clear()
        await conn.ws.close(code=4000, message=b"loopback: dropped")

    async def close_all(self) -> None:
        self.connection = None
        self.live.clear()
        for conn in list(self.connections):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.ws.close(code=1001, message=b"loopback: stop"), 2)
