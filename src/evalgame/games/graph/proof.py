"""The graph sharing game as a problem for the proof manager (:mod:`evalgame.proofs`).

>>> from evalgame.games.graph.graphs import load_graph
>>> from evalgame.games.graph.incidence import incidence
>>> from evalgame.proofs import SerialPool, prove
>>> prove(share_problem(incidence(load_graph("friendship:3"), "R", "V"), 2), SerialPool()).value
5
"""

from __future__ import annotations

from evalgame.games.graph.incidence import Incidence
from evalgame.games.graph.share import GraphShare
from evalgame.proofs.problem import EngineProblem


def share_problem(share: Incidence, colours: int, rule: str = "mono") -> EngineProblem:
    """game(G, A, B, [``colours``], ``rule``), solved on the leaves by the engine."""
    GraphShare(share, colours, rule)  # a game that cannot be played is refused here
    label = f"graph {share.title}, {colours} colours, {rule} rule"
    return EngineProblem(label, GraphShare, (share, colours, rule))
