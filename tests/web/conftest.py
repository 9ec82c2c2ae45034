"""A test client for the web app (the app keeps no state between requests)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from evalgame.web import create_app


@pytest.fixture(scope="session")
def client() -> TestClient:
    return TestClient(create_app())
