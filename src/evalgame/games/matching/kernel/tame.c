/* Tame regions (see tame.h; the proof is in docs/tiling_search.md). */
#include "tame.h"

#include <stdlib.h>

#include "bits.h"

#define TAME_BUCKET 4
#define FRONT_BITS 16

/* A region's key: canonical cells in an h x w box on a grid, the vertex mask (h = w = 0)
 * elsewhere. */
typedef struct {
    uint64_t mask;
    int h, w;
} Shape;

/* A box of width w on the bits of a 64-bit mask (row r, column c at bit r * w + c). */
typedef struct {
    int w;
    uint64_t not_first, not_last;
} Box;

static uint64_t shift_left(uint64_t m, int s) { return s >= 64 ? 0 : m << s; }
static uint64_t shift_right(uint64_t m, int s) { return s >= 64 ? 0 : m >> s; }

static Box make_box(int w) {
    uint64_t first = 0;
    for (int i = 0; i < 64; i += w) first |= (uint64_t)1 << i;
    return (Box){w, ~first, ~(first << (w - 1))};
}

static uint64_t box_neighbourhood(const Box *b, uint64_t m) {
    return ((m & b->not_last) << 1) | ((m & b->not_first) >> 1) | shift_left(m, b->w) |
           shift_right(m, b->w);
}

static uint64_t box_component(const Box *b, uint64_t m) {
    uint64_t comp = m & -m, frontier = comp;
    while (frontier) {
        frontier = box_neighbourhood(b, frontier) & m & ~comp;
        comp |= frontier;
    }
    return comp;
}

/* The canonical shape of the cells m of a grid of width `width`: translated to its
 * bounding box, the smallest (height, cells) over the 8 symmetries of the lattice. The
 * box of a region of a board of at most 64 cells holds at most 64 cells. */
static Shape canonical_shape(uint64_t m, int width) {
    int rows[MAXV], cols[MAXV], n = 0;
    int r0 = MAXV, r1 = 0, c0 = MAXV, c1 = 0;
    for (uint64_t rest = m; rest; rest &= rest - 1) {
        int i = ctz64(rest), r = i / width, c = i % width;
        rows[n] = r;
        cols[n++] = c;
        if (r < r0) r0 = r;
        if (r > r1) r1 = r;
        if (c < c0) c0 = c;
        if (c > c1) c1 = c;
    }
    int h = r1 - r0 + 1, w = c1 - c0 + 1;
    Shape best = {UINT64_MAX, MAXV + 1, 0};
    for (int s = 0; s < 8; s++) {
        int height = (s & 1) ? w : h, wide = (s & 1) ? h : w;
        uint64_t image = 0;
        for (int i = 0; i < n; i++) {
            int r = rows[i] - r0, c = cols[i] - c0;
            if (s & 1) {
                int swap = r;
                r = c;
                c = swap;
            }
            if (s & 2) r = height - 1 - r;
            if (s & 4) c = wide - 1 - c;
            image |= (uint64_t)1 << (r * wide + c);
        }
        if (height < best.h || (height == best.h && image < best.mask))
            best = (Shape){image, height, wide};
    }
    return best;
}

/* ------------------------------------------------------------------ the database */

static TameValue evaluate(Kernel *k, uint64_t m, int width);

static TameEntry *bucket(const Kernel *k, const Shape *s) {
    uint64_t x = (s->mask ^ ((uint64_t)(s->h << 8 | s->w) * 0xC2B2AE3D27D4EB4FULL)) *
                 0x9E3779B97F4A7C15ULL;
    x ^= x >> 29;
    return k->tame + (x & (k->tame_buckets - 1)) * TAME_BUCKET;
}

static TameEntry *find(const Kernel *k, const Shape *s) {
    TameEntry *b = bucket(k, s);
    for (int i = 0; i < TAME_BUCKET; i++)
        if (b[i].status && b[i].mask == s->mask && b[i].h == s->h && b[i].w == s->w) return &b[i];
    return NULL;
}

/* An empty slot of the bucket, else the entry that took least work: the database keeps
 * its size, and a replaced region is computed again when it is met again. */
static void remember(Kernel *k, const Shape *s, TameValue v, uint64_t work) {
    TameEntry *b = bucket(k, s), *e = &b[0];
    for (int i = 0; i < TAME_BUCKET; i++) {
        if (!b[i].status) {
            e = &b[i];
            break;
        }
        if (b[i].work < e->work) e = &b[i];
    }
    if (e->status)
        k->tame_replaced++;
    else
        k->tame_filled++;
    *e = (TameEntry){s->mask, work > UINT16_MAX ? UINT16_MAX : (uint16_t)work, (uint8_t)s->h,
                     (uint8_t)s->w, (uint8_t)v.a, (uint8_t)v.b, (uint8_t)v.status, 0};
}

static int floor_half(int x) { return x >= 0 ? x / 2 : -((1 - x) / 2); }
static int ceil_half(int x) { return -floor_half(-x); }

/* The options of the region `cells` (a canonical shape if width > 0, else vertices): for
 * each move, the sums of a and of t over the regions it leaves. 0 if one of them is not
 * tame: then the rule says nothing about the region. */
static int options_of(Kernel *k, uint64_t cells, int width, int *sum_a, int *sum_t, int *moves) {
    Box box = make_box(width ? width : 1);
    *moves = 0;
    for (uint64_t rest = cells; rest; rest &= rest - 1) {
        int u = ctz64(rest);
        uint64_t bit = (uint64_t)1 << u;
        uint64_t around = width ? box_neighbourhood(&box, bit) : k->adj[u];
        for (uint64_t vs = around & rest & ~bit; vs; vs &= vs - 1) {
            uint64_t left = cells & ~bit & ~(vs & -vs);
            left &= width ? box_neighbourhood(&box, left) : neighbourhood(k, left);
            int a = 0, t = 0;
            while (left) {
                uint64_t comp = width ? box_component(&box, left) : component_of(k, left);
                left &= ~comp;
                TameValue part = evaluate(k, comp, width);
                if (part.status != TAME) return 0;
                a += part.a;
                t += part.a - part.b;
            }
            k->tame_moves++;
            sum_a[*moves] = a;
            sum_t[(*moves)++] = t;
        }
    }
    return 1;
}

/* The values of the region m: grid cells of width `width`, or vertices if width is 0. */
static TameValue evaluate(Kernel *k, uint64_t m, int width) {
    Shape s = width ? canonical_shape(m, width) : (Shape){m, 0, 0};
    const TameEntry *known = find(k, &s);
    if (known) return (TameValue){known->a, known->b, known->status};
    uint64_t start = k->tame_computed++;
    int sum_a[2 * MAXV], sum_t[2 * MAXV], moves;
    TameValue value = {0, 0, TAME_UNVALUED};
    if (options_of(k, s.mask, s.w, sum_a, sum_t, &moves)) {
        /* the theorem applied to each option (a sum of tame regions) */
        int a = -1, b = MAXV;
        for (int i = 0; i < moves; i++) {
            int high = 1 + sum_a[i] - ceil_half(sum_t[i]);
            int low = 1 + sum_a[i] - floor_half(sum_t[i]);
            if (high > a) a = high;
            if (low < b) b = low;
        }
        value = (TameValue){a, b, TAME};
        int t = a - b, ceil_move = 0, floor_move = 0;
        if (t != 0 && t != 1) value.status = TAME_WILD; /* condition 1 */
        for (int i = 0; i < moves && value.status == TAME; i++) {
            int g = 1 + sum_a[i] - a, e = sum_t[i] - t;
            if (g < floor_half(e) || g > ceil_half(e)) value.status = TAME_WILD; /* cond. 3 */
            ceil_move |= g == ceil_half(e);
            floor_move |= g == floor_half(e);
        }
        if (t == 1 && !(ceil_move && floor_move)) value.status = TAME_WILD; /* condition 4 */
    }
    remember(k, &s, value, k->tame_computed - start);
    return value;
}

int tame_alloc(Kernel *k, long long tame_mb) {
    uint64_t bytes = (uint64_t)tame_mb << 20, buckets = 1;
    while (buckets * 2 * TAME_BUCKET * sizeof(TameEntry) <= bytes) buckets *= 2;
    /* calloc leaves a large block's pages untouched until entries are stored */
    k->tame = calloc(buckets * TAME_BUCKET, sizeof(TameEntry));
    k->tame_front = calloc((size_t)1 << FRONT_BITS, sizeof(TameFront));
    k->tame_buckets = buckets;
    return k->tame && k->tame_front ? 0 : -1;
}

void tame_free(Kernel *k) {
    free(k->tame);
    free(k->tame_front);
    k->tame = NULL;
    k->tame_front = NULL;
}

TameValue tame_region(Kernel *k, uint64_t m) {
    /* a small direct-mapped cache in front, keyed by the cells translated to the board's
     * corner: the canonical shape (8 images) is only computed on its misses */
    uint64_t key = k->cols ? m >> grid_shift(k, m) : m;
    TameFront *slot = &k->tame_front[(key * 0x9E3779B97F4A7C15ULL) >> (64 - FRONT_BITS)];
    if (slot->status && slot->mask == key) return (TameValue){slot->a, slot->b, slot->status};
    TameValue v = evaluate(k, m, k->cols);
    *slot = (TameFront){key, (uint8_t)v.a, (uint8_t)v.b, (uint8_t)v.status};
    return v;
}

void tame_decide(Kernel *k, Region *r) {
    uint64_t regions[MAXV / 2];
    int count = 0;
    r->decided = 0;
    for (uint64_t rest = r->core; rest; count++) {
        regions[count] = component_of(k, rest);
        rest &= ~regions[count];
        if (popcount64(regions[count]) > k->tame_cells) return; /* left to the search */
    }
    /* the passes are equimatchable components: tame and cold, a = b = nu */
    int sum = r->passes, hot = 0;
    for (int i = 0; i < count; i++) {
        TameValue v = tame_region(k, regions[i]);
        if (v.status != TAME) return;
        sum += v.a;
        hot += v.a - v.b;
    }
    r->decided = 1;
    r->exact[1] = sum - hot / 2;
    r->exact[0] = sum - (hot + 1) / 2;
    k->tame_decided++;
}
