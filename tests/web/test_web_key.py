"""The server's web key: kept by the directory like its other settings and read anew
after another process changed them (a "guild" notice); a page's lookup by key reads the
database every time, so "off" is off at once in every process."""

from __future__ import annotations

from bot.cluster.notices import KeyNotice
from bot.service import Service
from bot.store import Store
from tests.helpers.web_games import GUILD


def test_the_key_lives_beside_the_server_s_other_settings(store: Store) -> None:
    store.set_guild_locale(GUILD, "en")
    store.set_croupier_role(GUILD, 77)
    store.set_guild_web_key(GUILD, "k" * 12)
    assert (store.guild_locale(GUILD), store.croupier_role(GUILD)) == ("en", 77)
    assert store.guild_web_key(GUILD) == "k" * 12
    assert store.guild_of_web_key("k" * 12) == GUILD
    store.set_guild_web_key(GUILD, None)
    assert store.guild_of_web_key("k" * 12) is None and store.guild_locale(GUILD) == "en"


def test_the_directory_keeps_the_key_until_another_process_changes_it(
    service: Service, store: Store
) -> None:
    key = service.directory.set_web(GUILD, True)
    store.set_guild_web_key(GUILD, None)  # another process's /web aus
    assert service.directory.web_key(GUILD) == key  # kept
    assert service.directory.web_guild(str(key)) is None  # the pages: read anew
    service.noticed(KeyNotice("guild", str(GUILD)), lambda guild: True)
    assert service.directory.web_key(GUILD) is None


def test_resync_forgets_the_key_too(service: Service, store: Store) -> None:
    service.directory.set_web(GUILD, True)
    store.set_guild_web_key(GUILD, None)
    service.resync(lambda guild: True)
    assert service.directory.web_key(GUILD) is None
