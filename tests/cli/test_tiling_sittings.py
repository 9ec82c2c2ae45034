"""``evalgame tiling --dfpn-mb M``: df-pn in sittings from the command line, in the proof store.

Answers against the naive game's values on boards with holes (another program: no bitsets,
no kernel), a question cut into sittings in two processes, parts and questions after moves
sharing one store, the first moves' states and a trim searching nothing, sampled lines
recorded, a stop that says where the numbers are, and bad input refused before any work.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from evalgame.cli import app
from evalgame.games.matching import native
from evalgame.games.matching.sittings import question_text, saved_questions
from evalgame.games.tiling.board import Board
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import SerialPool, prove
from evalgame.search.protocol import Player
from tests.games.matching.naive_matching import game_value, grid_edges, induced, random_boards

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

runner = CliRunner()


def run(*arguments: str, status: int = 0) -> dict[str, Any]:
    """``evalgame tiling ... --json``'s object, its exit status checked."""
    done = runner.invoke(app, ["tiling", *arguments, "--json"])
    assert done.exit_code == status, done.output
    said: dict[str, Any] = json.loads(done.stdout)
    return said


def naive(board: Board, max_to_move: bool) -> int:
    """The value by the naive reference: every line of play over the free cells."""
    free = [v for v in range(board.n) if board.start >> v & 1]
    return game_value(induced(grid_edges(board.rows, board.cols), free), max_to_move)


def test_values_and_answers_are_the_naive_games_on_boards_with_holes(tmp_path: Path) -> None:
    rng = random.Random(3)
    for index, board in enumerate(random_boards(seed=41, count=3, most_free=12)):
        first = rng.choice(("max", "min"))
        value = naive(board, first == "max")
        store = str(tmp_path / f"{index}.sqlite")
        asked = ["--board", board.drawing(), "--first", first, "--dfpn-mb", "1", "--store", store,
                 "--table-mb", "1"]  # fmt: skip
        assert run(*asked)["value"] == str(value), board.drawing()
        (question,) = run(*asked, "--ask", str(value + 1))["questions"]
        assert question["answer"] is False


def test_a_question_goes_on_in_another_process(tmp_path: Path) -> None:
    """5×5 MIN first "≥ 11?" (it holds): this process stops after a sitting of 200 nodes,
    saying where its numbers are; another process goes on from them and answers."""
    store = tmp_path / "5x5.sqlite"
    asked = ["tiling", "5", "5", "--first", "min", "--dfpn-mb", "1", "--ask", "11", "--every",
             "200", "--store", str(store)]  # fmt: skip
    first = runner.invoke(app, [*asked, "--saves", "1"])
    assert first.exit_code == 4, first.output
    said = " ".join(first.output.split())
    assert f"numbers are saved in {store}" in said
    assert "stopped: 1 save made (--saves)" in said
    second = subprocess.run([sys.executable, "-m", "evalgame", *asked, "--json"],
                            capture_output=True, text=True, check=False, timeout=120)  # fmt: skip
    assert second.returncode == 0, second.stderr
    (question,) = json.loads(second.stdout)["questions"]
    assert question["answer"] is True
    assert question["sittings"] >= 2
    assert question["nodes"] >= 200


def test_parts_and_questions_after_moves_share_the_store(tmp_path: Path) -> None:
    """5×5 MIN first is 11: part 1 of 1 answers every first move as a question of its own;
    the question asked whole then concludes in a node; a question after a move is the
    part's own row, answered; ``--moves`` shows each first move holding; a trim keeps it."""
    store = str(tmp_path / "5x5.sqlite")
    asked = ["5", "5", "--first", "min", "--dfpn-mb", "1", "--store", store, "--ask", "11"]
    part = run(*asked, "--part", "1/1")
    assert (part["first_moves"], part["answered"], part["decides"]) == (6, 6, None)
    (whole,) = run(*asked)["questions"]
    assert whole["answer"] is True
    after = run(*asked[:-1], "10", "--after", "(4,3)-(4,4)")  # a copy of (0,0)-(0,1)
    assert after["questions"][0]["answer"] is True
    board = Board(5, 5)
    rows = {question_text(q.free, q.max_to_move, q.gamma) for q in saved_questions(Path(store))}
    assert question_text(board.full & ~0b11, True, 10) in rows
    moves = run(*asked, "--moves")["moves"]
    assert len(moves) == 6
    assert {move["reaches"] for move in moves} == {True}
    assert run(*asked, "--trim", "5")["trimmed_bytes"] <= 16 + 24 * (5 + 1 + len(board.edges))
    other = tmp_path / "other.sqlite"  # a store of another machine takes them in
    merged = runner.invoke(app, ["proofs", str(other), "--merge", store, "--json"])
    assert merged.exit_code == 0, merged.output
    assert saved_questions(other) == saved_questions(Path(store))


def test_an_answer_confirmed_by_lines_is_recorded(tmp_path: Path) -> None:
    results = tmp_path / "results.json"
    results.write_text("{}")
    said = run("4", "4", "--dfpn-mb", "1", "--ask", "7", "--lines", "2", "--cells", "8",
               "--record", str(results), "--store", str(tmp_path / "s"))  # fmt: skip
    assert said["questions"][0]["lines"]["failures"] == 0
    (proof,) = json.loads(results.read_text())["kernel_proofs"]
    assert (proof["proof"], proof["lines"], proof["cells"]) == ("value ≥ 7", 2, 8)
    assert proof["provenance"]["options"]["dfpn_mb"] == 1


def test_a_stop_says_what_it_proved_and_where_the_numbers_are(tmp_path: Path) -> None:
    store = tmp_path / "7x7.sqlite"
    asked = ["7", "7", "--dfpn-mb", "8", "--ask", "22", "--table-mb", "1"]
    stopped = runner.invoke(app, ["tiling", *asked, "--until", "1s", "--store", str(store)])
    assert stopped.exit_code == 4
    said = " ".join(stopped.output.split())
    assert "stopped: stopped at the --until 1s" in said
    assert "proven bounds on the value" in said
    assert f"numbers are saved in {store}: run again to go on" in said
    (saved,) = saved_questions(store)
    assert (saved.gamma, saved.answer, saved.sittings) == (22, None, 1)


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--until", "1h"], "--until go with df-pn in sittings: give --dfpn-mb M"),
        (["--dfpn-mb", "1", "--moves"], "--moves go with a question: give --ask G"),
        (["--dfpn-mb", "1", "--ask", "7", "--part", "3/2"], "K is a part from 1 to N"),
        (["--dfpn-mb", "1", "--ask", "7", "--part", "one"], "--part takes K/N"),
        (["--dfpn-mb", "1", "--ask", "7", "--after", "(0,0)-(1,1)"], "not a domino on free"),
        (["--dfpn-mb", "1", "--ask", "seven"], "a whole number of dominoes"),
        (["--dfpn-mb", "1", "--until", "25:00"], "--until 25:00"),
        (["--dfpn-mb", "1", "--workers", "2"], "no --workers"),
        (["--dfpn-mb", "1", "--engine", "python"], "the C kernel's df-pn"),
        (["--dfpn-mb", "1", "--ask", "7", "--part", "1/2", "--lines", "2"], "a part proves no"),
        (["--dfpn-mb", "1", "--record", "missing.json", "--lines", "1"], "--record needs a JSON"),
        (["--dfpn-mb", "1", "--ask", "7", "--moves"], "holds no numbers"),
        (["--import", "notes.txt"], "nothing to import"),
        (["--dfpn-mb", "1", "--kernel-options", "etc,foo"], "no option 'foo'"),
        (["--import", "notes.txt", "--ask", "7"], "--import FILE copies a numbers file"),
        (["--dfpn-mb", "1", "--tame-cells", "18"], "leaf rules: give --certificate FILE"),
    ],
)
def test_bad_input_is_refused_with_an_error(
    arguments: list[str], said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("notes.txt").write_text("not a database\n" * 40)
    done = runner.invoke(app, ["tiling", "4", "4", "--store", "s.sqlite", *arguments])
    assert done.exit_code == 2, done.output
    assert said in " ".join(done.output.split())
    assert "Traceback" not in done.output


def test_the_proof_manager_reads_dfpns_answers_from_the_store(tmp_path: Path) -> None:
    """5×5 MIN first is 11: part 1 of 1 of "≥ 11?" writes each first move's answer as a
    fact of its child's key class; the proof manager, on the same store, proves the value
    from them, answering subproblems from the store: the keys and coordinates agree (an
    offset wrong by a domino would prove another value, or stop at a contradiction)."""
    store = tmp_path / "5x5.sqlite"
    asked = ["5", "5", "--first", "min", "--dfpn-mb", "1", "--store", str(store), "--ask", "11"]
    assert run(*asked, "--part", "1/1")["answered"] == 6
    proof = prove(TilingProblem(5, 5, Player.MIN), SerialPool(), store=store)
    alpha_beta = native.NativeSolver(Board(5, 5), table_mb=1)
    assert proof.value == 11 == alpha_beta.value(Board(5, 5).full, False)
    assert proof.tally.from_store > 0


def test_dfpn_starts_from_what_the_proof_manager_proved(tmp_path: Path) -> None:
    """The other way: 4×5 MAX first (9) proved by the proof manager; the value by df-pn on
    its store asks no question, the facts deciding it."""
    store = tmp_path / "4x5.sqlite"
    assert prove(TilingProblem(4, 5), SerialPool(), store=store).value == 9
    said = run("4", "5", "--dfpn-mb", "1", "--store", str(store))
    assert (said["value"], said["questions"]) == ("9", [])
