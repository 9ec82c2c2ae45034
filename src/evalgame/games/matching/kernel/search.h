/* The search: the fail-soft null-window test, its move generation and move order. */
#ifndef EVALGAME_KERNEL_SEARCH_H
#define EVALGAME_KERNEL_SEARCH_H

#include "kernel.h"

/* `test(r, turn, gamma)`: a result >= gamma proves value >= result, a result < gamma
 * proves value <= result (moves still to come from the reduced region r, MAX to move if
 * turn). Sets k->stopped (and returns 0) when the callback or Ctrl-C stops it. */
int test(Kernel *k, const Region *r, int turn, int gamma, int depth);

/* The periodic check of a search: Ctrl-C and the callback; 1 (and k->stopped) to stop. */
int search_check(Kernel *k);

/* The one move outside the core worth trying at r, MAX to move if turn: a pass (an edge
 * of an equimatchable component) when the passes are odd, or under OPT_CRUMBS the crumb
 * move that is best for the player to move; *u = *v = -1 when there is none. */
void pass_move(Kernel *k, const Region *r, int turn, int *u, int *v);

#endif
