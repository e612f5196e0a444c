"""The count of interactions and table sessions being handled: a stopping bot lets them
finish (their follow-ups and edits included)."""

from __future__ import annotations

import asyncio


class Busy:
    """``async with router.busy:`` marks one piece of work until it is done."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0

    async def __aenter__(self) -> None:
        self.count += 1

    async def __aexit__(self, *exc: object) -> None:
        self.count -= 1

    async def settled(self, timeout: float = 5) -> None:
        """Wait until nothing is being handled."""
        async with asyncio.timeout(timeout):
            while self.count:
                await asyncio.sleep(0.005)
