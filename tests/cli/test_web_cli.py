"""``evalgame serve``: runs the app with uvicorn on the address given; bad ports refused."""

from __future__ import annotations

from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from typer.testing import CliRunner

from evalgame.cli import app

runner = CliRunner()


def test_serve_runs_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda served, **options: calls.append((served, options)))
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert "http://0.0.0.0:8123/" in result.output
    ((served, options),) = calls
    assert isinstance(served, FastAPI)
    assert options["host"] == "0.0.0.0"
    assert options["port"] == 8123


@pytest.mark.parametrize("port", ["0", "70000", "-1"])
def test_bad_ports(port: str) -> None:
    result = runner.invoke(app, ["serve", "--port", port])
    assert result.exit_code == 2
    assert "--port must be between 1 and 65535" in result.output
