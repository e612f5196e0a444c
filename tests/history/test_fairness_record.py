"""The fairness test's tests of record: 100,000 draws of the bot's audited RNG (seeded)
do not alarm; 100,000 of a die that shows a 6 one time in five do. Both go the way
``/fairness`` goes: draws tallied per game as the history fold tallies them, summed by the
report's query, judged by the report."""

from __future__ import annotations

import hashlib

import pytest

from bot.audit.dice_fairness import ALARM, Verdict, report
from bot.engine.rng import AuditedRng, Draw, derive
from bot.history.face_counts import face_counts
from bot.history.fold import FinishedGame, keep_tallies, tallies
from bot.service import Service
from bot.store import EventRow, Store
from tests.history.fairness_games import seeded

GUILD = 77
DRAWS = 100_000
GAMES = 20
PER_ACTION = 50
PLAYERS = ("11", "12", "13", "")
SEED = hashlib.sha256(b"the fairness test of record").digest()


class SixInFive(AuditedRng):
    """A loaded die: the audited RNG's draw of 1..25 read as a 6 for 1 to 5 (one time in
    five), else as 1 to 5 (four in 25 each)."""

    def _next(self, sides: int) -> Draw:
        if sides != 6:
            return super()._next(sides)
        n = self.counter
        self.counter += 1
        value = derive(self.seed, n, self.nonce, 25)
        return Draw(n, sides, 6 if value <= 5 else (value - 6) // 4 + 1, self.nonce)


async def tallied(store: Store, rng: AuditedRng, monkeypatch: pytest.MonkeyPatch) -> None:
    """``DRAWS`` six-sided dice of ``rng`` over ``GAMES`` games of this server, rolled by
    actions of ``PER_ACTION`` dice each, of the players and the system in turn, folded into
    tally rows and totals by the history fold's own tallying."""
    seeded(monkeypatch, "record")
    service = Service(store)
    for _ in range(GAMES):
        game = await service.create("verflixte6", ["11", "12", "13"], {}, guild_id=GUILD)
        log = []
        for number in range(DRAWS // GAMES // PER_ACTION):
            for _ in range(PER_ACTION):
                rng.roll(6)
            draws = [d.to_dict() for d in rng.take_draws()]
            actor = PLAYERS[number % len(PLAYERS)] or None
            log.append(EventRow(game_id=game.game_id, seq=number + 2, actor=actor, draws=draws))
        with store._session() as session, session.begin():
            keep_tallies(
                session.connection(), tallies(FinishedGame.of(store.get(game.game_id)), log)
            )


async def test_a_hundred_thousand_audited_dice_do_not_alarm(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    await tallied(store, AuditedRng(SEED), monkeypatch)
    shown = report(face_counts(store, GUILD))
    assert shown.dice == DRAWS and shown.test is not None
    assert shown.test.p >= ALARM, shown.test
    assert shown.test.verdict is not Verdict.ALARM


async def test_a_die_that_shows_a_six_one_time_in_five_alarms(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    await tallied(store, SixInFive(SEED), monkeypatch)
    shown = report(face_counts(store, GUILD))
    assert shown.dice == DRAWS and shown.test is not None
    assert shown.faces[5].count > DRAWS / 5 * 0.95  # the loaded face, about 20,000
    assert shown.test.verdict is Verdict.ALARM, shown.test
    own = report(face_counts(store, GUILD, player="12"))  # a quarter of them: alarm too
    assert own.dice == DRAWS // len(PLAYERS) and own.test is not None
    assert own.test.verdict is Verdict.ALARM
    assert report(face_counts(store, GUILD + 1)).dice == 0  # another server's: none
