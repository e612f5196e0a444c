"""The application's own emojis in the fake Discord, with Discord's rules.

``GET/POST /applications/{app}/emojis``, ``GET/PATCH/DELETE
/applications/{app}/emojis/{emoji}`` (a list answers ``{"items": [...]}``, as discord.py
reads it). Discord's rules: a name of 2–32 letters, digits and underscores, unique among the
app's emojis (else 400, 50035 with ``APPLICATION_EMOJI_NAME_ALREADY_TAKEN`` under
``errors.name``); at most 2,000 emojis (400, 30008); the image a data URI of a PNG, GIF or
JPEG of at most 256 KiB (50035 under ``errors.image``); an unknown emoji is 404, 10014.
An emoji made through the API is the bot user's (its ``user``).

What the bot did is counted for the tests (:attr:`AppEmojis.uploads`, ``deletes``,
``renames``); :meth:`AppEmojis.add` puts an emoji in place without the rules (one a person
uploaded in the Developer Portal, or a duplicate as a test needs one).

And two rules of how Discord shows them, as violations: emoji markup where Discord shows it
raw (a button's or an option's label, a placeholder, a picture's alt text, a modal's title
or a field's label; buttons and options have an ``emoji`` field of their own), and an
emoji in a text that the app does not have (Discord shows ``:name:`` instead).
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from typing import Any

from loopback.entities import JSON, Snowflakes, User, iter_components
from loopback.payloads import user_payload
from loopback.routes import ApiError, Reply, Request, Route, route

NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
MAX_EMOJIS = 2000
MAX_IMAGE = 256 * 1024
DATA_URI = re.compile(r"data:image/(png|jpeg|gif);base64,(.*)", re.S)
MAGIC = {"png": (b"\x89PNG\r\n\x1a\n",), "jpeg": (b"\xff\xd8\xff",), "gif": (b"GIF87a", b"GIF89a")}
MARKUP = re.compile(r"<a?:([A-Za-z0-9_]+):(\d+)>")
TINY_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=="
)
"""A 1×1 PNG, the picture of an emoji a test puts in place."""


@dataclass(eq=False)
class AppEmoji:
    id: int
    name: str
    image: bytes
    user: User  # who uploaded it: the bot, or a person in the Developer Portal
    animated: bool = False


def _form_error(field: str, code: str, message: str, violation: str | None = None) -> ApiError:
    """Discord's 400 ``Invalid Form Body`` (50035) with one error under ``field``."""
    body = {
        "code": 50035,
        "message": "Invalid Form Body",
        "errors": {field: {"_errors": [{"code": code, "message": message}]}},
    }
    return ApiError(400, 50035, "Invalid Form Body", body=body, violation=violation)


class AppEmojis:
    """The app's emojis (by id, in the order made) and what the bot did to them."""

    def __init__(self, ids: Snowflakes, app_id: int, bot_user: User) -> None:
        self.ids = ids
        self.app_id = app_id
        self.bot_user = bot_user
        self.by_id: dict[int, AppEmoji] = {}
        self.limit = MAX_EMOJIS
        self.uploads: list[str] = []  # names the bot uploaded (POST taken), in order
        self.deletes: list[str] = []  # names of the emojis the bot deleted
        self.renames: list[tuple[str, str]] = []  # (old, new) names the bot changed
        self.refused: list[str] = []  # names of uploads Discord refused

    # -- the world ---------------------------------------------------------------------------
    def add(self, name: str, image: bytes = TINY_PNG, *, user: User | None = None) -> AppEmoji:
        """An emoji in place without Discord's rules (a duplicate name too): by ``user``
        (a person, in the Developer Portal) or else by the bot."""
        emoji = AppEmoji(self.ids.next(), name, image, user or self.bot_user)
        self.by_id[emoji.id] = emoji
        return emoji

    def named(self, name: str) -> list[AppEmoji]:
        return [e for e in self.by_id.values() if e.name == name]

    def names(self) -> list[str]:
        """Every emoji's name (a name twice if two emojis have it), in the order made."""
        return [e.name for e in self.by_id.values()]

    def payload(self, emoji: AppEmoji) -> JSON:
        return {
            "id": str(emoji.id),
            "name": emoji.name,
            "roles": [],
            "user": user_payload(emoji.user),
            "require_colons": True,
            "managed": False,
            "animated": emoji.animated,
            "available": True,
        }

    # -- REST ----------------------------------------------------------------------------------
    def routes(self) -> list[Route]:
        """The emoji routes of the fake's REST API."""
        return [
            route("GET", "/applications/{app}/emojis", self.list_emojis),
            route("POST", "/applications/{app}/emojis", self.create),
            route("GET", "/applications/{app}/emojis/{emoji}", self.get),
            route("PATCH", "/applications/{app}/emojis/{emoji}", self.edit),
            route("DELETE", "/applications/{app}/emojis/{emoji}", self.delete),
        ]

    def _app(self, req: Request) -> None:
        if req.params["app"] != str(self.app_id):
            raise ApiError(403, 50001, "Missing Access", violation="another application's emojis")

    def _emoji(self, req: Request) -> AppEmoji:
        self._app(req)
        emoji = self.by_id.get(int(req.params["emoji"])) if req.params["emoji"].isdigit() else None
        if emoji is None:
            raise ApiError(404, 10014, "Unknown Emoji")
        return emoji

    def _name(self, body: Any, *, renaming: AppEmoji | None = None) -> str:
        name = body.get("name") if isinstance(body, dict) else None
        if not isinstance(name, str) or not 2 <= len(name) <= 32:
            wrong = f"an emoji name of the wrong length: {name!r}"
            said = "Must be between 2 and 32 in length."
            raise _form_error("name", "BASE_TYPE_BAD_LENGTH", said, wrong)
        if NAME.fullmatch(name) is None:
            wrong = f"an emoji name Discord refuses: {name!r}"
            said = "String value did not match validation regex."
            raise _form_error("name", "STRING_TYPE_REGEX", said, wrong)
        if any(e.name == name and e is not renaming for e in self.by_id.values()):
            raise _form_error(
                "name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Emoji name already taken."
            )
        return name

    async def list_emojis(self, req: Request) -> Reply:
        self._app(req)
        return 200, {"items": [self.payload(e) for e in self.by_id.values()]}

    async def get(self, req: Request) -> Reply:
        return 200, self.payload(self._emoji(req))

    async def create(self, req: Request) -> Reply:
        self._app(req)
        body = req.json if isinstance(req.json, dict) else {}
        try:
            name = self._name(body)
            image, animated = _image(body.get("image"))
            if len(self.by_id) >= self.limit:
                raise ApiError(400, 30008, f"Maximum number of emojis reached ({self.limit})")
        except ApiError:
            self.refused.append(str(body.get("name")))
            raise
        emoji = AppEmoji(self.ids.next(), name, image, self.bot_user, animated)
        self.by_id[emoji.id] = emoji
        self.uploads.append(name)
        return 201, self.payload(emoji)

    async def edit(self, req: Request) -> Reply:
        emoji = self._emoji(req)
        name = self._name(req.json, renaming=emoji)
        self.renames.append((emoji.name, name))
        emoji.name = name
        return 200, self.payload(emoji)

    async def delete(self, req: Request) -> Reply:
        emoji = self._emoji(req)
        del self.by_id[emoji.id]
        self.deletes.append(emoji.name)
        return 204, None

    # -- how Discord shows them ------------------------------------------------------------
    def shown_raw(self, payload: JSON) -> list[str]:
        """Where a message or a modal puts emoji markup that Discord shows raw: a button's
        or a text input's label, a select's placeholder, an option's label or description,
        a picture's alt text, a modal's title."""
        found = []
        if isinstance(payload.get("title"), str) and MARKUP.search(payload["title"]):
            found.append("the modal's title")
        for comp in iter_components(payload.get("components") or [], interactive_only=False):
            for key in ("label", "placeholder", "description"):
                text = comp.get(key)
                if isinstance(text, str) and MARKUP.search(text):
                    found.append(f"a component's {key} ({comp.get('custom_id', '')})")
            for option in comp.get("options") or []:
                for key in ("label", "description"):
                    text = option.get(key)
                    if isinstance(text, str) and MARKUP.search(text):
                        found.append(f"an option's {key} ({option.get('value', '')})")
            for item in comp.get("items") or []:  # a media gallery's pictures: alt texts
                text = item.get("description") if isinstance(item, dict) else None
                if isinstance(text, str) and MARKUP.search(text):
                    found.append("a picture's alt text")
        return found

    def unknown(self, text: str) -> list[str]:
        """The emojis in ``text`` that the app does not have (Discord shows their names)."""
        return [f":{m[1]}: ({m[2]})" for m in MARKUP.finditer(text) if int(m[2]) not in self.by_id]


def _image(value: Any) -> tuple[bytes, bool]:
    """The picture of a data URI as Discord takes it; whether it is animated (a GIF)."""
    match = DATA_URI.fullmatch(value) if isinstance(value, str) else None
    data = b""
    if match is not None:
        try:
            data = base64.b64decode(match[2], validate=False)
        except (binascii.Error, ValueError):
            data = b""
    if match is None or not data.startswith(MAGIC[match[1]]):
        wrong = "an emoji image that is no data URI of a PNG, GIF or JPEG"
        raise _form_error("image", "IMAGE_INVALID", "Invalid image data", wrong)
    if len(data) > MAX_IMAGE:
        wrong = f"an emoji image of {len(data)} bytes (at most {MAX_IMAGE})"
        limit = f"File cannot be larger than {MAX_IMAGE // 1024} kb."
        raise _form_error("image", "BINARY_TYPE_MAX_SIZE", limit, wrong)
    return data, match[1] == "gif"
