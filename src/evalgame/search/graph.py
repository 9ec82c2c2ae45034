"""Depth-first post-order over a graph of positions, with an explicit stack.

Vertices are identified by a key; each vertex is expanded once and reported after all its
successors (white → grey → black), in Θ(V + E). Meeting a grey vertex again means a cycle,
reported as a :class:`~evalgame.errors.CycleError` listing the positions around it. No
recursion, so a chain of a million positions is fine.

>>> successors = {"a": ["b", "c"], "b": ["c"], "c": []}
>>> [key for key, _, _ in postorder("a", str, lambda v: [(w, w) for w in successors[v]])]
['c', 'b', 'a']
"""

from __future__ import annotations

from collections.abc import Callable, Container, Hashable, Iterator, Sequence
from typing import Generic, TypeVar

from evalgame.errors import CycleError

P = TypeVar("P")
M = TypeVar("M")


class _Frame(Generic[P, M]):
    __slots__ = ("edges", "key", "position")

    def __init__(self, position: P, key: Hashable) -> None:
        self.position = position
        self.key = key
        self.edges: list[tuple[M, P, Hashable]] | None = None  # None until expanded


def postorder(
    root: P,
    key: Callable[[P], Hashable],
    successors: Callable[[P], Sequence[tuple[M, P]]],
    known: Container[Hashable] = (),
) -> Iterator[tuple[Hashable, P, list[tuple[M, P, Hashable]]]]:
    """Each vertex reachable from ``root`` once, after its successors, as (key, position, edges).

    ``successors(position)`` lists ``(move, next position)`` pairs; ``edges`` repeats them
    with the key of each next position. Vertices whose keys are ``known`` are taken as
    finished already and neither expanded nor reported.
    """
    done: set[Hashable] = set()
    grey: set[Hashable] = set()
    stack: list[_Frame[P, M]] = [_Frame(root, key(root))]
    while stack:
        frame = stack[-1]
        if frame.edges is None:
            if frame.key in done or frame.key in known:
                stack.pop()
                continue
            if frame.key in grey:
                cycle: list[P] = _cycle(stack, frame.key)
                raise CycleError(cycle)
            grey.add(frame.key)
            frame.edges = [(move, child, key(child)) for move, child in successors(frame.position)]
            stack.extend(_Frame(child, k) for _, child, k in reversed(frame.edges) if k not in done)
            continue
        stack.pop()
        grey.discard(frame.key)
        done.add(frame.key)
        yield frame.key, frame.position, frame.edges


def _cycle(stack: Sequence[_Frame[P, M]], key: Hashable) -> list[P]:
    """The positions on the current path from the grey vertex ``key`` to the top."""
    path = [frame for frame in stack if frame.edges is not None]  # the grey frames, in order
    start = next(i for i, frame in enumerate(path) if frame.key == key)
    return [frame.position for frame in path[start:]]
