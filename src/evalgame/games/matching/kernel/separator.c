/* The separator bound (see separator.h). */
#include "separator.h"

#include "bits.h"
#include "tame.h"

/* The line (a row or column of the board) whose cells are taken from the region m: the
 * least 8 |S| + (the larger number of cells on either side), rows before columns, lower
 * index first on ties. */
static Set best_line(const Kernel *k, Set m) {
    int cols = k->cols, rows = k->n / cols, size = set_count(m);
    Set row_mask = cols >= MAXV ? SET_ALL : BIT(cols) - 1;
    Set best = 0;
    int best_score = 1 << 30;
    for (int r = set_first(m) / cols; r < rows; r++) {
        Set line = m & (row_mask << (r * cols));
        if (!line) break; /* past the region (it is connected) */
        Set before = m & ((BIT(r * cols)) - 1);
        int s = set_count(line), b = set_count(before), a = size - s - b;
        int score = 8 * s + (a > b ? a : b);
        if (score < best_score) {
            best_score = score;
            best = line;
        }
    }
    Set left = 0;
    for (int c = 0; c < cols; c++) {
        Set line = m & k->col_mask[c];
        if (line) {
            int s = set_count(line), b = set_count(m & left), a = size - s - b;
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

int separator_cut(Kernel *k, Set free, int turn, int limit, Set *cut, int *value) {
    if (!k->cols) return 0;
    Set pending[MAXV], removed = 0;
    int count = 0, cuts = 0, sum = 0, hot = 0;
    for (Set rest = free; rest; rest &= ~pending[count++]) pending[count] = component_of(k, rest);
    while (count) {
        Set m = pending[--count];
        if (set_count(m) <= limit) {
            TameValue v = tame_region(k, m);
            if (v.status == TAME) {
                sum += v.a;
                hot += v.a - v.b;
                continue;
            }
        }
        if (++cuts > SEPARATOR_CUTS) return 0;
        /* monotonicity: the value without the line's cells is at most the value with them */
        Set line = best_line(k, m);
        removed |= line;
        for (Set rest = core_of(k, m & ~line); rest; rest &= ~pending[count++])
            pending[count] = component_of(k, rest);
    }
    /* the sum rule on the tame regions left */
    *cut = removed;
    *value = turn ? sum - hot / 2 : sum - (hot + 1) / 2;
    return 1;
}

int separator_bound(Kernel *k, Set free, int turn) {
    Set cut;
    int value;
    return separator_cut(k, free, turn, k->tame_cells, &cut, &value) ? value : -1;
}

int separator_raise(Kernel *k, const Region *r, int turn, int gamma, int lower, int upper) {
    if (!(k->options & OPT_SEPARATOR) || lower >= gamma || upper < gamma || r->decided)
        return lower;
    int s = separator_bound(k, r->core | r->spare, turn);
    if (s >= gamma) k->separator_cutoffs++;
    return s > lower ? s : lower;
}
