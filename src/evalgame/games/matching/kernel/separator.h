/* The separator bound: a proven lower bound from cells taken away (docs/tiling_search.md,
 * "The separator bound"). By monotonicity, the value of a position is at least the value
 * of the position with any set S of free cells removed; when the cells left fall into tame
 * regions of at most tame_cells vertices, that value is the sum rule's, without search.
 *
 * S is chosen by straight cuts on a grid board: a region too large for the database, or
 * not tame, loses the cells of one row or column of its bounding box (the line with the
 * fewest cells, weighted against the larger side it leaves), and the pieces are treated
 * alike, at most SEPARATOR_CUTS cuts in all. The Python reference is
 * games/matching/separator.py; the two choose the same cuts.
 */
#ifndef EVALGAME_KERNEL_SEPARATOR_H
#define EVALGAME_KERNEL_SEPARATOR_H

#include "kernel.h"

#ifndef SEPARATOR_CUTS
#define SEPARATOR_CUTS 4
#endif

/* The cuts themselves: 1 when every piece is a tame region of at most `limit` vertices
 * within SEPARATOR_CUTS cuts, with *cut the cells the cuts took and *value the sum rule's
 * value of the pieces, MAX to move if turn; 0 otherwise (a certificate's cut, format 2). */
int separator_cut(Kernel *k, Set free, int turn, int limit, Set *cut, int *value);

/* A proven lower bound on the moves still to come from the free vertices `free` (no
 * vertex of it isolated), MAX to move if turn; -1 when the graph is not a grid or the
 * cuts run out before every piece is a tame region of the database. */
int separator_bound(Kernel *k, Set free, int turn);

/* The search's hook: `lower` raised by the separator bound of the reduced region r when
 * the option is on and lower < gamma <= upper (only then can it decide a test). */
int separator_raise(Kernel *k, const Region *r, int turn, int gamma, int lower, int upper);

#endif
