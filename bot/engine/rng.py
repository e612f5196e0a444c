"""The audited source of chance: every die, tile and card comes from here.

A game gets a random 32-byte seed when it is created. Draw number ``n`` is derived as
``HMAC-SHA256(seed, "n:nonce:sides:attempt")`` (rejection sampling keeps it unbiased),
where ``nonce`` is the id of the Discord interaction that caused the draw. The seed's
SHA-256 is published when the game starts and the seed itself when it ends, so anyone
can recompute every draw from the log (:func:`verify_draws`) — and because each draw
also depends on the interaction id, nobody can pick a seed in advance that favours a
player. :class:`FixedRng` replays outcomes given in advance (scenarios, tests).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

SEED_BYTES = 32
_SPACE = 1 << 256


@dataclass(frozen=True)
class Draw:
    """One recorded outcome: draw number ``n`` of a game, a value in ``1..sides``."""

    n: int
    sides: int
    value: int
    nonce: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "sides": self.sides, "value": self.value, "nonce": self.nonce}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Draw:
        return cls(int(data["n"]), int(data["sides"]), int(data["value"]), str(data["nonce"]))


class ChanceError(Exception):
    """The fixed chance of a scenario does not fit what the game asks for."""


class ChanceExhausted(ChanceError):
    """A fixed RNG was asked for more outcomes than it was given."""


class Rng:
    """Common interface; subclasses provide :meth:`_next`. Draws are recorded in order."""

    def __init__(self) -> None:
        self._draws: list[Draw] = []

    def _next(self, sides: int) -> Draw:
        raise NotImplementedError

    def roll(self, sides: int = 6) -> int:
        """One fair die with ``sides`` faces (1..sides)."""
        if sides < 1:
            raise ValueError("a die needs at least one side")
        draw = self._next(sides)
        self._draws.append(draw)
        return draw.value

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy (Fisher–Yates, one recorded draw per position)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.roll(i + 1) - 1
            result[i], result[j] = result[j], result[i]
        return result

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items`` at random (a tile from the oven, a card from a pile)."""
        if not items:
            raise ValueError("nothing to pick from")
        return items[self.roll(len(items)) - 1]

    def take_draws(self) -> list[Draw]:
        """The draws made since the last call (what one action rolled)."""
        draws, self._draws = self._draws, []
        return draws


def seed_hash(seed: bytes) -> str:
    """The public commitment to a seed, shown before the game starts."""
    return hashlib.sha256(seed).hexdigest()


def derive(seed: bytes, n: int, nonce: str, sides: int) -> int:
    """The value of draw ``n``: deterministic in (seed, n, nonce, sides), uniform in 1..sides."""
    limit = _SPACE - (_SPACE % sides)
    attempt = 0
    while True:
        message = f"{n}:{nonce}:{sides}:{attempt}".encode()
        number = int.from_bytes(hmac.new(seed, message, hashlib.sha256).digest(), "big")
        if number < limit:
            return number % sides + 1
        attempt += 1  # pragma: no cover - probability below 2**-250


class AuditedRng(Rng):
    """The bot's RNG: HMAC-SHA256 of (seed, counter, nonce). ``counter`` is persisted."""

    def __init__(self, seed: bytes, counter: int = 0, nonce: str = "") -> None:
        super().__init__()
        if len(seed) < 16:
            raise ValueError("seed too short")
        self.seed = seed
        self.counter = counter
        self.nonce = nonce

    @classmethod
    def fresh(cls) -> AuditedRng:
        return cls(secrets.token_bytes(SEED_BYTES))

    @property
    def commitment(self) -> str:
        return seed_hash(self.seed)

    def _next(self, sides: int) -> Draw:
        n = self.counter
        self.counter += 1
        return Draw(n, sides, derive(self.seed, n, self.nonce, sides), self.nonce)


class FixedRng(Rng):
    """Outcomes given in advance, in order; running out raises :class:`ChanceExhausted`.
    ``picks`` are the items :meth:`pick` returns in order (tiles, cards), each checked to be
    among the items offered."""

    def __init__(
        self,
        values: Iterable[int],
        picks: Iterable[object] = (),
        shuffles: Iterable[Sequence[object]] = (),
    ) -> None:
        super().__init__()
        self._values = list(values)
        self._used = 0
        self._picks = list(picks)
        self._picked = 0
        self._shuffles = [list(order) for order in shuffles]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """With ``shuffles`` given: the next of them (a deal written out in a scenario)."""
        if not self._shuffles:
            if self._values:
                return super().shuffle(items)
            raise ChanceExhausted("no deal left")
        order = self._shuffles.pop(0)
        if sorted(map(repr, order)) != sorted(map(repr, items)):
            raise ChanceError("a deal must use every card exactly once")
        return [items[list(items).index(item)] for item in order]  # type: ignore[arg-type]

    def pick(self, items: Sequence[T]) -> T:
        if self._picked >= len(self._picks):
            raise ChanceExhausted(f"no item left for pick {self._picked}")
        wanted = self._picks[self._picked]
        for index, item in enumerate(items):
            if item == wanted:
                self._picked += 1
                self._draws.append(Draw(self._picked - 1, len(items), index + 1, "fixed"))
                return item
        raise ChanceError(f"pick {self._picked}: {wanted!r} is not among what is left")

    @property
    def remaining(self) -> int:
        return len(self._values) - self._used

    def _next(self, sides: int) -> Draw:
        if self._used >= len(self._values):
            raise ChanceExhausted(f"no outcome left for draw {self._used} (a d{sides})")
        value = self._values[self._used]
        if not 1 <= value <= sides:
            raise ChanceError(f"outcome {self._used} is {value}, not a face of a d{sides}")
        self._used += 1
        return Draw(self._used - 1, sides, value, "fixed")


def verify_draws(seed: bytes, commitment: str, draws: Iterable[Draw]) -> list[str]:
    """Check a revealed seed against its commitment and recompute every draw.

    Returns a list of problems; empty means the log is exactly what the seed produces.
    Draw numbers must run 0, 1, 2, … with no gap or repetition.
    """
    problems: list[str] = []
    if not hmac.compare_digest(seed_hash(seed), commitment):
        problems.append("seed does not match its published SHA-256")
    for expected_n, draw in enumerate(draws):
        if draw.n != expected_n:
            problems.append(f"draw {expected_n}: numbered {draw.n}")
            continue
        value = derive(seed, draw.n, draw.nonce, draw.sides)
        if value != draw.value:
            problems.append(f"draw {draw.n}: logged {draw.value}, seed gives {value}")
    return problems


class ScriptedDice:
    """Fixed dice for a whole bot (end-to-end tests, demos): each action's RNG takes the
    next values from one shared queue while counting draws like the audited RNG."""

    def __init__(self, values: Iterable[int] = (), *, d6_only: bool = False) -> None:
        """With ``d6_only`` only six-sided dice are scripted, and only while the queue lasts;
        other draws (a tournament's group draw, tiles, deals) stay audited."""
        self.queue: list[int] = list(values)
        self.d6_only = d6_only

    def add(self, *values: int) -> None:
        self.queue.extend(values)

    def __call__(self, seed: bytes, counter: int = 0, nonce: str = "") -> AuditedRng:
        return _ScriptedRng(self, seed, counter, nonce)


class _ScriptedRng(AuditedRng):
    def __init__(self, dice: ScriptedDice, seed: bytes, counter: int, nonce: str) -> None:
        super().__init__(seed, counter, nonce)
        self.dice = dice

    def _next(self, sides: int) -> Draw:
        if self.dice.d6_only and (sides != 6 or not self.dice.queue):
            return super()._next(sides)
        if not self.dice.queue:
            raise ChanceExhausted(f"no scripted die left for draw {self.counter}")
        value = self.dice.queue.pop(0)
        if not 1 <= value <= sides:
            raise ChanceError(f"scripted {value} is not a face of a d{sides}")
        self.counter += 1
        return Draw(self.counter - 1, sides, value, self.nonce)
