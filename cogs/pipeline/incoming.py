"""A click as it comes in: its custom id parsed (``bot.render.cards.ClickId``, the one
format), with the values of a select or a submitted form; and who acts, for any
interaction (:func:`actor_of`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.render.cards import ClickId


@dataclass(frozen=True, slots=True)
class Click:
    """A parsed component interaction (``values``: a select's choices, a form's fields)."""

    prefix: str
    game_id: int
    version: int
    verb: str
    arg: str
    values: list[str]


def actor_of(interaction: discord.Interaction[Any]) -> str:
    """The player an interaction comes from, as the service names him (his user id)."""
    return str(interaction.user.id)


def is_host(interaction: discord.Interaction[Any], croupier_role: int | None) -> bool:
    """Host tools: Manage Server, or the server's configured croupier role."""
    if interaction.permissions.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", [])
    return croupier_role is not None and any(role.id == croupier_role for role in roles)


def parse_click(custom_id: str, values: list[str]) -> Click | None:
    """The click a component's custom id stands for (None: not one of the games')."""
    parsed = ClickId.parse(custom_id)
    if parsed is None:
        return None
    kept = values if parsed.kind != "button" else []
    return Click(parsed.prefix, parsed.game_id, parsed.version, parsed.verb, parsed.arg, kept)


def form_values(components: Any) -> list[str]:
    """The values of a submitted form's fields, in order (text inputs and selects, also
    inside action rows and labels)."""
    found: list[str] = []
    for comp in components or ():
        if not isinstance(comp, dict):
            continue
        if "value" in comp:
            found.append(str(comp["value"]))
        found += [str(v) for v in comp.get("values", ())]
        found += form_values(comp.get("components"))
        if isinstance(comp.get("component"), dict):
            found += form_values([comp["component"]])
    return found
