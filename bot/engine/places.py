"""Places of a finished game, the one rule every engine's ``places`` uses: the better
result first, players with an equal result share a place, and the place after a shared
one skips as many as shared it (1, 1, 3: "competition ranking")."""

from __future__ import annotations

from collections.abc import Mapping


def ranked(results: Mapping[str, tuple[int, ...]]) -> dict[str, int]:
    """Player -> place (1 the best) for ``results`` (player -> a result compared as a
    tuple, the greater the better)."""
    first: dict[tuple[int, ...], int] = {}
    for index, result in enumerate(sorted(results.values(), reverse=True)):
        first.setdefault(result, index + 1)
    return {player: first[result] for player, result in results.items()}
