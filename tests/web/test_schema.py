"""The OpenAPI description is the truth: Schemathesis sends requests generated from it, valid
and invalid, to a real server, and every reply must be no 5xx, of a documented status, and
of the documented shape.

Bounded for CI: at most ``EXAMPLES`` requests an operation. The server-sent event routes
stream without end and are left out (tests/competitions covers them).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.web.live import live_server

EXAMPLES = 60
"""Requests an operation: about 30 operations, so the whole run stays near a minute."""
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture(scope="module")
def described_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A real server with rate limits off (so requests reach the routes), and a player."""
    database = tmp_path_factory.mktemp("schema") / "golf.sqlite3"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GOLF_COMPETITION_RATES", "off")
        with live_server(f"sqlite:///{database}") as base:
            token = httpx.post(f"{base}/api/players").json()["token"]
            yield base, token


@pytest.fixture
def api_schema(described_server: tuple[str, str]) -> Any:
    """The server's own OpenAPI description, as served."""
    return schemathesis.openapi.from_url(f"{described_server[0]}/openapi.json")


schema = schemathesis.pytest.from_fixture("api_schema").exclude(path_regex="/events$")


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_reply_matches_the_description(case: Any, described_server: tuple[str, str]) -> None:
    headers = {"X-Golf-Token": described_server[1]}
    case.call_and_validate(headers=headers, checks=CHECKS, timeout=30)
