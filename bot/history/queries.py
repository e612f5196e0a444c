"""The players' history as the commands read it: one query object on the service
(``service.history``), so that no command reaches the store itself. Each read first folds
what a crash left unfolded (:func:`bot.history.keeping.catch_up`)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from bot.audit.dice_fairness import Counts
from bot.history.face_counts import face_counts
from bot.history.keeping import catch_up
from bot.history.leaderboard import Leaderboards
from bot.history.player_games import results_with
from bot.history.player_statistics import (
    Measures,
    computers_measured,
    player_measures,
    players_measured,
)
from bot.history.rating_history import Curve, RatingHistory
from bot.store import GameResult, Season, Store

__all__ = ["History", "Season"]


class History:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.ratings_over_time = RatingHistory(store)
        """Replayed ratings, kept per table (bot.history.rating_history)."""

    def caught_up(self) -> int:
        """Fold the finished games a crash left unfolded; how many."""
        return catch_up(self.store)

    def measures(self, guild_id: int, player: str) -> Measures:
        """``player``'s sums on server ``guild_id``, per game (caught up first: a game a
        crash left unfolded counts)."""
        self.caught_up()
        return player_measures(self.store, guild_id, player)

    def computers(self, guild_id: int) -> list[str]:
        """The computer seats with a finished game on server ``guild_id``."""
        return computers_measured(self.store, guild_id)

    def players(self, guild_id: int) -> list[str]:
        """Everyone with a finished game on server ``guild_id``, computers included."""
        return players_measured(self.store, guild_id)

    def results_of(
        self, guild_id: int, player: str, kinds: Sequence[str], limit: int
    ) -> tuple[list[GameResult], int]:
        """``player``'s newest ``limit`` finished games of ``kinds`` on server ``guild_id``
        (the folded ones), and how many he has there."""
        return results_with(self.store, guild_id, player, kinds, limit)

    def rating_curves(self, guild_id: int, player: str, kinds: Sequence[str]) -> list[Curve]:
        """``player``'s rating over time in each of ``kinds``, all time and per season
        (bot.history.rating_history)."""
        return self.ratings_over_time.curves(guild_id, player, kinds)

    def face_counts(
        self, guild_id: int, *, player: str | None = None, kind: str | None = None
    ) -> Counts:
        """How often each face came up on server ``guild_id`` (caught up first)."""
        self.caught_up()
        return face_counts(self.store, guild_id, player=player, kind=kind)

    def boards(self) -> Leaderboards:
        """The leaderboards and seasons of every server."""
        return Leaderboards(self.store)

    def places(self, game_ids: Sequence[int]) -> dict[int, dict[str, int]]:
        """The places (1 the best) of those of ``game_ids`` the history has folded in
        (finished games), by game: who won a game listed on a page."""
        if not game_ids:
            return {}
        stmt = select(GameResult).where(col(GameResult.game_id).in_(game_ids))
        with Session(self.store.engine) as session:
            return {r.game_id: {p: int(v) for p, v in r.places.items()} for r in session.exec(stmt)}
