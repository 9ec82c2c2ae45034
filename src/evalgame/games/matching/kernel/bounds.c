/* Bounds (see bounds.h); each bound cites its proof. */
#include "bounds.h"

#include <string.h>

#include "table.h"

/* Kuhn's augmenting paths (bipartite graphs only). */
static int augment(const Kernel *k, int u, Set right, Set *seen, int8_t *mate) {
    Set options = k->adj[u] & right & ~*seen;
    while (options) {
        int v = set_first(options);
        options &= options - 1;
        *seen |= BIT(v);
        if (mate[v] < 0 || augment(k, mate[v], right, seen, mate)) {
            mate[v] = (int8_t)u;
            return 1;
        }
    }
    return 0;
}

int matching(const Kernel *k, Set m) {
    if (!k->bipartite) {
        int size = 0;
        Set rest = m;
        while (rest) {
            int u = set_first(rest);
            rest &= rest - 1;
            Set options = k->adj[u] & rest;
            if (options) {
                rest &= ~(options & -options);
                size++;
            }
        }
        return size;
    }
    int8_t mate[MAXV];
    memset(mate, -1, sizeof mate);
    Set right = m & ~k->left, taken = 0, seen = 0;
    Set lefts = m & k->left, unmatched = 0;
    int size = 0;
    for (Set rest = lefts; rest; rest &= rest - 1) {
        int u = set_first(rest);
        Set options = k->adj[u] & right & ~taken;
        if (options) {
            int v = set_first(options);
            mate[v] = (int8_t)u;
            taken |= BIT(v);
            size++;
        } else {
            unmatched |= BIT(u);
        }
    }
    for (; unmatched; unmatched &= unmatched - 1) {
        /* vertices a failed search visited cannot lie on an augmenting path before the
         * next augmentation, so `seen` is kept until one succeeds */
        if (augment(k, set_first(unmatched), right, &seen, mate)) {
            size++;
            seen = 0;
        }
    }
    return size;
}

void bounds_of(const Kernel *k, const Region *r, int turn, int *lower, int *upper, int *move) {
    if (r->decided) {
        /* every region tame: the sum rule (tame.h) gives the value */
        *lower = *upper = r->exact[turn];
        if (move) *move = 0;
        return;
    }
    int lo = r->lo, hi = r->hi;
    if (k->options & OPT_STRATEGY) {
        /* MAX plays an edge of a matching of size nu: it shrinks by exactly 1 on his
         * moves and by at most 2 on MIN's, and the game goes on while it has an edge
         * (solver.strategy_bound; Cranston, Kinnersley, O and West 2013: >= 2/3 nu) */
        int s = k->strategy[turn][r->nu];
        if (s > lo) lo = s;
        /* the same strategy confined to the big components: the moves there follow the
         * recursion whatever MIN does elsewhere (a move outside is never better for MIN:
         * strategy[1][m] >= 1 + min(strategy[1][m - 1], strategy[1][m - 2])), and the
         * moves in the small components and passes are counted by small_lo */
        s = r->small_lo + k->strategy[turn][r->big_nu];
        if (s > lo) lo = s;
    }
    if (move) *move = 0;
    const Entry *e = probe(k, r);
    if (e) {
        int even = r->passes & ~1;
        int elo = e->lo[turn] + even;
        int ehi = e->nhi[turn] == 0 ? 1000 : UNKNOWN_HI - e->nhi[turn] + even;
        if (elo > lo) lo = elo;
        if (ehi < hi) hi = ehi;
        if (k->options & OPT_TURNS) {
            /* Cranston, Kinnersley, O and West (2013), Theorem: the Max-start and
             * Min-start game matching numbers of every graph differ by at most 1 */
            int olo = e->lo[!turn] + even - 1;
            if (olo > lo) lo = olo;
            if (e->nhi[!turn]) {
                int ohi = UNKNOWN_HI - e->nhi[!turn] + even + 1;
                if (ohi < hi) hi = ohi;
            }
        }
        if (move) *move = e->mv[turn][0] << 8 | e->mv[turn][1];
    }
    *lower = lo;
    *upper = hi;
}

void bounds_init_strategy(Kernel *k) {
    k->strategy[1][0] = k->strategy[0][0] = 0;
    for (int size = 1; size <= MAXV / 2 + 1; size++) {
        k->strategy[1][size] = 1 + k->strategy[0][size - 1];
        int a = k->strategy[1][size - 1], b = k->strategy[1][size >= 2 ? size - 2 : 0];
        k->strategy[0][size] = 1 + (a < b ? a : b);
    }
}
