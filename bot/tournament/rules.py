"""What a tournament host and its players can do, checked before anything changes."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta

from bot import bounds
from bot.bounds import GROUP_SIZE_MAX, GROUP_SIZE_MIN
from bot.engine import JSON, IllegalAction, Rng
from bot.tournament.standings import (
    ADVANCE_PER_GROUP,
    best_thirds,
    group_boundaries,
    order_lines,
)
from bot.tournament.state import (
    FINALE_DURCHGAENGE,
    FINISHED,
    REGISTRATION,
    RUNNING,
    Group,
    Line,
    Round,
    Substitution,
    Tournament,
)
from bot.tournament.view import GroupView, typed_view

MIN_GROUP, MAX_GROUP = GROUP_SIZE_MIN, GROUP_SIZE_MAX
GRACE_MIN, GRACE_MAX = bounds.GRACE_MINUTES_MIN, bounds.GRACE_MINUTES_MAX


def check_options(tournament: Tournament) -> None:
    if not MIN_GROUP <= tournament.group_size <= MAX_GROUP:
        raise IllegalAction("tour.group_size", low=MIN_GROUP, high=MAX_GROUP)
    if not MIN_GROUP <= tournament.finale_size <= MAX_GROUP:
        raise IllegalAction("tour.finale_size", low=MIN_GROUP, high=MAX_GROUP)
    if not 1 <= tournament.durchgaenge <= FINALE_DURCHGAENGE or tournament.best_thirds < 0:
        raise IllegalAction("tour.options")


def register(tournament: Tournament, player: str) -> bool:
    """One role per person: a reserve who registers plays and is no reserve any more.
    Returns whether he was one."""
    if tournament.status != REGISTRATION:
        raise IllegalAction("tour.registration_closed")
    if player in tournament.registered:
        raise IllegalAction("tour.already_registered")
    tournament.registered.append(player)
    if player in tournament.reserves:
        tournament.reserves.remove(player)
        return True
    return False


def unregister(tournament: Tournament, player: str) -> bool:
    """A player, or a reserve, steps back. Returns whether he was a reserve."""
    if player in tournament.reserves:
        tournament.reserves.remove(player)
        return True
    if tournament.status != REGISTRATION:
        raise IllegalAction("tour.registration_closed")
    if player not in tournament.registered:
        raise IllegalAction("tour.not_registered")
    tournament.registered.remove(player)
    return False


def register_reserve(tournament: Tournament, player: str) -> None:
    """A reserve (Ersatz): may be seated for a missing player until the tournament ends."""
    if tournament.status == FINISHED:
        raise IllegalAction("tour.not_running")
    if player in tournament.registered:
        raise IllegalAction("tour.plays_already")
    if player in tournament.reserves:
        raise IllegalAction("tour.already_reserve")
    tournament.reserves.append(player)


def substitute(tournament: Tournament, number: int, change: Substitution) -> Group:
    """Seat ``change.player`` (a reserve, or any member not in the tournament) for
    ``change.out`` in group ``number`` of the running round, before its Abend has ended."""
    _, group = _open_group(tournament, number)
    if group.done:
        raise IllegalAction("tour.group_done", group=number)
    if change.out not in group.players:
        raise IllegalAction("tour.never_played", group=number)
    if change.player in tournament.registered:
        raise IllegalAction("tour.sub_plays")
    group.players = [change.player if p == change.out else p for p in group.players]
    # the host seated him for the evening: he is there (the one replaced is not)
    group.checked_in = [p for p in group.checked_in if p != change.out] + [change.player]
    tournament.registered.append(change.player)
    if change.out not in tournament.withdrawn:
        tournament.withdrawn.append(change.out)
    if change.player in tournament.reserves:
        tournament.reserves.remove(change.player)
    group.substitutions.append(change)
    return group


def split(players: list[str], size: int) -> list[list[str]]:
    """As few groups as the size allows, their sizes differing by at most one; but when
    every such group would have 2 players or fewer (nobody eliminated: the top 2 of every
    group go through), ⌊n/3⌋ groups (at least one) instead. **Decision** "every round
    eliminates someone" (verflixte6.md): else 4 players in groups of 3 with a Finale of 2
    would be drawn into two groups of 2 for ever."""
    count = -(-len(players) // size)
    if len(players) <= ADVANCE_PER_GROUP * count:
        count = max(1, len(players) // 3)
    return [players[i::count] for i in range(count)]


def draw_order(groups: list[list[str]]) -> list[str]:
    """The inverse of :func:`split`'s dealing: the order a draw's shuffle must give for
    ``split`` to make exactly these groups, when they are sized as it makes them (a
    scenario's draw written out, ``bot.tournament.tournament_scenario``)."""
    longest = max((len(group) for group in groups), default=0)
    return [group[i] for i in range(longest) for group in groups if i < len(group)]


def draw_round(tournament: Tournament, players: list[str], rng: Rng, *, finale: bool) -> Round:
    """Groups drawn at random (seat order inside a group is the drawn order)."""
    drawn = rng.shuffle(players)
    size = len(drawn) if finale else tournament.group_size
    groups = [Group(i + 1, members) for i, members in enumerate(split(drawn, size))]
    tournament.draws += 1
    new_round = Round(len(tournament.rounds) + 1, finale, groups, draw=tournament.draws)
    tournament.rounds.append(new_round)
    return new_round


def close_registration(tournament: Tournament, rng: Rng) -> Round:
    if tournament.status != REGISTRATION:
        raise IllegalAction("tour.registration_closed")
    if len(tournament.registered) < MIN_GROUP:
        raise IllegalAction("tour.too_few", low=MIN_GROUP)
    tournament.status = RUNNING
    finale = len(tournament.registered) <= tournament.finale_size
    return draw_round(tournament, list(tournament.registered), rng, finale=finale)


def group_options(tournament: Tournament) -> dict[str, JSON]:
    """The Verflixte 6 options for the Abende of the current round's groups."""
    current = tournament.current
    finale = current is not None and current.finale
    return {
        "durchgaenge": FINALE_DURCHGAENGE if finale else tournament.durchgaenge,
        "finale": finale,
    }


def record_group(tournament: Tournament, number: int, lines: list[Line], rng: Rng) -> Group:
    """Enter a group's Abend result; settles decisive ties by Stechen."""
    current, group = _open_group(tournament, number)
    if group.done:
        raise IllegalAction("tour.group_done", group=number)
    if sorted(line.player for line in lines) != sorted(group.players):
        raise IllegalAction("tour.wrong_players", group=number)
    seat_ordered = sorted(lines, key=lambda line: group.players.index(line.player))
    boundaries = group_boundaries(tournament.best_thirds, current.finale)
    group.table, group.stechen = order_lines(seat_ordered, rng, boundaries)
    if all(g.done for g in current.groups):
        _finish_round(tournament, current, rng)
    return group


def withdraw(tournament: Tournament, player: str) -> None:
    """A player leaves (or is disqualified): out of registration, or out of advancing."""
    if tournament.status == REGISTRATION:
        unregister(tournament, player)
        return
    if player not in tournament.registered or player in tournament.withdrawn:
        raise IllegalAction("tour.not_registered")
    tournament.withdrawn.append(player)


def _open_group(tournament: Tournament, number: int) -> tuple[Round, Group]:
    current = tournament.current
    if tournament.status != RUNNING or current is None:
        raise IllegalAction("tour.not_running")
    group = current.group(number)
    if group is None:
        raise IllegalAction("tour.no_such_group", group=number)
    return current, group


def schedule(tournament: Tournament, number: int, at: str, now: str, grace: int = 15) -> Group:
    """Set a group's evening (ISO date-times; ``now`` comes from the caller so that the
    engine stays pure and replays give the same answer) and how many minutes after it
    began its table opens by itself."""
    if not GRACE_MIN <= grace <= GRACE_MAX:
        raise IllegalAction("tour.bad_grace", low=GRACE_MIN, high=GRACE_MAX)
    _, group = _open_group(tournament, number)
    if group.done:
        raise IllegalAction("tour.group_done", group=number)
    try:
        when, current = datetime.fromisoformat(at), datetime.fromisoformat(now)
    except ValueError:
        raise IllegalAction("tour.bad_time") from None
    if when.tzinfo is None or when <= current:
        raise IllegalAction("tour.past")
    group.evening, group.reminded, group.grace = when.isoformat(), False, grace
    return group


def unschedule(tournament: Tournament, number: int) -> tuple[Group, str | None]:
    """Cancel a group's evening: no evening, no reminder; returns the group and the
    scheduled event it had (the caller deletes it on Discord)."""
    _, group = _open_group(tournament, number)
    if group.done:
        raise IllegalAction("tour.group_done", group=number)
    if group.evening is None:
        raise IllegalAction("tour.no_evening", group=number)
    event_id = group.event_id
    group.evening, group.reminded, group.event_id = None, False, None
    group.waiting = False  # no evening to wait for: the group plays when it likes
    return group, event_id


def evenings_due(view: Mapping[str, JSON], now: str) -> list[tuple[GroupView, str]]:
    """Groups of the running round, as the view shows them, whose table waits for an
    evening that has begun, each with what is due: ``call`` (ping the players and open
    the check-in) at the evening, ``start`` (the table opens) the group's grace after it."""
    tour = typed_view(view)
    if tour["status"] != RUNNING or not tour["rounds"]:
        return []
    moment = datetime.fromisoformat(now)
    due: list[tuple[GroupView, str]] = []
    for group in tour["rounds"][-1]["groups"]:
        if not group.get("waiting") or not (iso := group["evening"]):
            continue
        evening = datetime.fromisoformat(iso)
        if not group.get("called") and evening <= moment:
            due.append((group, "call"))
        elif group.get("called") and evening + timedelta(minutes=group.get("grace", 15)) <= moment:
            due.append((group, "start"))
    return due


def check_in(tournament: Tournament, number: int, player: str) -> Group:
    """A player says he is there for his group's evening ("Bin dabei")."""
    _, group = _open_group(tournament, number)
    if player not in group.players:
        raise IllegalAction("tour.not_in_group", group=number)
    if group.done:
        raise IllegalAction("tour.group_done", group=number)
    if player in group.checked_in:
        raise IllegalAction("tour.checked_in_already")
    group.checked_in.append(player)
    return group


def start_group(tournament: Tournament, number: int) -> tuple[Group, list[str]]:
    """The group's table opens (the host's word, or the grace time ran out): no longer
    waiting; returns the group and its players who did not check in."""
    _, group = _open_group(tournament, number)
    if group.done:
        raise IllegalAction("tour.group_done", group=number)
    if not group.waiting:
        raise IllegalAction("tour.not_waiting", group=number)
    group.waiting = False
    if not group.called:  # started before its evening: no check-in ran, nobody is missing
        return group, []
    return group, [p for p in group.players if p not in group.checked_in]


def reminders_due(view: Mapping[str, JSON], now: str, before: timedelta) -> list[GroupView]:
    """Groups of the running round, as the tournament's view shows them, whose evening
    starts within ``before`` and that have not been reminded (an evening already over by
    three hours is not reminded any more)."""
    tour = typed_view(view)
    if tour["status"] != RUNNING or not tour["rounds"]:
        return []
    moment = datetime.fromisoformat(now)
    due = []
    for group in tour["rounds"][-1]["groups"]:
        iso = group["evening"]
        if iso is None or group["reminded"] or group["table"]:  # table: done
            continue
        start = datetime.fromisoformat(iso)
        if start - before <= moment <= start + timedelta(hours=3):
            due.append(group)
    return due


def advance_by_hand(tournament: Tournament, player: str) -> None:
    """The host lets a player through to the next round (decided when the round ends)."""
    current = tournament.current
    if tournament.status != RUNNING or current is None or current.finale:
        raise IllegalAction("tour.not_running")
    if player not in tournament.registered:
        raise IllegalAction("tour.not_registered")
    if player not in current.by_hand:
        current.by_hand.append(player)


def _finish_round(tournament: Tournament, current: Round, rng: Rng) -> None:
    if current.finale:
        tournament.champion = current.groups[0].table[0].player
        tournament.status = FINISHED
        return
    current.advanced = advancing(tournament, current, rng)
    next_round(tournament, current, rng)


def advancing(tournament: Tournament, current: Round, rng: Rng) -> list[str]:
    """Who goes through from a round whose groups are all done: the top 2 of every group,
    the best thirds (a Stechen where a tie at the cut decides), those the host let through;
    withdrawn players not."""
    active = [p for p in tournament.registered if p not in tournament.withdrawn]
    advanced = [line.player for g in current.groups for line in g.table[:ADVANCE_PER_GROUP]]
    thirds = [
        g.table[ADVANCE_PER_GROUP] for g in current.groups if len(g.table) > ADVANCE_PER_GROUP
    ]
    # best thirds only as far as the next round stays smaller than this one
    through = {*advanced, *(p for p in current.by_hand if p in active)}
    room = sum(len(g.players) for g in current.groups) - 1 - len(through)
    count = max(0, min(tournament.best_thirds, room))
    chosen, current.thirds_stechen = best_thirds(thirds, count, rng)
    advanced += [line.player for line in chosen]
    advanced += [p for p in current.by_hand if p not in advanced]
    return [p for p in advanced if p in active]


def next_round(tournament: Tournament, current: Round, rng: Rng) -> None:
    """After ``current`` (its ``advanced`` set): the champion, or the next round drawn."""
    if len(current.advanced) == 1:
        tournament.champion = current.advanced[0]
        tournament.status = FINISHED
        return
    finale = len(current.advanced) <= tournament.finale_size
    draw_round(tournament, list(current.advanced), rng, finale=finale)
