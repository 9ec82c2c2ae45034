/* Board bits: sets of vertices as 64-bit masks, neighbourhoods (by shifts on a grid
 * board), connected components, and keys folded under the graph's symmetries. */
#ifndef EVALGAME_KERNEL_BITS_H
#define EVALGAME_KERNEL_BITS_H

#include "kernel.h"

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

/* The smallest image of m under the symmetries (and translations on a grid). */
uint64_t canonical(const Kernel *k, uint64_t m, int *sym, int *shift);

/* The grid's column masks when the graph is a rows x cols grid (k->cols = 0 if not). */
void bits_init_grid(Kernel *k, int cols);

/* The byte tables that map masks under each symmetry (k->perm must be filled). */
void bits_init_symmetries(Kernel *k);

#endif
