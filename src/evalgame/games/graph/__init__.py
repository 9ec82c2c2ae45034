"""Graph games of the paper's §5: graphs, plane faces, incidences, symmetry, the sharing game."""
