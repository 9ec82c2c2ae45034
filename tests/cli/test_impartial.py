from __future__ import annotations

import json
from functools import reduce
from operator import xor

import pytest
from typer.testing import CliRunner

from evalgame.cli import app

runner = CliRunner()


def run_json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert isinstance(data, dict)
    return data


def test_grundy_values() -> None:
    assert run_json("grundy", "grundy", "9")["values"] == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
    assert run_json("grundy", "subtraction:1,2,3", "5")["values"] == [0, 1, 2, 3, 0, 1]
    assert run_json("grundy", "nim", "3")["values"] == [0, 1, 2, 3]
    text = runner.invoke(app, ["grundy", "kayles", "12"]).output
    assert "Grundy values of kayles" in text
    assert "0:  0  1  2  3  1  4  3  2  1  4" in text


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["grundy", "chess", "5"], 2, "unknown game"),
        (["grundy", "subtraction:a", "5"], 2, "subtraction set"),
        (["grundy", "kayles", "--", "-1"], 2, "at least 0"),
        (["grundy", "kayles", "-1"], 2, "No such option"),
        (["grundy", "kayles", "100000"], 3, "over the limit"),
        (["grundy", "kayles", "x"], 2, "Invalid value"),
        (["nim", "--", "3", "-4"], 2, "at least 0"),
        (["nim", *["1"] * 13], 3, "number of heaps"),
    ],
)
def test_bad_input(args: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == code
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("heaps", [[3, 4, 5], [1, 2, 3], [7], [2, 2], [5, 9, 12, 1]])
def test_nim_normal_play_follows_xor(heaps: list[int]) -> None:
    data = run_json("nim", *map(str, heaps))
    value = reduce(xor, heaps, 0)
    assert data["grundy"] == value
    assert data["winner"] == ("first" if value else "second")
    move = data["move"]
    if value == 0:
        assert move is None
    else:
        assert isinstance(move, dict)
        after = list(heaps)
        assert after[move["heap"] - 1] == move["from"]
        after[move["heap"] - 1] = move["to"]
        assert move["to"] < move["from"]
        assert reduce(xor, after, 0) == 0


def test_misere_nim_by_boutons_rule() -> None:
    data = run_json("nim", "1", "1", "1", "--misere")
    assert data == {
        "heaps": [1, 1, 1],
        "play": "misere",  # ASCII, as the adapters' convention=misere
        "grundy": None,
        "winner": "second",
        "move": None,
    }
    data = run_json("nim", "1", "1", "--misere")
    assert data["winner"] == "first"
    assert data["move"] == {"heap": 1, "from": 1, "to": 0}
    data = run_json("nim", "1", "2", "--misere")  # take the 2 entirely, leaving one counter
    assert data["winner"] == "first"
    assert data["move"] == {"heap": 2, "from": 2, "to": 0}
    # no search: heaps far past any search's reach answer at once
    data = run_json("nim", *["1000000"] * 12, "--misere")
    assert data["winner"] == "second"  # twelve equal heaps: the xor is 0
    data = run_json("nim", "1000000", "30", "30", "--misere")
    assert data["move"] == {"heap": 1, "from": 1000000, "to": 0}
    text = runner.invoke(app, ["nim", "3", "4", "5"]).output
    assert "Grundy value 3 ⊕ 4 ⊕ 5 = 2" in text
    assert "winning move: heap 1 from 3 to 1" in text
