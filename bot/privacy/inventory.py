"""Every table of the store, classified once: which of its columns hold a player's Discord
id, name or settings (``PERSONAL``), and which tables hold none (``IMPERSONAL``). The
export of a user's data reads the personal columns; a test holds every table of the
schema to be in exactly one of the two, so a new table must be classified before it
ships."""

from __future__ import annotations

from types import MappingProxyType

PERSONAL = MappingProxyType(
    {
        "games": ("players", "people", "snapshot", "options", "clock_waiting", "clock_absent",
                  "clock_stand_in", "turn_notice"),
        "game_events": ("actor", "action", "events"),
        "player_names": ("user_id", "name", "locale", "notify"),
        "game_results": ("players", "places"),
        "player_measures": ("player",),
        "draw_tallies": ("player",),
        "face_totals": ("player",),
        "ratings": ("player",),
        "seasons": ("started_by",),
        "watchers": ("user_id",),
        "erasures": ("user_id",),
    }
)  # fmt: skip
"""Table → the columns that hold a player's id (alone, in a list, or inside the game's
JSON), his name, or his settings."""

IMPERSONAL = frozenset({"guild_settings", "history_guilds", "history_unfolded"})
"""Tables with no person in them: a server's settings and the history's bookkeeping."""
