from __future__ import annotations

import json
from dataclasses import dataclass, field

from bot.engine.serial import from_data, to_data


@dataclass
class Inner:
    name: str
    scores: dict[int, int] = field(default_factory=dict)


@dataclass
class Outer:
    inners: list[Inner]
    current: Inner | None = None
    pair: tuple[int, ...] = ()


def test_nested_dataclasses_survive_json() -> None:
    value = Outer([Inner("Anna", {1: 6}), Inner("Ben")], Inner("Cem", {2: -3}), (4, 5))
    data = json.loads(json.dumps(to_data(value)))
    assert from_data(Outer, data) == value


def test_optional_none_survives() -> None:
    value = Outer([], None)
    assert from_data(Outer, json.loads(json.dumps(to_data(value)))) == value
