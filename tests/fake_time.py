"""A clock the tests move by hand (the service's ``now``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class FakeTime:
    def __init__(self) -> None:
        self.value = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.value

    def wait(self, seconds: float) -> None:
        self.value += timedelta(seconds=seconds)
