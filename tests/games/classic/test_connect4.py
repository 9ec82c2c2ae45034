from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from evalgame.errors import GameError
from evalgame.games.classic.connect4 import ConnectFour, Position
from evalgame.search.protocol import Player
from tests.samples import thorough_only

Grid = tuple[tuple[int, ...], ...]  # grid[col] = stones from the bottom, 1 = X, -1 = O


def grid_winner(grid: Grid, rows: int, column: int | None = None) -> int:
    """+1 / −1 if X / O has four in a row (through the top stone of ``column`` if given)."""
    cols = len(grid)

    def at(c: int, r: int) -> int:
        return grid[c][r] if 0 <= c < cols and 0 <= r < len(grid[c]) else 0

    cells = (
        [(c, r) for c in range(cols) for r in range(rows)]
        if column is None
        else [(column, len(grid[column]) - 1)]
    )
    for c, r in cells:
        stone = at(c, r)
        if stone == 0:
            continue
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            for start in range(-3, 1):
                if all(at(c + (start + i) * dc, r + (start + i) * dr) == stone for i in range(4)):
                    return stone
    return 0


@cache
def grid_value(rows: int, cols: int) -> int:
    """The value of the empty board by memoised minimax on a list-of-columns grid."""

    @cache
    def value(grid: Grid, player: int) -> int:
        free = [c for c in range(cols) if len(grid[c]) < rows]
        if not free:
            return 0
        children = []
        for c in free:
            child = tuple((*col, player) if i == c else col for i, col in enumerate(grid))
            won = grid_winner(child, rows, c)
            children.append(won if won else value(child, -player))
        return max(children) if player == 1 else min(children)

    return value(tuple(() for _ in range(cols)), 1)


def bitboard_value(game: ConnectFour) -> int:
    """Memoised minimax on the bitboard game through the required methods only."""

    @cache
    def value(position: Position) -> int:
        moves = game.moves(position)
        if not moves:
            result = game.payoff(position)
            assert isinstance(result, int)
            return result
        children = [value(game.play(position, m)) for m in moves]
        return max(children) if game.to_move(position) is Player.MAX else min(children)

    return value(game.initial())


@pytest.mark.parametrize(
    ("rows", "cols"),
    [(3, 3), (3, 4), (4, 3), (1, 7), (4, 1), pytest.param(4, 4, marks=thorough_only)],
)
def test_small_boards_match_a_grid_reference(rows: int, cols: int) -> None:
    assert bitboard_value(ConnectFour(rows, cols)) == grid_value(rows, cols)


def test_random_games_follow_the_grid_rules() -> None:
    rng = random.Random(7)
    for rows, cols in [(6, 7), (5, 5), (4, 6), (7, 4)]:
        game = ConnectFour(rows, cols)
        for _ in range(40):
            position = game.initial()
            grid: list[list[int]] = [[] for _ in range(cols)]
            player = 1
            while True:
                frozen = tuple(map(tuple, grid))
                winner = grid_winner(frozen, rows)
                free = [c + 1 for c in range(cols) if len(grid[c]) < rows]  # moves: 1..cols
                moves = game.moves(position)
                if winner or not free:
                    assert not moves
                    assert game.payoff(position) == winner
                    break
                assert sorted(moves) == free
                assert game.to_move(position) is (Player.MAX if player == 1 else Player.MIN)
                column = rng.choice(free)
                position = game.play(position, column)
                grid[column - 1].append(player)
                player = -player
                assert game.render(position).count("X") == sum(c.count(1) for c in grid)


def test_moves_are_the_columns_numbered_from_1_as_the_command_line_shows_them() -> None:
    game = ConnectFour(4, 5)
    assert sorted(game.moves(game.initial())) == [1, 2, 3, 4, 5]
    assert game.moves(game.initial())[0] == 3  # the centre first
    assert game.render(game.play(game.initial(), 1)).splitlines()[-1] == "X . . . ."
    assert game.describe_move(game.initial(), 5) == "5"


def test_mirror_images_share_a_key() -> None:
    game = ConnectFour(4, 5)
    a = game.play(game.play(game.initial(), 1), 2)
    b = game.play(game.play(game.initial(), 5), 4)
    c = game.play(game.play(game.initial(), 1), 4)
    assert game.key(a) == game.key(b)
    assert game.key(a) != game.key(c)


def test_keys_are_unique_up_to_mirror() -> None:
    game = ConnectFour(3, 4)
    seen: dict[object, Position] = {}
    stack = [game.initial()]
    while stack:
        position = stack.pop()
        key = game.key(position)
        if key in seen:
            other = seen[key]
            flipped = game.render(other).split("\n")
            mirrored = "\n".join(" ".join(reversed(line.split())) for line in flipped)
            assert game.render(position) in (game.render(other), mirrored)
            continue
        seen[key] = position
        stack.extend(game.play(position, m) for m in game.moves(position))


def play_columns(game: ConnectFour, columns: list[int]) -> Position:
    position = game.initial()
    for column in columns:
        position = game.play(position, column)
    return position


def test_order_keeps_a_win_or_a_forced_block_alone() -> None:
    game = ConnectFour(4, 4)
    blocking = play_columns(game, [1, 2, 1, 2, 1])  # X threatens the top of column 1
    assert game.order(blocking, game.moves(blocking)) == [1]
    winning = play_columns(game, [1, 2, 1, 2, 1, 3])  # O did not block: X wins in column 1
    assert game.order(winning, game.moves(winning)) == [1]
    both = play_columns(game, [1, 2, 1, 2, 1, 3, 4, 2])  # O threatens column 2, X wins first
    assert game.order(both, game.moves(both)) == [1]


def test_order_avoids_moves_under_an_opponent_win() -> None:
    game = ConnectFour(4, 5)
    # X on the bottom row at columns 1, 2, 3 would win at 0 or 4 — not yet: one stone of O
    # sits on column 4; O threatens row 1 after X plays under it.
    position = play_columns(game, [2, 2, 3, 3, 4, 4])  # O has row 1 at columns 2-4
    assert game.winning_cells(position[1]) & game.column[1]
    kept = game.order(position, game.moves(position))
    assert kept == [1] or kept == [5]  # X wins on the bottom row


def test_winning_cells_match_a_brute_force() -> None:
    rng = random.Random(11)
    for rows, cols in [(6, 7), (4, 5), (5, 4)]:
        game = ConnectFour(rows, cols)
        for _ in range(60):
            position = game.initial()
            for _ in range(rng.randrange(rows * cols)):
                moves = game.moves(position)
                if not moves:
                    break
                position = game.play(position, rng.choice(list(moves)))
            x, o = position[0], position[1]
            if position[2]:
                continue  # somebody has four already: every cell "completes" a line
            for stones in (x, o):
                expected = 0
                for c in range(cols):
                    for r in range(rows):
                        cell = 1 << (c * game.height + r)
                        if not (x | o) & cell and game._four(stones | cell):
                            expected |= cell
                assert game.winning_cells(stones) & ~(x | o) == expected


def test_positions_carry_the_winning_cells_and_the_turn() -> None:
    rng = random.Random(13)
    for rows, cols in [(4, 4), (4, 5), (6, 7), (5, 4), (3, 8), (1, 7), (4, 1)]:
        game = ConnectFour(rows, cols)
        for _ in range(40):
            position = game.initial()
            while moves := game.moves(position):
                position = game.play(position, rng.choice(list(moves)))
                x, o, result, _, _, x_wins, o_wins, x_to_move = position
                assert x_to_move == (x.bit_count() == o.bit_count())
                if result:
                    break
                empty = game.board & ~(x | o)
                assert x_wins & empty == game.winning_cells(x) & empty
                assert o_wins & empty == game.winning_cells(o) & empty


def test_order_never_drops_every_best_move() -> None:
    game = ConnectFour(4, 4)

    @cache
    def value(position: Position) -> int:  # every move, no hooks
        moves = game.moves(position)
        if not moves:
            return int(game.payoff(position))
        children = [value(game.play(position, m)) for m in moves]
        return max(children) if game.to_move(position) is Player.MAX else min(children)

    rng = random.Random(5)
    for _ in range(300):
        position = game.initial()
        for _ in range(rng.randrange(4, 14)):
            moves = game.moves(position)
            if not moves:
                break
            position = game.play(position, rng.choice(list(moves)))
        moves = game.moves(position)
        if not moves:
            continue
        kept = game.order(position, moves)
        assert kept
        assert set(kept) <= set(moves)
        best = [value(game.play(position, m)) for m in kept]
        target = max(best) if game.to_move(position) is Player.MAX else min(best)
        assert target == value(position)


def test_evaluate_is_strictly_between_the_payoffs() -> None:
    game = ConnectFour()
    position = game.play(game.initial(), 4)
    value = game.evaluate(position)
    assert isinstance(value, Fraction)
    assert 0 < value < 1
    assert game.evaluate(game.play(position, 1)) > 0


@pytest.mark.parametrize(("rows", "cols"), [(0, 4), (4, 0), (17, 4)])
def test_bad_board_sizes(rows: int, cols: int) -> None:
    with pytest.raises(GameError, match="rows and columns"):
        ConnectFour(rows, cols)
