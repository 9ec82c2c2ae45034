/* Table entries shared between processes (see share.h). */
#include "share.h"

#include <stdlib.h>
#include <string.h>

#include "table.h"

static int by_address(const void *a, const void *b) {
    const Entry *x = *(Entry *const *)a, *y = *(Entry *const *)b;
    return (x > y) - (x < y);
}

size_t share_export(Kernel *k, uint8_t *out) {
    log_filter(k, 0); /* entries replaced since they were noted are gone */
    if (k->nshared > 1) qsort(k->shared, k->nshared, sizeof *k->shared, by_address);
    size_t count = 0;
    for (size_t i = 0; i < k->nshared; i++) {
        const Entry *e = k->shared[i];
        if (i > 0 && e == k->shared[i - 1]) continue; /* noted at every store: sent once */
        uint8_t *r = out + count++ * SHARED_BYTES;
        write_set(r, e->key);
        r += SET_BYTES;
        write_le(r, e->work, 4);
        r[4] = e->tag;
        r[5] = e->lo[0];
        r[6] = e->lo[1];
        r[7] = e->nhi[0];
        r[8] = e->nhi[1];
        r[9] = e->mv[0][0];
        r[10] = e->mv[0][1];
        r[11] = e->mv[1][0];
        r[12] = e->mv[1][1];
    }
    k->nshared = 0;
    return count;
}

int share_absorb(Kernel *k, const uint8_t *records, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const uint8_t *r = records + i * SHARED_BYTES;
        Set key = read_set(r);
        r += SET_BYTES; /* the rest as in the 64-bit build's records */
        uint32_t work = (uint32_t)read_le(r, 4);
        int tag = r[4];
        if (tag < 1 || tag > 4) return -1;
        /* a record whose own bounds cross is malformed; one that crosses the table's
         * contradicts it */
        for (int turn = 0; turn < 2; turn++)
            if (r[7 + turn] && r[5 + turn] > UNKNOWN_HI - r[7 + turn]) return -1;
        Entry *e = slot(k, key, tag);
        uint8_t lo[2], nhi[2];
        for (int turn = 0; turn < 2; turn++) {
            lo[turn] = r[5 + turn] > e->lo[turn] ? r[5 + turn] : e->lo[turn];
            nhi[turn] = r[7 + turn] > e->nhi[turn] ? r[7 + turn] : e->nhi[turn];
            if (nhi[turn] && lo[turn] > UNKNOWN_HI - nhi[turn]) {
                /* bounds less the even part of the passes; an upper bound of 255: unknown */
                contradiction("an entry absorbed contradicts the table", "{sNsisisns(ii)s(ii)}",
                              "key", set_to_long(key), "tag", tag, "max_to_move", turn,
                              "record", (Py_ssize_t)i, "known", e->lo[turn],
                              UNKNOWN_HI - e->nhi[turn], "other", r[5 + turn],
                              UNKNOWN_HI - r[7 + turn]);
                return -2;
            }
        }
        for (int turn = 0; turn < 2; turn++) {
            e->lo[turn] = lo[turn];
            e->nhi[turn] = nhi[turn];
            /* the best move only orders moves (the search checks it is one): any bytes do */
            if (!e->mv[turn][0] && !e->mv[turn][1]) {
                e->mv[turn][0] = r[9 + 2 * turn];
                e->mv[turn][1] = r[10 + 2 * turn];
            }
        }
        if (work > e->work) e->work = work;
    }
    return 0;
}

void share_free(Kernel *k) {
    free(k->shared);
    free(k->shared_keys);
    k->shared = NULL;
    k->shared_keys = NULL;
    k->nshared = k->shared_cap = 0;
}
