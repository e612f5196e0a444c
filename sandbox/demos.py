"""The demos: scripted lines with fixed chance (``--demo``), also the README's examples."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from bot.engine import AuditedRng
from bot.engine.rng import ScriptedDice

DEMO_DICE = (3, 2, 1, 4, 6, 4, 5, 2, 3)
DEMO_VERFLIXTE6 = (
    "Anna> /v6 tisch durchgaenge=1",
    "Ben> Beitreten",
    "Cem> Beitreten",
    "Anna> Starten",
    "Anna> Joker wählen & Freiwurf",
    "Anna> Ohne Joker",
    "Anna> weiter",
    "Anna> weiter",
    "Anna> wähle Ben",
    "Anna> stopp",
    "Ben> Joker wählen & Freiwurf",
    "Ben> Ohne Joker",
    "Ben> weiter",
    "Cem> Joker wählen & Freiwurf",
    "Cem> Ohne Joker",
    "Cem> weiter",
    "Cem> weiter",
    "Cem> weiter",
    "Cem> stopp",
)
DEMO_TEUFEL = (
    "Anna> /teufel tisch",
    "Ben> Beitreten",
    "Anna> Starten",
    "Anna> Setzen 40",
    "Ben> Setzen",
    "Ben> formular 30",
    "Ben> ziehen",
    "Ben> ziehen",
    "Ben> stopp",
    "Anna> ziehen",
    "Anna> stopp",
)
DEMO_FLASCHENTEUFEL = (
    "Anna> /flaschenteufel tisch",
    "Ben> Beitreten",
    "Cem> Beitreten",
    "Anna> Starten",
    "Anna> Meine Wahl …",
    "Anna> wähle 33",
    "Ben> Meine Wahl …",
    "Ben> wähle 34",
    "Cem> Meine Wahl …",
    "Cem> wähle 37",
    "Anna> Meine Wahl …",
    "Anna> wähle 2",
    "Anna> wähle 29",
    "Ben> Meine Wahl …",
    "Ben> wähle 1",
    "Ben> wähle 32",
    "Cem> Meine Wahl …",
    "Cem> wähle 7",
    "Cem> wähle 36",
    "Anna> Meine Wahl …",
    "Anna> wähle 17",
    "Ben> Meine Wahl …",
    "Ben> wähle 27",
    "Cem> Meine Wahl …",
    "Cem> wähle 13",
)
DEMO_DICEDEVILS = (
    "Anna> /dicedevils tisch",
    "Ben> Beitreten",
    "Cem> Beitreten",
    "Anna> Starten",
    "Cem> 2: heißes Bad",
    "Anna> 2: heißes Bad",
    "Ben> 1: Teetasse",
    "Cem> Entscheiden",
    "Cem> wähle Anna",
)
RngFactory = Callable[[bytes, int, str], AuditedRng]


def fixed_chance(name: str) -> RngFactory:
    """Chance that plays the same every time: every table draws from one seed derived from
    ``name``, with a constant nonce. The log keeps seed and nonce, so ``/verify`` still
    checks every draw; only the seed is no secret."""
    seed = hashlib.sha256(f"croupier sandbox demo {name}".encode()).digest()

    def rng(_seed: bytes, counter: int = 0, _nonce: str = "") -> AuditedRng:
        return AuditedRng(seed, counter, "demo")

    return rng


@dataclass(frozen=True)
class Demo:
    script: tuple[str, ...]
    chance: Callable[[], RngFactory]
    note: str


FIXED = "Demo: der Zufall ist festgelegt, damit es jedes Mal gleich läuft."
DEMOS = {  # one per name in sandbox.demo_names
    "verflixte6": Demo(
        DEMO_VERFLIXTE6,
        lambda: ScriptedDice(DEMO_DICE),
        "Demo: die Würfel sind festgelegt, damit man alles einmal sieht.",
    ),
    "teufel": Demo(DEMO_TEUFEL, partial(fixed_chance, "teufel"), FIXED),
    "flaschenteufel": Demo(DEMO_FLASCHENTEUFEL, partial(fixed_chance, "flaschenteufel"), FIXED),
    "dicedevils": Demo(DEMO_DICEDEVILS, partial(fixed_chance, "dicedevils"), FIXED),
}
