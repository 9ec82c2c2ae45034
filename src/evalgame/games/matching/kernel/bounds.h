/* Bounds: maximum matchings, the matching-strategy bound, and the proven bounds of a
 * position from its reduction and the table. */
#ifndef EVALGAME_KERNEL_BOUNDS_H
#define EVALGAME_KERNEL_BOUNDS_H

#include "kernel.h"

/* The size of a maximum matching of a bipartite graph's induced subgraph on m, or of a
 * greedy maximal matching when the graph is not bipartite. */
int matching(const Kernel *k, Set m);

/* Static bounds and the table's: lower <= value <= upper; *move gets the table's best
 * move (canonical coordinates + 1 packed as u1 << 8 | v1, 0 if none). */
void bounds_of(const Kernel *k, const Region *r, int turn, int *lower, int *upper, int *move);

/* The matching-strategy bound (solver.strategy_bound) for every matching size. */
void bounds_init_strategy(Kernel *k);

#endif
