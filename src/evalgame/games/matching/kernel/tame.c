/* Tame regions (see tame.h; the proof is in docs/tiling_search.md). */
#include "tame.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"

#define TAME_BUCKET 4
/* the front cache: a 32nd of the database, within 2^16 and 2^20 entries (on 8×8 with a
 * 512 MB database, 2^20 entries needed a tenth less CPU time than 2^16) */
#define FRONT_MIN_BITS 16
#define FRONT_MAX_BITS 20
#define CRUMB_BITS 14

/* A region's key: canonical cells in an h x w box on a grid, the vertex mask (h = w = 0)
 * elsewhere. */
typedef struct {
    Set mask;
    int h, w;
} Shape;

/* A box of width w on the bits of a set (row r, column c at bit r * w + c). */
typedef struct {
    int w;
    Set not_first, not_last;
} Box;

static Set shift_left(Set m, int s) { return s >= MAXV ? 0 : m << s; }
static Set shift_right(Set m, int s) { return s >= MAXV ? 0 : m >> s; }

static Box make_box(int w) {
    Set first = 0;
    for (int i = 0; i < MAXV; i += w) first |= BIT(i);
    return (Box){w, ~first, ~(first << (w - 1))};
}

static Set box_neighbourhood(const Box *b, Set m) {
    return ((m & b->not_last) << 1) | ((m & b->not_first) >> 1) | shift_left(m, b->w) |
           shift_right(m, b->w);
}

static Set box_component(const Box *b, Set m) {
    Set comp = m & -m, frontier = comp;
    while (frontier) {
        frontier = box_neighbourhood(b, frontier) & m & ~comp;
        comp |= frontier;
    }
    return comp;
}

/* The canonical shape of the cells m of a grid of width `width`: translated to its
 * bounding box, the smallest (height, cells) over the 8 symmetries of the lattice. The
 * box of a region of a board of at most MAXV cells holds at most MAXV cells. */
static Shape canonical_shape(Set m, int width) {
    int rows[MAXV], cols[MAXV], n = 0;
    int r0 = set_first(m) / width, r1 = set_last(m) / width;
    Set row_mask = width >= MAXV ? SET_ALL : BIT(width) - 1, seen = 0;
    for (int r = r0; r <= r1; r++) seen |= m >> (r * width) & row_mask;
    int c0 = set_first(seen), h = r1 - r0 + 1, w = set_last(seen) + 1 - c0;
    for (int r = r0; r <= r1; r++)
        for (Set row = (m >> (r * width) & row_mask) >> c0; row; row &= row - 1) {
            rows[n] = r - r0;
            cols[n++] = set_first(row);
        }
    Shape best = {SET_ALL, MAXV + 1, 0};
    for (int s = 0; s < 8; s++) {
        int height = (s & 1) ? w : h, wide = (s & 1) ? h : w;
        Set image = 0;
        for (int i = 0; i < n; i++) {
            int r = (s & 1) ? cols[i] : rows[i], c = (s & 1) ? rows[i] : cols[i];
            if (s & 2) r = height - 1 - r;
            if (s & 4) c = wide - 1 - c;
            image |= BIT(r * wide + c);
        }
        if (height < best.h || (height == best.h && image < best.mask))
            best = (Shape){image, height, wide};
    }
    return best;
}

/* ------------------------------------------------------------------ the database */

static TameValue evaluate(Kernel *k, Set m, int width);
static TameValue stored_value(Kernel *k, Set m, int width);

static TameEntry *bucket(const Kernel *k, const Shape *s) {
    uint64_t shape = (uint64_t)(s->h << 8 | s->w);
    return k->tame + (mix64(set_fold(s->mask), shape) & (k->tame_buckets - 1)) * TAME_BUCKET;
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
 * each move, the moves to come after it with MIN (high) and MAX (low) to move, and if the
 * regions it leaves are tame, their sums of a and of t. *tame_options = 0 if an option is a
 * lone wild region (its values are exact: the region is valued but not tame). Returns 0
 * if an option is another sum that contains a region that is not tame: the region is not
 * valued. */
static int options_of(Kernel *k, Set cells, int width, int *high, int *low, int *sum_a,
                      int *sum_t, int *moves, int *tame_options) {
    Box box = make_box(width ? width : 1);
    *moves = 0;
    *tame_options = 1;
    for (Set rest = cells; rest; rest &= rest - 1) {
        int u = set_first(rest);
        Set bit = BIT(u);
        Set around = width ? box_neighbourhood(&box, bit) : k->adj[u];
        for (Set vs = around & rest & ~bit; vs; vs &= vs - 1) {
            Set left = cells & ~bit & ~(vs & -vs);
            left &= width ? box_neighbourhood(&box, left) : neighbourhood(k, left);
            int a = 0, t = 0, i = *moves, lone = 0;
            for (int parts = 0; left; parts++) {
                Set comp = width ? box_component(&box, left) : component_of(k, left);
                TameValue part = evaluate(k, comp, width);
                if (part.status == TAME_WILD && parts == 0 && comp == left) {
                    /* a lone region with exact values: the option's values are its own */
                    *tame_options = 0;
                    lone = 1;
                    high[i] = 1 + part.b;
                    low[i] = 1 + part.a;
                    break;
                }
                left &= ~comp;
                if (part.status != TAME) return 0;
                a += part.a;
                t += part.a - part.b;
            }
            if (!lone) {
                /* the theorem applied to the option, a sum of tame regions */
                high[i] = 1 + a - ceil_half(t);
                low[i] = 1 + a - floor_half(t);
            }
            sum_a[i] = a;
            sum_t[i] = t;
            k->tame_moves++;
            (*moves)++;
        }
    }
    return 1;
}

/* ------------------------------------------------------------------ sharing */

/* Log the region `s` just computed for the next export (dropped once the log is full). */
static void note_region(Kernel *k, const Shape *s, TameValue v, uint64_t work) {
    if (k->nregion_log == k->region_log_cap) {
        if (k->region_log_cap >= REGION_LOG_MAX) return;
        size_t cap = k->region_log_cap ? 2 * k->region_log_cap : 4096;
        uint8_t *log = realloc(k->region_log, cap * REGION_BYTES);
        if (!log) return;
        k->region_log = log;
        k->region_log_cap = cap;
    }
    uint8_t *r = k->region_log + k->nregion_log++ * REGION_BYTES;
    uint16_t w16 = work > UINT16_MAX ? UINT16_MAX : (uint16_t)work;
    write_set(r, s->mask);
    r += SET_BYTES; /* the rest as in the 64-bit build's records */
    write_le(r, w16, 2);
    r[2] = (uint8_t)s->h;
    r[3] = (uint8_t)s->w;
    r[4] = (uint8_t)v.a;
    r[5] = (uint8_t)v.b;
    r[6] = (uint8_t)v.status;
}

size_t tame_export(Kernel *k, uint8_t *out) {
    size_t count = k->nregion_log;
    if (count) memcpy(out, k->region_log, count * REGION_BYTES);
    k->nregion_log = 0;
    return count;
}

int tame_absorb(Kernel *k, const uint8_t *records, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const uint8_t *r = records + i * REGION_BYTES;
        Set mask = read_set(r);
        r += SET_BYTES;
        uint16_t work = (uint16_t)read_le(r, 2);
        int h = r[2], w = r[3], a = r[4], b = r[5], status = r[6];
        if (!mask || status < TAME || status > TAME_UNVALUED || a > MAXV || b > MAXV) return -1;
        /* cells in an h x w box on a grid, vertices of the graph elsewhere (a shape that is
         * not canonical is never looked up: it only takes a slot) */
        if (k->cols ? h < 1 || w < 1 || h * w > MAXV || (h * w < MAXV && mask >> (h * w))
                    : h || w || (mask & ~k->full))
            return -1;
        Shape s = {mask, h, w};
        const TameEntry *known = find(k, &s);
        if (known) {
            if (known->a != a || known->b != b || known->status != status) {
                contradiction("a region absorbed has other values than the database's",
                              "{sNsisisns(iii)s(iii)}", "mask", set_to_long(mask), "h",
                              h, "w", w, "record", (Py_ssize_t)i, "known", known->a, known->b,
                              known->status, "other", a, b, status);
                return -2;
            }
            continue;
        }
        remember(k, &s, (TameValue){a, b, status}, work);
    }
    return 0;
}

void tame_share_free(Kernel *k) {
    free(k->region_log);
    k->region_log = NULL;
    k->nregion_log = k->region_log_cap = 0;
}

/* The values of the region m: grid cells of width `width`, or vertices if width is 0. */
static TameValue evaluate(Kernel *k, Set m, int width) {
    /* a small direct-mapped cache in front, keyed by the cells as they are: the canonical
     * shape (8 images) and the database's probe (a cache miss) only on its misses */
    uint64_t front_key = set_fold(m) ^ (uint64_t)width << 58;
    uint64_t front_index = (front_key * 0x9E3779B97F4A7C15ULL) >> (64 - k->front_bits);
    TameFront *slot = &k->tame_front[front_index];
    if (slot->status && slot->mask == m && slot->w == width)
        return (TameValue){slot->a, slot->b, slot->status};
    TameValue value = stored_value(k, m, width);
    *slot = (TameFront){m, (uint8_t)value.a, (uint8_t)value.b, (uint8_t)value.status,
                        (uint8_t)width};
    return value;
}

/* The values of the region m from the database, computed if it does not hold them. */
static TameValue stored_value(Kernel *k, Set m, int width) {
    Shape s = width ? canonical_shape(m, width) : (Shape){m, 0, 0};
    const TameEntry *known = find(k, &s);
    if (known) return (TameValue){known->a, known->b, known->status};
    uint64_t start = k->tame_computed++;
    int high[2 * MAXV], low[2 * MAXV], sum_a[2 * MAXV], sum_t[2 * MAXV], moves, tame_options;
    TameValue value = {0, 0, TAME_UNVALUED};
    if (options_of(k, s.mask, s.w, high, low, sum_a, sum_t, &moves, &tame_options)) {
        int a = -1, b = MAXV;
        for (int i = 0; i < moves; i++) {
            if (high[i] > a) a = high[i];
            if (low[i] < b) b = low[i];
        }
        value = (TameValue){a, b, tame_options ? TAME : TAME_WILD}; /* condition 2 */
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
    if (k->share_regions) note_region(k, &s, value, k->tame_computed - start);
    return value;
}

int tame_alloc(Kernel *k, long long tame_mb) {
    uint64_t bytes = (uint64_t)tame_mb << 20, buckets = 1;
    while (buckets * 2 * TAME_BUCKET * sizeof(TameEntry) <= bytes) buckets *= 2;
    /* calloc leaves a large block's pages untouched until entries are stored */
    k->tame = calloc(buckets * TAME_BUCKET, sizeof(TameEntry));
    int front_bits = FRONT_MIN_BITS;
    uint64_t front_bytes = bytes / 32;
    while (front_bits < FRONT_MAX_BITS &&
           ((uint64_t)2 << front_bits) * sizeof(TameFront) <= front_bytes)
        front_bits++;
    k->front_bits = front_bits;
    k->tame_front = calloc((size_t)1 << front_bits, sizeof(TameFront));
    k->crumb_moves = calloc((size_t)1 << CRUMB_BITS, sizeof(CrumbMoves));
    k->tame_buckets = buckets;
    return k->tame && k->tame_front && k->crumb_moves ? 0 : -1;
}

void tame_free(Kernel *k) {
    free(k->tame);
    free(k->tame_front);
    free(k->crumb_moves);
    k->tame = NULL;
    k->tame_front = NULL;
    k->crumb_moves = NULL;
}

TameValue tame_region(Kernel *k, Set m) {
    /* translated to the board's corner: one front-cache entry for all its translates */
    return evaluate(k, k->cols ? m >> grid_shift(k, m) : m, k->cols);
}

void tame_decide(Kernel *k, Region *r) {
    Set regions[MAXV / 2];
    int count = 0, crumbs = k->options & OPT_CRUMBS;
    r->decided = 0;
    if (crumbs && !r->core) {
        /* crumbs alone: s + V(D^r + P^p), and D^r + P^p is worth r + 2p or r + p */
        r->decided = 1;
        r->exact[1] = r->passes + 2 * r->switches;
        r->exact[0] = r->passes + r->switches;
        k->tame_decided++;
        return;
    }
    for (Set rest = r->core; rest; count++) {
        regions[count] = component_of(k, rest);
        rest &= ~regions[count];
        if (set_count(regions[count]) > k->tame_cells) return; /* left to the search */
    }
    /* the passes are equimatchable components: tame and cold, a = b = nu */
    int sum = r->passes, hot = 0;
    for (int i = 0; i < count; i++) {
        TameValue v = tame_region(k, regions[i]);
        if (v.status == TAME_WILD && count == 1 && !r->spare) {
            /* a lone region with exact values, nothing beside it */
            r->decided = 1;
            r->exact[1] = v.a;
            r->exact[0] = v.b;
            k->tame_decided++;
            return;
        }
        if (v.status != TAME) return;
        sum += v.a;
        hot += v.a - v.b;
    }
    if (crumbs) return; /* (not reached: the analysis made every such region a crumb) */
    r->decided = 1;
    r->exact[1] = sum - hot / 2;
    r->exact[0] = sum - (hot + 1) / 2;
    k->tame_decided++;
}

/* ------------------------------------------------------------------ crumb moves */

/* The extreme moves of the crumb m (translated to the grid's corner): each move x leaves
 * tame regions R_x (condition 2) and changes 2N - h by 2 (sum a(R_x) - a) - (sum t(R_x) -
 * t). A spare component that is not tame in the database is an equimatchable one (a
 * pass, possibly larger than tame_cells): each of its moves changes 2N - h by -2. */
static CrumbMoves crumb_moves_of(Kernel *k, Set m) {
    CrumbMoves *slot = &k->crumb_moves[(set_fold(m) * 0x9E3779B97F4A7C15ULL) >> (64 - CRUMB_BITS)];
    if (slot->mask == m) return *slot;
    CrumbMoves found = {m, INT8_MIN, INT8_MAX, {0, 0}, {0, 0}};
    TameValue own = tame_region(k, m);
    for (Set rest = m; rest; rest &= rest - 1) {
        int u = set_first(rest);
        for (Set vs = k->adj[u] & rest & ~BIT(u); vs; vs &= vs - 1) {
            int v = set_first(vs), change = -2;
            if (own.status == TAME) {
                Set left = core_of(k, m & ~BIT(u) & ~BIT(v));
                int a = 0, t = 0;
                while (left) {
                    Set comp = component_of(k, left);
                    left &= ~comp;
                    TameValue part = tame_region(k, comp);
                    a += part.a;
                    t += part.a - part.b;
                }
                change = 2 * (a - own.a) - (t - (own.a - own.b));
            }
            if (change > found.best) {
                found.best = (int8_t)change;
                found.best_mv[0] = (uint8_t)u;
                found.best_mv[1] = (uint8_t)v;
            }
            if (change < found.worst) {
                found.worst = (int8_t)change;
                found.worst_mv[0] = (uint8_t)u;
                found.worst_mv[1] = (uint8_t)v;
            }
        }
    }
    *slot = found;
    return found;
}

int crumb_move(Kernel *k, Set spare, int turn, int *u, int *v) {
    int best = turn ? INT8_MIN : INT8_MAX, found = 0;
    while (spare) {
        Set comp = component_of(k, spare);
        spare &= ~comp;
        int shift = k->cols ? grid_shift(k, comp) : 0;
        CrumbMoves moves = crumb_moves_of(k, comp >> shift);
        int change = turn ? moves.best : moves.worst;
        if (turn ? change > best : change < best) {
            const uint8_t *mv = turn ? moves.best_mv : moves.worst_mv;
            best = change;
            *u = mv[0] + shift;
            *v = mv[1] + shift;
            found = 1;
        }
    }
    return found;
}
