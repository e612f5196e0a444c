"""A host's correction of a group's result, at any time: while the round is played, after
it ended, after the Finale. Everything that depended on it is worked out again: the
group's table, who went through, the rounds drawn from that, the champion.

A correction that changes who went through from a round whose next round is already drawn
would undo that round (and any after it): the host must confirm it (``confirmed``);
unconfirmed, it is refused with what it would undo (:data:`UNDOES`), and nothing changes.
Confirmed, the later rounds are dropped, their groups' tables are to be ended (their game
ids are in the ``undone`` event) and the next round is drawn anew from the corrected one.
"""

from __future__ import annotations

from bot.engine import Event, IllegalAction, Rng
from bot.engine.serial import to_data
from bot.tournament.rules import advancing, next_round
from bot.tournament.standings import group_boundaries, order_lines
from bot.tournament.state import FINISHED, RUNNING, Correction, Line, Round, Tournament

UNDOES = "tour.correct_undoes"
"""The refusal of an unconfirmed correction that would undo later rounds."""


def find_group(tournament: Tournament, round_number: int | None, number: int, player: str) -> Round:
    """The round of the group to correct: the one given, or the newest round in which
    group ``number`` holds ``player``."""
    if not tournament.rounds:
        raise IllegalAction("tour.not_running")
    if round_number is not None:
        if not 1 <= round_number <= len(tournament.rounds):
            raise IllegalAction("tour.no_such_round", round=round_number)
        return tournament.rounds[round_number - 1]
    for candidate in reversed(tournament.rounds):
        group = candidate.group(number)
        if group is not None and player in group.players:
            return candidate
    raise IllegalAction("tour.never_played", group=number)


def correct(
    tournament: Tournament,
    round_number: int | None,
    number: int,
    fix: Correction,
    rng: Rng,
    *,
    confirmed: bool = False,
) -> list[Event]:
    """Apply ``fix`` to group ``number`` (of ``round_number``, or the newest round that
    has the player in that group) and everything after it; returns the events."""
    if fix.points < 0 or fix.eyes < 0:
        raise IllegalAction("tour.bad_correction")
    rnd = find_group(tournament, round_number, number, fix.player)
    group = rnd.group(number)
    if group is None:
        raise IllegalAction("tour.no_such_group", group=number)
    if fix.player not in group.players:
        raise IllegalAction("tour.never_played", group=number)
    if not group.done:
        raise IllegalAction("tour.group_not_done", group=number)
    lines = [
        Line(line.player, fix.points, fix.eyes) if line.player == fix.player else line
        for line in sorted(group.table, key=lambda line: group.players.index(line.player))
    ]
    group.table, group.stechen = order_lines(
        lines, rng, group_boundaries(tournament.best_thirds, rnd.finale)
    )
    group.corrections.append(fix)
    events = [
        Event(
            "correction",
            {
                "round": rnd.number,
                "group": group.number,
                "target": fix.player,
                "points": fix.points,
                "eyes": fix.eyes,
                "by": fix.by,
                "reason": fix.reason,
                "table": [to_data(line) for line in group.table],
                "stechen": group.stechen,
                "finale": rnd.finale,
            },
        )
    ]
    return events + _consequences(tournament, rnd, rng, confirmed=confirmed)


def _consequences(tournament: Tournament, rnd: Round, rng: Rng, *, confirmed: bool) -> list[Event]:
    """What the corrected group table changes after it."""
    if rnd.finale:
        if tournament.status != FINISHED:
            return []
        previous, tournament.champion = tournament.champion, rnd.groups[0].table[0].player
        if tournament.champion == previous:
            return []
        return [Event("champion", {"player": tournament.champion, "before": previous})]
    if not all(g.done for g in rnd.groups):
        return []  # the round goes on: who goes through is decided when it ends
    later = tournament.rounds[rnd.number :]
    before = list(rnd.advanced)
    now = advancing(tournament, rnd, rng)
    if set(now) == set(before):
        rnd.advanced = now
        return []
    games = [g.game_id for r in later for g in r.groups if g.game_id is not None]
    out = [p for p in before if p not in now]
    came = [p for p in now if p not in before]
    if later and not confirmed:
        raise IllegalAction(
            UNDOES,
            out=", ".join(out),
            came=", ".join(came),
            rounds=", ".join(str(r.number) for r in later),
            games=len(games),
        )
    rnd.advanced = now
    events = [Event("advancing", {"round": rnd.number, "out": out, "in": came})]
    if later:
        del tournament.rounds[rnd.number :]
        events.append(Event("undone", {"rounds": [r.number for r in later], "games": games}))
    tournament.status, tournament.champion = RUNNING, None
    next_round(tournament, rnd, rng)  # the round or champion event: the caller's
    return events
