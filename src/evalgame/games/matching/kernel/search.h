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

#endif
