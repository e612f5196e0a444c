"""Building the ``data`` of interactions the way a Discord client would send them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loopback.entities import (
    JSON,
    SELECT_TYPES,
    TEXT_INPUT,
    Channel,
    Guild,
    Snowflakes,
    User,
    iter_components,
)
from loopback.payloads import channel_payload, member_payload, user_payload

# Application command option types.
SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)

ALL_PERMISSIONS = (1 << 51) - 1


class ClientRefusal(ValueError):
    """What the Discord client itself refuses to send (a required option left out, a
    value outside the declared range, too many choices …): ``reason`` names it and
    ``params`` carry its values, for a front end that says it in its reader's language;
    the message says it in English."""

    def __init__(self, reason: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params


class UnknownCommand(ClientRefusal, LookupError):
    """No command of that name is offered to the user here: his client offers only the
    names it shows him (in his language), and only where the command may be used."""


class Uploads:
    """Files users attach to slash commands, by id, and where the fake serves them."""

    def __init__(self, ids: Snowflakes) -> None:
        self.base_url = ""  # set when the fake listens
        self.ids = ids
        self.files: dict[int, bytes] = {}
        self.fetched: list[int] = []  # ids, in the order the bot downloaded them

    def add(self, data: bytes) -> int:
        upload_id = self.ids.next()
        self.files[upload_id] = data
        return upload_id


class Resolver:
    """Builds the ``resolved`` part of interaction data for users and channels."""

    def __init__(
        self,
        users: Mapping[int, User],
        channels: Mapping[int, Channel],
        guild: Guild | None,
        uploads: Uploads | None = None,
    ) -> None:
        self.users = users
        self.channels = channels
        self.guild = guild
        self.uploads = uploads
        self.resolved: JSON = {}

    def user(self, value: object) -> str:
        user_id = value.id if isinstance(value, User) else value
        if not isinstance(user_id, int) or isinstance(user_id, bool):
            raise TypeError(f"a user option needs a User or an id, not {value!r}")
        user = self.users.get(user_id)
        if user is not None:
            self.resolved.setdefault("users", {})[str(user_id)] = user_payload(user)
            if self.guild is not None and user_id in self.guild.member_ids:
                member = member_payload(user, self.guild, with_user=False)
                self.resolved.setdefault("members", {})[str(user_id)] = member
        return str(user_id)

    def channel(self, value: object) -> str:
        channel_id = value.id if isinstance(value, Channel) else value
        if not isinstance(channel_id, int) or isinstance(channel_id, bool):
            raise TypeError(f"a channel option needs a Channel or an id, not {value!r}")
        channel = self.channels.get(channel_id)
        if channel is not None:
            data = channel_payload(channel)
            data["permissions"] = str(ALL_PERMISSIONS)
            self.resolved.setdefault("channels", {})[str(channel_id)] = data
        return str(channel_id)

    def attachment(self, value: object) -> str:
        """An uploaded file, given as ``(filename, bytes)``: kept by the fake, which serves
        it at the attachment's URL (discord.py's ``Attachment.read`` fetches it there)."""
        if self.uploads is None:
            raise TypeError("attachment options need the fake's uploads")
        if not (
            isinstance(value, tuple)
            and len(value) == 2
            and isinstance(value[0], str)
            and isinstance(value[1], bytes)
        ):
            raise TypeError(f"an attachment option needs (filename, bytes), not {value!r}")
        name, data = value
        upload_id = self.uploads.add(data)
        url = f"{self.uploads.base_url}/attachments/{upload_id}/{name}"
        self.resolved.setdefault("attachments", {})[str(upload_id)] = {
            "id": str(upload_id),
            "filename": name,
            "size": len(data),
            "url": url,
            "proxy_url": url,
            "content_type": "application/json" if name.endswith(".json") else None,
        }
        return str(upload_id)

    def attach(self, data: JSON) -> JSON:
        if self.resolved:
            data["resolved"] = self.resolved
        return data


def named(entry: JSON, word: str, locale: str | None) -> bool:
    """Whether a user whose Discord speaks ``locale`` finds ``entry`` (a command, a
    subcommand or an option) by ``word``: by its name in his language, as his client shows
    it, or by its base name (what the client shows when it has none in his language)."""
    localized = (entry.get("name_localizations") or {}).get(locale or "")
    return word in (entry["name"], localized)


def find_command(
    candidates: list[list[JSON]], path: list[str], *, in_dm: bool, locale: str | None = None
) -> JSON:
    """The first chat-input command named ``path[0]`` (in ``locale``, see :func:`named`) in
    the candidate lists that the user could use here (``contexts`` / ``dm_permission`` in a
    DM with the bot)."""
    for commands in candidates:
        for command in commands:
            if command.get("type", 1) != 1 or not named(command, path[0], locale):
                continue
            contexts = command.get("contexts")
            context = 1 if in_dm else 0
            if contexts is not None and context not in contexts:
                continue
            if in_dm and contexts is None and command.get("dm_permission") is False:
                continue
            return command
    where = "in DMs" if in_dm else "here"
    raise UnknownCommand(
        "command",
        f"no synced slash command {' '.join(path)!r} usable {where}",
        command=path[0],
        language=locale or "",
    )


def command_data(
    command: JSON,
    path: list[str],
    options: Mapping[str, object],
    resolver: Resolver,
    *,
    focused: str | None = None,
    unchecked: bool = False,
    locale: str | None = None,
) -> JSON:
    """``data`` of an APPLICATION_COMMAND (or AUTOCOMPLETE when ``focused``) interaction.
    ``unchecked``: what a forged or broken client sends — option values of any type, outside
    their declared range, length and choices, required options left out. Users, channels and
    files are still resolved. Subcommands and options may be named in ``locale`` (see
    :func:`named`); the data names them by their base names, as Discord sends them."""
    level: JSON = command
    chain: list[JSON] = []
    for name in path[1:]:
        sub = next(
            (
                o
                for o in level.get("options") or []
                if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) and named(o, name, locale)
            ),
            None,
        )
        if sub is None:
            raise LookupError(f"no synced slash command {' '.join(path)!r} (no {name!r})")
        chain.append(sub)
        level = sub
    if any(o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in level.get("options") or []):
        raise LookupError(f"{' '.join(path)!r} is a group; name a subcommand")
    values = _option_values(
        level,
        _base_names(level, options, locale),
        resolver,
        focused=focused,
        path=path,
        unchecked=unchecked,
    )
    for sub in reversed(chain):
        values = [{"name": sub["name"], "type": sub["type"], "options": values}]
    data: JSON = {
        "id": command["id"],
        "name": command["name"],
        "type": 1,
        "options": values,
    }
    if command.get("guild_id") is not None:
        data["guild_id"] = command["guild_id"]
    return resolver.attach(data)


def _base_names(level: JSON, given: Mapping[str, object], locale: str | None) -> dict[str, object]:
    """``given`` with each option named in ``locale`` renamed to its base name (a base
    name stays as it is)."""
    options = level.get("options") or []
    bases = {o["name"] for o in options}

    def base(key: str) -> str:
        if key in bases:
            return key
        return next((o["name"] for o in options if named(o, key, locale)), key)

    return {base(key): value for key, value in given.items()}


def _option_values(
    level: JSON,
    given: Mapping[str, object],
    resolver: Resolver,
    *,
    focused: str | None,
    path: list[str],
    unchecked: bool = False,
) -> list[JSON]:
    definitions = {o["name"]: o for o in level.get("options") or []}
    values: list[JSON] = []
    for key, value in given.items():
        name = key if key in definitions else key.replace("_", "-")
        definition = definitions.get(name)
        if definition is None:
            raise LookupError(f"/{' '.join(path)} has no option {key!r}")
        if name == focused:
            values.append(
                {"name": name, "type": definition["type"], "value": str(value), "focused": True}
            )
            continue
        values.append(
            {
                "name": name,
                "type": definition["type"],
                "value": _convert(definition, value, resolver, unchecked=unchecked),
            }
        )
    missing = [
        n
        for n, d in definitions.items()
        if d.get("required") and n not in {v["name"] for v in values}
    ]
    if missing and focused is None and not unchecked:
        raise ClientRefusal(
            "missing",
            f"/{' '.join(path)}: missing required option(s) {missing}",
            command=" ".join(path),
            options=", ".join(missing),
        )
    return values


def _convert(
    definition: JSON, value: object, resolver: Resolver, *, unchecked: bool = False
) -> Any:
    kind = definition["type"]
    name = definition["name"]
    if unchecked and kind in (STRING, INTEGER, NUMBER, BOOLEAN):
        return value  # as forged: no type, range, length or choice checked
    if kind == STRING:
        if not isinstance(value, str):
            raise TypeError(f"option {name!r} needs a str, not {value!r}")
        result: Any = value
    elif kind == INTEGER:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"option {name!r} needs an int, not {value!r}")
        result = value
    elif kind == NUMBER:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise TypeError(f"option {name!r} needs a number, not {value!r}")
        result = value
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise TypeError(f"option {name!r} needs a bool, not {value!r}")
        result = value
    elif kind == USER:
        result = resolver.user(value)
    elif kind == CHANNEL:
        result = resolver.channel(value)
    elif kind == MENTIONABLE and isinstance(value, User):
        result = resolver.user(value)
    elif kind == ATTACHMENT:
        result = resolver.attachment(value)
    elif kind in (ROLE, MENTIONABLE):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"option {name!r} needs an id, not {value!r}")
        result = str(value)
    else:
        raise TypeError(f"option {name!r}: type {kind} is not supported by the fake")
    choices = definition.get("choices")
    if choices and result not in [c["value"] for c in choices]:
        choices_text = ", ".join(str(c["value"]) for c in choices)
        raise ClientRefusal(
            "choice",
            f"option {name!r}: {value!r} is not one of the choices",
            option=name,
            value=value,
            choices=choices_text,
        )
    if isinstance(result, int | float) and not isinstance(result, bool):
        low, high = definition.get("min_value"), definition.get("max_value")
        if (low is not None and result < low) or (high is not None and result > high):
            raise ClientRefusal(
                _range_reason(low, high),
                f"option {name!r}: {value!r} is outside [{low}, {high}]",
                option=name,
                value=value,
                low=low,
                high=high,
            )
    if isinstance(result, str) and kind == STRING:
        low, high = definition.get("min_length"), definition.get("max_length")
        if (low is not None and len(result) < low) or (high is not None and len(result) > high):
            raise ClientRefusal(
                "long" if high is not None and len(result) > high else "short",
                f"option {name!r}: length of {value!r} outside [{low}, {high}]",
                option=name,
                low=low or 0,
                high=high,
            )
    return result


def _range_reason(low: object, high: object) -> str:
    """Which bound a number broke, as the client says it: at most, at least, between."""
    if low is None:
        return "max"
    if high is None:
        return "min"
    return "between"


def select_data(component: JSON, values: list[str], resolver: Resolver) -> JSON:
    """``data`` of a select interaction; checks the values like the client would."""
    kind = component["type"]
    low = component.get("min_values", 1)
    high = component.get("max_values", 1)
    if not low <= len(values) <= high:
        raise ClientRefusal(
            "select",
            f"select {component['custom_id']!r} takes {low}..{high} values",
            low=low,
            high=high,
        )
    if kind == 3:
        allowed = [o["value"] for o in component.get("options") or []]
        wrong = [v for v in values if v not in allowed]
        if wrong:
            raise ValueError(f"select {component['custom_id']!r} has no option(s) {wrong}")
    elif kind == 5:
        for value in values:
            resolver.user(int(value))
    elif kind == 8:
        for value in values:
            resolver.channel(int(value))
    data: JSON = {"custom_id": component["custom_id"], "component_type": kind, "values": values}
    return resolver.attach(data)


def modal_data(modal: JSON, values: Mapping[str, str]) -> JSON:
    """``data`` of a MODAL_SUBMIT for the modal the bot opened, filled with ``values``."""
    fields = {c["custom_id"] for c in iter_components(modal.get("components") or [])}
    unknown = set(values) - fields
    if unknown:
        raise LookupError(f"modal {modal.get('custom_id')!r} has no field(s) {sorted(unknown)}")

    def fill(comp: JSON) -> JSON | None:
        kind = comp.get("type")
        if kind == 1:
            children = [c for c in (fill(x) for x in comp.get("components") or []) if c]
            return {"type": 1, "id": comp.get("id"), "components": children}
        if kind == 18:
            inner = comp.get("component")
            filled = fill(inner) if isinstance(inner, dict) else None
            return {"type": 18, "id": comp.get("id"), "component": filled} if filled else None
        custom_id = comp.get("custom_id")
        if custom_id is None:
            return None
        value = values.get(custom_id)
        if value is None and comp.get("required", True) and kind == TEXT_INPUT:
            raise ValueError(f"modal field {custom_id!r} is required")
        if kind == TEXT_INPUT:
            text = value or ""
            low, high = comp.get("min_length"), comp.get("max_length")
            if text and (
                (low is not None and len(text) < low) or (high is not None and len(text) > high)
            ):
                raise ClientRefusal(
                    "field",
                    f"modal field {custom_id!r}: length outside [{low}, {high}]",
                    low=low or 0,
                    high=high,
                )
            return {"type": TEXT_INPUT, "id": comp.get("id"), "custom_id": custom_id, "value": text}
        if kind in SELECT_TYPES:
            chosen = [value] if value else []
            return {"type": kind, "id": comp.get("id"), "custom_id": custom_id, "values": chosen}
        return None

    components = [c for c in (fill(x) for x in modal.get("components") or []) if c]
    return {"custom_id": modal["custom_id"], "components": components}
