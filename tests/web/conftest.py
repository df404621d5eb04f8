"""Fixtures for the web tests: an app and its client, a player; a real server and Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from golf_solitaire.web import Settings, create_app
from tests.web.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.web.live import live_server


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A client of an app whose database is a fresh SQLite file."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'golf.sqlite3'}"))
    with TestClient(app) as test_client:
        yield test_client


def new_player(client: TestClient) -> dict[str, str]:
    """Headers that prove a newly created player."""
    reply = client.post("/api/players")
    assert reply.status_code == 201
    return {"X-Golf-Token": reply.json()["token"]}


@pytest.fixture
def player(client: TestClient) -> dict[str, str]:
    """The headers of a new player."""
    return new_player(client)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server on a fresh SQLite file for this module."""
    database = tmp_path_factory.mktemp("web") / "golf.sqlite3"
    with live_server(f"sqlite:///{database}") as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def watched_page(context: BrowserContext) -> Iterator[Page]:
    """A page of ``context`` that fails the test on any script error; the context is closed
    after."""
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, errors


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    """A page in a fresh context (its own local storage, so its own player), English."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 860}, locale="en-US", base_url=server
    )
    yield from watched_page(context)


@pytest.fixture
def phone(browser: Browser, server: str) -> Iterator[Page]:
    """A phone in portrait (390×844, touch) in a fresh context, British English."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
        base_url=server,
    )
    yield from watched_page(context)
