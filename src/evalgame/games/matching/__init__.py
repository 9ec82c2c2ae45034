"""The matching game on any graph of bitmask vertices: regions, the solver, bound ladders."""
