"""Which shards a process runs, and so which servers it owns (SHARD_COUNT, SHARD_IDS)."""

from __future__ import annotations

import pytest

from bot.cluster.shards import ShardError, Shards, parse_ids, shard_of
from bot.config import ConfigError, load_settings


def test_a_server_goes_to_the_shard_discord_computes_and_a_dm_to_shard_0() -> None:
    # Discord's formula: (guild_id >> 22) % shard_count
    assert shard_of(41771983423143937, 4) == (41771983423143937 >> 22) % 4
    assert [shard_of(k << 22, 3) for k in range(6)] == [0, 1, 2, 0, 1, 2]
    assert shard_of((5 << 22) + 12345, 3) == 2  # the low bits (worker, counter) do not count
    assert shard_of(None, 7) == 0


@pytest.mark.parametrize(
    ("text", "ids"),
    [("0-3", (0, 1, 2, 3)), ("5", (5,)), ("0,2,4-5", (0, 2, 4, 5)), (" 6 , 1-2", (1, 2, 6))],
)
def test_shard_ids_are_numbers_and_ranges(text: str, ids: tuple[int, ...]) -> None:
    assert parse_ids(text, 8) == ids


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("0-8", "shard 8 does not exist with SHARD_COUNT=8"),
        ("3-1", "runs backwards"),
        ("1,1", "twice"),
        ("a-b", "numbers and ranges"),
        (",", "names no shard"),
        ("-1", "numbers and ranges"),
    ],
)
def test_wrong_shard_ids_are_said(text: str, said: str) -> None:
    with pytest.raises(ShardError, match=said):
        parse_ids(text, 8)


def test_a_process_owns_the_servers_of_its_shards() -> None:
    shards = Shards.parse("3", "1-2")
    assert shards.partial and shards.sharded
    assert [shards.owns(k << 22) for k in range(3)] == [False, True, True]
    assert not shards.owns(None)  # DMs are shard 0's
    assert Shards.parse("3", "0").owns(None)
    assert shards.describe() == "shards 1,2 of 3"


def test_a_standby_has_no_shard_of_its_own_and_needs_a_count() -> None:
    standby = Shards.parse("4", " Standby ")
    assert standby == Shards(4, (), standby=True)
    assert standby.sharded and standby.partial and standby.home == ()
    assert not standby.owns(0 << 22) and standby.describe() == "standby for 4 shards"
    assert load_settings({"SHARD_COUNT": "4", "SHARD_IDS": "standby"}).shards == standby
    with pytest.raises(ConfigError, match="SHARD_IDS needs SHARD_COUNT"):
        load_settings({"SHARD_IDS": "standby"})
    with pytest.raises(ShardError, match="numbers and ranges like 0-3,5 \\(or standby\\)"):
        parse_ids("standy", 4)
    assert Shards().home == (0,) and Shards().total == 1  # one session: shard 0 of 1


def test_without_settings_one_process_owns_everything() -> None:
    shards = Shards.parse("", "")
    assert not shards.sharded and not shards.partial
    assert shards.owns(12345 << 22) and shards.owns(None)
    assert shards.describe() == "unsharded"
    every = Shards.parse("2", "")  # a count alone: all of them here
    assert every.ids == (0, 1) and not every.partial


def test_the_settings_read_the_shards_and_name_what_is_wrong() -> None:
    settings = load_settings({"SHARD_COUNT": "4", "SHARD_IDS": "2-3"})
    assert settings.shards == Shards(4, (2, 3))
    assert load_settings({}).shards == Shards()
    for env, said in [
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a number"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "shard 2 does not exist"),
        ({"HEALTH_PORT": "70000"}, "HEALTH_PORT must be a port"),
        ({"LOG_FORMAT": "xml"}, "LOG_FORMAT must be one of text, json"),
    ]:
        with pytest.raises(ConfigError, match=said):
            load_settings(env)
    ops = load_settings({"HEALTH_PORT": "8080", "LOG_FORMAT": "JSON", "HEALTH_HOST": "0.0.0.0"})
    assert (ops.health_port, ops.health_host, ops.log_format) == (8080, "0.0.0.0", "json")
