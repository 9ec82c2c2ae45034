/* The search: the fail-soft null-window test, its move generation and move order. */
#ifndef EVALGAME_KERNEL_SEARCH_H
#define EVALGAME_KERNEL_SEARCH_H

#include "kernel.h"

/* `test(r, turn, gamma)`: a result >= gamma proves value >= result, a result < gamma
 * proves value <= result (moves still to come from the reduced region r, MAX to move if
 * turn). Sets k->stopped (and returns 0) when the callback or Ctrl-C stops it. */
int test(Kernel *k, const Region *r, int turn, int gamma, int depth);

/* The moves of r but skip_u-skip_v (-1: none), u < v each: the edges of its core, and the
 * one move outside it worth trying (pass_move); their number. */
int moves_of(Kernel *k, const Region *r, int turn, int skip_u, int skip_v, Child *children);

/* The moves of r (all of moves_of) in the order test() tries them at the question gamma,
 * best first: the table's move, then by the order of the children's bounds and shapes;
 * `last` holds the cells of the move that led to r (0: unknown). Their number (at most
 * k->stride: the table's move may be an edge beside the core other than the pass). */
int move_order(Kernel *k, const Region *r, int turn, int gamma, Set last, Child *children);

/* The periodic check of a search: Ctrl-C and the callback; 1 (and k->stopped) to stop. */
int search_check(Kernel *k);

/* The one move outside the core worth trying at r, MAX to move if turn: a pass (an edge
 * of an equimatchable component) when the passes are odd, or under OPT_CRUMBS the crumb
 * move that is best for the player to move; *u = *v = -1 when there is none. */
void pass_move(Kernel *k, const Region *r, int turn, int *u, int *v);

#endif
