/* The transposition table (see table.h). */
#include "table.h"


#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

Entry *slot(Kernel *k, Set key, int tag) {
    Entry *b = bucket_of(k, key, tag), *e = NULL;
    for (int i = 0; i < BUCKET; i++)
        if (b[i].tag == tag && b[i].key == key) return &b[i];
    /* an empty slot, else the entry with the smallest searched subtree */
    e = &b[0];
    for (int i = 0; i < BUCKET; i++) {
        if (!b[i].tag) {
            e = &b[i];
            break;
        }
        if (b[i].work < e->work) e = &b[i];
    }
    if (e->tag)
        k->replacements++;
    else
        k->filled++;
    memset(e, 0, sizeof *e);
    e->key = key;
    e->tag = (uint8_t)tag;
    return e;
}

void store(Kernel *k, const Region *r, int turn, int lower, int upper, int u, int v,
           uint64_t work) {
    int even = r->passes & ~1;
    Entry *e = slot(k, r->key, tag_of(r));
    k->stores++;
    lower -= even;
    upper -= even;
    if (lower < 0) lower = 0;
    if (upper > UNKNOWN_HI - 1) upper = UNKNOWN_HI - 1;
    if (lower > e->lo[turn]) e->lo[turn] = (uint8_t)lower;
    if (e->nhi[turn] == 0 || upper < UNKNOWN_HI - e->nhi[turn])
        e->nhi[turn] = (uint8_t)(UNKNOWN_HI - upper);
    uint64_t total = (uint64_t)e->work + work;
    e->work = total > UINT32_MAX ? UINT32_MAX : (uint32_t)total;
    if (u >= 0) {
        /* the move in canonical coordinates: where the key's symmetry sends it */
        e->mv[turn][0] = (uint8_t)(k->perm[r->sym][u] - r->shift + 1);
        e->mv[turn][1] = (uint8_t)(k->perm[r->sym][v] - r->shift + 1);
    }
    if (k->share_min) log_heavy(k, e, work);
}

/* Zeroed memory whose pages are touched only when entries are stored; on Linux in huge
 * pages where the system allows (the table is probed at random: fewer TLB misses). */
void *table_alloc(size_t bytes) {
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
#else
    return calloc(bytes / sizeof(Entry), sizeof(Entry));
#endif
}

void table_free(void *table, size_t bytes) {
    if (!table) return;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    munmap(table, bytes);
#else
    (void)bytes;
    free(table);
#endif
}

/* the log's first size; it doubles up to SHARE_MAX, then keeps only heavier entries */
#define SHARE_FIRST 1024
#define SHARE_MAX 65536

void log_filter(Kernel *k, uint64_t min_work) {
    size_t kept = 0;
    for (size_t i = 0; i < k->nshared; i++) {
        Entry *e = k->shared[i];
        if (e->tag && e->key == k->shared_keys[i] && e->work >= min_work) {
            k->shared[kept] = e;
            k->shared_keys[kept++] = e->key;
        }
    }
    k->nshared = kept;
}

void log_heavy(Kernel *k, Entry *e, uint64_t work) {
    if (work < k->share_min) return;
    if (k->nshared == k->shared_cap) {
        if (k->shared_cap < SHARE_MAX) {
            size_t cap = k->shared_cap ? 2 * k->shared_cap : SHARE_FIRST;
            Entry **entries = realloc(k->shared, cap * sizeof *entries);
            if (entries) k->shared = entries;
            Set *keys = realloc(k->shared_keys, cap * sizeof *keys);
            if (keys) k->shared_keys = keys;
            if (entries && keys) k->shared_cap = cap;
        }
        if (k->nshared == k->shared_cap) {
            /* full: from now on only entries twice as heavy are worth sending */
            k->share_min *= 2;
            log_filter(k, k->share_min);
            if (k->nshared == k->shared_cap || work < k->share_min) return;
        }
    }
    k->shared[k->nshared] = e;
    k->shared_keys[k->nshared++] = e->key;
}
