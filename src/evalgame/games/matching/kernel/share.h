/* Table entries shared between processes: the kernels of one parallel proof (same graph,
 * same options, so the same canonical keys) send each other the entries of their large
 * searches, so that a position one process searched is not searched again by another. */
#ifndef EVALGAME_KERNEL_SHARE_H
#define EVALGAME_KERNEL_SHARE_H

#include "kernel.h"

/* bytes of one exported entry: key (SET_BYTES, little-endian: 8 in the 64-bit build),
 * work (4), tag, lo[2], nhi[2], mv[2][2] */
#define SHARED_BYTES (SET_BYTES + 13)

/* The entries noted since the last export, each once, as SHARED_BYTES records in `out`
 * (room for k->nshared records); returns how many were written and forgets them. */
size_t share_export(Kernel *k, uint8_t *out);

/* Merge `count` records into the table (bounds intersected, the larger work kept);
 * -1 if a record is malformed, -2 (KernelContradiction raised) if one contradicts the
 * table: its bounds and the table's do not meet (a wrong proof, or another graph's). */
int share_absorb(Kernel *k, const uint8_t *records, size_t count);

void share_free(Kernel *k);

#endif
