"""The fake REST API under ``/api/v10``: routing, logging, injected failures and Discord's rules."""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from loopback import limits, schema
from loopback.entities import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CREATE_EVENTS,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    EPHEMERAL,
    JSON,
    LOADING,
    MANAGE_EVENTS,
    MANAGE_THREADS,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    SETTABLE_FLAGS,
    Channel,
    Interaction,
    Message,
    RestCall,
    Upload,
)
from loopback.payloads import (
    callback_result,
    channel_payload,
    member_payload,
    user_payload,
)
from loopback.routes import ApiError, Handler, Reply, Request, Route, route
from loopback.world import World

PREFIX = "/api/v10"


@dataclass
class Failure:
    method: str
    pattern: re.Pattern[str]
    status: int
    retry_after: float
    times: int


class Rest:
    """Serves ``/api/v10``: its own routes (users, commands, channels, messages,
    interactions) and ``more`` that other parts of the fake answer (the gateway's, the
    emojis'), in the order added; logs each call in the world."""

    def __init__(self, world: World, more: Sequence[Route] = ()) -> None:
        self.world = world
        self.failures: list[Failure] = []
        # Hold every JSON body against Discord's OpenAPI schema (loopback/schema.py): on in
        # tests; the Discord bench turns it off for both of its bots alike (a table message
        # takes 0.5-1 ms, a few times the rest of the fake's work on the request).
        self.check_schema = True
        self.routes: list[Route] = []

        def add(method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
            self.routes.append(route(method, template, handler, auth=auth))

        add("GET", "/users/@me", self.get_me)
        add("GET", "/users/{user}", self.get_user)
        add("GET", "/oauth2/applications/@me", self.get_application)
        add("GET", "/applications/@me", self.get_application)
        for method in ("GET", "PUT", "POST"):
            add(method, "/applications/{app}/commands", self.commands)
            add(method, "/applications/{app}/guilds/{guild}/commands", self.commands)
        add("GET", "/guilds/{guild}/members/{user}", self.get_member)
        add("POST", "/guilds/{guild}/scheduled-events", self.create_scheduled_event)
        add("PATCH", "/guilds/{guild}/scheduled-events/{event}", self.edit_scheduled_event)
        add("DELETE", "/guilds/{guild}/scheduled-events/{event}", self.delete_scheduled_event)
        add("POST", "/users/@me/channels", self.create_dm)
        add("GET", "/channels/{channel}", self.get_channel)
        add("PATCH", "/channels/{channel}", self.edit_channel)
        add("GET", "/channels/{channel}/messages", self.get_messages)
        add("POST", "/channels/{channel}/messages", self.create_message)
        add("GET", "/channels/{channel}/messages/{message}", self.get_message)
        add("PATCH", "/channels/{channel}/messages/{message}", self.edit_message)
        add("DELETE", "/channels/{channel}/messages/{message}", self.delete_message)
        add("POST", "/channels/{channel}/threads", self.create_thread)
        add("POST", "/channels/{channel}/messages/{message}/threads", self.create_thread)
        add("PUT", "/channels/{channel}/thread-members/{user}", self.no_content)
        add("DELETE", "/channels/{channel}/thread-members/{user}", self.no_content)
        add("POST", "/channels/{channel}/typing", self.no_content)
        add("POST", "/interactions/{id}/{token}/callback", self.callback, auth=False)
        add("POST", "/webhooks/{app}/{token}", self.followup, auth=False)
        for method in ("GET", "PATCH", "DELETE"):
            add(
                method,
                "/webhooks/{app}/{token}/messages/{message}",
                self.webhook_message,
                auth=False,
            )
        self.routes.extend(more)

    # -- plumbing --------------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        world = self.world
        full = request.path
        path = full[len(PREFIX) :] if full.startswith(PREFIX) else full
        query = dict(request.query)
        try:
            body, files = await _read_body(request)
        except ValueError:
            body, files = None, []
        status, reply, headers = await self._serve(request, path, query, body, files)
        call = RestCall(
            method=request.method,
            path=path,
            json=body,
            status=status,
            time=time.monotonic() - world.started_at,
            query=query,
            files=[name for name, _ in files],
        )
        world.rest_log.append(call)
        if world.after_rest is not None:  # a test's hook: e.g. kill the bot right here
            world.after_rest(call)
        if reply is None:
            return web.Response(status=status, headers=headers)
        return web.Response(
            status=status,
            body=json.dumps(reply).encode(),
            headers={"Content-Type": "application/json", **headers},
        )

    async def _serve(
        self,
        request: web.Request,
        path: str,
        query: dict[str, str],
        body: Any,
        files: list[tuple[str, int]],
    ) -> tuple[int, Any, dict[str, str]]:
        method = request.method
        injected = self._injected(method, path)
        if injected is not None:
            return injected
        if not request.path.startswith(PREFIX + "/"):
            return self._unknown(method, path)
        for route_method, pattern, handler, auth in self.routes:
            match = pattern.match(path)
            if route_method != method or match is None:
                continue
            header = request.headers.get("Authorization", "")
            if auth and not header.startswith("Bot "):
                self.world.violation(f"{method} {path}: no 'Authorization: Bot <token>' header")
                return 401, {"code": 0, "message": "401: Unauthorized"}, {}
            expected = self.world.bot_token
            if auth and expected is not None and header != f"Bot {expected}":
                return 401, {"message": "401: Unauthorized", "code": 0}, {}  # a wrong token
            req = Request(method, path, match.groupdict(), query, body, files)
            try:
                if self.check_schema:  # the body as Discord's schema has it, else 50035
                    self._check(req, schema.check_body(method, path, body))
                status, reply = await handler(req)
            except ApiError as exc:
                if exc.violation:
                    self.world.violation(f"{method} {path}: {exc.violation}")
                return exc.status, exc.body, {}
            return status, reply, {}
        return self._unknown(method, path)

    def _unknown(self, method: str, path: str) -> tuple[int, Any, dict[str, str]]:
        self.world.violation(f"unknown route {method} {path} (not served by the loopback fake)")
        return 404, {"code": 0, "message": "404: Not Found"}, {}

    def _injected(self, method: str, path: str) -> tuple[int, Any, dict[str, str]] | None:
        for failure in self.failures:
            if failure.method != method or not failure.pattern.search(path):
                continue
            failure.times -= 1
            if failure.times <= 0:
                self.failures.remove(failure)
            if failure.status != 429:
                text = f"{failure.status}: injected failure"
                return failure.status, {"code": 0, "message": text}, {}
            after = failure.retry_after
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(max(1, math.ceil(after))),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": f"{after:.3f}",
                "X-RateLimit-Reset": f"{time.time() + after:.3f}",
                "X-RateLimit-Scope": "user",
            }
            body = {
                "code": 0,
                "message": "You are being rate limited.",
                "retry_after": after,
                "global": False,
            }
            return 429, body, headers
        return None

    # -- identity ---------------------------------------------------------------------------
    async def get_me(self, req: Request) -> Reply:
        user = {**user_payload(self.world.bot_user), "verified": True, "mfa_enabled": False}
        return 200, user

    async def get_user(self, req: Request) -> Reply:
        user = self.world.users.get(_id(req.params["user"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return 200, user_payload(user)

    async def get_application(self, req: Request) -> Reply:
        world = self.world
        return 200, {
            "id": str(world.app_id),
            "name": world.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": user_payload(world.owner),
            "team": None,
            "flags": world.application_flags,
            "rpc_origins": [],
            "redirect_uris": [],
            "tags": [],
            "interactions_endpoint_url": None,
            "bot": user_payload(world.bot_user),
            "integration_types_config": {"0": {}},
        }

    async def get_member(self, req: Request) -> Reply:
        guild = self.world.guilds.get(_id(req.params["guild"]))
        user_id = _id(req.params["user"])
        user = self.world.users.get(user_id)
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        if user is None or user_id not in guild.member_ids:
            raise ApiError(404, 10007, "Unknown Member")
        return 200, member_payload(user, guild)

    async def create_scheduled_event(self, req: Request) -> Reply:
        """An external event (a group's evening); needs Create Events (1 << 44): since
        2026-02-23 Manage Events alone no longer lets a bot create one."""
        guild = self.world.guilds.get(_id(req.params["guild"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        if not guild.bot_permissions & CREATE_EVENTS:
            raise ApiError(403, 50013, "Missing Permissions")
        body = req.json or {}
        if not body.get("name") or not body.get("scheduled_start_time"):
            raise ApiError(400, 50035, "Invalid Form Body", violation="scheduled event fields")
        event = {
            "id": str(self.world.ids.next()),
            "guild_id": str(guild.id),
            "channel_id": None,
            "creator_id": str(self.world.bot_user_id),
            "name": body["name"],
            "description": body.get("description"),
            "scheduled_start_time": body["scheduled_start_time"],
            "scheduled_end_time": body.get("scheduled_end_time"),
            "privacy_level": body.get("privacy_level", 2),
            "status": 1,
            "entity_type": body.get("entity_type", 3),
            "entity_id": None,
            "entity_metadata": body.get("entity_metadata"),
            "user_count": 0,
            "image": None,
        }
        self.world.scheduled_events.append(event)
        return 200, event

    def _scheduled_event(self, req: Request) -> JSON:
        """A scheduled event of the guild; changing it takes Create Events for the bot's
        own events, Manage Events for anyone else's (Discord's rule since 2026-02-23)."""
        guild = self.world.guilds.get(_id(req.params["guild"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        event = next(
            (
                e
                for e in self.world.scheduled_events
                if e["id"] == req.params["event"] and e["guild_id"] == str(guild.id)
            ),
            None,
        )
        if event is None:
            raise ApiError(404, 10070, "Unknown Guild Scheduled Event")
        own = event["creator_id"] == str(self.world.bot_user_id)
        if not guild.bot_permissions & (MANAGE_EVENTS | (CREATE_EVENTS if own else 0)):
            raise ApiError(403, 50013, "Missing Permissions")
        return event

    async def edit_scheduled_event(self, req: Request) -> Reply:
        event = self._scheduled_event(req)
        body = req.json or {}
        editable = ("name", "description", "scheduled_start_time", "scheduled_end_time",
                    "entity_metadata", "privacy_level", "status")  # fmt: skip
        unknown = sorted(set(body) - set(editable) - {"channel_id", "entity_type", "image"})
        if unknown or ("name" in body and not body["name"]):
            raise ApiError(400, 50035, "Invalid Form Body", violation="scheduled event fields")
        event.update({k: v for k, v in body.items() if k in editable})
        return 200, event

    async def delete_scheduled_event(self, req: Request) -> Reply:
        event = self._scheduled_event(req)
        self.world.scheduled_events.remove(event)
        return 204, None

    async def no_content(self, req: Request) -> Reply:
        self._channel(req)
        return 204, None

    # -- commands ---------------------------------------------------------------------------
    async def commands(self, req: Request) -> Reply:
        world = self.world
        if _id(req.params["app"]) != world.app_id:
            raise ApiError(
                403, 50001, "Missing Access", violation="commands of another application"
            )
        guild_id: int | None = None
        if "guild" in req.params:
            guild_id = _id(req.params["guild"])
            if guild_id not in world.guilds:
                raise ApiError(404, 10004, "Unknown Guild", violation=f"unknown guild {guild_id}")
        current = world.synced.setdefault(guild_id, [])
        if req.method == "GET":
            return 200, current
        given = req.json if req.method == "PUT" else [req.json]
        if not isinstance(given, list) or not all(isinstance(c, dict) for c in given):
            raise ApiError(400, 50035, "Invalid Form Body", violation="command body is not a list")
        self._check(req, limits.check_commands(given, is_global=guild_id is None))
        stored = [world.store_command(command, guild_id, current) for command in given]
        if req.method == "PUT":
            world.synced[guild_id] = stored
            return 200, stored
        by_key = {(c["name"], c.get("type", 1)): c for c in current}
        new = stored[0]
        existed = (new["name"], new.get("type", 1)) in by_key
        by_key[(new["name"], new.get("type", 1))] = new
        world.synced[guild_id] = list(by_key.values())
        return (200 if existed else 201), new

    # -- channels and messages ----------------------------------------------------------------
    def _channel(self, req: Request) -> Channel:
        channel = self.world.channels.get(_id(req.params["channel"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel", violation="unknown channel")
        return channel

    def _channel_message(self, req: Request, channel: Channel) -> Message:
        message = self.world.messages.get(_id(req.params["message"]))
        if (
            message is None
            or message.deleted
            or message.channel_id != channel.id
            or message.visibility == "ephemeral"
        ):
            raise ApiError(404, 10008, "Unknown Message", violation="unknown message")
        return message

    async def create_dm(self, req: Request) -> Reply:
        body = req.json or {}
        user = self.world.users.get(_id(str(body.get("recipient_id", "0"))))
        if user is None:
            raise ApiError(400, 50035, "Invalid Form Body", violation="DM to an unknown user")
        channel = self.world.dm_channel(user)
        return 200, channel_payload(channel, user)

    async def get_channel(self, req: Request) -> Reply:
        channel = self._channel(req)
        return 200, self.world.channel_json(channel)

    async def edit_channel(self, req: Request) -> Reply:
        """Only what the bot changes: a thread's name (the bot made it: its owner may),
        archived flag and auto-archive time."""
        channel = self._channel(req)
        body = _payload(req)
        edits = {"archived", "auto_archive_duration", "name"}
        if channel.kind != "thread" or set(body) - edits:
            raise ApiError(400, 50035, "Invalid Form Body", violation=f"channel edit {body!r}")
        if "name" in body:
            name = str(body["name"])
            if not 1 <= len(name) <= 100:
                raise ApiError(400, 50035, "Invalid Form Body", violation=f"thread name {name!r}")
            channel.name = name
        if "auto_archive_duration" in body:
            channel.auto_archive_duration = _archive_minutes(body["auto_archive_duration"])
        if "archived" in body:
            if channel.archived and not body["archived"]:
                # Discord: Manage Threads, or Send Messages in Threads for one not locked.
                granted = self.world.bot_permissions_in(channel)
                if not granted & MANAGE_THREADS and (
                    channel.locked or not granted & SEND_MESSAGES_IN_THREADS
                ):
                    raise ApiError(403, 50013, "Missing Permissions")
            self.world.archive(channel, bool(body["archived"]))
        return 200, self.world.channel_json(channel)

    async def get_messages(self, req: Request) -> Reply:
        channel = self._channel(req)
        limit = int(req.query.get("limit", "50"))
        before = int(req.query.get("before", "0")) or None
        after = int(req.query.get("after", "0")) or None
        found = [
            m
            for m in self.world.messages.values()
            if m.channel_id == channel.id
            and not m.deleted
            and m.visibility != "ephemeral"
            and (before is None or m.id < before)
            and (after is None or m.id > after)
        ]
        found.sort(key=lambda m: m.id, reverse=True)
        return 200, [self.world.message_json(m) for m in found[:limit]]

    async def get_message(self, req: Request) -> Reply:
        channel = self._channel(req)
        return 200, self.world.message_json(self._channel_message(req, channel))

    async def create_message(self, req: Request) -> Reply:
        world = self.world
        channel = self._channel(req)
        payload = _payload(req)
        if channel.kind == "dm":
            recipient = world.users[channel.recipient_id or 0]
            if not recipient.dms_open:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        elif channel.kind == "thread":
            self._need(
                channel, SEND_MESSAGES_IN_THREADS | (MANAGE_THREADS if channel.locked else 0)
            )
        else:
            self._need(channel, SEND_MESSAGES)
        self._check_message(req, payload)
        nonce = payload.get("nonce") if payload.get("enforce_nonce") else None
        if nonce is not None:  # the same nonce again within minutes: the message it made
            seen = world.nonces.get((world.bot_user_id, str(nonce)))
            if seen is not None and time.monotonic() - seen[1] < world.nonce_window:
                earlier = world.messages.get(seen[0])
                if earlier is not None and not earlier.deleted:
                    return 200, world.message_json(earlier)
        if channel.kind == "thread" and channel.archived:
            world.archive(channel, False)  # a new message wakes an archived thread
        message = world.new_message(channel, visibility="dm" if channel.kind == "dm" else "public")
        message.audience = channel.recipient_id
        world.apply(message, payload, req.files, creating=True)
        if nonce is not None:
            world.nonces[(world.bot_user_id, str(nonce))] = (message.id, time.monotonic())
        return 200, world.message_json(message)

    async def edit_message(self, req: Request) -> Reply:
        channel = self._channel(req)
        message = self._channel_message(req, channel)
        if channel.kind == "thread" and channel.archived:
            raise ApiError(400, 50083, "Thread is archived", violation="edit in an archived thread")
        if message.author_id != self.world.bot_user_id:
            raise ApiError(
                403,
                50005,
                "Cannot edit a message authored by another user",
                violation="edit of another user's message",
            )
        payload = _payload(req)
        self._check_message(req, payload, before=message)
        self.world.apply(message, payload, req.files, creating=False)
        return 200, self.world.message_json(message)

    async def delete_message(self, req: Request) -> Reply:
        channel = self._channel(req)
        self.world.delete_message(self._channel_message(req, channel))
        return 204, None

    async def create_thread(self, req: Request) -> Reply:
        world = self.world
        parent = self._channel(req)
        if parent.kind != "text":
            raise ApiError(
                400, 50024, "Cannot execute action on this channel type", violation="thread"
            )
        body = req.json or {}
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise ApiError(400, 50035, "Invalid Form Body", violation=f"thread name {name!r}")
        private = body.get("type") == 12
        self._need(parent, CREATE_PRIVATE_THREADS if private else CREATE_PUBLIC_THREADS)
        thread_id: int | None = None
        if "message" in req.params:
            thread_id = self._channel_message(req, parent).id
            if thread_id in world.channels:
                raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = world.new_thread(parent, name, private=private, thread_id=thread_id)
        thread.auto_archive_duration = _archive_minutes(body.get("auto_archive_duration", 1440))
        return 201, world.channel_json(thread)

    def _need(self, channel: Channel, permissions: int) -> None:
        """Discord's 50013 unless the bot has every one of ``permissions`` in ``channel``."""
        if self.world.bot_permissions_in(channel) & permissions != permissions:
            raise ApiError(403, 50013, "Missing Permissions")

    def _check_message(
        self,
        req: Request,
        payload: JSON,
        *,
        before: Message | None = None,
        prefix: tuple[str, ...] = (),
    ) -> None:
        """A message Discord takes (``before``: the message an edit changes; ``prefix``: where
        the message is in the body), and shows as the bot meant: a mention where Discord
        shows it raw (an embed's title, field name, footer, author) is taken, but is a
        violation."""
        for where in limits.raw_mentions(payload):
            self.world.violation(f"{req.method} {req.path}: a mention Discord shows raw in {where}")
        files = [name for name, _ in req.files]
        problems = limits.check_message(payload, files=files, before=before)
        self._check(req, [((*prefix, *path), message) for path, message in problems])

    def _check(self, req: Request, problems: list[limits.Problem]) -> None:
        if problems:
            raise ApiError(
                400,
                50035,
                "",
                body=limits.error_body(problems),
                violation=limits.describe(problems),
            )

    # -- interactions ---------------------------------------------------------------------------
    async def callback(self, req: Request) -> Reply:
        world = self.world
        interaction = world.interactions.get(_id(req.params["id"]))
        if interaction is None or interaction.token != req.params["token"]:
            raise ApiError(404, 10062, "Unknown interaction", violation="callback for unknown id")
        try:
            return self._respond(interaction, req)
        finally:
            # The user sees an answer, or "interaction failed" once Discord gave up on it.
            if interaction.response_type is not None or interaction.dead:
                interaction.answered.set()

    def _respond(self, interaction: Interaction, req: Request) -> Reply:
        world = self.world
        elapsed = asyncio.get_running_loop().time() - interaction.created
        label = world.describe(interaction)
        if interaction.dead or (
            interaction.response_type is None and elapsed > world.response_deadline
        ):
            # One violation per dead interaction (``slash`` may have reported it already).
            late = (
                f"{label}: initial response after {elapsed:.2f} s "
                f"(Discord allows {world.response_deadline:g} s)"
            )
            first = not interaction.dead
            interaction.dead = True
            raise ApiError(404, 10062, "Unknown interaction", violation=late if first else None)
        if interaction.response_type is not None:
            raise ApiError(
                400,
                40060,
                "Interaction has already been acknowledged.",
                violation=f"{label}: second initial response "
                f"(type {_payload(req).get('type')} after type {interaction.response_type})",
            )
        body = _payload(req)
        kind = body.get("type")
        data: JSON = body.get("data") or {}
        wrong = _wrong_type(interaction, kind)
        if wrong:
            raise ApiError(400, 50035, "Invalid Form Body", violation=f"{label}: {wrong}")
        message: Message | None = None
        if kind == 4:
            self._check_message(req, data, prefix=("data",))
            message = world.interaction_message(interaction, flags=int(data.get("flags") or 0))
            world.apply(message, data, req.files, creating=True)
        elif kind == 5:
            flags = int(data.get("flags") or 0)
            message = world.interaction_message(interaction, flags=flags & EPHEMERAL | LOADING)
            world.message_event(message, "MESSAGE_CREATE")
        elif kind == 6:
            message = interaction.source
        elif kind == 7:
            message = interaction.source
            assert message is not None
            self._check_message(req, data, before=message, prefix=("data",))
            world.apply(message, data, req.files, creating=False)
        elif kind == 8:
            choices = data.get("choices") or []
            if len(choices) > 25:
                self._check(req, [(("data", "choices"), "Must be 25 or fewer in length.")])
        elif kind == 9:
            self._check(req, [(("data", *p), m) for p, m in limits.check_modal(data)])
            interaction.modal = data
            world.forms.append(interaction)
        interaction.response_type = kind
        interaction.responded_after = elapsed
        interaction.response = data
        interaction.message = message
        if req.query.get("with_response") not in ("1", "true", "True"):
            return 204, None
        message_json = world.message_json(message) if message is not None else None
        return 200, callback_result(interaction, int(kind or 0), message_json)

    def _interaction(self, req: Request) -> Interaction:
        world = self.world
        if _id(req.params["app"]) != world.app_id:
            raise ApiError(
                404, 10015, "Unknown Webhook", violation="webhook of another application"
            )
        interaction = world.by_token.get(req.params["token"])
        if interaction is None:
            raise ApiError(404, 10015, "Unknown Webhook", violation="unknown interaction token")
        label = world.describe(interaction)
        if interaction.dead:
            raise ApiError(
                404, 10015, "Unknown Webhook", violation=f"{label}: follow-up on a dead interaction"
            )
        age = asyncio.get_running_loop().time() - interaction.created
        if age > world.token_lifetime:
            raise ApiError(
                401,
                50027,
                "Invalid Webhook Token",
                violation=f"{label}: token used after {age:.0f} s "
                f"(valid {world.token_lifetime:g} s)",
            )
        if interaction.response_type is None:
            raise ApiError(
                404, 10015, "Unknown Webhook", violation=f"{label}: follow-up before the response"
            )
        return interaction

    async def followup(self, req: Request) -> Reply:
        world = self.world
        interaction = self._interaction(req)
        payload = _payload(req)
        original = interaction.message
        replacing = (
            interaction.response_type == 5
            and original is not None
            and bool(original.flags & LOADING)
            and not original.deleted
        )
        self._check_message(req, payload, before=original if replacing else None)
        if replacing:
            # The first follow-up after a deferred reply replaces the "thinking" message.
            assert original is not None
            message = original
            world.apply(message, payload, req.files, creating=False)
        else:
            message = world.interaction_message(interaction, flags=_flags(payload))
            world.apply(message, payload, req.files, creating=True)
        interaction.followups.append(message)
        if req.query.get("wait") in ("1", "true", "True"):
            return 200, world.message_json(message)
        return 204, None

    async def webhook_message(self, req: Request) -> Reply:
        world = self.world
        interaction = self._interaction(req)
        ref = req.params["message"]
        message: Message | None
        if ref == "@original":
            message = interaction.message
        else:
            message = world.messages.get(_id(ref))
            if message is not None and message not in (interaction.message, *interaction.followups):
                message = None
        if message is None or message.deleted:
            raise ApiError(
                404,
                10008,
                "Unknown Message",
                violation=f"{world.describe(interaction)}: no message {ref}",
            )
        if req.method == "GET":
            return 200, world.message_json(message)
        if req.method == "DELETE":
            world.delete_message(message)
            return 204, None
        payload = _payload(req)
        self._check_message(req, payload, before=message)
        world.apply(message, payload, req.files, creating=False)
        return 200, world.message_json(message)


def _wrong_type(interaction: Interaction, kind: Any) -> str | None:
    itype = interaction.type
    if kind in (6, 7) and (
        itype not in (MESSAGE_COMPONENT, MODAL_SUBMIT) or not interaction.source
    ):
        return f"response type {kind} needs a component interaction (or a modal from one)"
    if kind == 8 and itype != AUTOCOMPLETE:
        return "response type 8 (autocomplete result) outside autocomplete"
    if kind != 8 and itype == AUTOCOMPLETE:
        return f"autocomplete must be answered with type 8, not {kind}"
    if kind == 9 and itype not in (APPLICATION_COMMAND, MESSAGE_COMPONENT):
        return "a modal cannot answer a modal submit"
    if kind not in (4, 5, 6, 7, 8, 9):
        return f"unsupported response type {kind!r}"
    return None


def _flags(payload: JSON) -> int:
    return int(payload.get("flags") or 0) & SETTABLE_FLAGS


def _archive_minutes(value: Any) -> int:
    if value not in (60, 1440, 4320, 10080):
        raise ApiError(
            400, 50035, "Invalid Form Body", violation=f"auto_archive_duration {value!r}"
        )
    return int(value)


def _payload(req: Request) -> JSON:
    return req.json if isinstance(req.json, dict) else {}


def _id(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ApiError(404, 10000, f"Unknown id {text!r}", violation=f"bad id {text!r}") from None


async def _read_body(request: web.Request) -> tuple[Any, list[tuple[str, int]]]:
    """JSON body (or ``payload_json`` of a multipart body) and the uploaded files (name, size;
    their bytes in :attr:`Upload.data`)."""
    if request.content_type.startswith("multipart/"):
        payload: Any = None
        files: list[tuple[int, Upload]] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            elif part.filename is not None:
                content = await part.read()
                match = re.search(r"\d+", part.name or "")
                index = int(match.group()) if match else len(files)
                files.append((index, Upload(part.filename, bytes(content))))
        files.sort(key=lambda file: file[0])
        return payload, [upload for _, upload in files]
    raw = await request.read()
    if not raw:
        return None, []
    if request.content_type != "application/json":
        return None, []
    return json.loads(raw), []
