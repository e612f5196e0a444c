"""What a viewer may see of an Abend. Die verflixte 6 has no secrets: all see all, but
what there is to choose (``legal``) only the player whose turn it is sees."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, TypedDict, cast

from bot.engine import JSON, Action
from bot.games.verflixte6.rules import announceable
from bot.games.verflixte6.state import V6State


class V6Legal(TypedDict):
    jokers: list[str]
    free_jokers: list[str]
    targets: list[str]  # players
    victims: list[str]  # players


class V6Seat(TypedDict):
    player: str
    eyes: int
    role: str  # jungfrau, am_zug, prinzessin, zombie
    points: int  # the Abend's
    abend_eyes: int
    jokers_used: list[str]
    sekante_hit: bool
    free_used: bool


class V6Sekante(TypedDict):
    target: str
    exchange: int
    attack: int
    won: list[int]  # eyes won: attacker, defender


class V6Turn(TypedDict):
    player: str
    phase: str
    chosen: list[str]
    announceable: list[str]
    runkelrueb_ready: bool
    free: bool
    robbery_ones: int
    steal_amount: int
    frost_uses: int
    fumo: bool
    floor: int | None
    anaconda_attack: int | None  # only while the Anaconda's fight is asked
    monokel_dice: list[int]
    sekante: V6Sekante | None


class V6View(TypedDict):
    """The public view (``viewer`` None) and each seat's: the same but for ``legal``."""

    game: Literal["verflixte6"]
    viewer: int | None
    durchgang: int
    durchgaenge: int
    finale: bool
    order: list[str]
    seats: list[V6Seat]
    turn: V6Turn | None
    finished: bool
    legal: V6Legal


def typed_view(view: Mapping[str, JSON]) -> V6View:
    """A view the engine handed on (``Outcome.public``, ``Outcome.private[player]``), read
    as its type: every reader outside the engine takes it through here."""
    return cast(V6View, view)


def legal_view(actions: Sequence[Action]) -> V6Legal:
    """The viewer's legal actions as the prompts offer them: the jokers to choose from (each
    alone is listed; up to three of them may be taken), those of Freie Jokerwahl (none: it
    is not allowed), the players a Sekante may hit, the victims of a robbery."""
    legal: V6Legal = {"jokers": [], "free_jokers": [], "targets": [], "victims": []}
    for action in actions:
        args = action.args
        if action.do == "jokers" and args["jokers"]:
            legal["free_jokers" if args.get("free") else "jokers"] += args["jokers"]
        elif action.do == "weiter" and "target" in args:
            legal["targets"].append(str(args["target"]))
        elif action.do == "steal":
            legal["victims"].append(str(args["victim"]))
    return legal


def view(state: V6State, viewer: int | None, legal: Sequence[Action] = ()) -> V6View:
    """``legal``: the viewer's legal actions (the engine's, so the two agree)."""
    turn = state.turn
    return {
        "game": "verflixte6",
        "viewer": viewer,
        "durchgang": state.durchgang,
        "durchgaenge": state.durchgaenge,
        "finale": state.finale,
        "order": [state.name(s) for s in state.order],
        "seats": [
            {
                "player": s.player,
                "eyes": s.eyes,
                "role": s.role,
                "points": s.abend_points,
                "abend_eyes": s.abend_eyes,
                "jokers_used": list(s.jokers_used),
                "sekante_hit": s.sekante_hit,
                "free_used": s.free_used,
            }
            for s in state.seats
        ],
        "turn": None
        if turn is None
        else {
            "player": state.name(turn.seat),
            "phase": turn.phase,
            "chosen": list(turn.chosen),
            "announceable": announceable(turn),
            "runkelrueb_ready": turn.active("runkelrueb"),
            "free": turn.free,
            "robbery_ones": turn.robbery_ones,
            "steal_amount": turn.steal_amount,
            "frost_uses": turn.frost_uses,
            "fumo": turn.fumo,
            "floor": turn.floor,
            "anaconda_attack": turn.anaconda_attack if turn.phase == "anaconda" else None,
            "monokel_dice": list(turn.monokel_dice),
            "sekante": None
            if turn.sekante is None
            else {
                "target": state.name(turn.sekante.target),
                "exchange": turn.sekante.exchange,
                "attack": turn.sekante.attack,
                "won": list(turn.sekante.won),
            },
        },
        "finished": state.finished,
        "legal": legal_view(legal),
    }
