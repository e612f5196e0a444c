"""How fast one address may ask: a token bucket per peer address, in bounded memory."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

RATE = 10.0
"""Requests per second an address may keep up."""
BURST = 30
"""Requests an address may make at once after a pause."""
ADDRESSES = 10_000
"""Buckets kept at most; the longest unused goes first (it would be nearly full anyway)."""


class RateLimiter:
    """Every address has a bucket of ``burst`` tokens that refills at ``rate`` a second;
    a request takes one, or waits until there is one."""

    def __init__(
        self,
        rate: float = RATE,
        burst: int = BURST,
        addresses: int = ADDRESSES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.addresses = addresses
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        """Each address's tokens and when they were counted, the longest unused first."""

    def take(self, address: str) -> float:
        """0 when ``address`` may go on now (a token taken); else the seconds until it may."""
        now = self.clock()
        tokens, counted = self._buckets.pop(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - counted) * self.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.rate
        self._buckets[address] = (tokens, now)
        while len(self._buckets) > self.addresses:
            self._buckets.popitem(last=False)
        return wait

    def __len__(self) -> int:
        return len(self._buckets)
