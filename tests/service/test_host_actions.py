"""Host tools on a running table: pause/resume (adjourn) and acting for an absent player."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction
from bot.service import Service
from bot.store import Store


async def test_pause_blocks_play_and_resume_goes_on_exactly_there(store: Store) -> None:
    service = Service(store)
    game = await service.create("verflixte6", ["1", "2"], {})
    await service.act(game.game_id, "1", Action("jokers", {"jokers": []}))
    before = service.tables.current(game.game_id).public
    paused = await service.host.do(game.game_id, "99", "pause", reason="vertagt auf Freitag")
    assert paused.status == "paused"
    with pytest.raises(IllegalAction, match=r"game\.paused"):
        await service.act(game.game_id, "1", Action("weiter"))
    with pytest.raises(IllegalAction, match=r"game\.cannot_pause"):
        await service.host.do(game.game_id, "99", "pause")
    restarted = Service(Store(store.engine))  # an adjourned evening survives a restart
    assert restarted.tables.load_open_games() == 1
    resumed = await restarted.host.do(game.game_id, "99", "resume")
    assert resumed.status == "open" and resumed.public == before
    rows = store.events(game.game_id)
    assert rows[-2].actor == "99" and rows[-2].action == {
        "do": "pause",
        "reason": "vertagt auf Freitag",
    }


async def test_a_host_acts_for_an_absent_player_and_the_log_says_so(store: Store) -> None:
    service = Service(store)
    game = await service.create("verflixte6", ["1", "2"], {})
    await service.host.do(
        game.game_id,
        "99",
        "act",
        for_player="1",
        action=Action("jokers", {"jokers": []}),
        reason="abwesend",
    )
    outcome = await service.host.do(
        game.game_id, "99", "act", for_player="1", action=Action("stopp"), reason="abwesend"
    )
    assert outcome.to_act == ["2"]
    last = store.events(game.game_id)[-1]
    assert (
        last.actor == "1" and last.action["by_host"] == "99" and last.action["reason"] == "abwesend"
    )


async def test_a_game_with_host_actions_still_audits_clean(store: Store) -> None:
    service = Service(store)
    game = await service.create("verflixte6", ["1", "2"], {})
    await service.host.do(game.game_id, "99", "pause")
    await service.host.do(game.game_id, "99", "resume")
    outcome = service.tables.current(game.game_id)
    while not outcome.finished:
        player = outcome.to_act[0]
        phase = outcome.public["turn"]["phase"]
        action = Action("jokers", {"jokers": []}) if phase == "jokers" else Action("stopp")
        outcome = await service.act(game.game_id, player, action)
    assert service.records.audit(game.game_id) == []
