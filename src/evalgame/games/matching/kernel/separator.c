/* The separator bound (see separator.h). */
#include "separator.h"

#include "bits.h"
#include "tame.h"

/* The line (a row or column of the board) whose cells are taken from the region m: the
 * least 8 |S| + (the larger number of cells on either side), rows before columns, lower
 * index first on ties. */
static uint64_t best_line(const Kernel *k, uint64_t m) {
    int cols = k->cols, rows = k->n / cols, size = popcount64(m);
    uint64_t row_mask = cols >= 64 ? UINT64_MAX : ((uint64_t)1 << cols) - 1;
    uint64_t best = 0;
    int best_score = 1 << 30;
    for (int r = ctz64(m) / cols; r < rows; r++) {
        uint64_t line = m & (row_mask << (r * cols));
        if (!line) break; /* past the region (it is connected) */
        uint64_t before = m & ((((uint64_t)1) << (r * cols)) - 1);
        int s = popcount64(line), b = popcount64(before), a = size - s - b;
        int score = 8 * s + (a > b ? a : b);
        if (score < best_score) {
            best_score = score;
            best = line;
        }
    }
    uint64_t left = 0;
    for (int c = 0; c < cols; c++) {
        uint64_t line = m & k->col_mask[c];
        if (line) {
            int s = popcount64(line), b = popcount64(m & left), a = size - s - b;
            int score = 8 * s + (a > b ? a : b);
            if (score < best_score) {
                best_score = score;
                best = line;
            }
        }
        left |= k->col_mask[c];
    }
    return best;
}

int separator_bound(Kernel *k, uint64_t free, int turn) {
    if (!k->cols) return -1;
    uint64_t pending[MAXV];
    int count = 0, cuts = 0, sum = 0, hot = 0;
    for (uint64_t rest = free; rest; rest &= ~pending[count++]) pending[count] = component_of(k, rest);
    while (count) {
        uint64_t m = pending[--count];
        if (popcount64(m) <= k->tame_cells) {
            TameValue v = tame_region(k, m);
            if (v.status == TAME) {
                sum += v.a;
                hot += v.a - v.b;
                continue;
            }
        }
        if (++cuts > SEPARATOR_CUTS) return -1;
        /* monotonicity: the value without the line's cells is at most the value with them */
        for (uint64_t rest = core_of(k, m & ~best_line(k, m)); rest; rest &= ~pending[count++])
            pending[count] = component_of(k, rest);
    }
    /* the sum rule on the tame regions left */
    return turn ? sum - hot / 2 : sum - (hot + 1) / 2;
}

int separator_raise(Kernel *k, const Region *r, int turn, int gamma, int lower, int upper) {
    if (!(k->options & OPT_SEPARATOR) || lower >= gamma || upper < gamma || r->decided)
        return lower;
    int s = separator_bound(k, r->core | r->spare, turn);
    if (s >= gamma) k->separator_cutoffs++;
    return s > lower ? s : lower;
}
