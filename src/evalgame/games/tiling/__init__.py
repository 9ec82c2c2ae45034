"""The tiling game of the paper's §6: boards and the domino game on the matching game."""
