"""What keeps one client from exhausting the server: the bounded pool of workers, the
Host check, the body cap and the security headers; and the engines kept within bounds."""

from __future__ import annotations

import asyncio
import json
import os
import threading
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.types import Message
from typer.testing import CliRunner

from evalgame.cli import app as cli
from evalgame.errors import ExpressionError
from evalgame.play.engines import Engines
from evalgame.play.evaluate import game_state
from evalgame.search.budget import Budget
from evalgame.web import create_app
from evalgame.web.evaluate_api import _solve
from evalgame.web.guard import MAX_BODY
from evalgame.web.workers import Busy, Ticket, Workers

#: a solve that runs to the end of any budget the API allows
HEAVY = "a*b - c*d + e*f - g*h + i*j - k*l + m*n - o*p"


def test_a_full_pool_refuses_at_once_and_serves_again_once_freed() -> None:
    workers = Workers(size=1, queue=1, processes=False)
    release = threading.Event()

    async def scenario() -> list[object]:
        first = asyncio.ensure_future(workers.run(release.wait, 30))
        second = asyncio.ensure_future(workers.run(release.wait, 30))
        await asyncio.sleep(0)  # both are running or queued now
        assert workers.pending == 2
        with pytest.raises(Busy):
            await workers.run(len, "x")
        release.set()
        results: list[object] = list(await asyncio.gather(first, second))
        results.append(await workers.run(len, "xyz"))
        return results

    try:
        assert asyncio.run(scenario()) == [True, True, 3]
    finally:
        release.set()
        workers.close()


def test_worker_processes_send_back_answers_and_errors_whole() -> None:
    workers = Workers(size=1, queue=0)
    try:
        state = asyncio.run(workers.run(game_state, "X*(Y-Z)", "0..9", "max", ["9"]))
        assert state["moves"] == ["9", "Z"]
        with pytest.raises(ExpressionError) as error:
            asyncio.run(workers.run(game_state, "X*(Y-", "0..9", "max", []))
        assert error.value.position == 5  # the error came back from the process whole
        with pytest.raises(Busy, match="a worker stopped"):
            asyncio.run(workers.run(os._exit, 1))  # as if killed for lack of memory
        assert asyncio.run(workers.run(len, "xyz")) == 3  # and the next request is served
    finally:
        workers.close()


def test_a_client_that_goes_away_stops_its_search() -> None:
    app = create_app(Workers(size=1, queue=0, processes=False))
    body = json.dumps({"expression": HEAVY, "domain": "0..24", "seconds": 10}).encode()
    sent: list[Message] = []

    async def receive() -> Message:
        if not sent and app.state.workers.pending == 0:
            return {"type": "http.request", "body": body, "more_body": False}
        while app.state.workers.pending == 0:  # the search is under way, then the page
            await asyncio.sleep(0.01)  # aborts its request: the connection closes
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        sent.append(message)

    headers = [(b"host", b"testserver"), (b"content-type", b"application/json")]
    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": "/api/evaluate/solve", "raw_path": b"/api/evaluate/solve",
        "query_string": b"", "root_path": "", "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
        "headers": [*headers, (b"content-length", str(len(body)).encode())],
    }  # fmt: skip
    asyncio.run(app(scope, receive, send))
    answer = json.loads(b"".join(m.get("body", b"") for m in sent))
    assert answer["status"] == "stopped"
    assert answer["reason"] == "cancelled"  # not "time budget of 10 s exhausted"


def test_a_cancelled_ticket_stops_the_search_in_a_worker_process() -> None:
    workers = Workers(size=1, queue=0)
    budget = Budget(seconds=60)

    async def scenario() -> dict[str, object]:
        job = asyncio.ensure_future(workers.run(_solve, HEAVY, "0..24", "auto", budget))
        await asyncio.sleep(0)  # the job holds its ticket now
        assert isinstance(budget.cancelled, Ticket)
        budget.cancelled.cancel()
        return await job

    try:
        answer = asyncio.run(scenario())
    finally:
        workers.close()
    assert (answer["status"], answer["reason"]) == ("stopped", "cancelled")


def test_closing_the_pool_stops_a_search_still_running() -> None:
    workers = Workers(size=1, queue=0)
    budget = Budget(seconds=600)

    async def scenario() -> dict[str, object]:
        await workers.start()  # the worker process is up: the search starts at once
        job = asyncio.ensure_future(workers.run(_solve, HEAVY, "0..24", "auto", budget))
        await asyncio.sleep(0.5)  # under way in the worker process
        workers.close()  # as the server does when it stops
        return await asyncio.wait_for(job, 120)  # not the 600 s of its budget

    try:
        answer = asyncio.run(scenario())
    finally:
        workers.close()
    assert (answer["status"], answer["reason"]) == ("stopped", "cancelled")


@pytest.fixture
def busy() -> Iterator[TestClient]:
    with TestClient(create_app(Workers(size=0, queue=0, processes=False))) as client:
        yield client


def test_heavy_requests_get_503_with_retry_after_while_cheap_ones_are_served(
    busy: TestClient,
) -> None:
    answer = busy.post("/api/evaluate/play", json={"expression": "X*(Y-Z)"})
    assert answer.status_code == 503
    assert int(answer.headers["retry-after"]) > 0
    assert answer.json()["error"] == "Busy"
    assert busy.post("/api/tiling/play", json={"rows": 2, "cols": 2}).status_code == 503
    assert busy.get("/api/health").status_code == 200
    assert busy.post("/api/evaluate/check", json={"expression": "X*(Y-Z)"}).status_code == 200


def test_host_header_is_checked_when_asked() -> None:
    client = TestClient(create_app(allowed_hosts=("localhost",)))
    assert client.get("/api/health", headers={"host": "localhost:8000"}).status_code == 200
    assert client.get("/api/health", headers={"host": "192.168.1.5:8000"}).status_code == 200
    refused = client.get("/api/health", headers={"host": "rebound.example"})
    assert refused.status_code == 400
    assert refused.json()["error"] == "bad host"


def test_bodies_are_capped_even_without_a_length(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(MAX_BODY // 1000 + 2):
            yield b" " * 1000

    answer = client.post(
        "/api/evaluate/check", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 413
    assert "at most" in answer.json()["message"]


def test_every_answer_has_the_security_headers(client: TestClient) -> None:
    for answer in (client.get("/"), client.get("/api/health"), client.get("/api/nothing")):
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]


def test_serve_on_every_address_warns_and_checks_hosts(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    served: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: served.update(options, app=app))
    result = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "no authentication" in result.output
    assert served["limit_concurrency"]
    check = TestClient(served["app"])  # type: ignore[arg-type]
    assert check.get("/api/health", headers={"host": "rebound.example"}).status_code == 400
    quiet = CliRunner().invoke(cli, ["serve"])
    assert "no authentication" not in quiet.output


def test_engines_are_evicted_by_total_size() -> None:
    made: list[str] = []

    def make(key: str) -> list[int]:
        made.append(key)
        return [0] * int(key)

    engines: Engines[str, list[int]] = Engines(make, size=len, max_engines=3, max_size=10)
    engines.get("4")
    engines.get("5")
    assert list(engines.keys()) == ["4", "5"]
    engines.get("6")  # 4 + 5 + 6 > 10: the least recently used go first
    assert list(engines.keys()) == ["6"]
    engines.get("20")  # larger than the whole budget: used, not kept
    assert list(engines.keys()) == []
    engines.get("6")
    assert made == ["4", "5", "6", "20", "6"]


def test_whole_numbers_written_as_floats_are_integers(client: TestClient) -> None:
    board = {"rows": 2.0, "cols": 3, "moves": [[[0, 0.0], [0, 1]]], "seconds": 1}
    answer = client.post("/api/tiling/play", json=board)
    assert answer.status_code == 200, answer.text
    assert answer.json()["rows"] == 2
    for bad in (2.5, "2", True):
        assert client.post("/api/tiling/play", json={**board, "rows": bad}).status_code == 422
