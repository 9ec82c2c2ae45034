/* The matching game's search kernel in C11: the same null-window tests as solver.py.
 *
 * A position is a set `free` of uncovered vertices (a 64-bit mask) of a graph of at most
 * 64 vertices and the player to move; its value is the number of moves still to come.
 * `test(free, max_to_move, gamma)` is a fail-soft null-window test with the meaning of
 * MatchingSolver.test: a result r >= gamma proves value >= r, a result r < gamma proves
 * value <= r. Everything stored or returned is a proven bound; each bound below cites
 * its proof.
 *
 * Ingredients (each can be switched off by an option bit, to measure it or to confirm a
 * result without it):
 *   - a position is reduced like region.py does: isolated vertices dropped; components of
 *     at most SMALL vertices get their exact minimum maximal and maximum matchings, and
 *     the equimatchable ones become passes that count only by parity (tempo lemma);
 *   - keys: the reduced core folded under the graph's symmetries (and, on a grid board,
 *     translations), plus the parity of the passes;
 *   - a fixed-size table of buckets of 4 entries: full key, (lower, upper) for both
 *     players to move, best move in canonical coordinates, searched subtree size (the
 *     replacement criterion);
 *   - static bounds before the table: maximum matching above, min-maximal/matching
 *     strategy below;
 *   - the table's best move is searched first, before any other child is generated;
 *     then the children are analysed one by one, moves next to the last move first,
 *     each child's bounds and table entry consulted as soon as it is analysed (enhanced
 *     transposition cut-offs: a child that decides the node stops the analysis), and
 *     the rest ordered by their upper bounds, nearness to the last move, dead cells.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define MAXV 64
#define SMALL 10          /* components up to this size get exact numbers */
#define UNKNOWN_HI 255    /* an upper bound not yet proven */
#define SMALL_CACHE_BITS 18

enum {
    OPT_STRATEGY = 1,   /* the matching-strategy lower bound (about 2/3 of nu) */
    OPT_TURNS = 2,      /* |value(MAX first) - value(MIN first)| <= 1 from the table */
    OPT_COMPONENTS = 4, /* small components exact, equimatchable ones as passes, nu/2 */
    OPT_ETC = 8,        /* children's bounds and table entries before searching any */
    OPT_SYMMETRY = 16,  /* keys folded under symmetries (and translations on a grid) */
    OPT_ALL = 31,
};

static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }
static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }

typedef struct {
    uint64_t key;
    uint32_t work;   /* nodes searched under this position (saturating): replacement */
    uint8_t tag;     /* 0: empty, else 1 + parity of the passes */
    uint8_t lo[2];   /* reduced lower bounds, [1]: MAX to move */
    uint8_t nhi[2];  /* UNKNOWN_HI - reduced upper bound (so that zeroed memory = unknown) */
    uint8_t mv[2][2];/* best move, canonical coordinates + 1 (0: none) */
    uint8_t pad;
} Entry;

#define BUCKET 4

typedef struct {
    uint64_t core;   /* vertices of non-equimatchable components */
    uint64_t spare;  /* vertices of equimatchable components (passes) */
    uint64_t key;
    int passes;
    int lo, hi;      /* static bounds on moves to come, passes included */
    int nu;          /* size of some matching of the free vertices */
    int big_nu;      /* size of some matching of the components of more than SMALL vertices */
    int small_lo;    /* passes + the small components' minimum maximal matchings */
    int sym, shift;  /* how key was obtained from core */
} Region;

typedef struct {
    Region region;
    int u, v;
    int score;
} Child;

typedef struct {
    uint64_t mask;
    uint8_t mm, nu, used;
} SmallInfo;

typedef struct {
    PyObject_HEAD
    int n;
    uint64_t full;
    uint64_t adj[MAXV];
    uint64_t left;        /* one colour class if bipartite */
    int bipartite;
    int cols;             /* > 0: a rows x cols grid with vertex r*cols + c */
    uint64_t not_first_col, not_last_col;
    uint64_t col_mask[MAXV];
    int nsym;
    uint8_t (*perm)[MAXV];
    uint8_t (*inv)[MAXV];
    uint64_t (*bytes)[8][256];
    int options;
    int strategy[2][MAXV / 2 + 2];
    Entry *table;
    uint64_t bucket_mask;
    uint64_t buckets;
    SmallInfo *small;
    Child *children;      /* per depth */
    uint64_t last[MAXV / 2 + 2]; /* per depth: the cells of the move that led there */
    int stride;
    /* counters */
    uint64_t nodes, positions, table_hits, bound_cutoffs, beta_cutoffs, alpha_cutoffs;
    uint64_t stores, replacements, filled;
    /* interruption */
    PyObject *callback;
    int64_t check_every, countdown;
    int stopped;
} Kernel;

/* ---------------------------------------------------------------- graph operations */

static inline uint64_t neighbourhood(const Kernel *k, uint64_t m) {
    if (k->cols) {
        int c = k->cols;
        return (((m & k->not_last_col) << 1) | ((m & k->not_first_col) >> 1) | (m << c) |
                (m >> c)) & k->full;
    }
    uint64_t r = 0;
    while (m) {
        r |= k->adj[ctz64(m)];
        m &= m - 1;
    }
    return r;
}

static inline uint64_t core_of(const Kernel *k, uint64_t m) { return m & neighbourhood(k, m); }

static inline uint64_t component_of(const Kernel *k, uint64_t m) {
    uint64_t comp = m & -m, frontier = comp;
    while (frontier) {
        frontier = neighbourhood(k, frontier) & m & ~comp;
        comp |= frontier;
    }
    return comp;
}

/* Kuhn's augmenting paths (bipartite graphs only). */
static int augment(const Kernel *k, int u, uint64_t right, uint64_t *seen, int8_t *mate) {
    uint64_t options = k->adj[u] & right & ~*seen;
    while (options) {
        int v = ctz64(options);
        options &= options - 1;
        *seen |= (uint64_t)1 << v;
        if (mate[v] < 0 || augment(k, mate[v], right, seen, mate)) {
            mate[v] = (int8_t)u;
            return 1;
        }
    }
    return 0;
}

/* The size of a maximum matching of a bipartite graph's induced subgraph on m, or of a
 * greedy maximal matching when the graph is not bipartite. */
static int matching(const Kernel *k, uint64_t m) {
    if (!k->bipartite) {
        int size = 0;
        uint64_t rest = m;
        while (rest) {
            int u = ctz64(rest);
            rest &= rest - 1;
            uint64_t options = k->adj[u] & rest;
            if (options) {
                rest &= ~(options & -options);
                size++;
            }
        }
        return size;
    }
    int8_t mate[MAXV];
    memset(mate, -1, sizeof mate);
    uint64_t right = m & ~k->left, taken = 0, seen = 0;
    uint64_t lefts = m & k->left, unmatched = 0;
    int size = 0;
    for (uint64_t rest = lefts; rest; rest &= rest - 1) {
        int u = ctz64(rest);
        uint64_t options = k->adj[u] & right & ~taken;
        if (options) {
            int v = ctz64(options);
            mate[v] = (int8_t)u;
            taken |= (uint64_t)1 << v;
            size++;
        } else {
            unmatched |= (uint64_t)1 << u;
        }
    }
    for (; unmatched; unmatched &= unmatched - 1) {
        /* vertices a failed search visited cannot lie on an augmenting path before the
         * next augmentation, so `seen` is kept until one succeeds */
        if (augment(k, ctz64(unmatched), right, &seen, mate)) {
            size++;
            seen = 0;
        }
    }
    return size;
}

/* Translate a grid pattern so that it touches row 0 and column 0 (an induced subgraph
 * of the grid is determined by its cells up to translation). */
static inline int grid_shift(const Kernel *k, uint64_t m) {
    if (!m) return 0;
    int row = ctz64(m) / k->cols, col = 0;
    while (!(m & k->col_mask[col])) col++;
    return row * k->cols + col;
}

static inline uint64_t apply_sym(const Kernel *k, int s, uint64_t m) {
    uint64_t image = 0;
    const uint64_t (*t)[256] = k->bytes[s];
    for (int b = 0; m; b++, m >>= 8) image |= t[b][m & 255];
    return image;
}

/* The smallest image of m under the symmetries (and translations on a grid). */
static uint64_t canonical(const Kernel *k, uint64_t m, int *sym, int *shift) {
    uint64_t best = UINT64_MAX;
    int nsym = (k->options & OPT_SYMMETRY) ? k->nsym : 1;
    *sym = 0;
    *shift = 0;
    for (int s = 0; s < nsym; s++) {
        uint64_t image = s ? apply_sym(k, s, m) : m;
        int sh = 0;
        if (k->cols && (k->options & OPT_SYMMETRY)) {
            sh = grid_shift(k, image);
            image >>= sh;
        }
        if (image < best) {
            best = image;
            *sym = s;
            *shift = sh;
        }
    }
    return best;
}

/* --------------------------------------------- exact numbers of small vertex sets */

static SmallInfo small_info(Kernel *k, uint64_t m);

static SmallInfo small_compute(Kernel *k, uint64_t m) {
    /* minimum maximal matching and maximum matching by trying every first edge:
     * a maximal matching containing e is e plus a maximal matching of the rest */
    SmallInfo info = {m, 0, 0, 1};
    int lo = 255, hi = 0, any = 0;
    for (uint64_t rest = m; rest; rest &= rest - 1) {
        int u = ctz64(rest);
        for (uint64_t vs = k->adj[u] & rest & ~((uint64_t)1 << u); vs; vs &= vs - 1) {
            int v = ctz64(vs);
            uint64_t child = m & ~((uint64_t)1 << u) & ~((uint64_t)1 << v);
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

static SmallInfo small_info(Kernel *k, uint64_t m) {
    if (!m) return (SmallInfo){0, 0, 0, 1};
    if (k->cols) m >>= grid_shift(k, m);
    uint64_t h = (m * 0x9E3779B97F4A7C15ULL) >> (64 - SMALL_CACHE_BITS);
    SmallInfo *slot = &k->small[h];
    if (slot->used && slot->mask == m) return *slot;
    SmallInfo info = small_compute(k, m);
    k->small[h] = info;
    return info;
}

/* -------------------------------------------------------------------- analysis */

static void analyse(Kernel *k, uint64_t free, Region *r) {
    k->positions++;
    uint64_t core = core_of(k, free), rest = core, big = 0;
    r->passes = 0;
    r->spare = 0;
    r->lo = r->hi = r->nu = r->big_nu = 0;
    if (k->options & OPT_COMPONENTS) {
        while (rest) {
            uint64_t comp = component_of(k, rest);
            rest &= ~comp;
            if (popcount64(comp) > SMALL) {
                big |= comp;
                continue;
            }
            SmallInfo info = small_info(k, comp);
            r->nu += info.nu;
            if (info.mm == info.nu) {
                /* equimatchable: every maximal matching has nu edges, whatever anyone
                 * plays there, so it is nu passes (region.py, tempo lemma) */
                r->passes += info.nu;
                r->spare |= comp;
            } else {
                r->lo += info.mm; /* no play there ends before a maximal matching */
                r->hi += info.nu;
            }
        }
    } else {
        big = core;
    }
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
            int half = popcount64(big) / 2;
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
}

/* ---------------------------------------------------------------------- table */

static inline Entry *bucket_of(const Kernel *k, uint64_t key, int tag) {
    uint64_t h = (key ^ ((uint64_t)tag << 63) ^ ((uint64_t)tag * 0xC2B2AE3D27D4EB4FULL)) *
                 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    return k->table + (h & k->bucket_mask) * BUCKET;
}

static inline Entry *probe(const Kernel *k, const Region *r) {
    int tag = 1 + (r->passes & 1);
    Entry *b = bucket_of(k, r->key, tag);
    for (int i = 0; i < BUCKET; i++)
        if (b[i].tag == tag && b[i].key == r->key) return &b[i];
    return NULL;
}

/* Static bounds and the table's: lower <= value <= upper; *move gets the table's best
 * move (canonical coordinates + 1 packed as u1 << 8 | v1, 0 if none). */
static void bounds_of(const Kernel *k, const Region *r, int turn, int *lower, int *upper,
                      int *move) {
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

static void store(Kernel *k, const Region *r, int turn, int lower, int upper, int u, int v,
                  uint64_t work) {
    int tag = 1 + (r->passes & 1);
    int even = r->passes & ~1;
    Entry *b = bucket_of(k, r->key, tag), *e = NULL;
    k->stores++;
    for (int i = 0; i < BUCKET; i++)
        if (b[i].tag == tag && b[i].key == r->key) {
            e = &b[i];
            break;
        }
    if (!e) {
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
        e->key = r->key;
        e->tag = (uint8_t)tag;
    }
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
}

/* ------------------------------------------------------------------- search */

static int check(Kernel *k) {
    k->countdown = k->check_every;
    if (PyErr_CheckSignals() < 0) {
        k->stopped = 1;
        return 1;
    }
    if (k->callback && k->callback != Py_None) {
        PyObject *result = PyObject_CallFunction(k->callback, "K", (unsigned long long)k->nodes);
        if (!result) {
            k->stopped = 1;
            return 1;
        }
        Py_DECREF(result);
    }
    return 0;
}

/* The vertices of m with at least one, and at least two, neighbours in m. */
static inline void neighbour_counts(const Kernel *k, uint64_t m, uint64_t *ones, uint64_t *twos) {
    uint64_t one = 0, two = 0;
    if (k->cols) {
        int c = k->cols;
        uint64_t d[4] = {(m & k->not_last_col) << 1, (m & k->not_first_col) >> 1, m << c, m >> c};
        for (int i = 0; i < 4; i++) {
            two |= one & d[i];
            one |= d[i];
        }
    } else {
        for (uint64_t rest = m; rest; rest &= rest - 1) {
            uint64_t around = k->adj[ctz64(rest)];
            two |= one & around;
            one |= around;
        }
    }
    *ones = one & k->full;
    *twos = two & k->full;
}

/* Sort key, best first (region.order_key): MAX tries the moves with the highest upper bound
 * first, then moves next to the last one (`near`: on 6×7 and 5×9 this halves the nodes of
 * the hardest tests), then those leaving the fewest dead vertices (no free neighbour) and
 * the fewest weak ones (a single free neighbour: MIN could kill them next); MIN the
 * opposite, but moves next to the last one first too. */
static int order_score(const Kernel *k, uint64_t rest, int turn, int hi, int near) {
    uint64_t ones, twos;
    neighbour_counts(k, rest, &ones, &twos);
    int dead = popcount64(rest & ~ones), weak = popcount64(rest & ones & ~twos);
    int score = hi * 16384 + (turn ? near : -near) * 8192 - dead * 64 - weak;
    return turn ? -score : score;
}

static int cmp_child(const void *a, const void *b) {
    int x = ((const Child *)a)->score, y = ((const Child *)b)->score;
    return (x > y) - (x < y);
}

static int test(Kernel *k, const Region *r, int turn, int gamma, int depth) {
    k->nodes++;
    if (--k->countdown <= 0 && check(k)) return 0;
    int lower, upper, tmove;
    bounds_of(k, r, turn, &lower, &upper, &tmove);
    if (lower >= gamma || upper < gamma) {
        k->bound_cutoffs++;
        return lower >= gamma ? lower : upper;
    }
    uint64_t start = k->nodes;
    uint64_t base = r->core | r->spare;
    int child_gamma = gamma - 1;
    int best = turn ? -1 : upper + 1;
    int best_u = -1, best_v = -1;
    int first_u = -1, first_v = -1;
    Child *children = k->children + (size_t)depth * k->stride;
    int count = 0, done = 0;

    if (tmove) {
        /* the table's best move first, mapped back from canonical coordinates */
        int cu = (tmove >> 8) - 1 + r->shift, cv = (tmove & 255) - 1 + r->shift;
        if (cu >= 0 && cv >= 0 && cu < k->n && cv < k->n) {
            int u = k->inv[r->sym][cu], v = k->inv[r->sym][cv];
            if ((base >> u & 1) && (base >> v & 1) && (k->adj[u] >> v & 1)) {
                Region *c = &children[0].region;
                analyse(k, base & ~((uint64_t)1 << u) & ~((uint64_t)1 << v), c);
                k->last[depth + 1] = (uint64_t)1 << u | (uint64_t)1 << v;
                int result = 1 + test(k, c, !turn, child_gamma, depth + 1);
                if (k->stopped) return 0;
                first_u = u < v ? u : v;
                first_v = u < v ? v : u;
                best = result;
                best_u = u;
                best_v = v;
                if (turn ? result >= gamma : result < gamma) {
                    if (turn)
                        k->beta_cutoffs++;
                    else
                        k->alpha_cutoffs++;
                    done = 1;
                }
            }
        }
    }
    if (!done) {
        /* every other move: edges of the core, and one pass if their number is odd */
        int pass_u = -1, pass_v = -1;
        if (r->passes & 1) {
            for (uint64_t s = r->spare; s; s &= s - 1) {
                int u = ctz64(s);
                uint64_t vs = k->adj[u] & r->spare;
                if (vs) {
                    pass_u = u;
                    pass_v = ctz64(vs);
                    break;
                }
            }
        }
        uint64_t rest = r->core;
        int u = -1;
        uint64_t vs = 0;
        for (;;) {
            int cu, cv;
            if (vs) {
                cu = u;
                cv = ctz64(vs);
                vs &= vs - 1;
            } else if (rest) {
                u = ctz64(rest);
                rest &= rest - 1;
                vs = k->adj[u] & rest;
                continue;
            } else if (pass_u >= 0) {
                cu = pass_u < pass_v ? pass_u : pass_v;
                cv = pass_u < pass_v ? pass_v : pass_u;
                pass_u = -1;
            } else {
                break;
            }
            if (cu == first_u && cv == first_v) continue;
            children[count].u = cu;
            children[count].v = cv;
            count++;
        }
        /* replies next to the last move first (a stable partition): the answer to a
         * threat is local, and so is the transposition that settles a child */
        uint64_t near = depth > 0 ? neighbourhood(k, k->last[depth]) : 0;
        if (near) {
            int front = 0;
            for (int i = 0; i < count; i++) {
                Child *ch = &children[i];
                if ((near >> ch->u | near >> ch->v) & 1) {
                    Child keep = *ch;
                    memmove(&children[front + 1], &children[front], (size_t)(i - front) * sizeof(Child));
                    children[front++] = keep;
                }
            }
        }
        /* Children are analysed one by one and each is checked one step behind, so that
         * its table entry is fetched from memory while the next one is analysed; a child
         * that decides the node stops the analysis of the rest. */
        int kept = 0;
        for (int i = 0; i <= count && !done; i++) {
            if (i < count) {
                Child *ch = &children[i];
                analyse(k, base & ~((uint64_t)1 << ch->u) & ~((uint64_t)1 << ch->v), &ch->region);
                __builtin_prefetch(bucket_of(k, ch->region.key, 1 + (ch->region.passes & 1)));
            }
            if (i == 0) continue;
            Child *ch = &children[i - 1];
            int low, high;
            if (k->options & OPT_ETC) {
                bounds_of(k, &ch->region, !turn, &low, &high, NULL);
                if (turn ? low >= child_gamma : high < child_gamma) {
                    best = turn ? low + 1 : high + 1;
                    best_u = ch->u;
                    best_v = ch->v;
                    k->table_hits++;
                    done = 1;
                    break;
                }
                if (turn && high < child_gamma) {
                    if (high + 1 > best) best = high + 1;
                    continue;
                }
                if (!turn && low >= child_gamma) {
                    if (low + 1 < best) best = low + 1;
                    continue;
                }
            } else {
                high = ch->region.hi;
            }
            ch->score = order_score(k, r->core & ~((uint64_t)1 << ch->u) & ~((uint64_t)1 << ch->v),
                                    turn, high, (int)((near >> ch->u | near >> ch->v) & 1));
            if (kept != i - 1) children[kept] = *ch;
            kept++;
        }
        count = kept;
    }
    if (!done) {
        qsort(children, (size_t)count, sizeof(Child), cmp_child);
        for (int i = 0; i < count; i++) {
            k->last[depth + 1] = (uint64_t)1 << children[i].u | (uint64_t)1 << children[i].v;
            int result = 1 + test(k, &children[i].region, !turn, child_gamma, depth + 1);
            if (k->stopped) return 0;
            if (turn ? result > best : result < best) {
                best = result;
                best_u = children[i].u;
                best_v = children[i].v;
                if (turn ? best >= gamma : best < gamma) {
                    if (turn)
                        k->beta_cutoffs++;
                    else
                        k->alpha_cutoffs++;
                    break;
                }
            }
        }
    }
    if (best >= gamma)
        lower = best;
    else
        upper = best;
    store(k, r, turn, lower, upper, best_u, best_v, k->nodes - start + 1);
    return best;
}

/* ------------------------------------------------------------- Python type */

/* Zeroed memory whose pages are touched only when entries are stored; on Linux in huge
 * pages where the system allows (the table is probed at random: fewer TLB misses). */
static Entry *table_alloc(size_t bytes) {
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

static void table_free(Entry *table, size_t bytes) {
    if (!table) return;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    munmap(table, bytes);
#else
    (void)bytes;
    free(table);
#endif
}

static int Kernel_init(Kernel *k, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"adjacency", "symmetries", "left", "cols", "table_mb", "options",
                             "check_every", NULL};
    PyObject *adjacency, *symmetries;
    unsigned long long left = 0;
    int cols = 0, options = OPT_ALL;
    long long table_mb = 64, check_every = 1 << 16;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOKiL|iL", kwlist, &adjacency, &symmetries,
                                     &left, &cols, &table_mb, &options, &check_every))
        return -1;
    if (k->table) {
        PyErr_SetString(PyExc_RuntimeError, "a kernel is initialised once");
        return -1;
    }
    PyObject *adj = PySequence_Fast(adjacency, "adjacency must be a sequence of ints");
    if (!adj) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(adj);
    if (n < 0 || n > MAXV) {
        Py_DECREF(adj);
        PyErr_Format(PyExc_ValueError, "the kernel handles graphs of at most %d vertices", MAXV);
        return -1;
    }
    k->n = (int)n;
    k->full = n == 64 ? UINT64_MAX : (((uint64_t)1 << n) - 1);
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long long a = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(adj, i));
        if (PyErr_Occurred()) {
            Py_DECREF(adj);
            return -1;
        }
        if ((a & ~k->full) || (a >> i & 1)) {
            Py_DECREF(adj);
            PyErr_SetString(PyExc_ValueError, "adjacency: a neighbour outside the graph or a loop");
            return -1;
        }
        k->adj[i] = a;
    }
    Py_DECREF(adj);
    k->left = left & k->full;
    k->bipartite = 1;
    for (int i = 0; i < n; i++) {
        uint64_t side = (k->left >> i & 1) ? ~k->left : k->left;
        if (k->adj[i] & ~side) k->bipartite = 0;
    }
    if (cols > 0 && cols < 64 && n % cols == 0) {
        int rows = (int)n / cols;
        k->cols = cols;
        for (int c = 0; c < cols; c++) {
            k->col_mask[c] = 0;
            for (int row = 0; row < rows; row++) k->col_mask[c] |= (uint64_t)1 << (row * cols + c);
        }
        k->not_first_col = k->full & ~k->col_mask[0];
        k->not_last_col = k->full & ~k->col_mask[cols - 1];
        for (int i = 0; i < n; i++)
            if (k->adj[i] != neighbourhood(k, (uint64_t)1 << i)) k->cols = 0; /* not a grid */
    }
    PyObject *syms = PySequence_Fast(symmetries, "symmetries must be a sequence");
    if (!syms) return -1;
    /* symmetry 0 is the identity; the sequence gives the others */
    Py_ssize_t ns = PySequence_Fast_GET_SIZE(syms);
    if (ns > 255) ns = 255; /* any subset of the group gives sound keys, only fewer merged */
    k->nsym = (int)ns + 1;
    k->perm = PyMem_Calloc((size_t)k->nsym, sizeof *k->perm);
    k->inv = PyMem_Calloc((size_t)k->nsym, sizeof *k->inv);
    k->bytes = PyMem_Calloc((size_t)k->nsym, sizeof *k->bytes);
    if (!k->perm || !k->inv || !k->bytes) {
        Py_DECREF(syms);
        PyErr_NoMemory();
        return -1;
    }
    for (int s = 0; s < k->nsym; s++) {
        for (int v = 0; v < n; v++) k->perm[s][v] = (uint8_t)v;
        if (s > 0) {
            PyObject *p = PySequence_Fast(PySequence_Fast_GET_ITEM(syms, s - 1), "a symmetry");
            if (!p || PySequence_Fast_GET_SIZE(p) != n) {
                Py_XDECREF(p);
                Py_DECREF(syms);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a symmetry must permute every vertex");
                return -1;
            }
            uint64_t image_set = 0;
            for (int v = 0; v < n; v++) {
                long w = PyLong_AsLong(PySequence_Fast_GET_ITEM(p, v));
                if (w < 0 || w >= n) {
                    Py_DECREF(p);
                    Py_DECREF(syms);
                    if (!PyErr_Occurred())
                        PyErr_SetString(PyExc_ValueError, "a symmetry maps outside the graph");
                    return -1;
                }
                k->perm[s][v] = (uint8_t)w;
                image_set |= (uint64_t)1 << w;
            }
            Py_DECREF(p);
            if (image_set != k->full) {
                Py_DECREF(syms);
                PyErr_SetString(PyExc_ValueError, "a symmetry is not a permutation");
                return -1;
            }
        }
        for (int v = 0; v < n; v++) k->inv[s][k->perm[s][v]] = (uint8_t)v;
        for (int b = 0; b < 8; b++)
            for (int byte = 1; byte < 256; byte++) {
                int low = ctz64((uint64_t)byte), v = 8 * b + low;
                uint64_t bit = v < n ? (uint64_t)1 << k->perm[s][v] : 0;
                k->bytes[s][b][byte] = k->bytes[s][b][byte & (byte - 1)] | bit;
            }
    }
    Py_DECREF(syms);
    /* the matching-strategy bound (solver.strategy_bound) for every matching size */
    k->strategy[1][0] = k->strategy[0][0] = 0;
    for (int size = 1; size <= MAXV / 2 + 1; size++) {
        k->strategy[1][size] = 1 + k->strategy[0][size - 1];
        int a = k->strategy[1][size - 1], b = k->strategy[1][size >= 2 ? size - 2 : 0];
        k->strategy[0][size] = 1 + (a < b ? a : b);
    }
    k->options = options & OPT_ALL;
    if (table_mb < 1) {
        PyErr_SetString(PyExc_ValueError, "the table needs at least 1 MB");
        return -1;
    }
    uint64_t bytes = (uint64_t)table_mb << 20, buckets = 1;
    while (buckets * 2 * BUCKET * sizeof(Entry) <= bytes) buckets *= 2;
    k->table = table_alloc(buckets * BUCKET * sizeof(Entry));
    k->buckets = buckets;
    k->small = calloc((size_t)1 << SMALL_CACHE_BITS, sizeof(SmallInfo));
    k->stride = 1;
    for (int i = 0; i < n; i++) k->stride += popcount64(k->adj[i]);
    k->stride = k->stride / 2 + 2;
    k->children = calloc((size_t)(n / 2 + 2) * (size_t)k->stride, sizeof(Child));
    if (!k->table || !k->small || !k->children) {
        PyErr_Format(PyExc_MemoryError, "cannot allocate a table of %lld MB", table_mb);
        return -1;
    }
    k->bucket_mask = buckets - 1;
    k->check_every = check_every < 1 ? 1 : check_every;
    k->countdown = k->check_every;
    return 0;
}

static void Kernel_dealloc(Kernel *k) {
    table_free(k->table, k->buckets * BUCKET * sizeof(Entry));
    free(k->small);
    free(k->children);
    PyMem_Free(k->perm);
    PyMem_Free(k->inv);
    PyMem_Free(k->bytes);
    Py_XDECREF(k->callback);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

static int parse_free(Kernel *k, unsigned long long free) {
    if (free & ~k->full) {
        PyErr_SetString(PyExc_ValueError, "free vertices outside the graph");
        return -1;
    }
    return 0;
}

static PyObject *Kernel_test(Kernel *k, PyObject *args) {
    unsigned long long free;
    int turn, gamma;
    if (!PyArg_ParseTuple(args, "Kpi", &free, &turn, &gamma) || parse_free(k, free) < 0)
        return NULL;
    Region r;
    analyse(k, free, &r);
    k->stopped = 0;
    int result = test(k, &r, turn, gamma, 0);
    if (k->stopped) {
        k->stopped = 0;
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "search stopped");
        return NULL;
    }
    return PyLong_FromLong(result);
}

static PyObject *Kernel_bounds(Kernel *k, PyObject *args) {
    unsigned long long free;
    int turn, lower, upper;
    if (!PyArg_ParseTuple(args, "Kp", &free, &turn) || parse_free(k, free) < 0) return NULL;
    Region r;
    analyse(k, free, &r);
    bounds_of(k, &r, turn, &lower, &upper, NULL);
    return Py_BuildValue("ii", lower, upper);
}

/* learn(free, max_to_move, lower, upper): a bound proven elsewhere (by another process)
 * joins the table, intersected with what the table and the static bounds know; it is kept
 * as the result of a large search (work) so that replacement keeps it. */
static PyObject *Kernel_learn(Kernel *k, PyObject *args) {
    unsigned long long free;
    int turn, lower, upper;
    if (!PyArg_ParseTuple(args, "Kpii", &free, &turn, &lower, &upper) || parse_free(k, free) < 0)
        return NULL;
    Region r;
    analyse(k, free, &r);
    int lo, hi;
    bounds_of(k, &r, turn, &lo, &hi, NULL);
    if (lower > lo) lo = lower;
    if (upper < hi) hi = upper;
    if (lo > hi) {
        PyErr_SetString(PyExc_ValueError, "the bounds contradict what the table knows");
        return NULL;
    }
    store(k, &r, turn, lo, hi, -1, -1, UINT32_MAX);
    Py_RETURN_NONE;
}

static PyObject *Kernel_stats(Kernel *k, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue(
        "{sKsKsKsKsKsKsKsKsKsK}", "nodes", (unsigned long long)k->nodes, "positions",
        (unsigned long long)k->positions, "table_hits",
        (unsigned long long)k->table_hits, "bound_cutoffs", (unsigned long long)k->bound_cutoffs,
        "beta_cutoffs", (unsigned long long)k->beta_cutoffs, "alpha_cutoffs",
        (unsigned long long)k->alpha_cutoffs, "stores", (unsigned long long)k->stores,
        "replacements", (unsigned long long)k->replacements, "table_entries",
        (unsigned long long)k->filled, "table_capacity",
        (unsigned long long)(k->buckets * BUCKET));
}


static PyObject *Kernel_set_callback(Kernel *k, PyObject *callback) {
    Py_INCREF(callback);
    Py_XSETREF(k->callback, callback);
    Py_RETURN_NONE;
}

static PyObject *Kernel_clear(Kernel *k, PyObject *Py_UNUSED(ignored)) {
    memset(k->table, 0, k->buckets * BUCKET * sizeof(Entry));
    k->filled = 0;
    Py_RETURN_NONE;
}

static PyMethodDef Kernel_methods[] = {
    {"test", (PyCFunction)Kernel_test, METH_VARARGS,
     "test(free, max_to_move, gamma): fail-soft null-window test of value >= gamma"},
    {"bounds", (PyCFunction)Kernel_bounds, METH_VARARGS,
     "bounds(free, max_to_move): proven (lower, upper), static and from the table"},
    {"learn", (PyCFunction)Kernel_learn, METH_VARARGS,
     "learn(free, max_to_move, lower, upper): add proven bounds on the moves to come"},
    {"stats", (PyCFunction)Kernel_stats, METH_NOARGS, "counters of the search so far"},
    {"set_callback", (PyCFunction)Kernel_set_callback, METH_O,
     "set_callback(f): f(nodes) is called every check_every nodes; raising stops the search"},
    {"clear", (PyCFunction)Kernel_clear, METH_NOARGS, "empty the table"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "evalgame.games.matching._kernel.Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Null-window search of the matching game on a graph of at most 64 vertices.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "_kernel", "The matching game's search kernel in C.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&KernelType) < 0) return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m) return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "OPT_STRATEGY", OPT_STRATEGY);
    PyModule_AddIntConstant(m, "OPT_TURNS", OPT_TURNS);
    PyModule_AddIntConstant(m, "OPT_COMPONENTS", OPT_COMPONENTS);
    PyModule_AddIntConstant(m, "OPT_ETC", OPT_ETC);
    PyModule_AddIntConstant(m, "OPT_SYMMETRY", OPT_SYMMETRY);
    PyModule_AddIntConstant(m, "OPT_ALL", OPT_ALL);
    PyModule_AddIntConstant(m, "MAX_VERTICES", MAXV);
    return m;
}
