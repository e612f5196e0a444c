"""Leak scan for end-to-end games: nobody sees what they should not.

Every time the fake Discord creates or edits a message (and whenever the bot shows a modal),
the scan asks the service for each game's views and derives the secrets *from the views*:
whatever a player's own view shows that the public view hides (``None`` there) is that
player's secret. Flaschenteufel's devil trick, hidden from every view, comes from the state.
Each secret is turned into the strings the renderers would show it as (the i18n templates
with the value filled in, the card labels of the selects, bare card or dice lists, a mention
followed by the amount), and the message is searched for them unless it is addressed to the
secret's owner. A finished game has no secrets (its end reveals them).

Timing: a message is checked against the secrets at the moment it is sent. A card or a
throw of dice that someone else held secretly just before the action that produced the
message is not looked for: the action may have revealed the old holder's (the devil's trick
at a hand's end, dice in a fight) while a new deal or roll gave the same value to another
player. A value the audience knows anyway (its own, or a public one: a pact holder's
balance, revealed dice, Lopaka's cards) is not looked for in anonymous forms either, since
the text could not tell whose it is. Pictures are checked by where they go only: a
hand picture (``karten.png``) is never public.

Dice, cards and tiles may be the app's emojis (``<:die_3:…>``, bot/render/emojis.py): the
scan reads every text as :func:`bot.emoji_set.as_plain` writes it back (the digits,
numbers and separators the texts have without emojis), so each form below finds a secret
written either way.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.emoji_set import as_plain
from bot.engine import IllegalAction
from bot.games.flaschenteufel.cards import COLOUR
from bot.i18n import normalize_locale, number, t, template
from bot.render.lobby_card import mention
from bot.service import Service
from loopback import FakeDiscord
from loopback.entities import Message, iter_components
from tests.helpers.engine_state import engine_state

# Leaf keys of a private view that the public view hides, and what kind of secret they hold.
SECRET_FIELDS = {
    "cards": "card",
    "sets": "card",
    "passed": "card",
    "balance": "balance",
    "bet": "bet",
    "dice": "dice",
}
IGNORED = {"viewer"}  # differs by design, no secret
HANDED_ON = {"card", "dice"}  # values that may pass from one holder to another
HAND_PICTURES = {"karten.png"}

# i18n templates that show a secret, by the secret's kind and the placeholder it fills.
TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "card": [("ft.ui.hand", "cards")],
    "dice": [("dd.ui.cup", "dice")],
    "balance": [
        ("teufel.ui.account", "balance"),
        ("teufel.ui.account_bet", "balance"),
        ("teufel.ui.pact", "balance"),
        ("teufel.ui.dm_round", "balance"),
        ("teufel.bet_too_high", "balance"),
        ("teufel.ui.bet_label", "balance"),
    ],
    "bet": [
        ("teufel.ui.bet_shown", "bet"),
        ("teufel.ui.bet_done", "bet"),
        ("teufel.ui.bet_done_all", "bet"),
        ("teufel.ui.account_bet", "bet"),
    ],
}
NUMBER_LIST = re.compile(r"(?<![\d,])\d+(?:, \d+)+(?![\d,])")


@dataclass(frozen=True)
class Secret:
    game_id: int
    owner: str | None  # the player who may see it; None: nobody (the devil's trick)
    kind: str  # card | dice | balance | bet
    value: Any  # int, or a tuple of dice


@dataclass
class Moment:
    """One game at one version: its secrets and what the public or each player knows."""

    secrets: frozenset[Secret]
    public: frozenset[tuple[str, Any]]  # (kind, value) shown in the public view
    own: dict[str, frozenset[tuple[str, Any]]]  # player -> (kind, value) of his own secrets
    public_by_owner: dict[str, frozenset[Any]]  # player -> his values the public view shows
    locale: str = "de"


@dataclass(frozen=True)
class Leak:
    message_id: int
    visibility: str
    audience: int | None
    secret: Secret
    form: str
    excerpt: str

    def __str__(self) -> str:
        to = "public" if self.audience is None else f"{self.visibility} to {self.audience}"
        return f"message {self.message_id} ({to}) shows {self.secret} as {self.form!r}: " + (
            f"…{self.excerpt}…"
        )


@dataclass
class LeakScan:
    fake: FakeDiscord
    service_of: Callable[[], Service]
    leaks: list[Leak] = field(default_factory=list)
    messages: int = 0  # message versions scanned (creates and edits)
    modals: int = 0
    checks: int = 0  # (message version, secret) pairs looked for
    games: dict[int, str] = field(default_factory=dict)  # game id -> kind
    _history: dict[int, dict[int, Moment]] = field(default_factory=dict)
    _wrapped: set[int] = field(default_factory=set)
    _seen_modals: set[int] = field(default_factory=set)
    _shown_dice: dict[int, dict[str, set[Any]]] = field(default_factory=dict)
    _over: set[int] = field(default_factory=set)
    _seen_version: dict[int, int] = field(default_factory=dict)

    # -- wiring ---------------------------------------------------------------------------
    def install(self) -> LeakScan:
        original = self.fake.apply

        def apply(message: Message, payload: Any, files: Any, *, creating: bool) -> None:
            original(message, payload, files, creating=creating)
            self.scan(message)

        self.fake.apply = apply  # type: ignore[method-assign]
        self._wrap_service()
        return self

    def _wrap_service(self) -> Service:
        """Note the secrets before every action (and which games there are)."""
        service = self.service_of()
        if id(service) in self._wrapped:
            return service
        self._wrapped.add(id(service))
        act = service.act

        async def recorded(game_id: int, *args: Any, **kwargs: Any) -> Any:
            self._moment(service, game_id)
            return await act(game_id, *args, **kwargs)

        service.act = recorded  # type: ignore[method-assign]
        return service

    # -- secrets ----------------------------------------------------------------------------
    def _moment(self, service: Service, game_id: int) -> tuple[int, Moment] | None:
        try:
            outcome = service.tables.current(game_id)
        except IllegalAction:  # an unknown game has no secrets
            return None
        self.games[game_id] = outcome.kind
        if outcome.finished:
            self._over.add(game_id)
        secrets: set[Secret] = set()
        own: dict[str, frozenset[tuple[str, Any]]] = {}
        public = frozenset(_shown(outcome.public))
        by_owner: dict[str, frozenset[Any]] = {}
        for seat in outcome.public.get("seats") or outcome.public.get("demons") or []:
            if isinstance(seat, dict) and "player" in seat:
                values = {seat.get(k) for k in ("bet", "balance") if seat.get(k) is not None}
                by_owner[str(seat["player"])] = frozenset(values)
        if not outcome.finished and "lobby" not in outcome.public:
            for player, view in outcome.private.items():
                mine = {
                    Secret(game_id, player, kind, value)
                    for kind, value in _hidden(view, outcome.public)
                }
                secrets |= mine
                own[player] = frozenset((s.kind, s.value) for s in mine)
            if outcome.kind == "flaschenteufel":
                devil = engine_state(service, game_id).devil
                secrets |= {Secret(game_id, None, "card", c) for c in devil}
        # Dice a fight or a reroll showed in public are the table's to read, even where a
        # later round dealt the same dice to the same demon again (a round's closing card
        # shows its fights once more).
        shown = self._shown_dice.setdefault(game_id, {})
        seen = self._seen_version.get(game_id, 0)
        for row in service.store.events(game_id, outcome.version, after=seen):
            for event in row.events:
                if event.get("type") in ("dice", "reroll"):
                    for player, dice in event.get("dice", {}).items():
                        shown.setdefault(player, set()).add(tuple(dice))
        self._seen_version[game_id] = max(seen, outcome.version)
        for player, dice_seen in shown.items():
            public |= {("dice", d) for d in dice_seen}
            by_owner[player] = by_owner.get(player, frozenset()) | dice_seen
        moment = Moment(frozenset(secrets), public, own, by_owner, outcome.locale)
        self._history.setdefault(game_id, {})[outcome.version] = moment
        return outcome.version, moment

    def _effective(self, game_id: int, version: int, now: Moment) -> tuple[set[Secret], Moment]:
        """Secrets that count for a message sent at ``version``, and the moment before."""
        history = self._history.get(game_id, {})  # versions in the order they were seen
        earlier = next((v for v in reversed(history) if v < version), None)
        before = history[earlier] if earlier is not None else now
        holders: dict[tuple[str, Any], set[str | None]] = {}
        for old in before.secrets:
            holders.setdefault((old.kind, old.value), set()).add(old.owner)
        kept = {
            s
            for s in now.secrets
            if s.kind not in HANDED_ON or not holders.get((s.kind, s.value), set()) - {s.owner}
        }
        return kept, before

    # -- scanning -----------------------------------------------------------------------------
    def scan(self, message: Message) -> None:
        service = self._wrap_service()
        self.messages += 1
        audience = None if message.visibility == "public" else message.audience
        self._check(service, message.id, message.visibility, audience, message_texts(message))
        if message.visibility == "public" and HAND_PICTURES & set(message.attachments):
            picture = Secret(0, None, "card", "picture")
            self._found(Leak(message.id, "public", None, picture, "karten.png", ""))
        for interaction in self.fake.forms[len(self._seen_modals) :]:  # forms opened since
            if interaction.modal is not None and interaction.id not in self._seen_modals:
                self._seen_modals.add(interaction.id)
                self.modals += 1
                modal = interaction.modal
                texts = [modal.get("title", ""), *component_texts(modal.get("components") or [])]
                self._check(service, interaction.id, "modal", interaction.user.id, texts)

    def _check(
        self, service: Service, ident: int, visibility: str, audience: int | None, texts: list[str]
    ) -> None:
        text = as_plain("\n".join(x for x in texts if x))  # an emoji as what it stands for
        for game_id in list(self.games):
            if game_id in self._over:  # a finished game has no secrets left
                continue
            found = self._moment(service, game_id)
            if found is None:
                continue
            version, now = found
            secrets, before = self._effective(game_id, version, now)
            viewer = None if audience is None else str(audience)
            known = now.public | before.public
            if viewer is not None:
                known |= now.own.get(viewer, frozenset()) | before.own.get(viewer, frozenset())
            hidden = [s for s in secrets if viewer is None or s.owner != viewer]
            self.checks += len(hidden)
            for secret in hidden:
                publicly = now.public_by_owner.get(secret.owner or "", frozenset())
                for form, pattern in forms(secret, now.locale):
                    owned = form.startswith("<@")
                    if owned and secret.value in publicly:
                        continue
                    if not owned and (secret.kind, secret.value) in known:
                        continue
                    hit = pattern.search(text)
                    if hit:
                        excerpt = text[max(0, hit.start() - 40) : hit.end() + 40]
                        self._found(Leak(ident, visibility, audience, secret, form, excerpt))
            self._lists(ident, visibility, audience, text, hidden)

    def _lists(
        self,
        ident: int,
        visibility: str,
        audience: int | None,
        text: str,
        hidden: list[Secret],
    ) -> None:
        """Two or more secret cards of one owner in one bare list of numbers ("3, 17, 22")."""
        cards: dict[str | None, set[int]] = {}
        for secret in hidden:
            if secret.kind == "card":
                cards.setdefault(secret.owner, set()).add(secret.value)
        if not cards:
            return
        for run in NUMBER_LIST.finditer(text):
            numbers = {int(n) for n in run.group().split(", ")}
            for owner, held in cards.items():
                both = sorted(numbers & held)
                if len(both) >= 2:
                    secret = Secret(0, owner, "card", tuple(both))
                    self._found(Leak(ident, visibility, audience, secret, "list", run.group()))

    def _found(self, leak: Leak) -> None:
        if leak not in self.leaks:  # an edited message is scanned again
            self.leaks.append(leak)

    # -- results --------------------------------------------------------------------------
    def summary(self) -> str:
        kinds = sorted(set(self.games.values()))
        return (
            f"leak scan: {len(self.games)} game(s) {kinds}, {self.messages} message versions, "
            f"{self.modals} modals, {self.checks} secret checks, {len(self.leaks)} leaks"
        )

    def describe(self) -> str:
        return "\n".join([self.summary(), *(str(leak) for leak in self.leaks[:20])])


def _hidden(private: Any, public: Any) -> Iterator[tuple[str, Any]]:
    """(kind, value) of every secret item: shown in ``private``, ``None`` in ``public``."""
    if isinstance(private, dict) and isinstance(public, dict):
        for key, mine in private.items():
            theirs = public.get(key)
            if key in IGNORED:
                continue
            if theirs is None and mine is not None:
                kind = SECRET_FIELDS.get(key)
                if kind is None:
                    raise AssertionError(f"the leak scan does not know the secret field {key!r}")
                yield from _items(kind, mine)
            else:
                yield from _hidden(mine, theirs)
    elif isinstance(private, list) and isinstance(public, list) and len(private) == len(public):
        for mine, theirs in zip(private, public, strict=True):
            yield from _hidden(mine, theirs)


def _shown(public: Any) -> Iterator[tuple[str, Any]]:
    """(kind, value) of every secret-kind item the public view shows (a pact's balance…)."""
    if isinstance(public, dict):
        for key, value in public.items():
            kind = SECRET_FIELDS.get(key)
            if kind is not None and value is not None:
                yield from _items(kind, value)
            else:
                yield from _shown(value)
    elif isinstance(public, list):
        for value in public:
            yield from _shown(value)


def _items(kind: str, value: Any) -> Iterator[tuple[str, Any]]:
    if kind == "card":
        flat = value if all(isinstance(v, int) for v in value) else [c for s in value for c in s]
        yield from ((kind, c) for c in flat)
    elif kind == "dice":
        yield kind, tuple(value)
    else:
        yield kind, value


def forms(secret: Secret, locale: str) -> list[tuple[str, re.Pattern[str]]]:
    """The ways a secret would appear in a message (a description, and a pattern)."""
    found: list[tuple[str, re.Pattern[str]]] = []
    value = secret.value
    if secret.kind == "card":
        label = f"{value} ({t(f'game.colour.{COLOUR[value]}', locale)})"
        found.append((label, re.compile(r"(?<!\d)" + re.escape(label))))
        shown = str(value)
    elif secret.kind == "dice":
        listed, dashed = ", ".join(map(str, value)), "-".join(map(str, value))
        # "🎲 6, 1" is Die verflixte 6's throw, public (a Dice Devils cup never reads so)
        found.append(
            (listed, re.compile(rf"(?<![\d,-])(?<!\d, )(?<!🎲 ){re.escape(listed)}(?!,? ?\d)"))
        )
        # "<@q> 3-2" shows q's dice, which may equal the owner's by chance: the owned form
        # below finds the owner's; the anonymous one looks only at unattributed dice
        found.append((dashed, re.compile(rf"(?<![\d-])(?<!> ){re.escape(dashed)}(?![\d-])")))
        if secret.owner is not None:
            owned = f"{mention(secret.owner)} {dashed}"
            found.append((owned, re.compile(re.escape(owned) + r"(?![\d-])")))
        shown = listed
    else:
        shown = number(value, locale) if isinstance(value, int) else str(value)
        # A bet as "<@p> 40". Not a bet of 0: "<@p> 0" is what every settled round shows for
        # a player with no change. Not a balance: balances appear only in their templates
        # (TEMPLATES), and "<@p> 50" is also a pact's public payment to him.
        if secret.owner is not None and secret.kind == "bet" and value != 0:
            owned = f"{mention(secret.owner)} {shown}"
            found.append((owned, re.compile(re.escape(owned) + r"(?!\d)")))
    for key, slot in TEMPLATES[secret.kind]:
        found.append((f"{key}({slot}={shown})", template_pattern(key, locale, slot, shown)))
    return found


def template_pattern(key: str, locale: str, slot: str, value: str) -> re.Pattern[str]:
    """The i18n template ``key`` with ``slot`` = ``value`` and any other placeholder."""
    text = template(key, normalize_locale(locale))
    assert text is not None, key
    parts = []
    for literal, name, _spec, _conv in string.Formatter().parse(text):
        parts.append(re.escape(literal))
        if name == slot:
            parts.append(re.escape(value) + r"(?!\d)(?!, \d)")  # not the start of a longer list
        elif name is not None:
            parts.append(r"[^\n]*?")
    return re.compile("".join(parts))


def component_texts(components: list[Any]) -> list[str]:
    """Labels, placeholders, option labels and descriptions, and text displays."""
    texts: list[str] = []
    for comp in iter_components(components, interactive_only=False):
        texts += [str(comp[k]) for k in ("label", "placeholder", "value") if comp.get(k)]
        for option in comp.get("options") or []:
            texts += [str(option[k]) for k in ("label", "description") if option.get(k)]
    return texts


def message_texts(message: Message) -> list[str]:
    """Everything readable in a message: content, embeds, components."""
    return [message.text(), *component_texts(message.components)]


def leaking_table(
    monkeypatch: Any, cards: Any, player: str, private_text: Callable[[Any, str, str], str]
) -> None:
    """Break ``cards.table_card`` the way a real bug would: the public table card also
    shows ``player``'s private text (``private_text(view, player, locale)`` of his own
    view), whenever the outcome carries his view. For tests that the scan catches it."""
    original = cards.table_card

    def leaky(outcome: Any, locale: str, *args: Any, **kwargs: Any) -> Any:
        card = original(outcome, locale, *args, **kwargs)
        view = outcome.private.get(player)
        if view is not None:
            card.description += "\n" + private_text(view, player, locale)
        return card

    monkeypatch.setattr(cards, "table_card", leaky)
