"""e-Valuate: the game on arithmetic expressions, its solvers and its analysis."""
