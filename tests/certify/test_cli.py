"""``evalgame verify``: exit statuses, the report for a person and as JSON (against its
schema), clear errors, Ctrl-C, and the parallel check on Dask workers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import evalgame.cli.verify
from evalgame.certify import verify, verify_lines
from evalgame.cli import app
from tests.certify.maker import Maker, write
from tests.cli.test_json_schemas import assert_valid

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "3x4.cert.gz"


def run(*arguments: str) -> Any:
    return CliRunner().invoke(app, ["verify", *arguments])


def test_a_valid_certificate() -> None:
    result = run(str(EXAMPLE))
    assert result.exit_code == 0, result.output
    said = " ".join(result.stdout.split())
    assert "valid: it proves value ≥ 5 on the board ..../..../...., MAX to move" in said
    assert "11 prover positions and 1 opponent position verified" in said
    data = json.loads(run(str(EXAMPLE), "--json").stdout)
    assert data["valid"] is True
    assert data["failed"] is None
    assert data["counts"]["entries"] == 34


def test_an_invalid_certificate(tmp_path: Path) -> None:
    path = write(tmp_path / "false.cert.gz", Maker(".../.../...").certificate("max", "at_least", 5))
    result = run(str(path))
    assert result.exit_code == 1
    said = result.stdout
    assert "invalid: it does not prove value ≥ 5" in " ".join(said.split())
    assert "the first position that failed" in said
    data = json.loads(run(str(path), "--json").stdout)
    assert data["valid"] is False
    assert data["failed"]["reason"].startswith("the claim value ≥")
    assert len(data["failed"]["drawing"]) == 3
    assert_valid("verify", data)


def test_a_repeated_entry_follows_the_schema(tmp_path: Path) -> None:
    lines = Maker("....").certificate()
    path = write(tmp_path / "twice.cert.gz", [*lines, lines[1].replace('"f"', '"0f"')])
    result = run(str(path), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["failed"]["moves"] is None
    assert_valid("verify", data)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        (b"not gzip", "is not a gzip file"),
        ("gzip", 'line 1: "bound" must be an integer'),
    ],
)
def test_errors_without_traceback(
    tmp_path: Path, content: bytes | str | None, message: str
) -> None:
    path = tmp_path / "bad.cert.gz"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content == "gzip":
        lines = Maker("....").certificate()
        write(path, [lines[0].replace('"bound": 2', '"bound": "2"'), *lines[1:]])
    result = run(str(path))
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output


def test_ctrl_c_decides_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(evalgame.cli.verify, "verify", interrupted)
    result = run(str(EXAMPLE))
    assert result.exit_code == 4
    assert "interrupted by Ctrl-C: nothing was decided" in " ".join(result.stderr.split())
    result = run(str(EXAMPLE), "--json")
    assert result.exit_code == 4
    stopped = json.loads(result.stdout)
    assert stopped["status"] == "stopped"
    assert_valid("verify", stopped)


def test_workers_and_scheduler_are_not_both() -> None:
    result = run(str(EXAMPLE), "--workers", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert result.exit_code == 2


def test_an_unreachable_scheduler_is_not_an_invalid_certificate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("evalgame.proofs.cluster.CONNECT_SECONDS", 0.5)
    result = run(str(EXAMPLE), "--scheduler", "tcp://127.0.0.1:9")
    assert result.exit_code == 5
    assert "cannot reach the Dask scheduler" in " ".join(result.stderr.split())


@pytest.fixture(scope="module")
def client() -> Any:
    """An in-process Dask cluster (threads): the tasks are those of a real one."""
    from distributed import Client

    with Client(
        processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None
    ) as local:
        yield local


def test_parallel_checks_agree(client: Any, tmp_path: Path) -> None:
    maker = Maker("..../..../....")
    for to_move in ("max", "min"):
        good = maker.certificate(to_move, "at_least", symmetry=False, small=4, tame=4)
        serial, parallel = verify_lines(good), verify_lines(good, client=client)
        assert serial.valid
        assert parallel.valid
        assert parallel.counts.prover >= serial.counts.prover
        value = maker.value(maker.free, to_move == "max")
        bad = maker.certificate(to_move, "at_least", value + 1, symmetry=False)
        report = verify_lines(bad, client=client)
        assert not report.valid
        assert report.failure is not None
        assert report.failure.moves
    progress: list[tuple[str, int, int | None]] = []
    path = write(tmp_path / "3x4.cert.gz", maker.certificate("max", "at_least", symmetry=False))
    assert verify(path, client=client, progress=lambda *step: progress.append(step)).valid
    assert progress[0][0] == "reading"
    assert progress[-1][0] == "verifying"


@pytest.mark.slow
def test_workers_on_a_local_cluster() -> None:
    result = run(str(EXAMPLE), "--workers", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["valid"] is True


def test_several_certificates_and_their_record(tmp_path: Path) -> None:
    """Several files: each verdict shown, the worst status, and each kept in --record
    with the file's hash and the checker's code version."""
    false = write(
        tmp_path / "false.cert.gz", Maker(".../.../...").certificate("max", "at_least", 5)
    )
    record = tmp_path / "verified.json"
    result = run(str(EXAMPLE), str(false), "--record", str(record))
    assert result.exit_code == 1
    said = " ".join(result.stdout.split())  # a long path may wrap anywhere: not checked
    assert "valid: it proves value ≥ 5" in said
    assert "invalid: it does not prove value ≥ 5" in said
    kept = json.loads(record.read_text())
    assert set(kept) == {"3x4.cert.gz", "false.cert.gz"}
    assert kept["3x4.cert.gz"]["valid"] is True
    assert kept["false.cert.gz"]["valid"] is False
    assert len(kept["3x4.cert.gz"]["sha256"]) == 64
    assert kept["3x4.cert.gz"]["checker"].startswith("evalgame ")
    data = json.loads(run(str(EXAMPLE), str(EXAMPLE), "--json").stdout)
    assert data["valid"] is True
    assert [answer["file"] for answer in data["certificates"]] == [str(EXAMPLE)] * 2
    assert_valid("verify", data)


def test_a_format_2_certificate_from_the_command_line(tmp_path: Path) -> None:
    """`evalgame tiling … --certificate-format 2` writes cuts; `evalgame verify` counts them."""
    path = tmp_path / "5x5.cert.gz"
    written = CliRunner().invoke(
        app,
        [
            "tiling",
            "5",
            "5",
            "--ask",
            "12",
            "--certificate",
            str(path),
            "--certificate-format",
            "2",
            "--tame-cells",
            "12",
        ],
    )
    assert written.exit_code == 0, written.output
    result = run(str(path))
    assert result.exit_code == 0, result.output
    assert "by a cut (format 2)" in " ".join(result.stdout.split())
    data = json.loads(run(str(path), "--json").stdout)
    assert data["version"] == 2
    assert data["counts"]["cut"] > 0
    assert_valid("verify", data)
    refused = CliRunner().invoke(app, ["tiling", "5", "5", "--certificate-format", "2"])
    assert refused.exit_code == 2
    assert "give --certificate FILE" in refused.output
