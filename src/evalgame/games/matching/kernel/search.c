/* The search (see search.h). */
#include "search.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "bounds.h"
#include "components.h"
#include "dominance.h"
#include "separator.h"
#include "table.h"
#include "tame.h"

static int check(Kernel *k) {
    k->countdown = k->check_every;
    if (PyErr_CheckSignals() < 0) {
        k->stopped = 1;
        return 1;
    }
    if (k->callback && k->callback != Py_None) {
        PyObject *result = PyObject_CallFunction(k->callback, "K", (unsigned long long)k->nodes);
        if (!result) {
            k->stopped = 1;
            return 1;
        }
        Py_DECREF(result);
    }
    return 0;
}

/* Sort key, best first (region.order_key). MAX tries the moves with the highest upper bound
 * first, then moves next to the last one (`near`: on 6×7 and 5×9 this halves the nodes of
 * the hardest tests), then those whose child has the highest proven lower bound (`low`:
 * the separator bound where it was computed; the upper bound alone does not tell MAX's
 * moves apart while it stays above the test), then those leaving the fewest dead vertices
 * (no free neighbour) and the fewest weak ones (a single free neighbour: MIN could kill
 * them next). MIN tries the lowest upper bound first, then the most dead and weak vertices,
 * and not the replies next to the last move first: her refutations are often elsewhere
 * (BENCHMARKS.md, "Move order by player": with both keys at her nodes too the 6×7 solves
 * need 1.2–1.7× more nodes). Only the order of the moves depends on these keys. */
#if MAXV == 64
/* hi and low are at most 32 (moves to come on 64 vertices), dead * 64 + weak < 8192 */
#define DEAD_WEIGHT 64
#define LOW_WEIGHT (1 << 13)
#define NEAR_WEIGHT (1 << 19)
#define HI_WEIGHT (1 << 20)
#else
/* hi and low are at most 64 (moves to come on 128 vertices), dead * 128 + weak < 2^15:
 * the same keys in the same order */
#define DEAD_WEIGHT 128
#define LOW_WEIGHT (1 << 15)
#define NEAR_WEIGHT (1 << 22)
#define HI_WEIGHT (1 << 23)
#endif
static int order_score(const Kernel *k, Set rest, int turn, int hi, int near, int low) {
    Set ones, twos;
    neighbour_counts(k, rest, &ones, &twos);
    int dead = set_count(rest & ~ones), weak = set_count(rest & ones & ~twos);
    if (!turn) return hi * (2 * LOW_WEIGHT) - dead * DEAD_WEIGHT - weak;
    return -(hi * HI_WEIGHT + near * NEAR_WEIGHT + low * LOW_WEIGHT - dead * DEAD_WEIGHT - weak);
}

static int cmp_child(const void *a, const void *b) {
    int x = ((const Child *)a)->score, y = ((const Child *)b)->score;
    return (x > y) - (x < y);
}

/* The table's best move `tmove` of r (bounds_of) mapped back from canonical coordinates:
 * 1 and *u, *v if it is still a move of r, else 0. */
static int table_move(const Kernel *k, const Region *r, int tmove, int *u, int *v) {
    if (!tmove) return 0;
    int cu = (tmove >> 8) - 1 + r->shift, cv = (tmove & 255) - 1 + r->shift;
    if (cu < 0 || cv < 0 || cu >= k->n || cv >= k->n) return 0;
    *u = k->inv[r->sym][cu];
    *v = k->inv[r->sym][cv];
    Set base = r->core | r->spare;
    return (base >> *u & 1) && (base >> *v & 1) && (k->adj[*u] >> *v & 1);
}

int moves_of(Kernel *k, const Region *r, int turn, int skip_u, int skip_v, Child *children) {
    int count = 0, pass_u, pass_v;
    pass_move(k, r, turn, &pass_u, &pass_v);
    for (Set rest = r->core; rest;) {
        int u = set_first(rest);
        rest &= rest - 1;
        for (Set vs = k->adj[u] & rest; vs; vs &= vs - 1) {
            int v = set_first(vs);
            if (u == skip_u && v == skip_v) continue;
            children[count].u = u;
            children[count++].v = v;
        }
    }
    if (pass_u >= 0) {
        int u = pass_u < pass_v ? pass_u : pass_v, v = pass_u < pass_v ? pass_v : pass_u;
        if (u != skip_u || v != skip_v) {
            children[count].u = u;
            children[count++].v = v;
        }
    }
    return count;
}

int move_order(Kernel *k, const Region *r, int turn, int gamma, Set last, Child *children) {
    int tmove, lower, upper, first_u = -1, first_v = -1, u, v;
    bounds_of(k, r, turn, &lower, &upper, &tmove);
    if (table_move(k, r, tmove, &u, &v)) {
        first_u = u < v ? u : v;
        first_v = u < v ? v : u;
    }
    int count = moves_of(k, r, turn, first_u, first_v, children);
    Set near = turn && last ? neighbourhood(k, last) : 0;
    Set base = r->core | r->spare;
    for (int i = 0; i < count; i++) {
        Child *ch = &children[i];
        Set cells = BIT(ch->u) | BIT(ch->v);
        analyse(k, base & ~cells, &ch->region);
        int low = ch->region.lo, high = ch->region.hi;
        if (k->options & OPT_ETC) { /* as test() scores them */
            bounds_of(k, &ch->region, !turn, &low, &high, NULL);
            low = separator_raise(k, &ch->region, !turn, gamma - 1, low, high);
        }
        ch->score = order_score(k, r->core & ~cells, turn, high, (near & cells) != 0, low);
    }
    qsort(children, (size_t)count, sizeof(Child), cmp_child);
    if (first_u >= 0) { /* the table's move before them all */
        memmove(&children[1], &children[0], (size_t)count * sizeof(Child));
        children[0].u = first_u;
        children[0].v = first_v;
        count++;
    }
    return count;
}

int test(Kernel *k, const Region *r, int turn, int gamma, int depth) {
    k->nodes++;
    if (--k->countdown <= 0 && check(k)) return 0;
    int lower, upper, tmove;
    bounds_of(k, r, turn, &lower, &upper, &tmove);
    lower = separator_raise(k, r, turn, gamma, lower, upper);
    if (lower >= gamma || upper < gamma) {
        k->bound_cutoffs++;
        return lower >= gamma ? lower : upper;
    }
    uint64_t start = k->nodes;
    Set base = r->core | r->spare;
    int child_gamma = gamma - 1;
    int best = turn ? -1 : upper + 1;
    int best_u = -1, best_v = -1;
    int first_u = -1, first_v = -1;
    Child *children = k->children + (size_t)depth * k->stride;
    int count = 0, done = 0;

    int u, v;
    if (table_move(k, r, tmove, &u, &v)) {
        /* the table's best move first */
        Region *c = &children[0].region;
        analyse(k, base & ~(BIT(u)) & ~(BIT(v)), c);
        k->last[depth + 1] = BIT(u) | BIT(v);
        int result = 1 + test(k, c, !turn, child_gamma, depth + 1);
        if (k->stopped) return 0;
        first_u = u < v ? u : v;
        first_v = u < v ? v : u;
        best = result;
        best_u = u;
        best_v = v;
        if (turn ? result >= gamma : result < gamma) {
            if (turn)
                k->beta_cutoffs++;
            else
                k->alpha_cutoffs++;
            done = 1;
        }
    }
    if (!done) {
        count = moves_of(k, r, turn, first_u, first_v, children);
        if (k->options & OPT_DOMINANCE)
            count = drop_dominated(k, r->core, children, count, turn, first_u, first_v);
        /* MAX's replies next to the last move first (a stable partition): the answer to a
         * threat is local, and so is the transposition that settles a child */
        Set near = turn && k->last[depth] ? neighbourhood(k, k->last[depth]) : 0;
        if (near) {
            int front = 0;
            for (int i = 0; i < count; i++) {
                Child *ch = &children[i];
                if ((near >> ch->u | near >> ch->v) & 1) {
                    Child keep = *ch;
                    memmove(&children[front + 1], &children[front], (size_t)(i - front) * sizeof(Child));
                    children[front++] = keep;
                }
            }
        }
        /* Children are analysed one by one and each is checked one step behind, so that
         * its table entry is fetched from memory while the next one is analysed; a child
         * that decides the node stops the analysis of the rest. */
        int kept = 0;
        for (int i = 0; i <= count && !done; i++) {
            if (i < count) {
                Child *ch = &children[i];
                analyse(k, base & ~(BIT(ch->u)) & ~(BIT(ch->v)), &ch->region);
                __builtin_prefetch(bucket_of(k, ch->region.key, tag_of(&ch->region)));
            }
            if (i == 0) continue;
            Child *ch = &children[i - 1];
            int low, high;
            if (k->options & OPT_ETC) {
                bounds_of(k, &ch->region, !turn, &low, &high, NULL);
                low = separator_raise(k, &ch->region, !turn, child_gamma, low, high);
                if (turn ? low >= child_gamma : high < child_gamma) {
                    best = turn ? low + 1 : high + 1;
                    best_u = ch->u;
                    best_v = ch->v;
                    k->table_hits++;
                    done = 1;
                    break;
                }
                if (turn && high < child_gamma) {
                    if (high + 1 > best) best = high + 1;
                    continue;
                }
                if (!turn && low >= child_gamma) {
                    if (low + 1 < best) best = low + 1;
                    continue;
                }
            } else {
                low = ch->region.lo;
                high = ch->region.hi;
            }
            ch->score = order_score(k, r->core & ~(BIT(ch->u)) & ~(BIT(ch->v)),
                                    turn, high, (int)((near >> ch->u | near >> ch->v) & 1), low);
            if (kept != i - 1) children[kept] = *ch;
            kept++;
        }
        count = kept;
    }
    if (!done) {
        qsort(children, (size_t)count, sizeof(Child), cmp_child);
        for (int i = 0; i < count; i++) {
            k->last[depth + 1] = BIT(children[i].u) | BIT(children[i].v);
            int result = 1 + test(k, &children[i].region, !turn, child_gamma, depth + 1);
            if (k->stopped) return 0;
            if (turn ? result > best : result < best) {
                best = result;
                best_u = children[i].u;
                best_v = children[i].v;
                if (turn ? best >= gamma : best < gamma) {
                    if (turn)
                        k->beta_cutoffs++;
                    else
                        k->alpha_cutoffs++;
                    break;
                }
            }
        }
    }
    if (best >= gamma)
        lower = best;
    else
        upper = best;
    store(k, r, turn, lower, upper, best_u, best_v, k->nodes - start + 1);
    return best;
}

int search_check(Kernel *k) { return check(k); }

void pass_move(Kernel *k, const Region *r, int turn, int *u, int *v) {
    *u = *v = -1;
    if (k->options & OPT_CRUMBS) {
        /* one crumb move, the extreme one for the player to move (tame.h) */
        if ((r->passes & 1) || r->switches) crumb_move(k, r->spare, turn, u, v);
    } else if (r->passes & 1) {
        for (Set s = r->spare; s; s &= s - 1) {
            int w = set_first(s);
            Set vs = k->adj[w] & r->spare;
            if (vs) {
                *u = w;
                *v = set_first(vs);
                return;
            }
        }
    }
}
