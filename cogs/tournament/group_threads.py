"""A tournament's groups on Discord: each group's thread and Verflixte 6 table, started
idempotently; what a tournament's action owes the players (its registration message, a
group's table, a round's draw, the champion, an evening's reminder); the pictures."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

import discord

from bot.games.verflixte6.render import cards as v6_cards
from bot.i18n import reasoned, t
from bot.play.outcome import FollowUp
from bot.play.tournaments import group_of
from bot.render import pictures
from bot.render import tournament_cards as tcards
from bot.render.cards import Button, Card, Picture, custom_id
from bot.render.drawn import ready
from bot.service import Outcome, Service
from bot.tournament.evening_time import shown_time
from bot.tournament.view import GroupView, RoundView, typed_view
from bot.web.links import linked_card, tournament_page
from cogs.games.verflixte6.show import evening_picture
from cogs.pipeline import payload as ui
from cogs.pipeline.delivery import Delivery, edit_awake, nonce_of, send_private, wake
from cogs.pipeline.dms import closed_notice, send_dm
from cogs.pipeline.onlookers import SHOWN
from cogs.pipeline.plans import Dms, Later, Locator, Post, Step, Table
from cogs.pipeline.replies import respond
from cogs.pipeline.session import TableSession
from cogs.pipeline.table_places import channel_by_id
from cogs.table_bot import TableBot
from cogs.tournament.evening_calls import checkin_messages, close_checkins, close_reminder

THREAD_ARCHIVE_MINUTES = 10080  # a week, the longest Discord offers: evenings are days apart
THREAD_EXISTS = 160004  # "A thread has already been created for this message"
CARD_KEPT = frozenset(
    {"game", "event", "schedule", "unschedule", "wait", "evening", "checkin", "start_group",
     "reminded"}
)  # fmt: skip
"""A tournament's events that change nothing its registration message shows (status,
format, who plays, reserves): an action of only these leaves the message as it is."""


async def start_groups(bot: TableBot, tournament: Outcome) -> None:
    """A thread and a Verflixte 6 table for every group of the current round that has none
    yet, in the tournament's session (one at a time per tournament), each table delivered
    in its own. Idempotent, so a restart finishes what a crash left half done: each
    group's thread hangs on a starter message posted with a fixed nonce (Discord hands
    back the message it accepted before) and a message has one thread at most (its id is
    the message's); a table already opened in the thread is the group's."""
    async with bot.router.sessions(tournament.game_id) as session:
        await session.deliver_all(await open_groups(bot, session.service, tournament))


def groups_opening(client: discord.Client, service: Service, tournament: Outcome) -> Later:
    """The groups of a new round opened after the round's delivery (a follow-up, under
    the tournament's lock), each table delivered in its own session."""

    async def run() -> list[Outcome]:
        return await open_groups(client, service, tournament)

    return Later(FollowUp(tournament.game_id, "groups", run))


async def open_groups(
    client: discord.Client, service: Service, tournament: Outcome
) -> list[Outcome]:
    """The current round's groups without a table: a thread each, and its table opened
    (what each owes, for the caller to deliver). Under the tournament's lock."""
    current = service.tables.current(tournament.game_id)
    round_ = typed_view(current.public)["rounds"][-1]
    channel = await channel_by_id(client, current.channel_id)
    opened = []
    for group in round_["groups"]:
        if group["game_id"] is not None:
            continue
        thread = await _group_thread(client, channel, current, round_, group)
        table, _ = await service.tournaments.open_group(current.game_id, group["number"], thread.id)
        opened.append(table)
    return opened


async def _group_thread(
    client: discord.Client,
    channel: Any,
    tournament: Outcome,
    current: RoundView,
    group: GroupView,
) -> discord.Thread:
    """The group's thread, on a starter message that names its players."""
    tour, locale = typed_view(tournament.public), tournament.locale
    if current["finale"]:
        title = t("ui.tour.finale_thread", locale, name=tour["name"])
    else:
        title = t(
            "ui.tour.thread", locale, name=tour["name"], round=current["number"],
            group=group["number"],
        )  # fmt: skip
    players = ", ".join(v6_cards.mention(p) for p in group["players"])
    key = f"round{current['number']}:draw{current.get('draw', 0)}:group{group['number']}"
    starter = await channel.send(
        t("ui.tour.thread_start", locale, title=title, players=players),
        nonce=nonce_of(tournament.game_id, 0, key),
    )
    try:
        thread: discord.Thread = await starter.create_thread(
            name=title[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
    except discord.HTTPException as exc:
        if exc.code != THREAD_EXISTS:
            raise
        found = await client.fetch_channel(starter.id)  # a message's thread has its id
        assert isinstance(found, discord.Thread)
        thread = found
    return thread


def plan(d: Delivery) -> list[Step]:
    """What a tournament's action owes: its registration message up to date, a group's
    table, a new round (its groups' threads and tables opened after it), the champion,
    an evening's call and its reminders, a waiting group's start."""
    outcome = d.outcome
    tour, locale = typed_view(outcome.public), outcome.locale
    name = tour["name"]
    steps: list[Step] = []
    changed = any(e["type"] not in CARD_KEPT for e in outcome.events)
    if outcome.message_id is not None and changed:
        card = tcards.registration_card(outcome, locale)
        card = linked_card(card, d.web_line(tournament_page(outcome.game_id)))
        steps.append(Table(card, what="registration"))
    for event in outcome.events:
        if event["type"] == "group_table":
            finale = tour["rounds"][event["round"] - 1]["finale"]
            card = tcards.group_table_card(event, locale, finale=finale)
            through = tour["rounds"][event["round"] - 1]["advanced"]
            card.pictures = (
                group_picture(
                    d.service, event["table"], card.title, locale, advanced=through, finale=finale
                ),
            )
            steps.append(Post("group_table", card, cause=event))
        elif event["type"] == "round":
            steps.append(Post("round", tcards.round_card(event, name, locale), cause=event))
            steps.append(groups_opening(d.client, d.service, outcome))
        elif event["type"] == "champion":
            card = tcards.champion_card(event, name, outcome, locale)
            steps.append(Post("champion", card, cause=event))
        elif event["type"] == "reminded":
            steps.append(reminder(d, event))
        elif event["type"] == "evening":
            steps.append(evening_call(outcome, event))
        elif event["type"] == "start_group":
            steps.append(group_start(d, event))
    return steps


def in_thread(number: int) -> Locator:
    """Group ``number``'s thread, woken (None: the group has no table yet)."""

    async def thread(d: Delivery) -> Any:
        group = group_of(d.outcome, number)
        return None if group is None else await group_thread(d, group)

    return thread


async def group_thread(d: Delivery, group: GroupView) -> Any:
    """The thread of a group's table (None while the group has no table)."""
    if group["game_id"] is None:
        return None
    return await channel_by_id(d.client, d.service.tables.current(group["game_id"]).channel_id)


def evening_call(outcome: Outcome, event: dict[str, Any]) -> Post:
    """A group's evening begins: its players called in its thread, with "Bin dabei"."""
    card = call_card(outcome, event["group"], event["players"])
    return Post(f"evening{event['group']}", card, cause=event, at=in_thread(event["group"]))


def call_card(outcome: Outcome, number: int, players: list[str]) -> Card:
    """The call of group ``number``'s evening, with "Bin dabei" and, once someone pressed
    it, who has checked in (the host sees whom the group still waits for)."""
    locale = outcome.locale
    called = ", ".join(v6_cards.mention(p) for p in players)
    lines = [t("ui.tour.evening_begins", locale, group=number, players=called)]
    group = group_of(outcome, number)
    present = [p for p in players if group is not None and p in group["checked_in"]]
    if present:
        names = ", ".join(v6_cards.mention(p) for p in present)
        lines.append(t("ui.tour.checked_in_list", locale, count=len(present),
                       total=len(players), players=names))  # fmt: skip
    button = checkin_button(outcome, number, locale)
    return Card(description="\n".join(lines), rows=[(button,)])


async def show_checkins(d: Delivery) -> None:
    """After the tournament's outcome was carried out: a check-in shows on its group's
    call; a group that started closes its call's "Bin dabei" and its players' reminders'
    (read from the thread and the DMs, so a redelivery does it again harmlessly)."""
    outcome, client = d.outcome, d.client
    for event in outcome.events:
        group = group_of(outcome, int(event.get("group") or 0))
        if group is None or event["type"] not in ("checkin", "start_group"):
            continue
        thread = await group_thread(d, group)
        if thread is None:
            continue
        number = int(group["number"])
        if event["type"] == "checkin":
            card = call_card(outcome, number, group["players"])
            for message_id in await checkin_messages(client, thread, outcome.game_id, number):
                await edit_awake(thread, message_id, card, d.accent)
            continue
        await close_checkins(client, thread, outcome.game_id, number)
        for player in group["players"]:
            await close_reminder(client, player, outcome.game_id, number)


def checkin_button(outcome: Outcome, number: int, locale: str) -> Button:
    """ "Bin dabei" for a group's evening (any version of the tournament takes it),
    labelled in ``locale`` (the thread's, or a DM's reader's)."""
    cid = custom_id(tcards.BUTTON, outcome.game_id, outcome.version, "checkin", str(number))
    return Button(cid, t("ui.button.checkin", locale), "success")


def group_start(d: Delivery, event: dict[str, Any]) -> Post:
    """A waiting group's table opened: said in its thread by a new message, with who did
    not check in and what happens for them (whoever is to act at the table is told by the
    table's own turn notice: cogs.pipeline.turn_notices)."""
    outcome, missing = d.outcome, event["missing"]
    text = t("ui.tour.group_started", outcome.locale, group=event["group"])
    if missing:
        names = ", ".join(v6_cards.mention(p) for p in missing)
        text += " " + t(f"ui.tour.missing.{event['handling']}", outcome.locale, players=names)
    return Post(f"start{event['group']}", cause=event, text=text, at=in_thread(event["group"]))


def reminder(d: Delivery, event: dict[str, Any]) -> Dms:
    """DM the players of the group ``event`` names that their evening is near, with "Bin
    dabei" (closed DMs: a mention in the group's thread, woken, instead)."""
    outcome, number = d.outcome, event["group"]
    group = group_of(outcome, number)
    evening = None if group is None else group["evening"]
    assert group is not None and evening is not None  # the tournament's own event names it
    locale, when = outcome.locale, shown_time(datetime.fromisoformat(evening))
    name = typed_view(outcome.public)["name"]
    notice = closed_notice("ui.tour.reminder_public", locale, when=when)

    async def thread(d: Delivery) -> Any:  # archived since the draw: its table is used again
        found = await group_thread(d, group) or await d.channel()
        await wake(found)
        return found

    table = group["game_id"]
    at = outcome.channel_id if table is None else d.service.tables.current(table).channel_id
    link = f"<#{at}>"  # the thread the link leads to, the one the DMs' pointer goes to
    players = {  # in the reader's language
        p: Card(
            description=t(
                "ui.tour.reminder", d.reader(p), name=name, group=number, when=when, thread=link
            ),
            rows=[(checkin_button(outcome, number, d.reader(p)),)],
        )
        for p in group["players"]
    }
    return Dms(players, notice, cause=event, part=f"remind{number}", channel=thread)


def group_picture(
    service: Service,
    table: list[dict[str, Any]],
    title: str,
    locale: str,
    *,
    advanced: list[str],
    finale: bool,
) -> Picture:
    """The group table as a picture, who went through marked (the Finale: its winner);
    the message carries the same rows as text."""
    header = tuple(t(f"ui.tour.col.{c}", locale) for c in ("place", "player", "points", "eyes"))
    rows = tuple(tuple(row) for row in tcards.group_rows(table, service.directory.display_name))
    through = tuple(
        i for i, row in enumerate(table)
        if row["player"] in advanced or (finale and i == 0)
    )  # fmt: skip
    alt = pictures.alt_group_table(title, header, rows, through=through)
    return ui.picture(
        "group_table",
        locale,
        pictures.group_table_png,
        title,
        header,
        rows,
        through=through,
        description=alt,
    )


async def substitute(session: TableSession, outcome: Outcome) -> None:
    """A tournament's substitution on Discord (in the tournament's ``session``): said in
    public, the group's table given to the newcomer (bot.play.tournaments), who gets his
    private state by DM."""
    interaction = session.interaction
    assert interaction is not None
    event = outcome.events[-1]
    text = t(
        "ui.tour.host.substitute",
        outcome.locale,
        by=v6_cards.mention(str(event["by"])),
        player=v6_cards.mention(str(event["player"])),
        out=v6_cards.mention(str(event["out"])),
        group=event["group"],
        reason=event.get("reason") or "–",
    )
    await respond(interaction, content=text)
    await session.deliver(outcome)
    await tell_replaced(session, outcome, event)
    table = await session.service.tournaments.seat_substitute(event)
    if table is None:
        return  # no table yet: it opens with the newcomer seated
    await session.deliver_all([table])
    channel = await channel_by_id(interaction.client, table.channel_id)
    await send_private(session.sessions, channel, table, [str(event["player"])])


async def tell_replaced(session: TableSession, outcome: Outcome, event: dict[str, Any]) -> None:
    """The player a substitute replaced learns it by DM, in his language (closed DMs: the
    public line named him), and his reminder's "Bin dabei" closes."""
    out, client = str(event["out"]), session.sessions.client
    reason = str(event.get("reason") or "")
    text = t(
        reasoned("ui.tour.replaced_dm", reason),
        session.service.directory.reader_locale(out, outcome.locale),
        name=outcome.public["name"], by=v6_cards.mention(str(event["by"])),
        player=v6_cards.mention(str(event["player"])), group=event["group"], reason=reason,
    )  # fmt: skip
    nonce = nonce_of(outcome.game_id, outcome.version, f"replaced:{out}")
    await send_dm(client, out, ui.note(text), nonce=nonce, accent=ui.accent_of(outcome.kind))
    await close_reminder(client, out, outcome.game_id, int(event["group"]))


async def follow_stechen(d: Delivery) -> None:
    """A group's result settled by a Stechen: the evening's picture on its table's last
    message shows the places as the result does (it was drawn before the Stechen, level
    players sharing a place). The card kept for the table's onlookers is the one edited;
    without it (a restart since) the picture stays as drawn."""
    for event in d.outcome.events:
        if event["type"] != "group_table" or not event.get("stechen"):
            continue
        rounds = d.outcome.public["rounds"]
        group = next(
            (g for g in rounds[event["round"] - 1]["groups"] if g["number"] == event["group"]),
            None,
        )
        if group is None or group["game_id"] is None:
            continue
        game_id = int(group["game_id"])
        table, current = d.service.tables.get(game_id), d.service.tables.current(game_id)
        shown = table.extra.get(SHOWN)
        evening = [p for p in getattr(shown, "pictures", ()) if p.key.startswith("abend:")]
        if not isinstance(shown, Card) or not evening or current.message_id is None:
            continue
        log = d.service.records.recent_events(game_id, None)
        order = [row["player"] for row in event["table"]]
        name = d.service.directory.display_name
        redrawn = evening_picture(current.public, log, current.locale, name, order=order)
        card = replace(shown, pictures=tuple(
            redrawn if p is evening[0] else p for p in shown.pictures
        ))  # fmt: skip
        thread = await channel_by_id(d.client, current.channel_id)
        await edit_awake(thread, current.message_id, await ready(card), ui.accent_of(current.kind))
        table.extra[SHOWN] = card
