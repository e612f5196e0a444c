"""The web's fixtures: the service on a fresh database, and a client of the website on it
(aiohttp's test server, a real socket on this machine) whose rate limiter reads a clock
the test moves."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.service import Service
from bot.store import Store
from bot.web.app import make_app
from bot.web.limits import RateLimiter
from tests.helpers.web_games import GUILD


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def service(store: Store) -> Service:
    return Service(store)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def client(service: Service, clock: Clock) -> AsyncIterator[TestClient[Any, Any]]:
    app = make_app(service, RateLimiter(clock=clock))
    async with TestClient(TestServer(app)) as web_client:
        yield web_client


@pytest.fixture
def key(service: Service) -> str:
    """The web key of the test's server, its pages turned on."""
    made = service.directory.set_web(GUILD, True)
    assert made is not None
    return made
