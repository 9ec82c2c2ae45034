"""The e-Valuate commands: solve, info, fair, paper, demo, play — output and bad input."""

from __future__ import annotations

import importlib
import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from evalgame.analysis import fairness as fairness_module
from evalgame.cli import app, shared
from evalgame.errors import SearchInterrupted
from evalgame.games.evaluate import about as about_module
from evalgame.games.evaluate.solve import solve
from evalgame.search.budget import Budget

runner = CliRunner()
solve_module = importlib.import_module("evalgame.games.evaluate.solve")


def run(*args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result.output


def test_solve_json_contract() -> None:
    data = json.loads(run("solve", "x/y + 2*y/z - z/x", "--json"))
    assert set(data) >= {"expression", "variables", "domain", "value", "pv", "algorithm",
                         "stats", "seconds"}  # fmt: skip
    assert data["value"] == "16/3"
    assert data["variables"] == ["x", "y", "z"]
    assert data["domain"] == [str(d) for d in range(10)]
    assert all(set(step) == {"value", "variable"} for step in data["pv"])
    assert isinstance(data["stats"]["nodes"], int)


@pytest.mark.parametrize("algorithm", ["paper", "alphabeta", "minimax", "vectorized", "mtdf"])
def test_solve_each_algorithm(algorithm: str) -> None:
    data = json.loads(run("solve", "(10-X)*Y", "-a", algorithm, "--json"))
    assert data["value"] == "45"
    assert data["algorithm"] == algorithm


def test_solve_human_output_and_domains() -> None:
    out = run("solve", "(a+b)/c + (d+e)/f")
    assert "38/5 = 7.6" in out
    assert "line" in out
    data = json.loads(run("solve", "x*y - z", "--domain", "-1/2,0,1/2", "--json"))
    assert data["domain"] == ["-1/2", "0", "1/2"]
    assert json.loads(run("solve", "x/(y-y)", "--json"))["value"] is None
    assert "no minimax value" in run("solve", "x/(y-y)")


def test_malformed_expression_points_at_the_character() -> None:
    result = runner.invoke(app, ["solve", "x + * y"])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    caret = next(line for line in lines if line.strip() == "^")
    assert caret.index("^") - 2 == 4
    assert "x + * y" in result.output


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["solve", "x", "--domain", "1,1"], 2, "twice"),
        (["solve", "x", "--domain", "5..1"], 2, "empty"),
        (["solve", "x", "-a", "magic"], 2, "unknown algorithm"),
        (["solve", "+".join(f"x{i}" for i in range(30))], 3, "--max-variables"),
        (["solve", "a*b - c*d + e*f - g*h", "--max-nodes", "500"], 4, "--max-nodes"),
        (["solve", "a*b - c*d + e*f - g*h", "--timeout", "0.001"], 4, "--timeout"),
        (["solve", "x", "--first", "both"], 2, "--first"),
        (["fair", "+".join(f"x{i}" for i in range(9))], 3, "positions"),
    ],
)
def test_bad_input_and_limits(args: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_timeout_reports_proven_bounds() -> None:
    # 12 variables: about two CPU minutes (BENCHMARKS.md), far beyond 0.3 s on any machine
    # (8 variables took under a second, too close to the limit)
    result = runner.invoke(app, ["solve", "a*b - c*d + e*f - g*h + i*j - k*l", "-a", "mtdf",
                                 "--timeout", "0.3"])  # fmt: skip
    assert result.exit_code == 4
    assert "proven bounds" in result.output


def test_timeout_with_json_prints_the_stop_as_the_api_does() -> None:
    result = runner.invoke(app, ["solve", "a*b - c*d + e*f - g*h", "-a", "mtdf", "--max-nodes",
                                 "500", "--json"])  # fmt: skip
    assert result.exit_code == 4
    data = json.loads(result.stdout)
    assert set(data) == {"expression", "status", "reason", "lower", "upper", "stats"}
    assert data["status"] == "stopped"
    assert Fraction(data["lower"]) <= Fraction(data["upper"])
    assert data["stats"]["nodes"] > 500


def test_time_budget_covers_parsing() -> None:
    constant = "+".join(f"(1/{p})^4096" for p in (3, 5, 7, 11, 13, 17, 19, 23)) + "+x"
    with pytest.raises(SearchInterrupted, match="while parsing"):
        solve(constant, budget=Budget(seconds=0))


@pytest.mark.parametrize("command", ["solve", "info", "fair"])
def test_ctrl_c_while_parsing_gives_the_usual_message(
    monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    def interrupted(text: str, **options: object) -> None:
        raise KeyboardInterrupt

    for module in (about_module, solve_module, fairness_module):
        monkeypatch.setattr(module, "parse", interrupted)
    result = runner.invoke(app, [command, "x*y"])
    assert result.exit_code == 4, result.output
    assert "interrupted by Ctrl-C" in result.output


def test_info_refuses_numbers_over_the_size_limit() -> None:
    # its bounds on E would compute with these numbers (once, for minutes)
    run("info", "x + " + "*".join(["(1/3)^4096"] * 20), code=3)


def test_info() -> None:
    out = run("info", "X*(Y-Z)")
    assert "12,941 nodes" in out
    assert "X Y Z - *" in out


def test_fair() -> None:
    data = json.loads(run("fair", "(10-X)*Y", "--json"))
    assert data["random"] == {"max_wins": "9/50", "min_wins": "4/5", "draw": "1/50",
                              "undefined": "0"}  # fmt: skip
    assert "MIN can never lose" in run("fair", "a*b+c")


def test_paper_json_small_budget() -> None:
    data = json.loads(run("paper", "--json", "--max-nodes", "20000", "--algorithms",
                          "residual,alphabeta"))  # fmt: skip
    runs = {(r["expression"], r["algorithm"], r["printed_order"]): r for r in data["runs"]}
    assert runs[("x/y + 2*y/z - z/x", "alphabeta", False)]["paper_count"] == 4515
    # the paper's method with the digit order the paper printed: "paper", not a label
    assert runs[("x/y + 2*y/z - z/x", "paper", True)]["order"] is not None
    assert runs[("(a+b)/c + (d+e)/f", "residual", False)]["value"] == "38/5"
    assert "ten times" in data["explanation"]


def test_demo() -> None:
    out = run("demo")
    assert "18" in out
    assert "38/5" in out


def test_play_engine_games() -> None:
    data = json.loads(run("play", "X*(Y-Z)", "--max", "optimal", "--min", "optimal", "--json"))
    assert data["final"] == data["value"] == "18"
    assert data["winner"] is None  # a draw
    assert len(data["moves"]) == 3
    switched = json.loads(run("play", "X*(Y-Z)", "--max", "optimal", "--min", "random",
                              "--switch", "--seed", "1", "--json"))  # fmt: skip
    assert len(switched["games"]) == 2
    assert switched["winner"] in ("A", "B", None)


def test_the_role_switch_says_who_is_max_in_each_game() -> None:
    out = runner.invoke(
        app, ["play", "X*(Y-Z)", "--switch", "--max", "human", "--min", "optimal"],
        input="6\n7\n9\n" + "q\n",
    ).output  # fmt: skip
    out = " ".join(out.split())  # as the terminal's width wrapped it
    assert "game 1 of 2: A (you) is MAX, B (optimal) is MIN" in out
    assert "game 2 of 2: B (optimal) is MAX, A (you) is MIN" in out


def test_a_long_tree_search_warns_before_it_starts() -> None:
    result = runner.invoke(
        app, ["solve", "(a+b)/c + (d+e)/f", "-a", "paper", "--max-nodes", "1000"]
    )
    assert "paper searches a game tree of 1,552,953,671 nodes" in result.output
    quick = runner.invoke(app, ["solve", "(a+b)/c + (d+e)/f", "--max-nodes", "1000"])
    assert "searches a game tree" not in quick.output  # the default algorithm: no warning


def test_the_paper_table_names_its_two_counts_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    arguments = ["paper", "--algorithms", "alphabeta,mtdf", "--max-nodes", "3000"]
    monkeypatch.setattr(shared.console, "width", 200)  # a wide terminal: the names in one line
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0, result.output
    assert "nodes it visited" in result.output
    assert "pruned, the paper's way" in result.output
    assert "searches, some of millions of nodes" in result.output  # said before it starts
    monkeypatch.setattr(shared.console, "width", 80)
    narrow = runner.invoke(app, arguments).output
    assert max(map(len, narrow.splitlines())) <= 80  # a terminal's usual width: nothing cut
    assert "│ 6→Y, 4→Z, 9→X" in narrow  # the line, read whole beside the counts


def test_play_as_a_person_with_hint_bad_input_and_undo() -> None:
    typed = ["?", "11", "6", "u", "6", "9", "9", "q"]
    result = runner.invoke(app, ["play", "X*(Y-Z)", "--max", "human"], input="\n".join(typed))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "6 → 18   ← best" in out  # the hint: proposing 6 keeps the value 18
    assert "5 → 15\n" in out  # and 5 does not
    assert "'11' is not a legal move" in out
    assert "move taken back" in out
    assert "played line   6→Y, 9→Z, 9→X  val(E) = -27" in out
    assert "MIN wins" in out


def test_play_refuses_moves_without_a_valid_result() -> None:
    typed = ["1", "x", "0", "q"]  # x/y: once 1→x, proposing 0 for y can only divide by 0
    args = ["play", "x/y", "--max", "human", "--min", "human"]
    result = runner.invoke(app, args, input="\n".join(typed))
    assert result.exit_code == 0, result.output
    assert "0 leads only to positions without a valid result" in result.output
    assert "game abandoned" in result.output
