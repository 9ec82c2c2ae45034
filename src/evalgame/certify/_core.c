/* The certificate checker's exhaustive search in C11: the values of positions of the domino
 * tiling game and the values and tameness of regions, as src/evalgame/certify/values.py
 * computes them in Python (that code stays the reference; tests/certify/test_core.py
 * compares the two). It is the checker's own code: it shares nothing with the search
 * kernel (src/evalgame/games/matching/), whose results it checks.
 *
 * A board is a grid of R rows and C columns, R·C <= W; a set of cells is a W-bit mask
 * (the type Cells), bit r·C + c for cell (r, c). The source is compiled twice (setup.py):
 * as _core with W = 64 (uint64_t), and as _core128 with CORE_WIDTH=128 (unsigned
 * __int128), for boards of 65 to 128 cells; values.py takes the narrowest that holds the
 * board, so the 64-bit build keeps its code, and its speed, on the smaller ones. Only sets
 * of cells take the width; hashes and counters stay 64-bit.
 *
 * The value of a position (its set of free cells) is the number of dominoes still placed under optimal play, MAX wanting it large, MIN small.
 *
 *   - A position is searched as its *live* cells (those with a free neighbour; the others
 *     can never be covered) translated to the top left corner: a shape is searched once
 *     wherever it lies.
 *   - Values come from fail-soft null-window tests "value >= gamma?" (every move tried with
 *     MIN to move, moves until one reaches gamma with MAX), and a value from a sequence of
 *     such tests (MTD(f)) started at a guess. Each test stores the bound it proves in a
 *     table of fixed size (buckets of 4 entries, a position's bounds for both players to
 *     move in an entry); a full bucket gives up its entry with the fewest cells (the
 *     cheapest to search again). The table only ever holds proven bounds, so losing an
 *     entry costs time, never correctness. Before searching any child, every child's
 *     bounds are looked up (their buckets prefetched together): one that decides the test
 *     stops it (enhanced transposition cut-offs), and a child whose bounds put it on the
 *     wrong side of the test is not searched.
 *   - A region (a connected live set) has a = M(R), b = m(R), and is tame by conditions
 *     1-4 of docs/tiling_search.md ("Tame regions and the sum rule"), checked on every
 *     region every move leaves, recursively; a and b are found by the search (the sum rule
 *     only gives the first guess; a wild region gets its a and b too). Each region shape
 *     is valued once (as long as the table keeps it): a second table of fixed size is
 *     keyed by the shape up to translation and the 8 symmetries of the square lattice
 *     (the region's graph, hence its values and tameness, is the same), and by the
 *     region's place translated to the corner, which saves computing the 8 images.
 *
 * The walk's two costly helpers per position are here too, as board.py (their reference)
 * computes them: the maximum matching of a free set (rule 1 of at_most claims) and its
 * canonical form under the board's group, given as permutations of the cells.
 *
 * The Python type is Core(rows, cols, table_mb, shapes_mb): value, at_least, region,
 * sum_rule, matching, symmetries, canonical and stats (see the method table at the end). Ctrl-C stops a search (the tables
 * keep only what was proven before it); a contradiction between stored bounds, which
 * would be a bug, raises RuntimeError instead of answering.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h> /* madvise: huge pages for the tables */
#endif

/* the width of a set of cells: 64 (the module _core) or 128 (_core128) */
#ifndef CORE_WIDTH
#define CORE_WIDTH 64
#endif

#if CORE_WIDTH == 64
typedef uint64_t Cells;
#define MODULE_NAME "_core"
#define WIDTH_TEXT "64"
#define MODULE_INIT PyInit__core
#elif CORE_WIDTH == 128
__extension__ typedef unsigned __int128 Cells;
#define MODULE_NAME "_core128"
#define WIDTH_TEXT "128"
#define MODULE_INIT PyInit__core128
#else
#error "CORE_WIDTH is 64 or 128"
#endif

/* the set of cell i alone, and every cell */
#define CELL(i) ((Cells)1 << (i))
#define ALL_CELLS (~(Cells)0)

/* the most moves a board of W cells has: 2·R·C − R − C < 2·W */
#define MAX_MOVES (2 * CORE_WIDTH)
/* nodes between two checks of Ctrl-C */
#define CHECK_EVERY (1u << 16)

/* ------------------------------------------------------------------------ bits */

static inline Cells shift_right(Cells x, int n) { return n >= CORE_WIDTH ? 0 : x >> n; }
static inline Cells shift_left(Cells x, int n) { return n >= CORE_WIDTH ? 0 : x << n; }
static inline int count64(uint64_t x) { /* without -mpopcnt the builtin is a call */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#if CORE_WIDTH == 64
static inline int count(Cells x) { return count64(x); }
static inline int lowest(Cells x) { return __builtin_ctzll(x); } /* x != 0 */
static inline uint64_t fold(Cells x) { return x; }             /* 64 bits to hash */
#else
static inline int count(Cells x) { return count64((uint64_t)x) + count64((uint64_t)(x >> 64)); }
static inline int lowest(Cells x) { /* x != 0 */
    uint64_t low = (uint64_t)x;
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
static inline uint64_t fold(Cells x) { /* the high half times an odd constant, and the low */
    return (uint64_t)x ^ ((uint64_t)(x >> 64) * 0x9e3779b97f4a7c15ULL);
}
#endif

static inline uint64_t mix(uint64_t x) { /* splitmix64's finaliser */
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

/* floor(e / 2) and ceil(e / 2), for negative e too */
static inline int floor_half(int e) { return e >= 0 ? e / 2 : -((1 - e) / 2); }
static inline int ceil_half(int e) { return -floor_half(-e); }

/* ------------------------------------------------------------------------ grid */

typedef struct {
    int rows, cols, size;
    Cells all;       /* every cell */
    Cells not_last;  /* cells with a right neighbour */
    Cells not_first; /* cells with a left neighbour */
    Cells black;     /* cells with r + c even */
    Cells first_row;
    int folds[8], nfolds; /* shifts that OR every row onto the first */
    uint8_t row_start[CORE_WIDTH]; /* the first cell of each cell's row */
} Grid;

static void grid_init(Grid *g, int rows, int cols) {
    g->rows = rows;
    g->cols = cols;
    g->size = rows * cols;
    g->all = g->size >= CORE_WIDTH ? ALL_CELLS : CELL(g->size) - 1;
    g->first_row = cols >= CORE_WIDTH ? ALL_CELLS : CELL(cols) - 1;
    g->not_last = g->not_first = g->black = 0;
    for (int i = 0; i < g->size; i++) {
        int r = i / cols, c = i % cols;
        if (c != cols - 1) g->not_last |= CELL(i);
        if (c != 0) g->not_first |= CELL(i);
        if ((r + c) % 2 == 0) g->black |= CELL(i);
    }
    for (int i = 0; i < CORE_WIDTH; i++)
        g->row_start[i] = (uint8_t)(i < g->size ? i / cols * cols : 0);
    /* cols << k for 2^k <= rows − 1: each shift is below cols·rows <= W */
    g->nfolds = 0;
    for (int k = 0; (1 << k) <= rows - 1; k++) g->folds[g->nfolds++] = cols << k;
}

/* the cells of `free` that have a free neighbour: the others can never be covered */
static inline Cells live(const Grid *g, Cells free) {
    Cells right = free & (free >> 1) & g->not_last;
    Cells down = free & shift_right(free, g->cols);
    return right | (right << 1) | down | shift_left(down, g->cols);
}

/* `free` translated up and left as far as it goes */
static inline Cells corner(const Grid *g, Cells free) {
    if (!free) return 0;
    free >>= g->row_start[lowest(free)];
    Cells folded = free;
    for (int i = 0; i < g->nfolds; i++) folded |= folded >> g->folds[i];
    return free >> lowest(folded & g->first_row);
}

/* `cells` and their orthogonal neighbours */
static inline Cells spread(const Grid *g, Cells cells) {
    return cells | ((cells << 1) & g->not_first) | ((cells >> 1) & g->not_last) |
           (shift_left(cells, g->cols) & g->all) | shift_right(cells, g->cols);
}

/* the connected component of `free` that holds its lowest cell */
static inline Cells component(const Grid *g, Cells free) {
    Cells region = free & (~free + 1);
    for (;;) {
        Cells grown = spread(g, region) & free;
        if (grown == region) return region;
        region = grown;
    }
}

/* every domino that fits in `free`, as the mask of its two cells: horizontal ones first */
static int moves_of(const Grid *g, Cells free, Cells *moves) {
    int n = 0;
    Cells right = free & (free >> 1) & g->not_last;
    while (right) {
        Cells cell = right & (~right + 1);
        right ^= cell;
        moves[n++] = cell | cell << 1;
    }
    Cells down = free & shift_right(free, g->cols);
    while (down) {
        Cells cell = down & (~down + 1);
        down ^= cell;
        moves[n++] = cell | shift_left(cell, g->cols);
    }
    return n;
}

/* no more dominoes than cells of either colour (the same after any translation) */
static inline int colour_bound(const Grid *g, Cells free) {
    int black = count(free & g->black), white = count(free) - black;
    return black < white ? black : white;
}

/* ------------------------------------------------------------------------ tables */

/* a position (live, in the corner; 0 marks an empty slot) and proven bounds on its value
 * with MIN [0] and MAX [1] to move */
typedef struct {
    Cells free;
    uint8_t low[2], high[2];
    uint8_t unused[sizeof(Cells) - 4]; /* 16 bytes an entry, 32 in the 128-bit build */
} Entry;

/* a region shape: its cells in their bounding box (row-major, `cols` wide), or (`cols` 0)
 * its cells on the board translated to the corner; 0 marks an empty slot; a, b and
 * tameness */
typedef struct {
    Cells bits;
    uint8_t rows, cols, a, b, tame;
    uint8_t unused[sizeof(Cells) - 5]; /* 16 bytes, 32 in the 128-bit build */
} Shape;

#define BUCKET 4 /* entries a bucket: 64 bytes, a cache line (two in the 128-bit build) */

typedef struct {
    void *memory;   /* as allocated */
    void *slots;    /* aligned to a cache line */
    uint64_t mask;  /* buckets − 1 (a power of two) */
    uint64_t used;  /* slots filled */
    uint64_t given; /* entries given up for another */
    uint64_t huge;  /* the slots filled at which the table goes to huge pages (0: never) */
    size_t size;    /* bytes of slots */
} Table;

/* Huge pages (2 MB) for a table once it holds a slot for every four of its 4 KB pages (a
 * fifth of them touched by then; a large check touches them all soon after): from then on
 * a lookup, which lands on a random page, costs a cache miss without a TLB miss's page
 * walk on top — the search is bound by these lookups (region values of a 6×7
 * certificate's leaves: 1.3× faster on a shared Intel Xeon; switching at four slots a
 * page instead, when nearly every page is touched, kept only 1.15× of it). A small check
 * keeps its small footprint; a kernel without transparent huge pages or MADV_COLLAPSE
 * (Linux 6.1) only ignores the advice. */
#define HUGE_PAGE ((uintptr_t)2 << 20)
#if defined(__linux__) && defined(MADV_HUGEPAGE) && !defined(MADV_COLLAPSE)
#define MADV_COLLAPSE 25 /* Linux's value; older C libraries do not name it */
#endif
static void go_huge(Table *t) {
    t->huge = 0;
#if defined(MADV_HUGEPAGE)
    uintptr_t at = (uintptr_t)t->slots, from = (at + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1),
              to = (at + t->size) & ~(HUGE_PAGE - 1);
    if (to <= from) return;
    (void)madvise((void *)from, to - from, MADV_HUGEPAGE); /* new pages */
#if defined(MADV_COLLAPSE)
    (void)madvise((void *)from, to - from, MADV_COLLAPSE); /* those already touched */
#endif
#endif
}

static int table_init(Table *t, double mb, size_t slot) {
    double bytes = mb * 1048576.0;
    uint64_t buckets = 1;
    /* the largest power of two of buckets that fits, at least one */
    while ((double)(buckets * 2) * (double)(BUCKET * slot) <= bytes && buckets < (1ULL << 40))
        buckets *= 2;
    size_t size = (size_t)buckets * BUCKET * slot;
    t->memory = calloc(1, size + 64); /* calloc: pages are touched only when used */
    if (!t->memory) return -1;
    uintptr_t at = ((uintptr_t)t->memory + 63) & ~(uintptr_t)63;
    t->slots = (void *)at;
    t->mask = buckets - 1;
    t->used = t->given = 0;
    t->size = size;
    /* a slot filled for every four 4 KB pages; a table of at least two huge pages */
    t->huge = size >= 2 * HUGE_PAGE ? size / 4096 / 4 : 0;
    return 0;
}

static void table_clear(Table *t, size_t slot) {
    memset(t->slots, 0, (size_t)(t->mask + 1) * BUCKET * slot);
    t->used = t->given = 0;
}

/* ------------------------------------------------------------------------ the object */

typedef struct {
    PyObject_HEAD Grid grid;
    Table positions; /* of Entry */
    Table shapes;    /* of Shape */
    uint64_t nodes;  /* tests that searched children */
    uint64_t valued; /* region shapes valued */
    int stop;        /* Ctrl-C: unwind without storing */
    int broken;      /* a stored bound contradicted another: a bug, reported */
    /* the board's group for canonical(): each symmetry a permutation of the cells
     * (perms[s][i], the image of cell i), the identity first; nperms 0 until given */
    int nperms;
    uint8_t perms[8][CORE_WIDTH];
} Core;

static inline Entry *bucket_of(Core *k, Cells free) {
    return (Entry *)k->positions.slots + (mix(fold(free)) & k->positions.mask) * BUCKET;
}

static inline const Entry *find(Core *k, Cells free) {
    Entry *bucket = bucket_of(k, free);
    for (int i = 0; i < BUCKET; i++) {
        if (bucket[i].free == free) return &bucket[i];
        if (!bucket[i].free) return NULL; /* slots are never emptied: nothing further */
    }
    return NULL;
}

/* the bounds known on the value of `free` (live, in the corner, not empty) */
static inline void bounds(Core *k, Cells free, int side, int *low, int *high) {
    const Entry *e = find(k, free);
    if (e) {
        *low = e->low[side];
        *high = e->high[side];
    } else { /* a live set has a move */
        *low = 1;
        *high = colour_bound(&k->grid, free);
    }
}

/* remember the proven bounds low <= value <= high of `free` with `side` to move */
static void store(Core *k, Cells free, int side, int low, int high) {
    Entry *bucket = bucket_of(k, free), *slot = NULL;
    for (int i = 0; i < BUCKET; i++) {
        if (bucket[i].free == free) {
            slot = &bucket[i];
            break;
        }
        if (!bucket[i].free) { /* a new entry: the other side's bounds are the trivial ones */
            slot = &bucket[i];
            if (++k->positions.used == k->positions.huge) go_huge(&k->positions);
            slot->free = free;
            slot->low[0] = slot->low[1] = 1;
            slot->high[0] = slot->high[1] = (uint8_t)colour_bound(&k->grid, free);
            break;
        }
    }
    if (!slot) { /* a full bucket: its entry with the fewest cells goes */
        slot = &bucket[0];
        for (int i = 1; i < BUCKET; i++)
            if (count(bucket[i].free) < count(slot->free)) slot = &bucket[i];
        k->positions.given++;
        slot->free = free;
        slot->low[0] = slot->low[1] = 1;
        slot->high[0] = slot->high[1] = (uint8_t)colour_bound(&k->grid, free);
    }
    if (low > slot->low[side]) slot->low[side] = (uint8_t)low;
    if (high < slot->high[side]) slot->high[side] = (uint8_t)high;
    if (slot->low[side] > slot->high[side]) k->broken = 1;
}

/* ------------------------------------------------------------------------ search */

/* Fail-soft null-window test of `free` (live, in the corner) with `side` (1: MAX) to
 * move: a result r >= gamma proves value >= r, a result r < gamma proves value <= r. */
static int test(Core *k, Cells free, int side, int gamma) {
    if (!free) return 0; /* no move: the value is 0 */
    if (gamma <= 1) return 1;
    if (k->stop) return 0;
    const Grid *g = &k->grid;
    int low, high;
    bounds(k, free, side, &low, &high);
    if (low >= gamma) return low;
    if (high < gamma) return high;
    if ((++k->nodes & (CHECK_EVERY - 1)) == 0 && PyErr_CheckSignals() < 0) {
        k->stop = 1;
        return 0;
    }
    Cells moves[MAX_MOVES], children[MAX_MOVES];
    int lows[MAX_MOVES], highs[MAX_MOVES];
    int n = moves_of(g, free, moves), other = !side, need = gamma - 1;
    /* first every child's known bounds: one that decides the test stops it (their buckets
     * fetched from memory all at once first: the lookups wait for memory, not the CPU) */
    for (int i = 0; i < n; i++) {
        children[i] = corner(g, live(g, free ^ moves[i]));
        __builtin_prefetch(bucket_of(k, children[i]));
    }
    int best = side ? 0 : 255;
    for (int i = 0; i < n; i++) {
        Cells child = children[i];
        if (child)
            bounds(k, child, other, &lows[i], &highs[i]);
        else
            lows[i] = highs[i] = 0;
        if (side && lows[i] >= need && 1 + lows[i] > best) best = 1 + lows[i];
        if (!side && highs[i] < need && 1 + highs[i] < best) best = 1 + highs[i];
    }
    if (side ? best < gamma : best >= gamma) { /* not decided by the bounds: search */
        best = side ? 0 : 255;
        for (int i = 0; i < n; i++) {
            int r;
            if (side ? highs[i] < need : lows[i] >= need) /* known to fall on the other side */
                r = 1 + (side ? highs[i] : lows[i]);
            else {
                r = 1 + test(k, children[i], other, need);
                if (k->stop) return 0;
            }
            if (side ? r > best : r < best) best = r;
            if (side ? best >= gamma : best < gamma) break;
        }
    }
    if (best >= gamma) {
        if (best < low) best = low;
        store(k, free, side, best, high);
    } else {
        if (best > high) best = high;
        store(k, free, side, low, best);
    }
    return best;
}

/* the value of `free` (any set of cells) with `side` to move, by tests from `guess` */
static int value(Core *k, Cells free, int side, int guess) {
    free = corner(&k->grid, live(&k->grid, free));
    if (!free) return 0;
    int low = 1, high = colour_bound(&k->grid, free), g = guess;
    while (low < high && !k->stop) {
        if (g < low) g = low;
        if (g > high) g = high;
        int gamma = g > low ? g : low + 1;
        int r = test(k, free, side, gamma);
        if (k->stop) return 0;
        if (r >= gamma) {
            if (r > high) { /* a lower bound above a proven upper one: a bug */
                k->broken = 1;
                return 0;
            }
            low = r;
        } else {
            if (r < low) {
                k->broken = 1;
                return 0;
            }
            high = r;
        }
        g = r;
    }
    return low;
}

/* ------------------------------------------------------------------------ regions */

/* the key of a region up to translation and the 8 symmetries of the lattice: the smallest
 * (cols, bits) among its images, each in its bounding box */
static void shape_key(const Grid *g, Cells region, Cells *bits, int *rows, int *cols) {
    int rs[CORE_WIDTH], cs[CORE_WIDTH], n = 0;
    int top = CORE_WIDTH, bottom = -1, left = CORE_WIDTH, right = -1;
    for (Cells rest = region; rest; rest &= rest - 1) {
        int i = lowest(rest), r = i / g->cols, c = i % g->cols;
        rs[n] = r;
        cs[n++] = c;
        if (r < top) top = r;
        if (r > bottom) bottom = r;
        if (c < left) left = c;
        if (c > right) right = c;
    }
    int h = bottom - top + 1, w = right - left + 1; /* h·w <= R·C <= W */
    Cells best = 0;
    int best_rows = 0, best_cols = 0;
    for (int t = 0; t < 8; t++) {
        int th = t & 4 ? w : h, tw = t & 4 ? h : w;
        Cells image = 0;
        for (int j = 0; j < n; j++) {
            int x = rs[j] - top, y = cs[j] - left;
            if (t & 4) {
                int swap = x;
                x = y;
                y = swap;
            }
            if (t & 1) y = tw - 1 - y;
            if (t & 2) x = th - 1 - x;
            image |= CELL(x * tw + y);
        }
        if (!best_cols || tw < best_cols || (tw == best_cols && image < best)) {
            best = image;
            best_rows = th;
            best_cols = tw;
        }
    }
    *bits = best;
    *rows = best_rows;
    *cols = best_cols;
}

static inline Shape *shape_bucket(Core *k, Cells bits, int cols) {
    uint64_t hash = mix(fold(bits) ^ ((uint64_t)cols << 58));
    return (Shape *)k->shapes.slots + (hash & k->shapes.mask) * BUCKET;
}

static const Shape *find_shape(Core *k, Cells bits, int cols) {
    Shape *bucket = shape_bucket(k, bits, cols);
    for (int i = 0; i < BUCKET; i++) {
        if (bucket[i].bits == bits && bucket[i].cols == cols) return &bucket[i];
        if (!bucket[i].bits) return NULL;
    }
    return NULL;
}

static void store_shape(Core *k, Cells bits, int rows, int cols, int a, int b, int tame) {
    Shape *bucket = shape_bucket(k, bits, cols), *slot = NULL;
    for (int i = 0; i < BUCKET && !slot; i++)
        if (!bucket[i].bits || (bucket[i].bits == bits && bucket[i].cols == cols)) {
            slot = &bucket[i];
            if (!slot->bits && ++k->shapes.used == k->shapes.huge) go_huge(&k->shapes);
        }
    if (!slot) { /* a full bucket: its shape with the fewest cells goes */
        slot = &bucket[0];
        for (int i = 1; i < BUCKET; i++)
            if (count(bucket[i].bits) < count(slot->bits)) slot = &bucket[i];
        k->shapes.given++;
    }
    slot->bits = bits;
    slot->rows = (uint8_t)rows;
    slot->cols = (uint8_t)cols;
    slot->a = (uint8_t)a;
    slot->b = (uint8_t)b;
    slot->tame = (uint8_t)tame;
}

/* a = M(R), b = m(R) and the tameness of the region `region` (a connected live set):
 * 0, or −1 when stopped */
static int region_value(Core *k, Cells region, int *a, int *b, int *tame) {
    const Grid *g = &k->grid;
    /* first by its place (translated to the corner; `cols` 0 marks such a key), then by
     * its shape, which costs its 8 images */
    Cells place = corner(g, region), bits;
    int rows, cols;
    const Shape *known = find_shape(k, place, 0);
    if (known) {
        *a = known->a;
        *b = known->b;
        *tame = known->tame;
        return 0;
    }
    shape_key(g, region, &bits, &rows, &cols);
    known = find_shape(k, bits, cols);
    if (known) {
        *a = known->a;
        *b = known->b;
        *tame = known->tame;
        store_shape(k, place, 0, 0, *a, *b, *tame);
        return 0;
    }
    Cells moves[MAX_MOVES];
    int totals[MAX_MOVES], hots[MAX_MOVES];
    int n = moves_of(g, region, moves), wild = 0;
    /* the regions each move leaves, valued first (condition 2) */
    for (int i = 0; i < n && !wild; i++) {
        Cells rest = live(g, region ^ moves[i]);
        totals[i] = hots[i] = 0;
        while (rest) {
            Cells part = component(g, rest);
            rest ^= part;
            int pa, pb, pt;
            if (region_value(k, part, &pa, &pb, &pt) < 0) return -1;
            if (!pt) {
                wild = 1;
                break;
            }
            totals[i] += pa;
            hots[i] += pa - pb;
        }
    }
    /* the sum rule's values guide the search, which alone decides them */
    int guess_a = count(region) / 3, guess_b = guess_a;
    if (!wild) {
        guess_a = -1;
        guess_b = 255;
        for (int i = 0; i < n; i++) {
            int up = 1 + totals[i] - ceil_half(hots[i]), down = 1 + totals[i] - floor_half(hots[i]);
            if (up > guess_a) guess_a = up;
            if (down < guess_b) guess_b = down;
        }
    }
    int va = value(k, region, 1, guess_a);
    if (k->stop) return -1;
    int vb = value(k, region, 0, guess_b);
    if (k->stop) return -1;
    int t = va - vb, is_tame = !wild && (t == 0 || t == 1); /* conditions 2 and 1 */
    int highs = 0, lows = 0;
    for (int i = 0; i < n && is_tame; i++) {
        int gx = 1 + totals[i] - va, e = hots[i] - t;
        int down = floor_half(e), up = ceil_half(e);
        if (gx < down || gx > up) is_tame = 0; /* condition 3 */
        if (gx == up) highs = 1;
        if (gx == down) lows = 1;
    }
    if (is_tame && t == 1 && !(highs && lows)) is_tame = 0; /* condition 4 */
    k->valued++;
    store_shape(k, bits, rows, cols, va, vb, is_tame);
    store_shape(k, place, 0, 0, va, vb, is_tame);
    *a = va;
    *b = vb;
    *tame = is_tame;
    return 0;
}


/* ------------------------------------------------------------------------ the walk's helpers */

/* Augment from the black cell `black` (Kuhn's method): `partner[w]` is the black cell
 * matched to the white cell w, or −1; `seen` the white cells already tried this round. */
static int augment(const Grid *g, Cells free, int black, int *partner, Cells *seen) {
    Cells options = spread(g, CELL(black)) & ~CELL(black) & free & ~*seen;
    *seen |= options;
    for (Cells rest = options; rest; rest &= rest - 1) {
        int white = lowest(rest);
        if (partner[white] < 0 || augment(g, free, partner[white], partner, seen)) {
            partner[white] = black;
            return 1;
        }
    }
    return 0;
}

/* the dominoes of a maximum matching of `free`'s cells: an augmenting path from each black
 * cell in turn (the grid is bipartite, black cells r + c even), as board.py's matching;
 * the recursion is at most a path's length deep, W / 2 calls */
static int matching(const Grid *g, Cells free) {
    int partner[CORE_WIDTH], size = 0;
    for (int i = 0; i < CORE_WIDTH; i++) partner[i] = -1;
    for (Cells rest = free & g->black; rest; rest &= rest - 1) {
        Cells seen = 0;
        size += augment(g, free, lowest(rest), partner, &seen);
    }
    return size;
}

/* the image of `free` under the symmetry numbered s */
static inline Cells image_of(const Core *k, int s, Cells free) {
    Cells image = 0;
    for (Cells rest = free; rest; rest &= rest - 1) image |= CELL(k->perms[s][lowest(rest)]);
    return image;
}

/* ------------------------------------------------------------------------ Python */

static void Core_dealloc(Core *self) {
    free(self->positions.memory);
    free(self->shapes.memory);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Core_init(Core *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"rows", "cols", "table_mb", "shapes_mb", NULL};
    int rows, cols;
    double table_mb = 64.0, shapes_mb = 16.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ii|dd", names, &rows, &cols, &table_mb,
                                     &shapes_mb))
        return -1;
    if (rows < 1 || cols < 1 || rows > CORE_WIDTH || cols > CORE_WIDTH ||
        rows * cols > CORE_WIDTH) {
        PyErr_Format(PyExc_ValueError, "the core takes boards of at most %d cells, not %d x %d",
                     CORE_WIDTH, rows, cols);
        return -1;
    }
    if (!(table_mb >= 0.0) || !(shapes_mb >= 0.0) || table_mb > 1e6 || shapes_mb > 1e6) {
        PyErr_SetString(PyExc_ValueError, "table sizes are MB between 0 and 1e6");
        return -1;
    }
    free(self->positions.memory);
    free(self->shapes.memory);
    self->positions.memory = self->shapes.memory = NULL;
    grid_init(&self->grid, rows, cols);
    if (table_init(&self->positions, table_mb, sizeof(Entry)) < 0 ||
        table_init(&self->shapes, shapes_mb, sizeof(Shape)) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    self->nodes = self->valued = 0;
    self->stop = self->broken = 0;
    self->nperms = 0;
    return 0;
}

/* a Python int of more than 64 bits as a set of cells: 0, or −1 (no error set) when it is
 * negative or does not fit */
static int wide_cells(PyObject *object, Cells *cells) {
#if CORE_WIDTH == 128
    PyObject *shift = PyLong_FromLong(64), *high = NULL;
    if (shift) high = PyNumber_Rshift(object, shift); /* negative stays negative */
    Py_XDECREF(shift);
    unsigned long long top = high ? PyLong_AsUnsignedLongLong(high) : (unsigned long long)-1;
    Py_XDECREF(high);
    if (top == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return -1;
    }
    *cells = (Cells)top << 64 | (Cells)PyLong_AsUnsignedLongLongMask(object);
    return 0;
#else
    (void)object;
    (void)cells;
    return -1;
#endif
}

/* a set of the board's cells from a Python int */
static int cells_arg(Core *self, PyObject *object, Cells *cells) {
    if (!PyLong_Check(object)) {
        PyErr_SetString(PyExc_TypeError, "a set of cells is an int");
        return -1;
    }
    unsigned long long value = PyLong_AsUnsignedLongLong(object);
    Cells mask = (Cells)value;
    if (value == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        if (wide_cells(object, &mask) < 0) {
            PyErr_SetString(PyExc_ValueError, "a set of cells is a mask of the board's cells");
            return -1;
        }
    }
    if (mask & ~self->grid.all) {
        PyErr_SetString(PyExc_ValueError, "cells outside the board");
        return -1;
    }
    *cells = mask;
    return 0;
}

/* a set of cells as a Python int */
static PyObject *cells_object(Cells cells) {
#if CORE_WIDTH == 128
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)(cells >> 64));
    PyObject *shift = PyLong_FromLong(64), *low = NULL, *shifted = NULL, *whole = NULL;
    if (high && shift) shifted = PyNumber_Lshift(high, shift);
    if (shifted) low = PyLong_FromUnsignedLongLong((unsigned long long)cells);
    if (low) whole = PyNumber_Or(shifted, low);
    Py_XDECREF(high);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    Py_XDECREF(low);
    return whole;
#else
    return PyLong_FromUnsignedLongLong((unsigned long long)cells);
#endif
}

/* NULL with the error set when a search was stopped (Ctrl-C) or found a contradiction */
static PyObject *finish(Core *self, PyObject *result) {
    if (self->broken) {
        Py_XDECREF(result);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError,
                            "certify core: contradictory bounds in the table (a bug)");
        return NULL;
    }
    if (self->stop) {
        Py_XDECREF(result);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyboardInterrupt, "");
        return NULL;
    }
    return result;
}

static PyObject *Core_value(Core *self, PyObject *args) {
    PyObject *object;
    int side, guess = -1;
    if (!PyArg_ParseTuple(args, "Op|i", &object, &side, &guess)) return NULL;
    Cells free;
    if (cells_arg(self, object, &free) < 0) return NULL;
    self->stop = 0;
    if (guess < 0) guess = count(free) / 3;
    int v = value(self, free, side, guess);
    return finish(self, PyLong_FromLong(v));
}

static PyObject *Core_at_least(Core *self, PyObject *args) {
    PyObject *object;
    int side, bound;
    if (!PyArg_ParseTuple(args, "Opi", &object, &side, &bound)) return NULL;
    Cells free;
    if (cells_arg(self, object, &free) < 0) return NULL;
    self->stop = 0;
    if (bound <= 0) Py_RETURN_TRUE;
    free = corner(&self->grid, live(&self->grid, free));
    int holds = test(self, free, side, bound) >= bound;
    return finish(self, PyBool_FromLong(holds));
}

static PyObject *Core_region(Core *self, PyObject *args) {
    PyObject *object;
    if (!PyArg_ParseTuple(args, "O", &object)) return NULL;
    Cells region;
    if (cells_arg(self, object, &region) < 0) return NULL;
    if (!region || live(&self->grid, region) != region ||
        component(&self->grid, region) != region) {
        PyErr_SetString(PyExc_ValueError, "a region is a connected set of at least two cells");
        return NULL;
    }
    self->stop = 0;
    int a = 0, b = 0, tame = 0;
    if (region_value(self, region, &a, &b, &tame) < 0) return finish(self, NULL);
    return finish(self, Py_BuildValue("(iiO)", a, b, tame ? Py_True : Py_False));
}

static PyObject *Core_sum_rule(Core *self, PyObject *args) {
    PyObject *object;
    int most;
    if (!PyArg_ParseTuple(args, "Oi", &object, &most)) return NULL;
    Cells free;
    if (cells_arg(self, object, &free) < 0) return NULL;
    const Grid *g = &self->grid;
    Cells parts[CORE_WIDTH / 2];
    int n = 0;
    /* every region's size first: a larger one is not valued at all */
    for (Cells rest = live(g, free); rest;) {
        Cells part = component(g, rest);
        rest ^= part;
        if (count(part) > most) Py_RETURN_NONE;
        parts[n++] = part; /* at least two cells each: at most W / 2 */
    }
    self->stop = 0;
    int total = 0, hot = 0;
    for (int i = 0; i < n; i++) {
        int a, b, tame;
        if (region_value(self, parts[i], &a, &b, &tame) < 0) return finish(self, NULL);
        if (!tame) return finish(self, Py_NewRef(Py_None));
        total += a;
        hot += a - b;
    }
    return finish(self, Py_BuildValue("(ii)", total, hot));
}

static PyObject *Core_stats(Core *self, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue(
        "{sKsKsKsKsKsKsKsK}", "nodes", (unsigned long long)self->nodes, "positions",
        (unsigned long long)self->positions.used, "positions_given",
        (unsigned long long)self->positions.given, "position_slots",
        (unsigned long long)((self->positions.mask + 1) * BUCKET), "shapes_valued",
        (unsigned long long)self->valued, "shapes", (unsigned long long)self->shapes.used,
        "shapes_given", (unsigned long long)self->shapes.given, "shape_slots",
        (unsigned long long)((self->shapes.mask + 1) * BUCKET));
}


static PyObject *Core_matching(Core *self, PyObject *object) {
    Cells free;
    if (cells_arg(self, object, &free) < 0) return NULL;
    return PyLong_FromLong(matching(&self->grid, free));
}

/* symmetries(perms): the board's group, a list of at most 8 permutations of the cells */
static PyObject *Core_symmetries(Core *self, PyObject *object) {
    PyObject *seq = PySequence_Fast(object, "the symmetries are a sequence of permutations");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < 1 || n > 8) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "from 1 to 8 symmetries");
        return NULL;
    }
    uint8_t perms[8][CORE_WIDTH];
    int size = self->grid.size;
    for (Py_ssize_t s = 0; s < n; s++) {
        PyObject *perm = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, s),
                                         "a symmetry is a sequence of cell indices");
        if (!perm) {
            Py_DECREF(seq);
            return NULL;
        }
        int ok = PySequence_Fast_GET_SIZE(perm) == size;
        Cells hit = 0;
        for (int i = 0; ok && i < size; i++) {
            long cell = PyLong_AsLong(PySequence_Fast_GET_ITEM(perm, i));
            if (cell == -1 && PyErr_Occurred()) PyErr_Clear();
            ok = cell >= 0 && cell < size && !(hit & CELL(cell));
            if (ok) {
                hit |= CELL(cell);
                perms[s][i] = (uint8_t)cell;
            }
        }
        Py_DECREF(perm);
        if (!ok) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a symmetry is a permutation of the board's cells");
            return NULL;
        }
    }
    Py_DECREF(seq);
    memcpy(self->perms, perms, sizeof perms);
    self->nperms = (int)n;
    Py_RETURN_NONE;
}

/* canonical(free): (the smallest image of free under the symmetries, the first symmetry
 * that gives it), as Board.canonical */
static PyObject *Core_canonical(Core *self, PyObject *object) {
    if (!self->nperms) {
        PyErr_SetString(PyExc_ValueError, "no symmetries given");
        return NULL;
    }
    Cells free;
    if (cells_arg(self, object, &free) < 0) return NULL;
    Cells best = image_of(self, 0, free);
    int which = 0;
    for (int s = 1; s < self->nperms; s++) {
        Cells image = image_of(self, s, free);
        if (image < best) {
            best = image;
            which = s;
        }
    }
    PyObject *key = cells_object(best);
    if (!key) return NULL;
    return Py_BuildValue("(Ni)", key, which);
}

static PyObject *Core_clear(Core *self, PyObject *Py_UNUSED(ignored)) {
    table_clear(&self->positions, sizeof(Entry));
    table_clear(&self->shapes, sizeof(Shape));
    self->nodes = self->valued = 0;
    self->broken = 0;
    Py_RETURN_NONE;
}

static PyMethodDef Core_methods[] = {
    {"value", (PyCFunction)Core_value, METH_VARARGS,
     "value(free, max_to_move, guess=-1): the number of dominoes placed from the position "
     "free on under optimal play (tests from guess; -1: a third of the cells)"},
    {"at_least", (PyCFunction)Core_at_least, METH_VARARGS,
     "at_least(free, max_to_move, bound): whether the position is worth at least bound"},
    {"region", (PyCFunction)Core_region, METH_VARARGS,
     "region(cells): (a, b, tame) of a region (a connected set of at least two cells)"},
    {"sum_rule", (PyCFunction)Core_sum_rule, METH_VARARGS,
     "sum_rule(free, most_cells): (N, h) when every region of free has at most most_cells "
     "cells and is tame, else None"},
    {"stats", (PyCFunction)Core_stats, METH_NOARGS,
     "stats(): the searches' and tables' counts"},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "clear(): empty both tables"},
    {"matching", (PyCFunction)Core_matching, METH_O,
     "matching(free): the dominoes of a maximum matching of the cells of free"},
    {"symmetries", (PyCFunction)Core_symmetries, METH_O,
     "symmetries(perms): the board's group for canonical(), at most 8 permutations of the "
     "cells (perms[s][i] the image of cell i), the identity first"},
    {"canonical", (PyCFunction)Core_canonical, METH_O,
     "canonical(free): (key, s), the smallest image of free under the symmetries and the "
     "first symmetry s that gives it"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "evalgame.certify." MODULE_NAME ".Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Core(rows, cols, table_mb=64, shapes_mb=16): exhaustive values and tame "
              "regions on a grid of at most " WIDTH_TEXT " cells, tables of fixed size",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, MODULE_NAME,
    "The certificate checker's exhaustive search in C (values.py is its reference).", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC MODULE_INIT(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
