/* Dominated moves. For a move e on the free vertices, let R(e) be its two vertices and the
 * vertices it leaves with no free neighbour: the child's value is the value of the graph
 * induced by free - R(e). If R(e2) is a subset of R(e1), the child of e1 is an induced
 * subgraph of the child of e2, so it is worth at most as much, whoever moves next (the
 * monotonicity theorem; the proof is in docs/tiling_search.md). Hence MIN never needs e2
 * and MAX never needs e1; of moves with equal R one is kept, the first. */
#ifndef EVALGAME_KERNEL_DOMINANCE_H
#define EVALGAME_KERNEL_DOMINANCE_H

#include "kernel.h"

/* Drop from children[0..count) the moves of the core that another move dominates for the
 * player `turn` (1: MAX); the move (first_u, first_v), if first_u >= 0, was searched
 * already and counts as the first move. Moves outside the core (a pass) are kept.
 * Returns the number of moves kept, in their order. */
int drop_dominated(const Kernel *k, Set core, Child *children, int count, int turn,
                   int first_u, int first_v);

#endif
