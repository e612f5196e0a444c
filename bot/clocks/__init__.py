"""Turn clocks: the clock as a value (:mod:`bot.clocks.clock`) and its rules as pure
functions (:mod:`bot.clocks.timing`, whose names this package hands on)."""

from bot.clocks.timing import (
    DEFAULT_SECONDS,
    EXPIRE,
    LOBBY_SECONDS,
    REMIND,
    RULE,
    WAIT,
    Due,
    advance,
    due,
    half_time,
    setting,
)

__all__ = [
    "DEFAULT_SECONDS",
    "EXPIRE",
    "LOBBY_SECONDS",
    "REMIND",
    "RULE",
    "WAIT",
    "Due",
    "advance",
    "due",
    "half_time",
    "setting",
]
