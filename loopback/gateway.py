"""The fake gateway: a session per shard over websockets, with resume and replay; and
where to find it (``GET /gateway``, ``GET /gateway/bot``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from typing import Any

from aiohttp import WSMsgType, web

from loopback.entities import JSON
from loopback.gateway_shards import (
    Connection,
    IdentifyLimit,
    Session,
    event_guild,
    parse_shard,
    shard_of,
)
from loopback.payloads import user_payload
from loopback.routes import Reply, Request, Route, route
from loopback.world import World

HEARTBEAT_INTERVAL_MS = 41_250
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12

__all__ = ["Connection", "Gateway", "Session"]


class Gateway:
    """Serves ``ws://127.0.0.1:PORT/``: HELLO, heartbeats, IDENTIFY/READY, RESUME, dispatches.

    Each shard has at most one current session (:attr:`sessions`, by shard id); an unsharded
    IDENTIFY is shard 0 of 1. An IDENTIFY with another shard count than the current sessions'
    starts over (a reshard: the old sessions are forgotten). A server's events go to the
    session of its shard only, a DM's to shard 0's; with no session for that shard they are
    not delivered at all (:attr:`undelivered` counts them once any session exists).
    """

    def __init__(self, world: World) -> None:
        self.world = world
        self.url = ""  # ws://host:port/, once the server listens
        self.sessions: dict[int, Session] = {}
        self.shard_count = 1  # the current sessions' shard count
        self.connections: set[Connection] = set()
        self.live = asyncio.Event()  # every session has a live connection (and one exists)
        self.identifies = 0
        self.resumes = 0
        self.limit = IdentifyLimit()
        self.undelivered = 0
        self.token: str | None = None
        self.intents = 0

    @property
    def session(self) -> Session | None:
        """Shard 0's session (the only one of an unsharded bot)."""
        return self.sessions.get(0)

    @property
    def sharded(self) -> bool:
        """Whether the current sessions identified with a ``shard`` field."""
        return any(s.shard is not None for s in self.sessions.values())

    def shard_live(self, shard_id: int) -> bool:
        """Whether the bot holds shard ``shard_id``'s session on a connection now."""
        session = self.sessions.get(shard_id)
        return session is not None and session.live

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
            session = conn.session
            if session is not None and session.connection is conn:
                session.connection = None
            self._update_live()
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
            expected = self.world.bot_token
            if expected is not None and data.get("token") != expected:
                await conn.ws.close(code=4004, message=b"Authentication failed.")
                return
            await self._identify(conn, data)
        elif op == 6:
            self._resume(conn, data)
        elif op == 8:
            self._members_chunk(conn, data)

    async def _identify(self, conn: Connection, data: JSON) -> None:
        shard = parse_shard(data["shard"]) if "shard" in data else None
        if "shard" in data and shard is None:
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        world = self.world
        if shard is not None:  # only sharded sessions are held to the limit (README)
            now = asyncio.get_running_loop().time()
            if not self.limit.admit(shard[0], now, world.max_concurrency, world.identify_window):
                self._send(conn, {"op": 9, "d": False})
                return
        self.identifies += 1
        self.token = data.get("token")
        self.intents = int(data.get("intents") or 0)
        session = Session(id=secrets.token_hex(16), shard=shard, connection=conn)
        if session.shard_count != self.shard_count:
            self.sessions.clear()
            self.shard_count = session.shard_count
        self.sessions[session.shard_id] = session
        conn.session = session
        guilds = [
            g for g in world.guilds.values() if shard_of(g.id, self.shard_count) == session.shard_id
        ]
        ready: JSON = {
            "v": 10,
            "user": {**user_payload(world.bot_user), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "application": {"id": str(world.app_id), "flags": world.application_flags},
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
        self._emit(session, "READY", ready)
        for guild in guilds:
            self._emit(session, "GUILD_CREATE", world.guild_create(guild))
        self._update_live()

    def _resume(self, conn: Connection, data: JSON) -> None:
        wanted = data.get("session_id")
        session = next((s for s in self.sessions.values() if s.id == wanted), None)
        if session is None or not session.resumable:
            if session is not None:
                session.resumable = True
            self._send(conn, {"op": 9, "d": False})
            return
        self.resumes += 1
        conn.session = session
        session.connection = conn
        seen = data.get("seq") or 0
        for frame in session.frames:
            if frame["s"] > seen:
                self._send(conn, frame)
        self._emit(session, "RESUMED", {"_trace": ["loopback"]})
        self._update_live()

    def _members_chunk(self, conn: Connection, data: JSON) -> None:
        guild = self.world.guilds.get(int(data["guild_id"]))
        if guild is None or conn.session is None:
            return
        members = self.world.guild_create(guild)["members"]
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        self._emit(conn.session, "GUILD_MEMBERS_CHUNK", chunk)

    def _emit(self, session: Session, event: str, data: JSON) -> None:
        """Number the dispatch in ``session``, keep it for replay, send it if connected."""
        session.seq += 1
        frame: JSON = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.frames.append(frame)
        conn = session.connection
        if conn is not None and conn.session is session and not conn.ws.closed:
            self._send(conn, frame)

    def _update_live(self) -> None:
        if self.sessions and all(s.connection is not None for s in self.sessions.values()):
            self.live.set()
        else:
            self.live.clear()

    # -- API for the fake -----------------------------------------------------------------
    def wants(self, event: str, guild_id: int | None) -> bool:
        """Whether the bot's intents ask for ``event`` in that server (None: in a DM); only
        message events are held to them here."""
        if not event.startswith("MESSAGE_"):
            return True
        return bool(self.intents & (GUILD_MESSAGES if guild_id is not None else DIRECT_MESSAGES))

    def dispatch(self, event: str, data: JSON) -> None:
        """Send a DISPATCH to the session of the event's shard (kept there for replay; sent
        now if connected). Without a session for that shard it is delivered nowhere."""
        session = self.sessions.get(shard_of(event_guild(event, data), self.shard_count))
        if session is None:
            if self.sessions:
                self.undelivered += 1
            return
        self._emit(session, event, data)

    async def wait_live(self, timeout: float) -> None:
        """Until every session is live and everything queued for them has been written."""
        try:
            await asyncio.wait_for(self.live.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"the bot did not connect to the gateway within {timeout} s"
            ) from None
        await self._flushed(timeout)

    async def wait_shards(self, count: int, timeout: float, ids: list[int] | None = None) -> None:
        """Until shards ``ids`` (all ``count`` by default) of ``count`` each have a live
        session and everything queued for them has been written."""
        wanted = range(count) if ids is None else ids

        def ready() -> bool:
            return self.shard_count == count and all(self.shard_live(i) for i in wanted)

        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not ready():
            if loop.time() >= deadline:
                live = sorted(i for i in self.sessions if self.shard_live(i))
                raise TimeoutError(
                    f"shards {list(wanted)} of {count} not live within {timeout} s "
                    f"(live: {live} of {self.shard_count})"
                )
            await asyncio.sleep(0.01)
        await self._flushed(max(0.0, deadline - loop.time()))

    async def _flushed(self, timeout: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while any(
            s.connection is not None and not s.connection.queue.empty()
            for s in self.sessions.values()
        ):
            if loop.time() > deadline:
                raise TimeoutError("gateway frames were not written in time")
            await asyncio.sleep(0.005)

    async def drop(self, *, resumable: bool = True, shard: int | None = None) -> None:
        """Close the connection of shard ``shard``'s session (None: every session's)."""
        if shard is None:
            sessions = list(self.sessions.values())
        else:
            sessions = [self.sessions[shard]] if shard in self.sessions else []
        for session in sessions:
            conn = session.connection
            if conn is None:
                continue
            session.resumable = resumable
            session.connection = None
            self._update_live()
            await conn.ws.close(code=4000, message=b"loopback: dropped")

    async def close_all(self) -> None:
        for session in self.sessions.values():
            session.connection = None
        self._update_live()
        for conn in list(self.connections):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.ws.close(code=1001, message=b"loopback: stop"), 2)

    # -- REST: where the gateway is -------------------------------------------------------
    def routes(self) -> list[Route]:
        """``GET /gateway`` and ``GET /gateway/bot`` of the fake's REST API."""
        return [
            route("GET", "/gateway", self.get_gateway),
            route("GET", "/gateway/bot", self.get_gateway_bot),
        ]

    async def get_gateway(self, req: Request) -> Reply:
        return 200, {"url": self.url}

    async def get_gateway_bot(self, req: Request) -> Reply:
        """The shards to run and the session start limit (``recommended_shards``,
        ``max_concurrency`` of the world); the day's starts are counted from the fake's start."""
        world = self.world
        day = 24 * 3600.0
        limit = {
            "total": world.session_start_total,
            "remaining": max(0, world.session_start_total - self.identifies),
            "reset_after": int(max(0.0, day - (time.monotonic() - world.started_at)) * 1000),
            "max_concurrency": world.max_concurrency,
        }
        shards = world.recommended_shards
        return 200, {"url": self.url, "shards": shards, "session_start_limit": limit}
