"""JSON payloads in the shapes discord.py 2.7.1 parses (users, members, guilds, messages...)."""

from __future__ import annotations

import datetime

from loopback.entities import (
    EPHEMERAL,
    JSON,
    Channel,
    Guild,
    Interaction,
    Message,
    User,
)


def iso(timestamp: float) -> str:
    return datetime.datetime.fromtimestamp(timestamp, datetime.UTC).isoformat()


def user_payload(user: User) -> JSON:
    return {
        "id": str(user.id),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.name,
        "avatar": None,
        "bot": user.bot,
        "public_flags": 0,
        "flags": 0,
        "locale": user.locale,
    }


def member_payload(user: User, guild: Guild, *, with_user: bool = True) -> JSON:
    roles = [str(guild.bot_role_id)] if user.bot else []
    data: JSON = {
        "roles": roles,
        "flags": 0,
        "joined_at": iso(0),
        "deaf": False,
        "mute": False,
        "nick": None,
        "avatar": None,
        "pending": False,
        "permissions": str(guild.bot_permissions if user.bot else user.permissions),
    }
    if with_user:
        data["user"] = user_payload(user)
    return data


def role_payloads(guild: Guild, everyone_permissions: int) -> list[JSON]:
    def role(role_id: int, name: str, permissions: int, position: int, managed: bool) -> JSON:
        return {
            "id": str(role_id),
            "name": name,
            "color": 0,
            "colors": {"primary_color": 0},
            "hoist": False,
            "position": position,
            "permissions": str(permissions),
            "managed": managed,
            "mentionable": False,
            "flags": 0,
        }

    return [
        role(guild.id, "@everyone", everyone_permissions, 0, False),
        role(guild.bot_role_id, "Croupier", guild.bot_permissions, 1, True),
    ]


def channel_payload(channel: Channel, recipient: User | None = None) -> JSON:
    if channel.kind == "dm":
        return {
            "id": str(channel.id),
            "type": 1,
            "last_message_id": None,
            "flags": 0,
            "recipients": [user_payload(recipient)] if recipient is not None else [],
        }
    data: JSON = {
        "id": str(channel.id),
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "position": channel.position,
        "permission_overwrites": [
            {"id": str(role), "type": 0, "allow": "0", "deny": str(bits)}
            for role, bits in channel.denied.items()
        ],
        "nsfw": False,
        "rate_limit_per_user": 0,
        "last_message_id": None,
        "flags": 0,
    }
    if channel.kind == "thread":
        data.update(
            type=12 if channel.private else 11,
            parent_id=str(channel.parent_id),
            owner_id=str(channel.owner_id),
            message_count=0,
            member_count=1,
            total_message_sent=0,
            thread_metadata={
                "archived": channel.archived,
                "auto_archive_duration": channel.auto_archive_duration,
                "archive_timestamp": iso(_snowflake_seconds(channel.id)),
                "locked": channel.locked,
                "invitable": True,
                "create_timestamp": iso(_snowflake_seconds(channel.id)),
            },
        )
    else:
        data.update(type=0, topic=None, parent_id=None)
    return data


def _snowflake_seconds(snowflake: int) -> float:
    return ((snowflake >> 22) + 1_420_070_400_000) / 1000


def guild_create_payload(
    guild: Guild,
    channels: list[Channel],
    members: list[User],
    everyone_permissions: int,
) -> JSON:
    text_channels = [c for c in channels if c.kind == "text"]
    threads = [c for c in channels if c.kind == "thread"]
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "owner_id": str(guild.owner_id),
        "preferred_locale": guild.locale,
        "features": [],
        "unavailable": False,
        "large": False,
        "member_count": len(members),
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "system_channel_flags": 0,
        "joined_at": iso(0),
        "roles": role_payloads(guild, everyone_permissions),
        "emojis": [],
        "stickers": [],
        "channels": [channel_payload(c) for c in text_channels],
        "threads": [channel_payload(c) for c in threads],
        "members": [member_payload(u, guild) for u in members],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    }


def attachment_payloads(message: Message) -> list[JSON]:
    return [
        {
            "id": str(att_id),
            "filename": name,
            "size": size,
            "url": f"https://cdn.discordapp.com/attachments/{message.channel_id}/{att_id}/{name}",
            "proxy_url": f"https://media.discordapp.net/attachments/{message.channel_id}/{att_id}/{name}",
            "content_type": "application/octet-stream",
        }
        for att_id, name, size in zip(
            message.attachment_ids, message.attachments, message.attachment_sizes, strict=True
        )
    ]


def message_payload(message: Message, author: User, interaction: Interaction | None) -> JSON:
    data: JSON = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "author": user_payload(author),
        "content": message.content,
        "timestamp": iso(message.created_at),
        "edited_timestamp": iso(message.edited_at) if message.edited_at is not None else None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachment_payloads(message),
        "embeds": message.embeds,
        "components": message.components,
        "pinned": False,
        "type": message.type,
        "flags": message.flags,
    }
    if message.guild_id is not None:
        data["guild_id"] = str(message.guild_id)
    if message.webhook_id is not None:
        data["webhook_id"] = str(message.webhook_id)
        data["application_id"] = str(message.webhook_id)
    if interaction is not None:
        metadata: JSON = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": user_payload(interaction.user),
            "authorizing_integration_owners": _integration_owners(interaction.channel),
        }
        if interaction.source is not None:
            metadata["interacted_message_id"] = str(interaction.source.id)
        data["interaction_metadata"] = metadata
    return data


def _integration_owners(channel: Channel) -> JSON:
    return {"0": str(channel.guild_id)} if channel.guild_id is not None else {}


def interaction_payload(
    interaction: Interaction,
    *,
    app_id: int,
    guild: Guild | None,
    channel_data: JSON,
    message_data: JSON | None,
    app_permissions: int = 0,
) -> JSON:
    """The INTERACTION_CREATE event's ``d``; ``app_permissions``: the bot's in the channel."""
    user = interaction.user
    data: JSON = {
        "id": str(interaction.id),
        "application_id": str(app_id),
        "type": interaction.type,
        "token": interaction.token,
        "version": 1,
        "attachment_size_limit": 10 * 1024 * 1024,
        "channel": channel_data,
        "channel_id": channel_data["id"],
        "locale": user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": _integration_owners(interaction.channel),
        "data": interaction.data,
    }
    if guild is not None:
        data.update(
            guild_id=str(guild.id),
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            guild_locale=guild.locale,
            member=member_payload(user, guild),
            app_permissions=str(app_permissions),
            context=0,
        )
    else:
        # Bot DM: everything the bot could do in a DM.
        data.update(user=user_payload(user), app_permissions=str(1 << 11 | 1 << 14), context=1)
    if message_data is not None:
        data["message"] = message_data
    return data


def callback_result(interaction: Interaction, response_type: int, message: JSON | None) -> JSON:
    """The body of ``POST /interactions/{id}/{token}/callback?with_response=1``."""
    info: JSON = {"id": str(interaction.id), "type": interaction.type}
    resource: JSON = {"type": response_type}
    if message is not None:
        info["response_message_id"] = message["id"]
        info["response_message_loading"] = response_type == 5
        info["response_message_ephemeral"] = bool(int(message.get("flags", 0)) & EPHEMERAL)
        resource["message"] = message
    return {"interaction": info, "resource": resource}
