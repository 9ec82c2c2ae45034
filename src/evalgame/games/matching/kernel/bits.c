/* Board bits: keys folded under symmetries, and the tables they need (see bits.h). */
#include "bits.h"

Set canonical(const Kernel *k, Set m, int *sym, int *shift) {
    Set best = SET_ALL;
    int nsym = (k->options & OPT_SYMMETRY) ? k->nsym : 1;
    *sym = 0;
    *shift = 0;
    for (int s = 0; s < nsym; s++) {
        Set image = s ? apply_sym(k, s, m) : m;
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
    if (cols > 0 && cols < MAXV && n % cols == 0) {
        int rows = n / cols;
        k->cols = cols;
        for (int c = 0; c < cols; c++) {
            k->col_mask[c] = 0;
            for (int row = 0; row < rows; row++) k->col_mask[c] |= BIT(row * cols + c);
        }
        k->not_first_col = k->full & ~k->col_mask[0];
        k->not_last_col = k->full & ~k->col_mask[cols - 1];
        for (int i = 0; i < n; i++)
            if (k->adj[i] != neighbourhood(k, BIT(i))) k->cols = 0; /* not a grid */
    }
}

void bits_init_symmetries(Kernel *k) {
    int n = k->n;
    for (int s = 0; s < k->nsym; s++) {
        for (int v = 0; v < n; v++) k->inv[s][k->perm[s][v]] = (uint8_t)v;
        for (int b = 0; b < MAXV / 8; b++)
            for (int byte = 1; byte < 256; byte++) {
                int low = ctz64((uint64_t)byte), v = 8 * b + low;
                Set bit = v < n ? BIT(k->perm[s][v]) : 0;
                k->bytes[s][b][byte] = k->bytes[s][b][byte & (byte - 1)] | bit;
            }
    }
}
