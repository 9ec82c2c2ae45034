/* Components (see components.h). */
#include "components.h"

#include "bits.h"
#include "bounds.h"
#include "tame.h"

/* --------------------------------------------- exact numbers of small vertex sets */

static SmallInfo small_info(Kernel *k, Set m);

static SmallInfo small_compute(Kernel *k, Set m) {
    /* minimum maximal matching and maximum matching by trying every first edge:
     * a maximal matching containing e is e plus a maximal matching of the rest */
    SmallInfo info = {m, 0, 0, 1};
    int lo = 255, hi = 0, any = 0;
    for (Set rest = m; rest; rest &= rest - 1) {
        int u = set_first(rest);
        for (Set vs = k->adj[u] & rest & ~(BIT(u)); vs; vs &= vs - 1) {
            int v = set_first(vs);
            Set child = m & ~(BIT(u)) & ~(BIT(v));
            SmallInfo c = small_info(k, core_of(k, child));
            any = 1;
            if (c.mm + 1 < lo) lo = c.mm + 1;
            if (c.nu + 1 > hi) hi = c.nu + 1;
        }
    }
    if (!any) lo = 0;
    info.mm = (uint8_t)lo;
    info.nu = (uint8_t)hi;
    return info;
}

static SmallInfo small_info(Kernel *k, Set m) {
    if (!m) return (SmallInfo){0, 0, 0, 1};
    if (k->cols) m >>= grid_shift(k, m);
    uint64_t h = (set_fold(m) * 0x9E3779B97F4A7C15ULL) >> (64 - SMALL_CACHE_BITS);
    SmallInfo *slot = &k->small[h];
    if (slot->used && slot->mask == m) return *slot;
    SmallInfo info = small_compute(k, m);
    k->small[h] = info;
    return info;
}

void analyse(Kernel *k, Set free, Region *r) {
    k->positions++;
    Set core = core_of(k, free), rest = core, big = 0;
    int crumbs = k->options & OPT_CRUMBS, hot = 0, folded = 0;
    r->passes = 0;
    r->switches = 0;
    r->spare = 0;
    r->lo = r->hi = r->nu = r->big_nu = 0;
    if (k->options & (OPT_COMPONENTS | OPT_CRUMBS)) {
        while (rest) {
            Set comp = component_of(k, rest);
            rest &= ~comp;
            int size = set_count(comp);
            SmallInfo info = {0, 0, 0, 0};
            if ((k->options & OPT_COMPONENTS) && size <= SMALL) {
                info = small_info(k, comp);
                if (info.mm == info.nu) {
                    /* equimatchable: every maximal matching has nu edges, whatever anyone
                     * plays there, so it is nu passes (region.py, tempo lemma) */
                    r->nu += info.nu;
                    r->passes += info.nu;
                    r->spare |= comp;
                    continue;
                }
            }
            if (crumbs && size <= k->tame_cells) {
                TameValue v = tame_region(k, comp);
                if (v.status == TAME) {
                    /* a crumb: a tame region, next to anything D^a or P + D^(a-2)
                     * (tame.h); a <= nu, so the matching-strategy bound may count a */
                    r->nu += info.used ? info.nu : v.a;
                    r->passes += v.a;
                    folded = 1;
                    hot += v.a - v.b;
                    r->spare |= comp;
                    continue;
                }
            }
            if (info.used) {
                r->nu += info.nu;
                r->lo += info.mm; /* no play there ends before a maximal matching */
                r->hi += info.nu;
            } else {
                big |= comp;
            }
        }
    } else {
        big = core;
    }
    if (folded) {
        /* the crumbs theorem: N = passes and h = hot give d and p, and the value is
         * s + V(rest + D^r + P^p) with s = d - r (tame.h); d + p and d + 2p bound the
         * crumbs' share like the minimum maximal and maximum matchings of a component */
        crumbs_reduce(r, hot);
        k->crumbs++;
    }
    r->lo += r->switches;
    r->hi += 2 * r->switches;
    r->small_lo = r->lo + r->passes;
    if (big) {
        int m = matching(k, big);
        r->nu += m;
        r->big_nu = m;
        if (k->bipartite) {
            r->hi += m;
        } else {
            /* m is a maximal matching: nu <= 2m (both ends of a maximal matching cover
             * every edge, so nu <= vertex cover <= 2m), and nu <= |big|/2 */
            int half = set_count(big) / 2;
            r->hi += 2 * m < half ? 2 * m : half;
        }
        if (k->options & OPT_COMPONENTS) {
            /* a maximal matching has at least ceil(nu/2) edges (both ends of it cover
             * every edge of a maximum matching); for a greedy m, nu >= m */
            r->lo += (m + 1) / 2;
        }
    }
    r->core = core & ~r->spare;
    r->lo += r->passes;
    r->hi += r->passes;
    r->key = canonical(k, r->core, &r->sym, &r->shift);
    r->decided = 0;
    if (k->options & OPT_TAME) tame_decide(k, r);
}
