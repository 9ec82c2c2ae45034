"""Parallel, distributed and resumable exact proofs: the proof manager on Dask workers.

:func:`prove` gives the exact value of a :class:`Problem` — any game on the engine's
protocol — answering each null-window question of MTD(f) with an AND/OR tree whose leaves
Dask workers solve; :class:`ProofStore` keeps every proven subproblem in SQLite.
"""

from evalgame.proofs.manager import ProofManager, ProofStatus, SerialPool
from evalgame.proofs.problem import EngineProblem, Problem
from evalgame.proofs.prove import ProofResult, prove
from evalgame.proofs.store import ProofStore, StoreSummary, read_summary

__all__ = [
    "EngineProblem",
    "Problem",
    "ProofManager",
    "ProofResult",
    "ProofStatus",
    "ProofStore",
    "SerialPool",
    "StoreSummary",
    "prove",
    "read_summary",
]
