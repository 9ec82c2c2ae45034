"""Classic games on the protocol: tic-tac-toe, connect-four, dice, heap games, DAG files."""
