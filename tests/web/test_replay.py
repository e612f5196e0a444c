"""The replays the web keeps (bot.web.replay): a game's log read once per version, the
states kept on the way, the least recently used replay given up first."""

from __future__ import annotations

import pickle
from itertools import pairwise

from bot.plugins import GAMES
from bot.service import Outcome, Service
from bot.web.replay import KEYFRAME, Replay, Replays
from tests.helpers.web_games import played

PLAYERS = {"1001": "Anna", "1002": "Ben", "1003": "Cem"}


def replay_of(service: Service, number: int) -> Replay:
    row = service.store.get(number)
    return Replay.of(GAMES[row.kind], row, service.records.logged(number))


async def test_a_replay_s_steps_are_the_public_log_and_its_views_the_channel_s(
    service: Service,
) -> None:
    seen: dict[int, Outcome] = {}
    number = await played(service, "teufel", PLAYERS, steps=3 * KEYFRAME, seen=seen)
    replay = replay_of(service, number)
    assert replay.public == service.records.public_events(number, "teufel")
    assert replay.steps == len(replay.public)
    for last, row in reversed(list(enumerate(replay.rows))):  # from the end back
        assert replay.view_at(last) == seen[row.seq].public, row.seq
    kept = sorted(replay.kept)
    assert kept[0] == replay.start and len(kept) >= 3
    assert all(b - a <= KEYFRAME for a, b in pairwise(kept))


async def test_a_finished_game_s_last_view_is_its_checkpoint_not_a_replay(
    service: Service,
) -> None:
    number = await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1})
    row = service.store.get(number)
    assert row.status == "finished" and row.snapshot_version == row.version
    replay = replay_of(service, number)
    view = replay.last_view()
    assert view == GAMES["verflixte6"].view(GAMES["verflixte6"].load(row.snapshot), None)
    assert list(replay.kept) == [len(replay.rows) - 1]  # the checkpoint, nothing replayed
    state = pickle.loads(replay.kept[len(replay.rows) - 1])
    assert GAMES["verflixte6"].dump(state) == row.snapshot


async def test_the_least_recently_used_replay_is_given_up_first(service: Service) -> None:
    numbers = [
        await played(service, "verflixte6", PLAYERS, {"durchgaenge": 1}, seed=seed)
        for seed in (1, 2, 3)
    ]
    rows = [service.store.get(n) for n in numbers]
    made = [replay_of(service, n) for n in numbers]
    replays = Replays(max_events=made[0].steps + max(made[1].steps, made[2].steps) + 2)
    replays.keep(rows[0], made[0])
    replays.keep(rows[1], made[1])
    assert replays.get(rows[0]) is made[0]  # now the most recently used
    replays.keep(rows[2], made[2])
    assert replays.get(rows[1]) is None
    assert replays.get(rows[0]) is made[0] and replays.get(rows[2]) is made[2]
