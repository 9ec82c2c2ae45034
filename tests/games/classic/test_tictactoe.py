from __future__ import annotations

from fractions import Fraction

from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.search.protocol import Player
from tests.games.naive import naive_value


def test_empty_board_is_a_draw() -> None:
    game = TicTacToe()
    assert naive_value(game, game.initial()) == 0


def test_lines_and_turns() -> None:
    game = TicTacToe()
    position = game.initial()
    for cell in (1, 4, 2, 5):
        assert game.moves(position)
        position = game.play(position, cell)
    assert game.to_move(position) is Player.MAX
    won = game.play(position, 3)
    assert game.moves(won) == ()
    assert game.payoff(won) == 1
    assert naive_value(game, position) == 1


def test_o_can_win() -> None:
    game = TicTacToe()
    position = (1 << 0 | 1 << 1 | 1 << 8, 1 << 4 | 1 << 5)
    assert game.to_move(position) is Player.MIN
    assert game.payoff(game.play(position, 4)) == -1
    assert naive_value(game, position) == -1


def test_full_board_without_line_is_a_draw() -> None:
    game = TicTacToe()
    position = game.initial()
    for cell in (1, 2, 3, 5, 4, 6, 8, 7, 9):  # X O X / X O O / O X X
        position = game.play(position, cell)
    assert game.moves(position) == ()
    assert game.payoff(position) == 0


def test_symmetric_positions_share_keys_and_values() -> None:
    game, plain = TicTacToe(), TicTacToe(symmetry=False)
    seen: dict[object, object] = {}
    stack = [game.initial()]
    while stack:
        position = stack.pop()
        key = game.key(position)
        if key in seen:
            continue
        seen[key] = position
        stack.extend(game.play(position, m) for m in game.moves(position))
    assert len(seen) == 765  # the published count of essentially different positions
    assert plain.key((1, 0)) != plain.key((1 << 2, 0))
    for position in [(1, 0), (1 << 2, 0), (1 << 6, 0), (1 << 8, 0)]:
        assert game.key(position) == game.key((1, 0))
        assert naive_value(game, position) == naive_value(game, (1, 0))


def test_order_puts_wins_then_blocks_first() -> None:
    game = TicTacToe()
    position = (0b000_000_011, 0b000_011_000)  # X threatens cell 3, O threatens cell 6
    assert game.order(position, game.moves(position))[0] == 3
    blocked = (0b000_000_011 | 1 << 8, 0b000_011_000)  # O to move: win at 6
    assert game.order(blocked, game.moves(blocked))[0] == 6


def test_evaluate_is_strictly_between_the_payoffs() -> None:
    game = TicTacToe()
    position = game.play(game.initial(), 5)
    value = game.evaluate(position)
    assert isinstance(value, Fraction)
    assert 0 < value < 1


def test_moves_are_numbered_1_to_9_as_the_command_line_shows_them() -> None:
    game = TicTacToe()
    assert sorted(game.moves(game.initial())) == list(range(1, 10))
    assert game.play(game.initial(), 1) == (1, 0)  # the top left corner
    assert game.play(game.initial(), 9) == (1 << 8, 0)  # the bottom right one


def test_render_and_describe() -> None:
    game = TicTacToe()
    position = game.play(game.play(game.initial(), 1), 9)
    assert game.render(position) == "X . .\n. . .\n. . O"
    assert [game.describe_move(position, m) for m in sorted(game.moves(position))] == list(
        "2345678"
    )
