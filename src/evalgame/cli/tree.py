"""``evalgame tree EXPRESSION``: the game tree of a small expression, as a search walked it.

>>> from evalgame.cli import app
>>> from typer.testing import CliRunner
>>> result = CliRunner().invoke(app, ["tree", "(10-X)*Y", "--algorithm", "alphabeta"])
>>> "4 α cut-offs" in result.output
True
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.markup import escape
from rich.tree import Tree

from evalgame.cli.shared import Domain, Seed, console, picture_path, print_json, writing
from evalgame.expr.domain import parse_domain
from evalgame.games.evaluate.solvers import TREE
from evalgame.lab.tree import GameTree, Node, Status, game_tree
from evalgame.lab.tree_pictures import MAX_DRAWN
from evalgame.numbers import format_number
from evalgame.search.protocol import Player
from evalgame.search.registry import describe

DEPTH_HELP = (
    "Levels shown before subtrees are collapsed (default: 2 in the terminal; "
    f"in pictures everything up to 2 free variables, as far as {MAX_DRAWN} boxes allow)."
)
#: how each status is marked in the terminal
MARKS = {
    Status.VISITED: "",
    Status.TABLE: " [green]TT (answered by the table)[/]",
    Status.ALPHA: " [red]α-pruned (never computed)[/]",
    Status.BETA: " [red]β-pruned (never computed)[/]",
    Status.SKIPPED: " [dim]not visited[/]",
}

#: the searches the tree shows
ALGORITHM_HELP = describe(TREE)


def tree_command(
    expression: str = typer.Argument(..., help="An expression with at most 3 variables."),
    domain: Domain = "0..9",
    algorithm: str = typer.Option(
        "alphabeta",
        "--algorithm",
        "-a",
        help=ALGORITHM_HELP,
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Draw the tree into this .svg or .png file.", callback=picture_path
    ),
    at: str = typer.Option(
        "", "--at", help="Show the subtree reached by these moves, e.g. '3,x' or '5,X,2'."
    ),
    depth: int | None = typer.Option(None, "--depth", min=0, help=DEPTH_HELP),
    seed: Seed = 0,
    json_output: bool = typer.Option(False, "--json", help="Print the whole tree as JSON."),
) -> None:
    """Draw the game tree with its values, cut-offs and the search's order (≤ 3 variables)."""
    tree = game_tree(expression, parse_domain(domain), algorithm=algorithm, seed=seed)
    moves = tree.parse_path(at)
    if out is not None:
        from evalgame.lab.tree_pictures import draw_tree

        with writing(out):
            draw_tree(tree, out, at=moves, depth=depth)
    if json_output:
        print_json(tree.as_json())
        return
    stats = tree.stats
    value = "none (no valid completion)" if tree.value is None else format_number(tree.value)
    console.print(f"[bold]{escape(str(tree.game.expression))}[/]: minimax(E) = [bold]{value}[/]")
    console.print(
        f"{algorithm}: visited {stats.nodes:,} of {tree.subtree_size(0):,} nodes; "
        f"{stats.alpha_cutoffs} α cut-offs pruned {stats.alpha_pruned:,} nodes, "
        f"{stats.beta_cutoffs} β cut-offs pruned {stats.beta_pruned:,}"
        + (f", {stats.table_hits} table hits spared {stats.table_pruned:,}" if tree.table else "")
    )
    if algorithm == "paper":
        console.print(
            "values tried in the order " + ", ".join(map(tree.label, tree.game.value_order))
        )
    top = tree.nodes[tree.find(*moves)]
    shown = Tree(_label(tree, top))
    _grow(tree, top, shown, 2 if depth is None else depth)
    console.print(shown)
    if out is not None:
        console.print(f"drawn into {out}")


def _label(tree: GameTree, node: Node) -> str:
    """A node with what the search learned of it: no value where it never looked."""
    who = {Player.MAX: "MAX", Player.MIN: "MIN", None: "leaf"}[node.player]
    known = tree.known(node.id)
    value = "" if known is None else f" value [bold]{escape(known)}[/]"
    principal = " [bold green]★[/]" if node.principal else ""
    step = "" if node.visit is None else f" [dim]visit {node.visit + 1}[/]"
    return f"{escape(tree.describe(node.id))} {who}{value}{principal}{MARKS[node.status]}{step}"


def _grow(tree: GameTree, node: Node, shown: Tree, depth: int) -> None:
    """Add ``depth`` levels below ``node`` (an explicit stack: trees are shallow anyway)."""
    stack = [(node, shown, depth)]
    while stack:
        current, branch, left = stack.pop()
        if left <= 0:
            if current.children:
                branch.add(f"[dim]… {tree.subtree_size(current.id) - 1:,} nodes below[/]")
            continue
        for child_id in current.children:
            child = tree.nodes[child_id]
            stack.append((child, branch.add(_label(tree, child)), left - 1))
