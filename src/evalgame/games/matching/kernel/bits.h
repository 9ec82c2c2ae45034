/* Board bits: sets of vertices as masks (Set: 64 or 128 bits, kernel.h), neighbourhoods (by shifts on a grid
 * board), connected components, and keys folded under the graph's symmetries. */
#ifndef EVALGAME_KERNEL_BITS_H
#define EVALGAME_KERNEL_BITS_H

#include "kernel.h"

static inline Set neighbourhood(const Kernel *k, Set m) {
    if (k->cols) {
        int c = k->cols;
        return (((m & k->not_last_col) << 1) | ((m & k->not_first_col) >> 1) | (m << c) |
                (m >> c)) & k->full;
    }
    Set r = 0;
    while (m) {
        r |= k->adj[set_first(m)];
        m &= m - 1;
    }
    return r;
}

static inline Set core_of(const Kernel *k, Set m) { return m & neighbourhood(k, m); }

static inline Set component_of(const Kernel *k, Set m) {
    Set comp = m & -m, frontier = comp;
    while (frontier) {
        frontier = neighbourhood(k, frontier) & m & ~comp;
        comp |= frontier;
    }
    return comp;
}

/* Translate a grid pattern so that it touches row 0 and column 0 (an induced subgraph
 * of the grid is determined by its cells up to translation). */
static inline int grid_shift(const Kernel *k, Set m) {
    if (!m) return 0;
    int row = set_first(m) / k->cols, col = 0;
    while (!(m & k->col_mask[col])) col++;
    return row * k->cols + col;
}

static inline Set apply_sym(const Kernel *k, int s, Set m) {
    Set image = 0;
    const Set (*t)[256] = k->bytes[s];
    for (int b = 0; m; b++, m >>= 8) image |= t[b][m & 255];
    return image;
}

/* The vertices of m with at least one, and at least two, neighbours in m. */
static inline void neighbour_counts(const Kernel *k, Set m, Set *ones, Set *twos) {
    Set one = 0, two = 0;
    if (k->cols) {
        int c = k->cols;
        Set d[4] = {(m & k->not_last_col) << 1, (m & k->not_first_col) >> 1, m << c, m >> c};
        for (int i = 0; i < 4; i++) {
            two |= one & d[i];
            one |= d[i];
        }
    } else {
        for (Set rest = m; rest; rest &= rest - 1) {
            Set around = k->adj[set_first(rest)];
            two |= one & around;
            one |= around;
        }
    }
    *ones = one & k->full;
    *twos = two & k->full;
}

/* The smallest image of m under the symmetries (and translations on a grid). */
Set canonical(const Kernel *k, Set m, int *sym, int *shift);

/* The grid's column masks when the graph is a rows x cols grid (k->cols = 0 if not). */
void bits_init_grid(Kernel *k, int cols);

/* The byte tables that map masks under each symmetry (k->perm must be filled). */
void bits_init_symmetries(Kernel *k);

#endif
