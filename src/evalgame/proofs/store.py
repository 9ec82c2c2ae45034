"""The proof store: every proven subproblem of a long solve, in one SQLite file.

A *fact* says what a finished null-window test proved about one subproblem: a lower bound,
an upper bound, or that no leaf below is valid — with the question that was asked, the
nodes and CPU seconds it cost and the worker that found it. Facts are named by
:func:`~evalgame.proofs.keys.stable_key` and their bounds are kept in the coordinates of
the key class (see :meth:`~evalgame.search.protocol.Game.affine`), so a transposition or a
symmetric position reuses them. Only the manager writes, one transaction per fact, so a
crash loses nothing that was proven; the file can be copied to another machine and the
run continued there. Each run is a *sitting*, and each task its workers ran is a row too
(its cost, what came of it, the task whose split made it): what ``evalgame proofs STORE
--project N`` schedules again on N workers.

A ``meta`` table marks the file as a store of this format and version and names the
problem it belongs to: any other file — not SQLite, another program's database, another
problem — is refused with :class:`~evalgame.errors.StoreError` and left as it was.

*Provenance.* Each fact and each sitting records the code version that proved it (the
worker's: :func:`~evalgame.provenance.code_version`, commit and dirty flag) and the options
of the run (:attr:`ProofStore.options`); a fact written before that was recorded says
:data:`~evalgame.provenance.UNKNOWN`. *Alarms.* A fact whose bound contradicts the facts of
its key class (a lower bound above an upper bound) is refused with a
:class:`~evalgame.errors.ContradictionError` that names both facts (row, worker, question,
code version) — when recorded, when a store is opened and when another is absorbed.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "demo.sqlite"
>>> with ProofStore.open(path, "demo") as store:
...     store.record("k", lower=3, gamma=3, strict=False, nodes=10, cpu=0.5, worker="w1")
>>> with ProofStore.open(path, "demo") as store:
...     store.bounds("k"), store.summary().proven
(Bounds(lower=3, upper=None, invalid=False), 1)
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple

from evalgame.errors import ContradictionError, StoreError
from evalgame.numbers import Number, format_number, normal
from evalgame.provenance import UNKNOWN, code_version, options_text

#: the marker of the file format, and its version (bumped on any change of the schema)
FORMAT = "evalgame proof store"
VERSION = 1

SCHEMA = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE facts (
    key TEXT NOT NULL,      -- stable name of the subproblem's key class
    lower TEXT,             -- proven lower bound (key-class coordinates), or NULL
    upper TEXT,             -- proven upper bound, or NULL
    invalid INTEGER NOT NULL DEFAULT 0,  -- 1: no valid leaf below
    gamma TEXT,             -- the question: value ≥ gamma (strict: value > gamma)
    strict INTEGER NOT NULL DEFAULT 0,
    nodes INTEGER NOT NULL,
    cpu REAL NOT NULL,      -- CPU seconds of the worker
    worker TEXT NOT NULL,
    at REAL NOT NULL        -- Unix time the manager recorded it
);
CREATE INDEX facts_key ON facts (key);
CREATE TABLE open (key TEXT PRIMARY KEY, gamma TEXT, depth INTEGER);
"""

#: one row per run of the manager on this store (added to older stores when they are opened
#: for writing; a reader of an older store sees no sittings)
SITTINGS = """
CREATE TABLE IF NOT EXISTS sittings (
    started REAL PRIMARY KEY,  -- Unix time the run started
    ended REAL NOT NULL,       -- Unix time of its last record (its end, once it stopped)
    workers INTEGER NOT NULL,  -- worker threads of the cluster
    nodes INTEGER NOT NULL,    -- every task's nodes, finished or not
    cpu REAL NOT NULL,         -- every task's CPU seconds
    lower TEXT,                -- the bounds proven on the whole problem when it stopped
    upper TEXT,
    questions TEXT NOT NULL,   -- the questions it finished, one a line
    stopped TEXT               -- why it stopped (NULL: still running, or killed)
);
"""

#: one row per task a worker ran to its end (proven, split or called off; a task lost with
#: its worker is run again and has one row), for :mod:`.projection` (added like sittings)
TASKS = """
CREATE TABLE IF NOT EXISTS tasks (
    sitting REAL NOT NULL,     -- the sitting's start (sittings.started)
    number INTEGER NOT NULL,   -- in the order handed out, from 1 in each sitting
    parent INTEGER,            -- the task whose split made this leaf (NULL: none)
    key TEXT NOT NULL,
    gamma TEXT NOT NULL,       -- the question asked: value ≥ gamma (strict: > gamma)
    strict INTEGER NOT NULL,
    outcome TEXT NOT NULL,     -- 'proven', 'split', 'continued' or 'called off'
    nodes INTEGER NOT NULL,
    cpu REAL NOT NULL,         -- CPU seconds of the worker
    worker TEXT NOT NULL,
    handed REAL NOT NULL,      -- seconds from the sitting's start to handing it out
    done REAL NOT NULL,        -- ... and to its result reaching the manager
    PRIMARY KEY (sitting, number)
);
"""

#: per open subproblem and question, what guides its stopped search (a solver's checkpoint:
#: df-pn's numbers), for the task that goes on with it in a later sitting (added like
#: sittings; a guide, not a proof: nothing is decided by it)
CHECKPOINTS = """
CREATE TABLE IF NOT EXISTS checkpoints (
    key TEXT NOT NULL,
    gamma TEXT NOT NULL,
    strict INTEGER NOT NULL,
    records BLOB NOT NULL,
    at REAL NOT NULL,          -- Unix time the manager saved it
    PRIMARY KEY (key, gamma, strict)
);
"""


#: which code proved each fact and ran each sitting (added like sittings: a store written
#: before says nothing, and its facts' code is unknown): the distinct code versions and
#: options, then each fact's (named as :meth:`ProofStore.absorb` names facts: key, worker,
#: time) and each sitting's
PROVENANCE = """
CREATE TABLE IF NOT EXISTS provenance (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL,        -- evalgame.provenance.code_version(): commit, dirty flag
    options TEXT NOT NULL,     -- JSON: the options of the run
    UNIQUE (code, options)
);
CREATE TABLE IF NOT EXISTS fact_provenance (
    key TEXT NOT NULL,         -- the fact's facts.key, worker and at
    worker TEXT NOT NULL,
    at REAL NOT NULL,
    provenance INTEGER NOT NULL,
    PRIMARY KEY (key, worker, at)
);
CREATE TABLE IF NOT EXISTS sitting_provenance (
    started REAL PRIMARY KEY,  -- sittings.started
    provenance INTEGER NOT NULL
);
"""

#: df-pn's questions asked in sittings in one process (:mod:`evalgame.games.matching.sittings`),
#: one row a question: what guides it (its numbers), its answer once proven (also written as
#: a fact of its key class), its work, and the code versions and options of the sittings
#: that wrote it, in order (rows of :data:`PROVENANCE`, as facts and sittings name theirs);
#: added like sittings. The numbers files older versions wrote apart held the same row with
#: the code versions as JSON (``evalgame tiling R C --import FILE`` copies them in)
NUMBERS = """
CREATE TABLE IF NOT EXISTS numbers (
    question TEXT PRIMARY KEY,  -- e.g. "value >= 29, MAX to move, free 0xffff..."
    kernel TEXT NOT NULL,       -- the graph and options whose keys the records use
    answer INTEGER,             -- 1 or 0 once proven, NULL while open
    nodes INTEGER NOT NULL,     -- over all sittings
    cpu REAL NOT NULL,          -- CPU seconds over all sittings
    sittings INTEGER NOT NULL,
    saved TEXT NOT NULL,        -- UTC time of the last save
    records BLOB NOT NULL       -- NativeSolver.numbers
);
CREATE TABLE IF NOT EXISTS number_provenance (
    question TEXT NOT NULL,     -- numbers.question
    provenance INTEGER NOT NULL,
    PRIMARY KEY (question, provenance)
);
"""

#: every table added to the first format, created when a store is opened for writing
ADDED = SITTINGS + TASKS + CHECKPOINTS + PROVENANCE + NUMBERS


class Bounds(NamedTuple):
    """What the store knows about a key class (``None``: nothing proven on that side)."""

    lower: Number | None = None
    upper: Number | None = None
    invalid: bool = False

    def merge(self, other: Bounds) -> Bounds:
        """Both sets of facts at once."""
        lower = other.lower if self.lower is None else self.lower
        if other.lower is not None and other.lower > lower:  # type: ignore[operator]
            lower = other.lower
        upper = other.upper if self.upper is None else self.upper
        if other.upper is not None and other.upper < upper:  # type: ignore[operator]
            upper = other.upper
        return Bounds(lower, upper, self.invalid or other.invalid)


@dataclass
class WorkerShare:
    """What one worker proved: facts, nodes and CPU seconds."""

    facts: int = 0
    nodes: int = 0
    cpu: float = 0.0

    @property
    def rate(self) -> float:
        """Nodes per CPU second (0 when no time was measured)."""
        return self.nodes / self.cpu if self.cpu > 0 else 0.0


@dataclass
class Sitting:
    """One run of the manager on a store: when, on how many workers, its work (every task's,
    split or called off ones included) and what it had proven when it stopped."""

    started: float
    ended: float
    workers: int
    nodes: int
    cpu: float
    lower: Number | None
    upper: Number | None
    questions: list[str]
    #: why it stopped ("finished", the interruption's reason), ``None``: running or killed
    stopped: str | None = None
    #: the code version that ran it (``None``: not recorded; written: this process's)
    code: str | None = None

    @property
    def start(self) -> str:
        """When it started, in UTC to the minute.

        >>> Sitting(1.8e9, 1.8e9, 1, 0, 0, None, None, []).start
        '2027-01-15 08:00'
        """
        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(self.started))

    @property
    def outcome(self) -> str:
        """Why it stopped, in short (the reason's advice in parentheses left out).

        >>> Sitting(0, 1, 1, 0, 0, None, None, [], "time budget exhausted (raise it)").outcome
        'time budget exhausted'
        """
        return "running, or killed" if self.stopped is None else self.stopped.split(" (")[0]


@dataclass(frozen=True)
class TaskRecord:
    """One task of a sitting, as :data:`TASKS` keeps it."""

    sitting: float
    number: int
    parent: int | None
    key: str
    gamma: Number
    strict: bool
    outcome: str
    nodes: int
    cpu: float
    worker: str
    handed: float
    done: float


@dataclass
class StoreSummary:
    """What ``evalgame proofs STORE`` prints."""

    problem: str
    created: str
    lower: Number | None
    upper: Number | None
    questions: list[str]
    #: the question being asked when the run stopped: (γ, strict), "value ≥ γ" or "> γ"
    asking: tuple[Number, bool] | None
    proven: int
    open: int
    nodes: int
    cpu: float
    workers: dict[str, WorkerShare] = field(default_factory=dict)
    #: CPU seconds of the subproblems workers proved: the median, 90th and 99th
    #: percentiles and the largest (what a larger run's tasks will cost)
    cost: tuple[float, float, float, float] | None = None
    sittings: list[Sitting] = field(default_factory=list)
    #: open leaves whose stopped search a later sitting takes up, and their bytes
    checkpoints: tuple[int, int] = (0, 0)
    #: the code versions that proved the facts, with their options and how many facts each
    codes: list[CodeShare] = field(default_factory=list)


@dataclass(frozen=True)
class CodeShare:
    """The facts one code version proved with one set of options (:data:`PROVENANCE`)."""

    code: str
    options: dict[str, Any]
    facts: int


class ProofStore:
    """An open proof store; use :meth:`open` (a context manager closes it)."""

    def __init__(self, path: Path, connection: sqlite3.Connection, problem: str) -> None:
        self.path = path
        self.problem = problem
        self._db = connection
        #: the options of the run that writes facts and sittings (set by its manager),
        #: recorded with them beside the code version
        self.options: dict[str, Any] = {}
        self._provenance_ids: dict[tuple[str, str], int] = {}
        # a commit survives a crash of this process without waiting for the disk each time
        # (a power cut may lose the last facts, never corrupt the file)
        if str(path) != ":memory:" and not _read_only(connection):
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.executescript(ADDED)
        self._bounds: dict[str, Bounds] = {}
        #: per key class, the facts that gave its lower and its upper bound (described)
        self._whence: dict[str, tuple[str, str]] = {}
        for key, lower, upper, invalid, origin in self._described_facts():
            self._remember(key, Bounds(_number(lower), _number(upper), bool(invalid)), origin)

    @classmethod
    def open(cls, path: Path | str, problem: str) -> ProofStore:
        """Open the store at ``path`` for ``problem``, creating it if there is no file yet.

        An existing file is first checked read-only: it must carry this format's marker
        and version and belong to ``problem``; otherwise :class:`StoreError`, file untouched.
        """
        path = Path(path)
        if path.is_dir():
            raise StoreError(f"{path} is a folder, not a proof store")
        if path.exists() and path.stat().st_size > 0:
            _check(path, problem)
            try:
                connection = sqlite3.connect(path, timeout=30)
            except sqlite3.Error as error:
                raise StoreError(f"cannot open the proof store {path}: {error}") from None
        else:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                connection = sqlite3.connect(path, timeout=30)
                connection.executescript(SCHEMA)
                with connection:
                    connection.executemany(
                        "INSERT INTO meta VALUES (?, ?)",
                        [
                            ("format", FORMAT),
                            ("version", str(VERSION)),
                            ("problem", problem),
                            ("created", time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())),
                        ],
                    )
            except (OSError, sqlite3.Error) as error:
                raise StoreError(f"cannot create the proof store {path}: {error}") from None
        return cls(path, connection, problem)

    @classmethod
    def memory(cls, problem: str) -> ProofStore:
        """A store that lives in memory only (a run that need not be resumed)."""
        connection = sqlite3.connect(":memory:")
        connection.executescript(SCHEMA + ADDED)
        with connection:
            connection.executemany(
                "INSERT INTO meta VALUES (?, ?)",
                [("format", FORMAT), ("version", str(VERSION)), ("problem", problem)],
            )
        return cls(Path(":memory:"), connection, problem)

    def __enter__(self) -> ProofStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the file (everything recorded is already committed)."""
        self._db.close()

    def bounds(self, key: str) -> Bounds:
        """Everything proven about the key class ``key``, in its own coordinates."""
        return self._bounds.get(key, Bounds())

    def __len__(self) -> int:
        return len(self._bounds)

    def record(
        self,
        key: str,
        *,
        lower: Number | None = None,
        upper: Number | None = None,
        invalid: bool = False,
        gamma: Number | None = None,
        strict: bool = False,
        nodes: int = 0,
        cpu: float = 0.0,
        worker: str = "manager",
        code: str | None = None,
    ) -> None:
        """Write one fact and commit it at once, with the ``code`` version that proved it
        (``None``: this process's) and the run's :attr:`options`. A fact that contradicts
        the facts of its key class is refused (:class:`ContradictionError`), unwritten."""
        at, code = time.time(), code_version() if code is None else code
        origin = _origin(None, worker, at, gamma, strict, code)
        bounds = Bounds(lower, upper, invalid)
        _merged(self._bounds, self._whence, key, bounds, origin, self.path)  # or refused
        with self._db:
            written = self._db.execute(
                "INSERT INTO facts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    key,
                    _text(lower),
                    _text(upper),
                    int(invalid),
                    _text(gamma),
                    int(strict),
                    nodes,
                    cpu,
                    worker,
                    at,
                ),
            )
            self._db.execute(
                "INSERT OR REPLACE INTO fact_provenance VALUES (?, ?, ?, ?)",
                (key, worker, at, self._provenance_id(code)),
            )
            self._db.execute("DELETE FROM open WHERE key = ?", (key,))
        self._remember(key, bounds, _origin(written.lastrowid, worker, at, gamma, strict, code))

    def provenance_id(self, code: str, options: dict[str, Any]) -> int:
        """The row of :data:`PROVENANCE` for ``code`` and ``options``, added once and
        committed: how the tables a game family keeps in the store (df-pn's numbers) name
        the code that wrote them, as facts and sittings do.

        >>> with ProofStore.memory("demo") as store:
        ...     store.provenance_id("evalgame 1.0", {"keep": 5}) == store.provenance_id(
        ...         "evalgame 1.0", {"keep": 5}) != store.provenance_id("evalgame 1.0", {})
        True
        """
        with self._db:
            return self._provenance_id(code, options)

    def _provenance_id(self, code: str, made: dict[str, Any] | None = None) -> int:
        """The row of :data:`PROVENANCE` for ``code`` and ``made`` (default: the run's
        options), added once, inside the caller's transaction."""
        options = options_text(self.options if made is None else made)
        known = self._provenance_ids.get((code, options))
        if known is not None:
            return known
        self._db.execute("INSERT OR IGNORE INTO provenance (code, options) VALUES (?, ?)",
                         (code, options))  # fmt: skip
        (number,) = self._db.execute(
            "SELECT id FROM provenance WHERE code = ? AND options = ?", (code, options)
        ).fetchone()
        self._provenance_ids[code, options] = number
        return int(number)

    def _described_facts(
        self, named: bool = False
    ) -> list[tuple[str, str | None, str | None, int, str]]:
        """Every fact (key, lower, upper, invalid) and where it came from (``named``: this
        store's path too), in the order written."""
        code = "NULL"
        joined = ""
        if "fact_provenance" in self._tables():
            code = "p.code"
            joined = (
                "LEFT JOIN fact_provenance fp ON fp.key = f.key AND fp.worker = f.worker "
                "AND fp.at = f.at LEFT JOIN provenance p ON p.id = fp.provenance"
            )
        rows = self._db.execute(
            "SELECT f.rowid, f.key, f.lower, f.upper, f.invalid, f.gamma, f.strict, f.worker, "
            f"f.at, {code} FROM facts f {joined} ORDER BY f.rowid"
        )
        store = self.path if named else None
        return [
            (key, lower, upper, invalid,
             _origin(rowid, worker, at, _number(gamma), bool(strict), code or UNKNOWN, store))
            for rowid, key, lower, upper, invalid, gamma, strict, worker, at, code in rows
        ]  # fmt: skip

    def set_root(self, lower: Number | None, upper: Number | None, question: str) -> None:
        """Record the bounds proven on the whole problem and the question last asked."""
        with self._db:
            self._write_root(lower, upper)
            self._db.execute(
                "INSERT OR IGNORE INTO meta VALUES (?, ?)", (f"question {question}", question)
            )

    def set_bounds(self, lower: Number | None, upper: Number | None) -> None:
        """Record bounds known on the whole problem before any question is asked (the
        game's static bounds, tightened by the store's): ``evalgame proofs`` shows them
        from the start of the first sitting."""
        with self._db:
            self._write_root(lower, upper)

    def _write_root(self, lower: Number | None, upper: Number | None) -> None:
        self._db.executemany(
            "INSERT OR REPLACE INTO meta VALUES (?, ?)",
            [("lower", _text(lower) or ""), ("upper", _text(upper) or "")],
        )

    def set_asking(self, gamma: Number, strict: bool) -> None:
        """Record the question now being asked: a run started again asks it first, so that
        what was proven for it is not lost to another question."""
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                [("asking", _text(gamma)), ("asking strict", "1" if strict else "0")],
            )

    def set_open(self, frontier: Iterable[tuple[str, Number, int]]) -> None:
        """Replace the list of subproblems handed out and not yet proven (key, γ, depth)."""
        with self._db:
            self._db.execute("DELETE FROM open")
            self._db.executemany(
                "INSERT OR REPLACE INTO open VALUES (?, ?, ?)",
                [(key, _text(gamma), depth) for key, gamma, depth in frontier],
            )

    def log_sitting(self, sitting: Sitting) -> None:
        """Write (or bring up to date) the row of the run that started at ``sitting.started``,
        with its code version (``sitting.code``, else this process's) and the run's
        :attr:`options`."""
        code = code_version() if sitting.code is None else sitting.code
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO sitting_provenance VALUES (?, ?)",
                (sitting.started, self._provenance_id(code)),
            )
            self._db.execute(
                "INSERT OR REPLACE INTO sittings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    sitting.started,
                    sitting.ended,
                    sitting.workers,
                    sitting.nodes,
                    sitting.cpu,
                    _text(sitting.lower),
                    _text(sitting.upper),
                    "\n".join(sitting.questions),
                    sitting.stopped,
                ),
            )

    def record_task(self, task: TaskRecord) -> None:
        """Write one task's row and commit it."""
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO tasks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    task.sitting,
                    task.number,
                    task.parent,
                    task.key,
                    _text(task.gamma),
                    int(task.strict),
                    task.outcome,
                    task.nodes,
                    task.cpu,
                    task.worker,
                    task.handed,
                    task.done,
                ),
            )

    def save_checkpoint(self, key: str, gamma: Number, strict: bool, records: bytes) -> None:
        """Keep what guides the stopped search of subproblem ``key`` on its question (the
        last one replaces the one before), and commit it."""
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO checkpoints VALUES (?, ?, ?, ?, ?)",
                (key, _text(gamma), int(strict), records, time.time()),
            )

    def drop_checkpoint(self, key: str, gamma: Number, strict: bool) -> None:
        """Forget the checkpoint of subproblem ``key`` on its question (if any)."""
        with self._db:
            self._db.execute(
                "DELETE FROM checkpoints WHERE key = ? AND gamma = ? AND strict = ?",
                (key, _text(gamma), int(strict)),
            )

    def checkpoint(self, key: str, gamma: Number, strict: bool) -> bytes:
        """The last checkpoint of subproblem ``key`` on its question (empty: none).

        >>> with ProofStore.memory("demo") as store:
        ...     store.save_checkpoint("k", 7, False, b"numbers")
        ...     kept = store.checkpoint("k", 7, False), store.checkpoint("k", 8, False)
        ...     store.drop_checkpoint("k", 7, False)
        ...     kept, store.checkpoint("k", 7, False)
        ((b'numbers', b''), b'')
        """
        if "checkpoints" not in self._tables():  # an older store, read-only
            return b""
        row = self._db.execute(
            "SELECT records FROM checkpoints WHERE key = ? AND gamma = ? AND strict = ?",
            (key, _text(gamma), int(strict)),
        ).fetchone()
        return b"" if row is None else bytes(row[0])

    def tasks(self) -> list[TaskRecord] | None:
        """Every task recorded, sitting by sitting in the order handed out (``None``: a
        store older than task records)."""
        if "tasks" not in self._tables():
            return None
        rows = self._db.execute("SELECT * FROM tasks ORDER BY sitting, number")
        return [
            TaskRecord(sitting, number, parent, key, normal(Fraction(gamma)), bool(strict),
                       outcome, nodes, cpu, worker, handed, done)
            for sitting, number, parent, key, gamma, strict, outcome, nodes, cpu, worker,
                handed, done in rows
        ]  # fmt: skip

    def facts(self) -> list[TaskRecord]:
        """The workers' facts in the order recorded, as tasks without a parent, handed out
        and done at the Unix time recorded (what an older store says of its tasks: split and
        called-off tasks left no row)."""
        rows = self._db.execute(
            "SELECT rowid, key, gamma, strict, nodes, cpu, worker, at FROM facts "
            "WHERE worker != 'manager' ORDER BY at, rowid"
        )
        return [
            TaskRecord(0.0, rowid, None, key, _number(gamma) or 0, bool(strict), "proven",
                       nodes, cpu, worker, at, at)
            for rowid, key, gamma, strict, nodes, cpu, worker, at in rows
        ]  # fmt: skip

    def _tables(self) -> set[str]:
        return {row[0] for row in self._db.execute("SELECT name FROM sqlite_master")}

    def sittings(self) -> list[Sitting]:
        """Every run of the manager on this store, oldest first (none before the table)."""
        tables = self._tables()
        if "sittings" not in tables:
            return []
        code, joined = "NULL", ""
        if "sitting_provenance" in tables:
            code = "p.code"
            joined = (
                "LEFT JOIN sitting_provenance sp ON sp.started = s.started "
                "LEFT JOIN provenance p ON p.id = sp.provenance"
            )
        return [
            Sitting(
                started,
                ended,
                workers,
                nodes,
                cpu,
                _number(lower),
                _number(upper),
                questions.split("\n") if questions else [],
                stopped,
                code,
            )
            for started, ended, workers, nodes, cpu, lower, upper, questions, stopped, code in (
                self._db.execute(
                    "SELECT s.started, s.ended, s.workers, s.nodes, s.cpu, s.lower, s.upper, "
                    f"s.questions, s.stopped, {code} FROM sittings s {joined} ORDER BY s.started"
                )
            )
        ]

    def codes(self) -> list[CodeShare]:
        """The code versions (and options) that proved the facts, the most facts first;
        facts written before provenance was recorded: :data:`~evalgame.provenance.UNKNOWN`.

        >>> with ProofStore.memory("demo") as store:
        ...     store.options = {"workers": 2}
        ...     store.record("k", lower=3, code="evalgame 1.0 (commit abc)")
        ...     store.codes()
        [CodeShare(code='evalgame 1.0 (commit abc)', options={'workers': 2}, facts=1)]
        """
        if "fact_provenance" not in self._tables():
            (count,) = self._db.execute("SELECT COUNT(*) FROM facts").fetchone()
            return [CodeShare(UNKNOWN, {}, count)] if count else []
        rows = self._db.execute(
            "SELECT p.code, p.options, COUNT(*) FROM facts f LEFT JOIN fact_provenance fp "
            "ON fp.key = f.key AND fp.worker = f.worker AND fp.at = f.at "
            "LEFT JOIN provenance p ON p.id = fp.provenance GROUP BY p.id "
            "ORDER BY COUNT(*) DESC, p.code"
        )
        return [
            CodeShare(code or UNKNOWN, {} if options is None else json.loads(options), count)
            for code, options, count in rows
        ]

    def summary(self) -> StoreSummary:
        """Bounds, questions, counts and per-worker throughput."""
        meta = self._meta()
        nodes, cpu = self._db.execute("SELECT SUM(nodes), SUM(cpu) FROM facts").fetchone()
        workers: dict[str, WorkerShare] = {}
        for worker, count, worker_nodes, worker_cpu in self._db.execute(
            "SELECT worker, COUNT(*), SUM(nodes), SUM(cpu) FROM facts GROUP BY worker"
        ):
            workers[worker] = WorkerShare(count, worker_nodes or 0, worker_cpu or 0.0)
        (open_count,) = self._db.execute("SELECT COUNT(*) FROM open").fetchone()
        costs = [
            row[0]
            for row in self._db.execute(
                "SELECT cpu FROM facts WHERE worker != 'manager' ORDER BY cpu"
            )
        ]
        sittings = self.sittings()
        # the bounds on the whole problem: the tightest the store's root and its sittings
        # hold (a sitting that stopped before its first answer knew the game's static
        # bounds, which a store written before they went to its root does not hold)
        lowers = [_number(meta.get("lower") or None), *(s.lower for s in sittings)]
        uppers = [_number(meta.get("upper") or None), *(s.upper for s in sittings)]
        return StoreSummary(
            problem=meta.get("problem", "?"),
            created=meta.get("created", "?"),
            lower=max((bound for bound in lowers if bound is not None), default=None),
            upper=min((bound for bound in uppers if bound is not None), default=None),
            questions=[value for name, value in meta.items() if name.startswith("question ")],
            asking=_asking(meta),
            proven=len(self._bounds),
            open=open_count,
            nodes=nodes or 0,
            cpu=cpu or 0.0,
            workers=workers,
            cost=_quantiles(costs),
            sittings=sittings,
            checkpoints=self._checkpoints(),
            codes=self.codes(),
        )

    def _checkpoints(self) -> tuple[int, int]:
        if "checkpoints" not in self._tables():
            return 0, 0
        count, size = self._db.execute(
            "SELECT COUNT(*), SUM(LENGTH(records)) FROM checkpoints"
        ).fetchone()
        return count, size or 0

    def absorb(self, other: ProofStore) -> int:
        """Add what ``other``, a store of the same problem (a sitting run on another
        machine), proved: its facts, sittings and task rows, and its bounds on the whole
        problem. Rows this store already holds are not added twice. The facts added.

        >>> with ProofStore.memory("demo") as one, ProofStore.memory("demo") as two:
        ...     two.record("k", upper=5, gamma=6, strict=False, nodes=9, cpu=0.1, worker="w")
        ...     one.absorb(two), one.absorb(two), one.bounds("k")
        (1, 0, Bounds(lower=None, upper=5, invalid=False))
        """
        if other.problem != self.problem:
            raise StoreError(f"{other.path} is a store of {other.problem}, not of {self.problem}")
        held = set(self._db.execute("SELECT key, worker, at FROM facts"))
        facts = [row for row in other._db.execute("SELECT * FROM facts") if
                 (row[0], row[8], row[9]) not in held]  # fmt: skip
        mine, theirs = self._meta(), other._meta()
        lowers = [_number(m.get("lower") or None) for m in (mine, theirs)]
        uppers = [_number(m.get("upper") or None) for m in (mine, theirs)]
        lower = max((bound for bound in lowers if bound is not None), default=None)
        upper = min((bound for bound in uppers if bound is not None), default=None)
        if lower is not None and upper is not None and lower > upper:
            raise ContradictionError(
                f"the bounds proven on the whole problem, {self.problem}",
                f"{self.path} says {_range(lowers[0], uppers[0])}",
                f"{other.path} says {_range(lowers[1], uppers[1])}",
            )
        # every fact added is checked against this store's and the others added before any
        # is written: a contradiction leaves this store as it was
        bounds, whence = dict(self._bounds), dict(self._whence)
        described = {(row[0], row[3]): row[4] for row in other._described_facts_with_time()}
        for key, lower_text, upper_text, invalid, *_, at in facts:
            origin = described.get((key, at), f"a fact of {other.path}")
            fact = Bounds(_number(lower_text), _number(upper_text), bool(invalid))
            bounds[key], whence[key] = _merged(bounds, whence, key, fact, origin, self.path)
        with self._db:
            self._db.executemany(f"INSERT INTO facts VALUES ({', '.join('?' * 10)})", facts)
            tables = (("sittings", 9), ("tasks", 12), ("checkpoints", 5), ("numbers", 8))
            for table, columns in tables:
                if table in other._tables():
                    rows = other._db.execute(f"SELECT * FROM {table}").fetchall()
                    marks = ", ".join("?" * columns)
                    self._db.executemany(f"INSERT OR IGNORE INTO {table} VALUES ({marks})", rows)
            self._absorb_provenance(other)
            questions = [(n, v) for n, v in theirs.items() if n.startswith("question ")]
            self._db.executemany("INSERT OR IGNORE INTO meta VALUES (?, ?)", questions)
            self._write_root(lower, upper)
            asking, elsewhere = _asking(mine), _asking(theirs)
            if elsewhere is not None and (asking is None or _decided(asking, lower, upper)):
                self.set_asking(*elsewhere)  # the question still open is resumed first
        self._bounds, self._whence = bounds, whence
        return len(facts)

    def _absorb_provenance(self, other: ProofStore) -> None:
        """Add the code versions of ``other``'s facts and sittings (their rows renumbered
        as this store numbers them), inside the caller's transaction."""
        if "fact_provenance" not in other._tables():
            return  # written before provenance was recorded: its facts' code is unknown
        numbers: dict[int, int] = {}
        for number, code, options in other._db.execute("SELECT id, code, options FROM provenance"):
            self._db.execute(
                "INSERT OR IGNORE INTO provenance (code, options) VALUES (?, ?)", (code, options)
            )
            (numbers[number],) = self._db.execute(
                "SELECT id FROM provenance WHERE code = ? AND options = ?", (code, options)
            ).fetchone()
        self._db.executemany(
            "INSERT OR IGNORE INTO fact_provenance VALUES (?, ?, ?, ?)",
            [(key, worker, at, numbers[number]) for key, worker, at, number in
             other._db.execute("SELECT * FROM fact_provenance")],
        )  # fmt: skip
        self._db.executemany(
            "INSERT OR IGNORE INTO sitting_provenance VALUES (?, ?)",
            [(started, numbers[number]) for started, number in
             other._db.execute("SELECT * FROM sitting_provenance")],
        )  # fmt: skip
        if "number_provenance" in other._tables():
            self._db.executemany(
                "INSERT OR IGNORE INTO number_provenance VALUES (?, ?)",
                [(question, numbers[number]) for question, number in
                 other._db.execute("SELECT * FROM number_provenance ORDER BY rowid")],
            )  # fmt: skip

    def _described_facts_with_time(self) -> list[tuple[str, str | None, str | None, float, str]]:
        """Every fact's key, lower, upper and time, and where it came from."""
        times = [at for (at,) in self._db.execute("SELECT at FROM facts ORDER BY rowid")]
        return [
            (key, lower, upper, at, origin)
            for (key, lower, upper, _, origin), at in zip(
                self._described_facts(named=True), times, strict=True
            )
        ]

    def _meta(self) -> dict[str, str]:
        return dict(self._db.execute("SELECT name, value FROM meta").fetchall())

    def _remember(self, key: str, bounds: Bounds, origin: str) -> None:
        """Merge a fact into the bounds of its key class; :class:`ContradictionError` if it
        contradicts them."""
        self._bounds[key], self._whence[key] = _merged(
            self._bounds, self._whence, key, bounds, origin, self.path
        )


def read_summary(path: Path | str) -> StoreSummary:
    """The summary of the store at ``path``, whatever problem it belongs to (read-only)."""
    with read_only(path) as store:
        return store.summary()


def read_only(path: Path | str) -> ProofStore:
    """The store at ``path``, whatever problem it belongs to, opened read-only (a context
    manager closes it)."""
    path = Path(path)
    if not path.is_file():
        raise StoreError(f"no proof store at {path}")
    problem = _check(path, None)
    return ProofStore(path, sqlite3.connect(f"file:{path}?mode=ro", uri=True), problem)


def _check(path: Path, problem: str | None) -> str:
    """The problem of the store at ``path``, after checking its marker (read-only)."""
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise StoreError(f"cannot read {path}: {error}") from None
    try:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        if "meta" not in tables or "facts" not in tables:
            raise StoreError(f"{path} is an SQLite file but not an evalgame proof store")
        meta = dict(connection.execute("SELECT name, value FROM meta").fetchall())
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{path} is not an evalgame proof store ({error})") from None
    finally:
        connection.close()
    if meta.get("format") != FORMAT:
        raise StoreError(f"{path} is an SQLite file but not an evalgame proof store")
    if meta.get("version") != str(VERSION):
        raise StoreError(
            f"{path} is a proof store of version {meta.get('version')}; "
            f"this evalgame reads version {VERSION}"
        )
    stored = str(meta.get("problem", "?"))
    if problem is not None and stored != problem:
        raise StoreError(
            f"{path} holds the proofs of {stored!r}, not of {problem!r}; "
            "give another --store for this problem"
        )
    return stored


def _origin(
    row: int | None,
    worker: str,
    at: float,
    gamma: Number | None,
    strict: bool,
    code: str,
    store: Path | None = None,
) -> str:
    """A fact, as a contradiction names it: its row (``None``: not written yet) and
    ``store`` if another's, worker, time, question and code version.

    >>> print(_origin(7, "tcp://w:1", 1.8e9, 26, False, "evalgame 0.1.0").replace(", ", "\\n"))
    fact 7 (worker tcp://w:1
    2027-01-15 08:00:00 UTC
    question value ≥ 26
    code evalgame 0.1.0)
    """
    name = "the new fact" if row is None else f"fact {row}"
    name += "" if store is None else f" of {store}"
    when = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(at))
    question = (
        "" if gamma is None else f", question value {'>' if strict else '≥'} {format_number(gamma)}"
    )
    return f"{name} (worker {worker}, {when}{question}, code {code})"


def _merged(
    bounds: dict[str, Bounds],
    whence: dict[str, tuple[str, str]],
    key: str,
    fact: Bounds,
    origin: str,
    path: Path,
) -> tuple[Bounds, tuple[str, str]]:
    """The bounds of ``key`` (``bounds``, their facts in ``whence``) with ``fact`` (from
    ``origin``) merged in, and the facts that give its lower and upper bound. A lower
    bound above an upper bound is a :class:`ContradictionError` that names the fact and
    the one it contradicts.

    >>> merged, facts = _merged({"k": Bounds(None, 5)}, {"k": ("", "fact 1")}, "k",
    ...                         Bounds(4, None), "fact 2", Path("s.sqlite"))
    >>> merged, facts
    (Bounds(lower=4, upper=5, invalid=False), ('fact 2', 'fact 1'))
    >>> try:
    ...     _merged({"k": merged}, {"k": facts}, "k", Bounds(6, None), "fact 3", Path("s"))
    ... except ContradictionError as error:
    ...     print(error.known, "|", error.new)
    fact 1 proves value ≤ 5 | fact 3 proves value ≥ 6
    """
    known = bounds.get(key)
    merged = fact if known is None else known.merge(fact)
    low_from, high_from = whence.get(key, ("", ""))
    lower, upper = merged.lower, merged.upper
    if known is not None and lower is not None and upper is not None and lower > upper:
        if fact.lower is not None and fact.lower == lower:  # above the known upper
            said = f"value ≤ {format_number(upper)}", high_from
            new = f"value ≥ {format_number(lower)}"
        else:  # its upper bound is below the known lower
            said = f"value ≥ {format_number(lower)}", low_from
            new = f"value ≤ {format_number(upper)}"
        raise ContradictionError(
            f"the subproblem {key} of the store {path} (bounds in its key class's coordinates)",
            f"{said[1] or 'a fact'} proves {said[0]}",
            f"{origin} proves {new}",
        )
    if fact.lower is not None and fact.lower == merged.lower:
        low_from = origin if known is None or known.lower != merged.lower else low_from
    if fact.upper is not None and fact.upper == merged.upper:
        high_from = origin if known is None or known.upper != merged.upper else high_from
    return merged, (low_from, high_from)


def _range(lower: Number | None, upper: Number | None) -> str:
    """Bounds as text.

    >>> _range(5, None)
    '5 ≤ value ≤ +∞'
    """
    low = "-∞" if lower is None else format_number(lower)
    high = "+∞" if upper is None else format_number(upper)
    return f"{low} ≤ value ≤ {high}"


def _asking(meta: dict[str, str]) -> tuple[Number, bool] | None:
    gamma = _number(meta.get("asking"))
    return None if gamma is None else (gamma, meta.get("asking strict") == "1")


def _decided(question: tuple[Number, bool], lower: Number | None, upper: Number | None) -> bool:
    """Whether the bounds answer "value ≥ γ?" (strict: "> γ?")."""
    gamma, strict = question
    if lower is not None and (lower > gamma if strict else lower >= gamma):
        return True
    return upper is not None and (upper <= gamma if strict else upper < gamma)


def _quantiles(ordered: list[float]) -> tuple[float, float, float, float] | None:
    """Median, 90th and 99th percentiles and maximum of a sorted list (``None`` if empty).

    >>> _quantiles([float(x) for x in range(1, 101)])
    (51.0, 91.0, 100.0, 100.0)
    """
    if not ordered:
        return None
    last = len(ordered) - 1

    def at(share: float) -> float:
        return ordered[min(last, int(share * len(ordered)))]

    return at(0.5), at(0.9), at(0.99), ordered[last]


def _read_only(connection: sqlite3.Connection) -> bool:
    try:
        connection.execute("PRAGMA user_version = 0")  # a harmless write
    except sqlite3.OperationalError:
        return True
    return False


def _text(value: Number | None) -> str | None:
    return None if value is None else str(value)


def _number(text: str | None) -> Number | None:
    return None if text is None else normal(Fraction(text))
