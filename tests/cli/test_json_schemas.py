"""Every ``--json`` answer against its command's JSON Schema in ``docs/schemas/`` and the
words of the vocabulary (``evalgame.vocabulary``, docs/json.md).

Each command that has ``--json`` has a schema, and each of its kinds of answer (solved,
stopped by its budget, a table, a parallel proof) is produced here and validated; the
schemas forbid unknown keys, so a key renamed in one command shows up. Each answer is also
walked key by key: a word (an algorithm, a side, a play convention, an outcome) must be
one of its key's words, an exact value a string of an exact number, and any other string
must be under a key the vocabulary knows as free text — so a new spelling or a new word
list cannot slip in undocumented. The schemas' own word lists and the table of words in
docs/json.md are held to the same list. The web API's solve answers with the object of
``evalgame solve``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from typer.testing import CliRunner

import evalgame.proofs
from evalgame.cli import app
from evalgame.proofs import Problem, ProofResult, ProofStore, SerialPool
from evalgame.vocabulary import WORDS, unknown_words
from evalgame.web import create_app

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schemas"
VOCABULARY = Path(__file__).resolve().parents[2] / "docs" / "json.md"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: the schema every command's schema refers to
SHARED = "words.json"

#: command → argument lists, one for each kind of answer (fast ones: the proofs are below)
CASES: dict[str, list[list[str]]] = {
    "solve": [
        ["X*(Y-Z)"],
        ["x/y + 2*y/z - z/x", "-a", "paper"],  # with value_order
        ["x/(y-y)"],  # no value
        ["(a+b)/c + (d+e)/f", "--max-nodes", "50"],  # stopped
    ],
    "info": [["X*(Y-Z)"], ["x/(y-y)"], ["x/y", "--domain", "1..3"], ["7"]],
    "fair": [["(10-X)*Y"], ["a*b + c"]],
    "paper": [["--max-nodes", "2000", "--algorithms", "residual"]],
    "tree": [["X+1", "--domain", "0..1"]],
    "classic": [
        ["tictactoe"],
        ["takeaway:12"],
        ["pig:2:2:2"],  # dice: expectiminimax, "max_favoured"
        ["connect4", "--timeout", "0.01"],  # iterative deepening
    ],
    "dag": [[str(EXAMPLES / "game.json")]],
    "grundy": [["kayles", "8"]],
    "nim": [["3", "4", "5"], ["1", "1", "--misere"]],
    "play": [
        ["tictactoe", "--max", "optimal", "--min", "optimal"],
        ["tictactoe", "--max", "depth", "--min", "optimal", "--seconds", "30"],
        ["X*(Y-Z)", "--max", "optimal", "--min", "random"],
        ["X*(Y-Z)", "--switch", "--max", "optimal", "--min", "random"],
    ],
    "graph": [
        ["friendship:3", "--color", "V", "--share", "E", "--colors", "2"],
        ["cycle:6", "--color", "V", "--share", "E", "--table"],
        ["cycle:4..5", "--color", "V", "--share", "E", "--table"],
        ["cycle:24", "-k", "4", "--timeout", "0.001"],  # stopped
    ],
    "tiling": [
        ["3", "4", "--first", "min"],
        ["3", "4", "--min-maximal"],
        ["--table", "2", "3"],
        ["--table", "7", "7", "--timeout", "0.05"],  # a table stopped part way
        ["7", "7", "--timeout", "0.1"],  # stopped
        ["--tame", "8"],
        ["--tame", "12", "--timeout", "0.5"],  # a census stopped part way
    ],
    # a valid certificate (invalid ones exit with status 1: tests/certify/test_cli.py)
    "verify": [[str(EXAMPLES / "3x4.cert.gz")], [str(EXAMPLES / "3x4.cert.gz")] * 2],
}


@pytest.fixture
def in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parallel proofs run their tasks in this process (no cluster to start: the answers
    and the store are the same; tests/proofs start real ones)."""
    prove = evalgame.proofs.prove

    def serial(problem: Problem, **options: Any) -> ProofResult:
        return prove(problem, SerialPool(), **options)

    monkeypatch.setattr(evalgame.proofs, "prove", serial)


def validator(command: str) -> Draft202012Validator:
    """The validator of ``command``'s schema, the shared words resolved."""
    resources = [
        (path.name, Resource.from_contents(json.loads(path.read_text())))
        for path in SCHEMAS.glob("*.json")
    ]
    registry: Registry[Any] = Registry().with_resources(resources)
    schema = json.loads((SCHEMAS / f"{command}.json").read_text())
    return Draft202012Validator(schema, registry=registry)


def answer(*arguments: str) -> Any:
    """The JSON object a command prints (it finished, or stopped: exit status 4)."""
    result = CliRunner().invoke(app, [*arguments, "--json"])
    assert result.exit_code in (0, 4), result.output
    return json.loads(result.stdout)


def assert_valid(command: str, data: Any) -> None:
    errors = [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in validator(command).iter_errors(data)
    ]
    assert not errors, (data, errors)


def test_every_command_with_json_has_a_schema_and_cases() -> None:
    group = typer.main.get_command(app)
    assert hasattr(group, "commands")
    with_json = {
        name
        for name, command in group.commands.items()
        if any("--json" in getattr(param, "opts", ()) for param in command.params)
    }
    schemas = {path.stem for path in SCHEMAS.glob("*.json")} - {SHARED.removesuffix(".json")}
    assert with_json == schemas == set(CASES) | {"proofs"}
    assert "info" in with_json


@pytest.mark.parametrize("path", sorted(SCHEMAS.glob("*.json")), ids=lambda path: path.name)
def test_schemas_are_valid_schemas(path: Path) -> None:
    schema = json.loads(path.read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == path.name


@pytest.mark.parametrize(
    ("command", "arguments"),
    [(command, arguments) for command, cases in CASES.items() for arguments in cases],
    ids=lambda value: value if isinstance(value, str) else " ".join(value),
)
def test_answers_follow_their_schema_and_the_words(command: str, arguments: list[str]) -> None:
    data = answer(command, *arguments)
    assert_valid(command, data)
    assert_words(data)


@pytest.mark.parametrize(
    "arguments",
    [
        ["4", "4"],  # both bounds of the value
        ["--board", "..#./....", "--ask", "4"],  # the bound one question proves
        ["7", "7", "--timeout", "0.1"],  # stopped
    ],
    ids=" ".join,
)
def test_certificates_written_follow_the_schema(arguments: list[str], tmp_path: Path) -> None:
    data = answer("tiling", *arguments, "--certificate", str(tmp_path / "c.cert.gz"))
    assert_valid("tiling", data)
    assert_words(data)


def assert_words(data: Any) -> None:
    """Every word of ``data`` is one of its key's words, every exact value a number, every
    other string free text under a key the vocabulary knows."""
    assert not unknown_words(data), (data, unknown_words(data))


def test_the_words_of_the_old_dialect_are_refused() -> None:
    """What the commands said before one dialect: each spelling is caught."""
    old = {
        "algorithm": "matching MTD(f), C kernel",
        "outcome": "first player wins",
        "play": "misère",
        "first": "MAX",
    }
    assert [problem.split(":")[0] for problem in unknown_words(old)] == list(old)
    assert unknown_words({"gamma": 7}) == []  # an integer is no word: the schema refuses it
    assert list(validator("proofs").iter_errors({"numbers_file": "f", "questions": [{"gamma": 7}]}))


def documented_words() -> dict[str, tuple[str | None, ...]]:
    """The table "Words" of docs/json.md: each key and its words (``null``: None)."""
    text = VOCABULARY.read_text()
    section = text.split("## Words", 1)[1].split("\n## ", 1)[0]
    table: dict[str, tuple[str | None, ...]] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[0].startswith("`"):
            continue
        words = re.findall(r"`([^`]*)`", cells[1])
        for key in re.findall(r"`([^`]*)`", cells[0]):
            table[key] = tuple(None if word == "null" else word for word in words)
    return table


def test_the_documented_words_are_the_vocabulary() -> None:
    """docs/json.md's table of words is :data:`WORDS`; every word is ASCII, without spaces,
    lower-case but the graph game's kinds and the role-switch's players."""
    assert documented_words() == WORDS
    for key, words in WORDS.items():
        for word in words:
            assert word is None or (word.isascii() and " " not in word), (key, word)


def schema_words(node: Any, key: str | None, schemas: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(property, word) for every ``enum`` and ``const`` string of a schema, the property
    it constrains found through ``$ref``s, ``items`` and ``additionalProperties``."""
    if isinstance(node, list):
        for item in node:
            yield from schema_words(item, key, schemas)
        return
    if not isinstance(node, dict):
        return
    for word in [*node.get("enum", []), *([node["const"]] if "const" in node else [])]:
        if isinstance(word, str):
            yield str(key), word
    if "$ref" in node:
        file, _, pointer = str(node["$ref"]).partition("#")
        home = schemas[file] if file else schemas["."]  # where the reference's own refs go
        target = home
        for part in pointer.strip("/").split("/"):
            target = target[part] if part else target
        yield from schema_words(target, key, {**schemas, ".": home})
    for name, inner in node.get("properties", {}).items():
        yield from schema_words(inner, name, schemas)
    for part in ("items", "additionalProperties", "anyOf", "oneOf", "allOf"):
        if part in node:  # a definition ($defs) is checked where it is used
            yield from schema_words(node[part], key, schemas)


@pytest.mark.parametrize("path", sorted(SCHEMAS.glob("*.json")), ids=lambda path: path.name)
def test_the_schemas_words_are_the_vocabulary(path: Path) -> None:
    """Each word list of a schema is part of its key's words (the certificate's ``claim``
    too): a schema cannot promise a word the vocabulary lacks."""
    schemas = {other.name: json.loads(other.read_text()) for other in SCHEMAS.glob("*.json")}
    schemas["."] = schemas[path.name]
    found = list(schema_words(schemas[path.name], None, schemas))
    for key, word in found:
        assert key in WORDS, (path.name, key, word)
        assert word in WORDS[key], (path.name, key, word)


def test_every_algorithm_of_the_tables_of_solvers_has_its_word() -> None:
    """The algorithms an answer can name are the tables' names (``auto`` only picks one
    of them, and the answer names the one it picked) and iterative deepening."""
    from evalgame.games.evaluate.solvers import CHOICES, TREE
    from evalgame.games.matching.solvers import matching_solvers
    from evalgame.search.registry import SOLVERS

    names = {*SOLVERS, *CHOICES, *TREE, *matching_solvers("python")} - {"auto"}
    assert names | {"iterative-deepening"} == set(WORDS["algorithm"])


def test_the_schemas_can_fail() -> None:
    """The old words are refused: an integer value, an upper-case side, another key."""
    solved = answer("solve", "X*(Y-Z)")
    assert_valid("solve", solved)
    wrong: dict[str, Any]
    for wrong in ({"value": 18}, {"first": "MAX"}, {"principal_variation": []}):
        assert list(validator("solve").iter_errors({**solved, **wrong}))


def test_the_web_api_solves_with_the_same_object() -> None:
    client = TestClient(create_app())
    request = {"expression": "x/y + 2*y/z - z/x", "seconds": 10.0}
    solved = client.post("/api/evaluate/solve", json=request)
    assert solved.status_code == 200, solved.text
    assert solved.json()["status"] == "solved"
    assert_valid("solve", solved.json())
    # twelve variables take minutes: the budget stops the search with the bounds proven
    request = {"expression": "a*b - c*d + e*f - g*h + i*j - k*l", "seconds": 0.3}
    stopped = client.post("/api/evaluate/solve", json=request)
    assert stopped.status_code == 200, stopped.text
    assert stopped.json()["status"] == "stopped"
    assert_valid("solve", {"expression": request["expression"], **stopped.json()})
    assert_words(solved.json())
    assert_words(stopped.json())


@pytest.mark.parametrize("misere", [False, True])
def test_the_web_api_speaks_the_same_words(misere: bool) -> None:
    """The web API's impartial heaps (the page of evalgame nim) say misere as nim --json
    does, and first or second for the winner of a game without MAX."""
    client = TestClient(create_app())
    found = client.post("/api/impartial", json={"heaps": [1, 1], "misere": misere})
    assert found.status_code == 200, found.text
    assert_words(found.json())
    nim = answer("nim", "1", "1", *(["--misere"] if misere else []))
    assert (found.json()["play"], found.json()["winner"]) == (nim["play"], nim["winner"])


@pytest.mark.usefixtures("in_process")
def test_parallel_proofs_follow_their_schemas(tmp_path: Path) -> None:
    """A parallel proof of each command, one stopped, and the store they leave."""
    store = str(tmp_path / "proof.sqlite")
    proofs = {
        "solve": ["a*b - c", "--store", str(tmp_path / "e.sqlite")],
        "graph": ["cycle:5", "-A", "V", "-B", "E", "--ask", "2", "--store", str(tmp_path / "g")],
        "tiling": ["3", "4", "--ask", "5", "--store", store],
    }
    for command, arguments in proofs.items():
        proved = answer(command, *arguments)
        assert_valid(command, proved)
        assert_words(proved)
    stopped = answer("tiling", "5", "5", "--fresh", "--timeout", "1e-6")
    assert stopped["status"] == "stopped"
    assert stopped["resumed"] == 0
    assert_valid("tiling", stopped)
    assert_words(stopped)
    held = answer("proofs", store)
    assert_valid("proofs", held)
    assert_words(held)


def test_dfpn_in_sittings_and_its_store_follow_their_schemas(tmp_path: Path) -> None:
    """``evalgame tiling --dfpn-mb``: a value, a stop, the first moves; then ``evalgame
    proofs`` on its store (its numbers, a row a question) and on a numbers file of before."""
    from evalgame.games.matching import native

    if not native.available():
        pytest.skip("the C kernel is not built")
    store = str(tmp_path / "4x4.sqlite")
    asked = ["tiling", "4", "4", "--dfpn-mb", "1", "--store", store]
    for arguments in ([], ["--ask", "7", "--moves"], ["--ask", "7", "--trim", "10"]):
        said = answer(*asked, *arguments)
        assert_valid("tiling", said)
        assert_words(said)
    stopped = answer("tiling", "6", "6", "--dfpn-mb", "1", "--store", str(tmp_path / "6x6"),
                     "--timeout", "1e-6")  # fmt: skip
    assert stopped["status"] == "stopped"
    assert_valid("tiling", stopped)
    held = answer("proofs", store)
    assert_valid("proofs", held)
    assert_words(held)
    # in the order they were saved, which the ladder's turns decide: compared as a set
    assert {(q["gamma"], q["to_move"], q["answer"]) for q in held["numbers"]} == {
        ("7", "max", True), ("8", "max", False)  # an exact value: a string, as everywhere
    }  # fmt: skip
    assert {(q["board"], q["position"]) for q in held["numbers"]} == {
        ("..../..../..../....", "..../..../..../....")
    }
    old = answer("proofs", str(Path(__file__).resolve().parents[2] / "docs" / "proofs"
                                / "numbers" / "8x8-max.sqlite"))  # fmt: skip
    assert_valid("proofs", old)
    assert list(validator("proofs").iter_errors({**held, "problem": 3}))


@pytest.mark.usefixtures("in_process")
def test_a_proof_says_which_store_it_resumes_and_fresh_starts_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --store a proof resumes from the default store in the user's cache: it
    says so (on standard error, and in --json), and --fresh empties it first."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    runner = CliRunner()
    question = ["tiling", "3", "4", "--ask", "5"]
    first = answer(*question)
    assert Path(first["store"]).parent == tmp_path / "evalgame" / "proofs"
    assert (first["resumed"], first["lower"], first["questions"]) == (0, "5", ["value ≥ 5"])
    again = runner.invoke(app, question)
    assert again.exit_code == 0, again.output
    said = " ".join(again.stderr.split())
    assert f"proof store: {first['store']} (the default for this problem)" in said
    assert "resuming from its 1 proven subproblem (--fresh starts over)" in said
    assert answer(*question)["questions"] == []  # read from the store, not proven again
    fresh = runner.invoke(app, [*question, "--fresh"])
    assert "emptied by --fresh (1 proven subproblem dropped)" in " ".join(fresh.stderr.split())
    assert fresh.exit_code == 0, fresh.output
    again_fresh = answer(*question, "--fresh")
    assert (again_fresh["resumed"], again_fresh["questions"]) == (0, ["value ≥ 5"])


def test_fresh_empties_only_a_proof_store(tmp_path: Path) -> None:
    """--fresh with --store on a file that is no proof store refuses and keeps the file."""
    keep = tmp_path / "notes.sqlite"
    keep.write_text("not a store")
    result = CliRunner().invoke(app, ["tiling", "3", "4", "--store", str(keep), "--fresh"])
    assert result.exit_code == 2
    assert "not an evalgame proof store" in " ".join(result.output.split())
    assert keep.read_text() == "not a store"


@pytest.mark.usefixtures("in_process")
def test_a_proof_says_it_takes_up_checkpoints(tmp_path: Path) -> None:
    """A store holding the checkpoint of an open df-pn leaf: the proof says it resumes from
    it, and `evalgame proofs` counts it (also in --json)."""
    store = tmp_path / "3x4.sqlite"
    with ProofStore.open(store, "tiling 3×4, MAX first") as proof_store:
        proof_store.save_checkpoint("leaf", 6, False, b"numbers")
    said = CliRunner().invoke(app, ["tiling", "3", "4", "--ask", "5", "--store", str(store)])
    assert said.exit_code == 0, said.output
    assert "0 proven subproblems and 1 checkpoint of open leaves" in " ".join(said.stderr.split())
    assert answer("proofs", str(store))["checkpoints"] == {"leaves": 1, "bytes": 7}
