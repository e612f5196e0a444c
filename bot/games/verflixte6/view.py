"""What a viewer may see of an Abend. Die verflixte 6 has no secrets: all see all."""

from __future__ import annotations

from bot.engine import JSON
from bot.games.verflixte6.rules import announceable
from bot.games.verflixte6.state import V6State


def view(state: V6State, viewer: int | None) -> dict[str, JSON]:
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
    }
