"""The lobby message of any table: who sits, who opened it, the seed's commitment."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import t
from bot.lobby import ADD, REMOVE, computer_choice
from bot.players.seats import (
    computer_name,
    computers,
    erased_name,
    is_computer,
    is_erased,
    stand_in_name,
)
from bot.render.cards import Button, Card, Choice, Row, Select, custom_id

COMPUTER_MARK = "🤖"
"""What marks a computer player wherever a text names him: the same sign in every language
(pictures, whose fonts have no emoji, name him without it: his name says what he is)."""

Names = Callable[[str], str]
"""How a card writes a player: :func:`mention` unless a caller names them otherwise."""


def mention(player: str) -> str:
    """A player as Discord shows him: a user (his id) as a mention; a computer seat by its
    name behind :data:`COMPUTER_MARK` ("🤖 Croupiers Kater (leicht)"); a seat that is no
    user (Lopaka, a name in a scenario) by its name, never as a mention of nobody."""
    if player.isdigit():
        return f"<@{player}>"
    if is_erased(player):
        return erased_name(player)
    return f"{COMPUTER_MARK} {computer_name(player)}" if is_computer(player) else player


def ended(outcome: Any) -> bool:
    """Whether a table has ended (played to its end, or ended early): its messages then
    offer no actions."""
    return getattr(outcome, "status", "") in ("finished", "aborted")


def stand_in_mention(seat: int) -> str:
    """The computer that plays for the absent player at ``seat``, as a text names it."""
    return f"{COMPUTER_MARK} {stand_in_name(seat)}"


def stood_in(card: Card, players: Sequence[str]) -> Card:
    """A table's card whose rows (fields named for a seat) mark the seats a computer plays
    for while their players are absent: "@Ben 🤖"."""
    marked = {mention(p): f"{mention(p)} {COMPUTER_MARK}" for p in players}
    if not marked:
        return card
    return replace(card, fields=[(marked.get(name, name), text) for name, text in card.fields])


def table_lobby_card(
    outcome: Any,
    locale: str,
    prefix: str,
    name: Callable[[str], str] = mention,
    notes: Sequence[str] = (),
) -> Card:
    """Beitreten / Verlassen / Starten; mentions go in the description (titles show none).
    ``notes``: lines about the table's options (a variant), first in the description.
    A lobby closed before its game started shows that, and no buttons."""
    lobby = outcome.public["lobby"]
    if lobby is None or ended(outcome):
        footer = seed_line(outcome, locale, started=False)
        return Card(title=t("ui.lobby.closed", locale), footer=footer)
    players = lobby["players"]
    exact = lobby["min_players"] == lobby["max_players"]  # Lopaka, Glitterhuis: exactly 2
    body = t(
        "ui.lobby.body_exact" if exact else "ui.lobby.body",
        locale,
        host=name(lobby["host"]),
        count=len(players),
        high=lobby["max_players"],
        low=lobby["min_players"],
        seed_hash=outcome.seed_hash,
    )
    seated = computers(players)
    rated = bool(lobby.get("computers_rated"))
    if seated:  # whether the game counts for the leaderboard, in words
        body += "\n" + t("ui.lobby.rated_line_on" if rated else "ui.lobby.rated_line_off", locale)
    body = "\n".join([*notes, body])

    def button(verb: str, style: str, label: str = "") -> Button:
        cid = custom_id(prefix, outcome.game_id, outcome.version, verb)
        return Button(cid, label or t(f"ui.button.{verb}", locale), style)

    awaited = [p for p in lobby.get("invited") or () if p not in players]  # a rematch's
    high = lobby["max_players"]
    full = len(players) + len(awaited) >= high  # no seat for a stranger or a computer
    buttons = [] if len(players) >= high else [button("join", "primary")]
    buttons += [button("leave", "secondary"), button("start", "success")]
    if seated:  # the host may let a game with computers count for the ratings
        verb = t("ui.lobby.unrate" if rated else "ui.lobby.rate", locale)
        buttons.append(button("rated", "secondary", verb))
    rows: list[Row] = [tuple(buttons)]
    offered = () if full else outcome.public.get("computers") or ()  # the levels it offers
    choices = [
        Choice(
            computer_choice(ADD, level),
            t("ui.lobby.add_computer", locale, level=level),
            t(f"ui.lobby.level.{level}", locale),
        )
        for level in offered
    ]
    if outcome.public.get("computers"):
        choices += [
            Choice(computer_choice(REMOVE, p), t("ui.lobby.remove_computer", locale, name=name(p)))
            for p in seated
        ]
    if choices:
        cid = custom_id(select_prefix(prefix), outcome.game_id, outcome.version, "computer")
        rows.append(Select(cid, t("ui.lobby.computer", locale), tuple(choices)))
    fields = [(t("ui.lobby.players", locale), "\n".join(name(p) for p in players))]
    if awaited:
        fields.append((t("ui.lobby.invited", locale), "\n".join(name(p) for p in awaited)))
    return Card(
        title=t("ui.lobby.title", locale, game=t(f"game.name.{outcome.kind}", locale)),
        description=body,
        fields=fields,
        rows=rows,
    )


def select_prefix(prefix: str) -> str:
    """The prefix of a game's selects, from its buttons' (``v6b`` -> ``v6s``): a click
    keeps the values picked only where its id says a select carries it."""
    return prefix[:-1] + "s"


def seed_line(outcome: Any, locale: str, *, started: bool = True) -> str:
    """A table's footer: the seed's commitment while it plays; at the end the seed itself
    and the head of the hash-chained log, so anyone can check every die and that the log
    was not rewritten afterwards (``/verify``). A lobby closed before its game started
    reveals its seed too, saying that nothing was thrown with it."""
    if outcome.seed:
        line = (
            revealed_text(outcome, locale)
            if started
            else t("ui.lobby.seed_revealed", locale, seed=outcome.seed, seed_hash=outcome.seed_hash)
        )
        head = getattr(outcome, "head_hash", "")
        line += " " + t("ui.table.head", locale, head=head[:16]) if head else ""
        if started and getattr(outcome, "kind", "") in GAME_KINDS:  # what /verify needs
            line += " " + t("ui.table.verify_game", locale, game=outcome.game_id)
        return line
    return t("ui.table.seed", locale, seed_hash=outcome.seed_hash[:16])


REVEALED = {
    "verflixte6": "ui.table.seed_revealed.dice",
    "dicedevils": "ui.table.seed_revealed.dice_items",
    "teufel": "ui.table.seed_revealed.tiles",
    "flaschenteufel": "ui.table.seed_revealed.cards",
    "turnier": "ui.table.seed_revealed.draw",
}
"""What a game's seed lets anyone check, in its own words: dice, tiles, cards, the draw —
the one place that chooses this text."""


GAME_KINDS = frozenset(REVEALED) - {"turnier"}
"""The tables ``/verify spiel`` checks by their number (a tournament's draw is not one)."""


def revealed_text(outcome: Any, locale: str) -> str:
    """The revealed seed of a game that was played, saying what it verifies for its kind."""
    key = REVEALED.get(getattr(outcome, "kind", ""), "ui.table.seed_revealed.draws")
    return t(key, locale, seed=outcome.seed, seed_hash=outcome.seed_hash)
