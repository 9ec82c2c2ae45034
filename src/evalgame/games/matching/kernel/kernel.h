/* The kernel's shared definitions: limits, option bits, and the types every part uses.
 *
 * The parts, each with its header:
 *   bits.h        board bits: neighbourhoods, components, symmetries, canonical keys
 *   components.h  a position reduced: small components exact, equimatchable ones as passes
 *   bounds.h      maximum matchings and the static and table bounds of a position
 *   table.h       the transposition table: buckets, probes, stores, its memory
 *   dominance.h   moves that another move makes unnecessary (monotonicity)
 *   search.h      the null-window test itself, move generation and move order
 *   dfpn.h        the same question by proof-number search
 *   tame.h        tame regions: their database and positions decided by the sum rule
 *   share.h       entries sent to and merged from the kernels of other processes
 *   separator.h   a lower bound from cells taken away: the sum rule on what is left
 * and _kernel.c, the Python type that holds a Kernel and calls the search.
 */
#ifndef EVALGAME_KERNEL_H
#define EVALGAME_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

/* The module's exception Contradiction (a ValueError): two decided entries that cannot
 * both hold met (a learned bound, numbers or region against what the kernel knows). Its
 * args are (message, details): details a dict that names both entries (_kernel.c). */
extern PyObject *KernelContradiction;

/* Raise KernelContradiction(message, details) unless an error is set already; details is
 * built by Py_BuildValue(format, ...) (a dict). */
void contradiction(const char *message, const char *format, ...);

/* The width of a set of vertices: the kernel is compiled twice, as _kernel with 64-bit
 * sets (graphs of at most 64 vertices) and as _kernel128 with KERNEL_WIDTH=128 (setup.py),
 * so that boards up to 128 cells are searched natively while the 64-bit build keeps its
 * code and its speed unchanged. Only sets of vertices (and the keys made of them: a key
 * is a canonical set of cells) take this width; hashes, counters and work stay 64-bit. */
#ifndef KERNEL_WIDTH
#define KERNEL_WIDTH 64
#endif

#if KERNEL_WIDTH == 64
typedef uint64_t Set;
#define MAXV 64
#define SET_ALL UINT64_MAX
#elif KERNEL_WIDTH == 128
__extension__ typedef unsigned __int128 Set;
#define MAXV 128
#define SET_ALL (~(Set)0)
#else
#error "KERNEL_WIDTH is 64 or 128"
#endif

/* the set of vertex i alone */
#define BIT(i) ((Set)1 << (i))
/* bytes of a set (a key) in the records exchanged between processes (share.h, tame.h,
 * dfpn.h): 8 in the 64-bit build, whose records keep their format */
#define SET_BYTES (MAXV / 8)

#define SMALL 10          /* components up to this size get exact numbers */
#define UNKNOWN_HI 255    /* an upper bound not yet proven */
#define SMALL_CACHE_BITS 18

enum {
    OPT_STRATEGY = 1,   /* the matching-strategy lower bound (about 2/3 of nu) */
    OPT_TURNS = 2,      /* |value(MAX first) - value(MIN first)| <= 1 from the table */
    OPT_COMPONENTS = 4, /* small components exact, equimatchable ones as passes, nu/2 */
    OPT_ETC = 8,        /* children's bounds and table entries before searching any */
    OPT_SYMMETRY = 16,  /* keys folded under symmetries (and translations on a grid) */
    OPT_DOMINANCE = 32, /* dominated moves are not searched (dominance.h) */
    OPT_TAME = 64,      /* positions of small tame regions decided by the sum rule (tame.h) */
    OPT_SEPARATOR = 128, /* the separator lower bound (separator.h) */
    OPT_CRUMBS = 256,   /* tame regions beside the rest reduced to a pass and a switch (tame.h) */
    OPT_ALL = 511,
};

#ifdef __POPCNT__
static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }
#else
/* without the instruction (the default x86-64 target) GCC calls a library function: this
 * inline count is about a tenth faster on 8×8 searches (BENCHMARKS.md, "Larger regions on
 * larger boards") */
static inline int popcount64(uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif
static inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }

/* Sets of vertices: the number of vertices, the lowest and the highest (s != 0), and the
 * set folded to 64 bits for a hash (the set itself in the 64-bit build). */
#if KERNEL_WIDTH == 64
static inline int set_count(Set s) { return popcount64(s); }
static inline int set_first(Set s) { return ctz64(s); }
static inline int set_last(Set s) { return 63 - __builtin_clzll(s); }
static inline uint64_t set_fold(Set s) { return s; }
#else
static inline int set_count(Set s) { return popcount64((uint64_t)s) + popcount64((uint64_t)(s >> 64)); }
static inline int set_first(Set s) {
    uint64_t low = (uint64_t)s;
    return low ? ctz64(low) : 64 + ctz64((uint64_t)(s >> 64));
}
static inline int set_last(Set s) {
    uint64_t high = (uint64_t)(s >> 64);
    return high ? 127 - __builtin_clzll(high) : 63 - __builtin_clzll((uint64_t)s);
}
static inline uint64_t set_fold(Set s) {
    /* the high half times an odd constant, rotated: its low bits reach every bit */
    uint64_t high = (uint64_t)(s >> 64) * 0xC2B2AE3D27D4EB4FULL;
    return (uint64_t)s ^ (high << 32 | high >> 32);
}
#endif

/* The records' sets, little-endian in SET_BYTES bytes. */
static inline Set read_set(const uint8_t *p) {
    Set x = 0;
    for (int b = 0; b < SET_BYTES; b++) x |= (Set)p[b] << (8 * b);
    return x;
}

static inline void write_set(uint8_t *p, Set x) {
    for (int b = 0; b < SET_BYTES; b++) p[b] = (uint8_t)(x >> (8 * b));
}

/* A set as a Python int (a new reference), and a Python int as a set (an O& converter:
 * the int's low MAXV bits, like the format "K" takes the low 64). */
PyObject *set_to_long(Set s);
int set_converter(PyObject *object, void *out);

/* A table's hash of a key and the question asked about it, every bit of both mixed into
 * every bit of the result (the finalizer of MurmurHash3), so that any low bits can index
 * a table. Keys are sets of free cells, mostly ones, translated to a corner: a key times an
 * odd constant, whose low bits depend on the key's low bits only, put the 200,000 largest
 * entries of an 8×8 question into 134,000 of 2^25 buckets (a uniform hash: about 199,400),
 * up to 19 in one. */
static inline uint64_t mix64(uint64_t key, uint64_t question) {
    uint64_t h = key ^ (question * 0x9E3779B97F4A7C15ULL);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ h >> 33;
}

/* The records exchanged between processes (share.h, tame.h) store numbers little-endian,
 * whatever the machine: `bytes` bytes at p. */
static inline uint64_t read_le(const uint8_t *p, int bytes) {
    uint64_t x = 0;
    for (int b = 0; b < bytes; b++) x |= (uint64_t)p[b] << (8 * b);
    return x;
}

static inline void write_le(uint8_t *p, uint64_t x, int bytes) {
    for (int b = 0; b < bytes; b++) p[b] = (uint8_t)(x >> (8 * b));
}

typedef struct {
    Set key;
    uint32_t work;   /* nodes searched under this position (saturating): replacement */
    uint8_t tag;     /* 0: empty, else 1 + parity of the passes + 2 * switch (table.h) */
    uint8_t lo[2];   /* reduced lower bounds, [1]: MAX to move */
    uint8_t nhi[2];  /* UNKNOWN_HI - reduced upper bound (so that zeroed memory = unknown) */
    uint8_t mv[2][2];/* best move, canonical coordinates + 1 (0: none) */
    uint8_t pad;
} Entry;

#define BUCKET 4

/* An entry of df-pn's table of proof and disproof numbers (dfpn.h). */
typedef struct {
    Set key;          /* the reduced core's canonical key */
    uint32_t phi, delta;
    uint32_t work;    /* nodes searched under this position (saturating): replacement */
    uint8_t tag;      /* 0: empty, else the table's tag_of + 4 * (MAX to move) */
    uint8_t gamma;    /* the question's gamma less the even part of the passes */
    uint8_t even;     /* the even part of the passes (dfpn.c: no cycles) */
    uint8_t source;   /* where the numbers came from: 0 this kernel's search, else the
                       * learn_numbers call of that number (saved numbers: dfpn.h) */
} PnEntry;

typedef struct {
    Set core;        /* vertices of non-equimatchable components */
    Set spare;       /* vertices of equimatchable components (passes) */
    Set key;
    int passes;      /* under OPT_CRUMBS: d of the crumbs theorem (tame.h) */
    int switches;    /* under OPT_CRUMBS: p, a path of four vertices beside the passes */
    int lo, hi;      /* static bounds on moves to come, passes included */
    int nu;          /* size of some matching of the free vertices */
    int big_nu;      /* size of some matching of the components of more than SMALL vertices */
    int small_lo;    /* passes + the small components' minimum maximal matchings */
    int sym, shift;  /* how key was obtained from core */
    int decided;     /* all regions tame and small (tame.h): exact[turn] is the value */
    int exact[2];    /* [1]: MAX to move */
} Region;

typedef struct {
    Region region;
    int u, v;
    int score;
    Set removed;      /* its two vertices and those it isolates (dominance.h) */
} Child;

typedef struct {
    Set mask;
    uint8_t mm, nu, used;
} SmallInfo;

typedef struct {
    Set mask;        /* the canonical cells (grid: in an h x w box) or the vertex mask */
    uint16_t work;   /* regions computed under it (saturating): replacement */
    uint8_t h, w;    /* the box (0, 0 off a grid) */
    uint8_t a, b;    /* MAX-first and MIN-first values */
    uint8_t status;  /* tame.h: TAME, TAME_WILD, TAME_UNVALUED; 0: empty */
    uint8_t pad;
} TameEntry;

typedef struct {
    Set mask;        /* a crumb translated to the grid's corner (0: empty) */
    int8_t best, worst;        /* the largest and smallest change of 2N - h of its moves */
    uint8_t best_mv[2], worst_mv[2]; /* those moves, translated like the mask */
} CrumbMoves;

typedef struct {
    Set mask;        /* the cells in a grid of width w (0: vertices off a grid) */
    uint8_t a, b, status, w;
} TameFront;

typedef struct {
    PyObject_HEAD
    int n;
    Set full;
    Set adj[MAXV];
    Set left;             /* one colour class if bipartite */
    int bipartite;
    int cols;             /* > 0: a rows x cols grid with vertex r*cols + c */
    Set not_first_col, not_last_col;
    Set col_mask[MAXV];
    int nsym;
    uint8_t (*perm)[MAXV];
    uint8_t (*inv)[MAXV];
    Set (*bytes)[MAXV / 8][256];
    int options;
    int strategy[2][MAXV / 2 + 2];
    Entry *table;
    uint64_t bucket_mask;
    PnEntry *numbers;     /* df-pn's table of numbers, kept across questions (dfpn.h) */
    uint64_t numbers_buckets;
    long long numbers_mb;
    uint64_t buckets;
    TameEntry *tame;      /* the region database (tame.h) */
    uint64_t tame_buckets;
    int tame_cells;       /* the largest region entered */
    TameFront *tame_front;
    int front_bits;       /* the front cache has 2^front_bits entries */
    CrumbMoves *crumb_moves; /* a cache of each crumb's extreme moves (tame.h) */
    SmallInfo *small;
    Child *children;      /* per depth */
    Set last[MAXV / 2 + 2];     /* per depth: the cells of the move that led there */
    int stride;
    /* counters */
    uint64_t nodes, positions, table_hits, bound_cutoffs, beta_cutoffs, alpha_cutoffs;
    uint64_t stores, replacements, filled;
    uint64_t tame_computed, tame_moves, tame_filled, tame_replaced, tame_decided, crumbs;
    uint64_t separator_cutoffs;
    /* entries of searches of at least share_min nodes noted for export (0: none) */
    uint64_t share_min;
    Entry **shared;
    Set *shared_keys;
    size_t nshared, shared_cap;
    /* regions of the database computed here since the last export, as records (tame.h) */
    int share_regions;
    uint8_t *region_log;
    size_t nregion_log, region_log_cap;
    /* interruption */
    PyObject *callback;
    int64_t check_every, countdown;
    int stopped;
} Kernel;

#endif
