/* Components: a position reduced as region.py reduces it. Isolated vertices are dropped;
 * components of at most SMALL vertices get their exact minimum maximal and maximum
 * matchings, and the equimatchable ones become passes that count only by parity. */
#ifndef EVALGAME_KERNEL_COMPONENTS_H
#define EVALGAME_KERNEL_COMPONENTS_H

#include "kernel.h"

/* The reduction of the free vertices `free`: core, passes, static bounds and key. */
void analyse(Kernel *k, Set free, Region *r);

#endif
