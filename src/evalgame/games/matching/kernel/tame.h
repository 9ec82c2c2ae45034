/* Tame regions (docs/tiling_search.md, "Tame regions and the sum rule"): a database of
 * the values of regions, filled lazily by a dynamic programme over regions, and the exact
 * value of a position whose regions are all tame.
 *
 * A region is a connected set of at least two free vertices. Its values a = M(R) (MAX to
 * move) and b = m(R) (MIN to move) follow from the regions its moves leave, without
 * search, once those are tame:
 *   a = max_x [1 + sum a(R_x) - ceil(sum t(R_x) / 2)],
 *   b = min_x [1 + sum a(R_x) - floor(sum t(R_x) / 2)],   t = a - b;
 * R is tame when its options' regions are tame, t is 0 or 1, every move x has
 * floor(e_x/2) <= g_x <= ceil(e_x/2) (g_x = 1 + sum a(R_x) - a, e_x = sum t(R_x) - t), and a
 * hot R has a move with g = ceil(e/2) and one with g = floor(e/2). The theorem: a sum of
 * tame regions with N = sum a and h hot regions has M = N - floor(h/2), m = N - ceil(h/2).
 *
 * Keys: on a grid board a region's induced graph depends only on its cells up to
 * translation and the 8 symmetries of the square lattice, so a region is keyed by its
 * canonical shape (height, width, cells of its bounding box, the smallest image); on other
 * graphs by its vertex mask. The database is a table of buckets of fixed size (tame_mb):
 * when a bucket is full the entry whose computation took least work is replaced, so it
 * never grows. Regions of more than tame_cells vertices are never entered.
 */
#ifndef EVALGAME_KERNEL_TAME_H
#define EVALGAME_KERNEL_TAME_H

#include "kernel.h"

enum {
    TAME_EMPTY = 0,    /* a free slot of the database */
    TAME = 1,          /* a, b exact and the region tame */
    TAME_WILD = 2,     /* a, b exact but not tame: a condition fails (an option that is a
                        * lone wild region has exact values too, but fails condition 2) */
    TAME_UNVALUED = 3, /* a move leaves a sum with a region that is not tame: not valued */
};

typedef struct {
    int a, b, status;
} TameValue;

/* The database and its front cache for `tame_mb` MB; 0 on success, -1 if out of memory. */
int tame_alloc(Kernel *k, long long tame_mb);
void tame_free(Kernel *k);

/* Regions shared between processes, like the table's entries (share.h): the kernels of
 * one parallel proof (same graph, so the same keys) send each other the regions they
 * computed, so that a region one process computed is not computed again by another.
 * A record: cells (SET_BYTES, little-endian: 8 in the 64-bit build), work (2), h, w, a, b,
 * status. */
#define REGION_BYTES (SET_BYTES + 7)
/* the most regions noted between two exports (those computed beyond are not noted) */
#define REGION_LOG_MAX ((size_t)1 << 20)

/* The regions computed since the last export (while k->share_regions), as REGION_BYTES
 * records in `out` (room for k->nregion_log records); returns how many and forgets them. */
size_t tame_export(Kernel *k, uint8_t *out);

/* Enter `count` records into the database; -1 if one is malformed (cells outside their
 * box or the graph), -2 (KernelContradiction raised) if one contradicts the database: other
 * values for a region it holds (a wrong valuation, or another graph's regions). */
int tame_absorb(Kernel *k, const uint8_t *records, size_t count);

void tame_share_free(Kernel *k);

/* The values of the region (connected, at least two vertices) `m` of the kernel's graph,
 * whatever its size (the caller limits it). */
TameValue tame_region(Kernel *k, Set m);

/* Crumbs (docs/tiling_search.md, "Tame regions in any context: a pass and a switch"):
 * next to any position G, tame regions S with N = sum a and h hot regions (p = h mod 2)
 * satisfy V(G + S) = s + V(G + D^r + P^p), d = N - floor(h/2) - 2p, r = d mod 2, s = d - r
 * (D a domino, P a path of four vertices). Under OPT_CRUMBS the analysis moves every tame
 * region of at most tame_cells vertices out of the core into the spare vertices, like the
 * equimatchable components (tame and cold, a = nu); passes becomes d and switches p, so the
 * table keys (core, r, p) and stores values less s.
 *
 * Moves: the results of moves inside the crumbs are equivalent to D^d' P^p', and these
 * form one chain Z <= D <= P <= D^2 (Lemma 3), ordered by 2d' + 3p' = 2N' - h'. So MAX
 * needs only a crumb move that raises 2N - h most and MIN one that lowers it most; and
 * when r = p = 0 and the core has a move, none (V(G + S) = s + V(G)). */

/* d and p from r->passes = N and `hot` = h. */
static inline void crumbs_reduce(Region *r, int hot) {
    int p = hot & 1;
    r->passes -= hot / 2 + 2 * p;
    r->switches = p;
}

/* The crumb move of the spare vertices `spare` for MAX (turn = 1: one that raises 2N - h
 * most) or MIN (one that lowers it most): *u, *v; 0 if spare has no edge. */
int crumb_move(Kernel *k, Set spare, int turn, int *u, int *v);

/* Decide the reduced position r exactly when all its regions are tame and have at most
 * k->tame_cells vertices (or it is one valued region of that size and no passes):
 * r->decided = 1 and r->exact[turn]; else r->decided = 0. Under OPT_CRUMBS, a position
 * of crumbs alone is worth d + 2p (MAX to move) or d + p (MIN). */
void tame_decide(Kernel *k, Region *r);

#endif
