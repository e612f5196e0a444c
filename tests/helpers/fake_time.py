"""A clock the tests move by hand (the service's ``now``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class FakeTime:
    """Starts at the real time: a bot whose clock task polls with the real time before a
    test installs this one (a restarted bot) must not find the fake deadlines long past (a
    fixed start date in the past made the restart test fail from the next day on)."""

    def __init__(self) -> None:
        self.value = datetime.now(UTC).replace(microsecond=0)

    def __call__(self) -> datetime:
        return self.value

    def wait(self, seconds: float) -> None:
        self.value += timedelta(seconds=seconds)
