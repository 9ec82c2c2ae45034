"""The page and its assets are served from the package; unknown paths are 404s."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient


def test_the_page_and_every_asset_it_names(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text)
    assert "/static/app.js" in assets
    assert "/static/style.css" in assets
    for asset in assets:
        assert client.get(asset).status_code == 200, asset
    script = client.get("/static/app.js").text
    for module in re.findall(r'from "\./([a-z]+\.js)"', script):
        answer = client.get(f"/static/{module}")
        assert answer.status_code == 200, module
        assert "javascript" in answer.headers["content-type"]


def test_health_and_unknown_paths(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"status": "ok", "pending": 0}
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/static/../pyproject.toml").status_code == 404
    assert client.get("/api/evaluate/play").status_code == 405


def test_large_answers_are_compressed(client: TestClient) -> None:
    answer = client.post(
        "/api/tree", json={"expression": "(10-X)*Y"}, headers={"Accept-Encoding": "gzip"}
    )
    assert answer.status_code == 200
    assert answer.headers.get("content-encoding") == "gzip"
