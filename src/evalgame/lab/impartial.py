"""An impartial position explained: Grundy values, every move and which ones win.

A position is a row of heaps, each of its own game (Nim, a subtraction game, Kayles,
Grundy's game, Dawson's Kayles), so one heap of Kayles beside two of Nim is a sum of
different games. :func:`analyse` answers what a teacher shows on the board:

* each heap's Grundy value (from its game's table) and their XOR, the value of the sum by
  the Sprague–Grundy theorem (normal play);
* every legal move, as ``[heap index, what is left of that heap...]`` (a split leaves two
  heaps, an emptied heap leaves ``0``), with the value it leaves and whether it wins;
* for each heap the values of its options (what a move leaves of it) and their mex, the
  heap's value: G(n) = mex{G(options)};
* under misère play, the Grundy value alone does not decide who wins. Misère Nim has its
  own rule (Bouton's, :func:`misere_nim_wins`), used at any size; other misère games are
  searched (alpha-beta with a transposition table over the whole sum), within the named
  limit :data:`MISERE_POSITIONS`. The answer says which (``decided_by``).

>>> found = analyse(["nim"] * 3, [3, 4, 5], misere=False)
>>> found["grundy"], found["winner"], found["winning_moves"]
(2, 'first', [[0, 1]])
>>> found = analyse(["kayles", "nim"], [3, 3], misere=False)
>>> found["grundy"], found["winning_moves"]
(0, [])
>>> found["heaps"][0]["options"], found["heaps"][0]["mex"]     # Kayles 3: 2, 1+1, 1
([2, 0, 1], 3)
>>> found = analyse(["nim"] * 3, [100, 100, 100], misere=True)   # Bouton's rule, at once
>>> found["decided_by"], found["winner"], found["winning_moves"][:2]
('misere-nim', 'first', [[0, 0], [1, 0]])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import xor
from typing import Any

from evalgame.errors import GameError
from evalgame.games.classic.catalog import heap_game, heap_positions
from evalgame.games.classic.heap_play import HeapPlay
from evalgame.games.classic.impartial import HeapGame, HeapSum, heaps_of
from evalgame.play.replay import Limit
from evalgame.search.alphabeta import alphabeta
from evalgame.search.budget import Budget
from evalgame.search.grundy import PlayConvention, mex, misere_nim_wins
from evalgame.search.protocol import Player
from evalgame.search.table import TranspositionTable

#: a move: the index of the heap moved in, then what is left of it
Move = list[int]

#: misère positions of games other than Nim are searched: at most this many (an upper
#: bound counted before); misère Nim needs no search (Bouton's rule)
MISERE_POSITIONS = Limit(
    200_000,
    "the misère search limit: misère play of games other than Nim is solved by search "
    "(misère Nim by its rule, at any size); use smaller heaps or normal play",
)


def heap_moves(game: HeapGame, index: int, size: int) -> list[Move]:
    """The moves on heap ``index`` of ``size``: ``[index, what is left...]``, ``0`` for an
    emptied heap.

    >>> from evalgame.games.classic.impartial import Kayles
    >>> heap_moves(Kayles(), 2, 3)
    [[2, 2], [2, 1, 1], [2, 1]]
    """
    moves: dict[tuple[int, ...], None] = {}  # in the game's order, each once
    for parts in game.splits(size):
        moves[(index, *([part for part in parts if part] or [0]))] = None
    return [list(move) for move in moves]


def play_move(
    heaps: Sequence[int], games: Sequence[str], move: Move
) -> tuple[list[int], list[str]]:
    """The heaps and their games after ``move`` (the parts of a split keep its game).

    >>> play_move([5, 3], ["kayles", "nim"], [0, 1, 2])
    ([1, 2, 3], ['kayles', 'kayles', 'nim'])
    """
    index, left = move[0], move[1:]
    return (
        [*heaps[:index], *left, *heaps[index + 1 :]],
        [*games[:index], *[games[index]] * len(left), *games[index + 1 :]],
    )


def analyse(
    games: Sequence[str],
    heaps: Sequence[int],
    *,
    misere: bool,
    table_size: int = 0,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """Everything about the heaps ``heaps``, heap ``i`` of the game named ``games[i]``, with
    the player to move first (see the module's documentation); ``table_size``: each game's
    Grundy table goes at least that far."""
    if len(games) != len(heaps):
        raise GameError(f"{len(games)} games for {len(heaps)} heaps: give one game per heap")
    by_name = {name: heap_game(name) for name in dict.fromkeys(games)}
    largest = max([table_size, *heaps], default=0)
    tables = {name: game.heap_values(largest) for name, game in by_name.items()}
    values = [tables[name][size] for name, size in zip(games, heaps, strict=True)]
    total = reduce(xor, values, 0)
    moves: list[dict[str, Any]] = []
    options: list[list[int]] = []  # each heap's option values, one per move on it
    for index, (name, size) in enumerate(zip(games, heaps, strict=True)):
        options.append([])
        for move in heap_moves(by_name[name], index, size):
            left = reduce(xor, (tables[name][p] for p in move[1:]), 0)
            options[-1].append(left)
            moves.append(
                {
                    "move": move,
                    "heap_grundy": left,
                    "grundy": total ^ values[index] ^ left,
                    "text": _describe(name, size, move),
                }
            )
    convention = PlayConvention.MISERE if misere else PlayConvention.NORMAL
    if not misere:
        decided_by = "sprague-grundy"
        wins = [m["grundy"] == 0 for m in moves]
    elif all(name == "nim" for name in games):
        decided_by = "misere-nim"
        wins = [not misere_nim_wins(play_move(heaps, games, m["move"])[0]) for m in moves]
    else:
        decided_by = "search"
        wins = _misere_wins(by_name, games, heaps, [m["move"] for m in moves], budget)
    for entry, winning in zip(moves, wins, strict=True):
        entry["winning"] = winning
    winning_moves = [entry["move"] for entry in moves if entry["winning"]]
    # no move at all: under normal play the player to move has lost, under misère won
    first_wins = bool(winning_moves) or (misere and not moves)
    return {
        "game": " + ".join(f"{name} {size}" for name, size in zip(games, heaps, strict=True)),
        "play": convention.name.lower(),  # normal or misere: the JSON words, ASCII
        "heaps": [
            {"game": name, "size": size, "grundy": value, "options": found, "mex": mex(found)}
            for name, size, value, found in zip(games, heaps, values, options, strict=True)
        ],
        "grundy": total,
        "grundy_decides": not misere,
        "decided_by": decided_by,
        "winner": "first" if first_wins else "second",
        "over": not moves,
        "moves": moves,
        "winning_moves": winning_moves,
        "engine_move": (winning_moves or [m["move"] for m in moves] or [None])[0],
        "tables": tables,
    }


def _describe(name: str, size: int, move: Move) -> str:
    """A move in words: ``"heap 2: 5 → 1 + 2"``."""
    left = " + ".join(map(str, move[1:]))
    return f"heap {move[0] + 1} ({name}): {size} → {left}"


def _misere_wins(
    by_name: dict[str, HeapGame],
    games: Sequence[str],
    heaps: Sequence[int],
    moves: list[Move],
    budget: Budget | None,
) -> list[bool]:
    """Whether each of ``moves`` wins under misère play: whether the position it leaves is
    lost for the player to move there, by alpha-beta over the sum (one table for all)."""
    if not moves:
        return []
    names = list(by_name)
    components = [
        heap_game(name, [h for g, h in zip(games, heaps, strict=True) if g == name])
        for name in names
    ]
    states = 1
    for component in components:
        states *= heap_positions(component)
    MISERE_POSITIONS.check("the number of misère positions", states)
    play = HeapPlay(HeapSum(components), PlayConvention.MISERE)
    table = TranspositionTable()
    wins = []
    for move in moves:
        after_heaps, after_games = play_move(heaps, games, move)
        position = tuple(
            heaps_of(h for g, h in zip(after_games, after_heaps, strict=True) if g == name)
            for name in names
        )
        result = alphabeta(play, (position, Player.MAX), table=table, budget=budget)
        wins.append(result.value == -1)  # the player to move there (as MAX) loses
    return wins
