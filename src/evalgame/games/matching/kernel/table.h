/* The transposition table: buckets of BUCKET entries keyed by the reduced core, the
 * parity of the passes and the switch (OPT_CRUMBS, tame.h), each holding (lower, upper) for both players to move, the best
 * move in canonical coordinates and the searched subtree size (the replacement rule). */
#ifndef EVALGAME_KERNEL_TABLE_H
#define EVALGAME_KERNEL_TABLE_H

#include "kernel.h"

static inline Entry *bucket_of(const Kernel *k, Set key, int tag) {
    return k->table + (mix64(set_fold(key), (uint64_t)tag) & k->bucket_mask) * BUCKET;
}

/* The tag of a position's entry: 1 + r + 2p (r the parity of the passes, p the switch). */
static inline int tag_of(const Region *r) { return 1 + (r->passes & 1) + 2 * r->switches; }

static inline Entry *probe(const Kernel *k, const Region *r) {
    int tag = tag_of(r);
    Entry *b = bucket_of(k, r->key, tag);
    for (int i = 0; i < BUCKET; i++)
        if (b[i].tag == tag && b[i].key == r->key) return &b[i];
    return NULL;
}

/* The entry of (key, tag): the one held, else a new one in place of the lightest. */
Entry *slot(Kernel *k, Set key, int tag);

/* Record proven bounds (and the best move u-v, if u >= 0) of a position. */
void store(Kernel *k, const Region *r, int turn, int lower, int upper, int u, int v,
           uint64_t work);

/* The log of heavy entries, which share.h exports: note that `e` was stored after a
 * search of `work` nodes (kept when it weighs at least k->share_min, which doubles when
 * the log is full); and keep only the noted entries that still hold their key and weigh at
 * least `min_work`. */
void log_heavy(Kernel *k, Entry *e, uint64_t work);
void log_filter(Kernel *k, uint64_t min_work);

/* Zeroed memory for `bytes` of entries, and its release. */
void *table_alloc(size_t bytes);
void table_free(void *table, size_t bytes);

#endif
