/* Board bits: keys folded under symmetries, and the tables they need (see bits.h). */
#include "bits.h"

uint64_t canonical(const Kernel *k, uint64_t m, int *sym, int *shift) {
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

void bits_init_grid(Kernel *k, int cols) {
    int n = k->n;
    if (cols > 0 && cols < 64 && n % cols == 0) {
        int rows = n / cols;
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
}

void bits_init_symmetries(Kernel *k) {
    int n = k->n;
    for (int s = 0; s < k->nsym; s++) {
        for (int v = 0; v < n; v++) k->inv[s][k->perm[s][v]] = (uint8_t)v;
        for (int b = 0; b < 8; b++)
            for (int byte = 1; byte < 256; byte++) {
                int low = ctz64((uint64_t)byte), v = 8 * b + low;
                uint64_t bit = v < n ? (uint64_t)1 << k->perm[s][v] : 0;
                k->bytes[s][b][byte] = k->bytes[s][b][byte & (byte - 1)] | bit;
            }
    }
}
