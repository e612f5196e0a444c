"""The directory: players' display names, each server's language, time zone and Croupier
role, read once from the store and then kept; another process's writes reach it as
notices (bot.cluster.notices)."""

from __future__ import annotations

import logging
import secrets

from bot.i18n import DEFAULT_LOCALE, private_locale
from bot.play.turn_notice import CHANNEL, HOW
from bot.players.seats import computer_name, erased_name, is_computer, is_erased
from bot.store import Store
from bot.store.outage import describe, is_outage

log = logging.getLogger(__name__)

WEB_KEY_BYTES = 9
"""A web key's randomness: 72 bits, 12 characters of ``[A-Za-z0-9_-]``."""


class Directory:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._names: dict[str, str] = {}
        self._locales: dict[str, str | None] = {}
        self._guild_locales: dict[int, str] = {}
        self._guild_zones: dict[int, str | None] = {}
        self._croupier_roles: dict[int, int | None] = {}
        self._notify: dict[str, str] = {}
        self._web_keys: dict[int, str | None] = {}

    def remember_name(self, player: str, name: str) -> None:
        """Keep a player's display name (written only when it changed)."""
        if self.display_name(player) != name:
            self.store.set_player_name(player, name)
            self._names[player] = name

    def remember_reader(self, player: str, name: str, locale: str) -> None:
        """Keep a player's display name and Discord language, as his last interaction
        showed them (written only when one changed). With the database away they wait for
        his next interaction, which goes on meanwhile."""
        try:
            if self.display_name(player) != name or self.player_locale(player) != locale:
                self.store.set_player_name(player, name, locale)
                self._names[player] = name
                self._locales[player] = locale
        except Exception as exc:
            if not is_outage(exc):
                raise
            log.warning("player %s: name and language not kept now: %s", player, describe(exc))

    def notify(self, player: str) -> str:
        """How ``player`` wants to be told of his turn (bot.play.turn_notice.HOW)."""
        if player not in self._notify:
            self._notify[player] = self.store.player_notify(player) or CHANNEL
        return self._notify[player]

    def set_notify(self, player: str, how: str) -> None:
        if how not in HOW:
            raise ValueError(f"no way to be told: {how!r}")
        self.store.set_player_notify(player, None if how == CHANNEL else how)
        self._notify[player] = how

    def player_locale(self, player: str) -> str | None:
        """The Discord language the player last used here, if he ever did."""
        if player not in self._locales:
            self._locales[player] = self.store.player_locale(player)
        return self._locales[player]

    def reader_locale(self, player: str, fallback: str) -> str:
        """The language of what only ``player`` reads (a DM): his own where a catalogue
        speaks it, else ``fallback`` (the table's)."""
        return private_locale(self.player_locale(player), fallback)

    def display_name(self, player: str) -> str:
        """The player's last known display name, else the id (a computer seat: its name)."""
        if is_computer(player):
            return computer_name(player)
        if is_erased(player):
            return erased_name(player)
        if player not in self._names:
            stored = self.store.player_name(player)
            if stored is None:
                return player
            self._names[player] = stored
        return self._names[player]

    def guild_locale(self, guild_id: int | None) -> str:
        """The server's language (German unless its admins chose English)."""
        if guild_id is None:
            return DEFAULT_LOCALE
        locale = self._guild_locales.get(guild_id)
        if locale is None:
            locale = self.store.guild_locale(guild_id) or DEFAULT_LOCALE
            self._guild_locales[guild_id] = locale
        return locale

    def set_guild_locale(self, guild_id: int, locale: str) -> None:
        self.store.set_guild_locale(guild_id, locale)
        self._guild_locales[guild_id] = locale

    def guild_time_zone(self, guild_id: int | None) -> str | None:
        """The IANA time zone a server's admins chose for tournament evenings, if any."""
        if guild_id is None:
            return None
        if guild_id not in self._guild_zones:
            self._guild_zones[guild_id] = self.store.guild_time_zone(guild_id)
        return self._guild_zones[guild_id]

    def set_guild_time_zone(self, guild_id: int, zone: str | None) -> None:
        self.store.set_guild_time_zone(guild_id, zone)
        self._guild_zones[guild_id] = zone

    def forget_guild(self, guild_id: int) -> None:
        """Another process changed the server's settings: read them again when used."""
        self._guild_locales.pop(guild_id, None)
        self._guild_zones.pop(guild_id, None)
        self._croupier_roles.pop(guild_id, None)
        self._web_keys.pop(guild_id, None)

    def forget_player(self, player: str) -> None:
        """Another process wrote the player's name or language: read them again when used."""
        self._names.pop(player, None)
        self._locales.pop(player, None)
        self._notify.pop(player, None)

    def forget_all(self) -> None:
        """Notices may have been missed: everything is read again when used."""
        self._notify.clear()
        self._croupier_roles.clear()
        self._web_keys.clear()
        for cache in (self._names, self._locales, self._guild_locales, self._guild_zones):
            cache.clear()

    def croupier_role(self, guild_id: int) -> int | None:
        """The role whose members may host in a server (besides Manage Server)."""
        if guild_id not in self._croupier_roles:
            self._croupier_roles[guild_id] = self.store.croupier_role(guild_id)
        return self._croupier_roles[guild_id]

    def set_croupier_role(self, guild_id: int, role_id: int | None) -> None:
        self.store.set_croupier_role(guild_id, role_id)
        self._croupier_roles[guild_id] = role_id

    def web_key(self, guild_id: int) -> str | None:
        """The key of the server's web pages (``/s/<key>``; None: a host has not turned
        them on, or turned them off)."""
        if guild_id not in self._web_keys:
            self._web_keys[guild_id] = self.store.guild_web_key(guild_id)
        return self._web_keys[guild_id]

    def set_web(self, guild_id: int, on: bool) -> str | None:
        """Turn the server's web pages on (a new key, every time: links sent before stay
        dead, docs/DECISIONS.md) or off (none); the key now."""
        key = secrets.token_urlsafe(WEB_KEY_BYTES) if on else None
        self.store.set_guild_web_key(guild_id, key)
        self._web_keys[guild_id] = key
        return key

    def web_guild(self, key: str) -> int | None:
        """The server whose pages have ``key``, read from the store on every call (not
        kept): a page asked for just after ``/web aus`` is gone in any process, also one
        that hears no notices (a separate web process on SQLite)."""
        return self.store.guild_of_web_key(key)
