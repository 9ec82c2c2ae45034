/* The certificate writer's walk (see walk.h). Each function names the method of
 * certificate.py's _Walk it mirrors; the kernel calls (analyse, test, move_order,
 * tame_region) are made with the same arguments in the same order as through the Python
 * binding, so that the tables evolve alike and the same moves are chosen. */
#include "walk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "bounds.h"
#include "components.h"
#include "search.h"
#include "separator.h"
#include "tame.h"

/* ------------------------------------------------------------- the positions walked */

/* A set of keys (canonical forms), open addressing with linear probing; 0 marks an empty
 * slot, and the key 0 (no free cell) is kept aside. */
typedef struct {
    Set *slots;
    uint64_t mask, count;
    int has_zero;
} KeySet;

static uint64_t slot_of(const KeySet *s, Set key) { return mix64(set_fold(key), 0) & s->mask; }

static int keys_contain(const KeySet *s, Set key) {
    if (!key) return s->has_zero;
    for (uint64_t i = slot_of(s, key);; i = (i + 1) & s->mask) {
        if (s->slots[i] == key) return 1;
        if (!s->slots[i]) return 0;
    }
}

/* 0, or -1 (MemoryError set) when the table cannot grow */
static int keys_add(KeySet *s, Set key) {
    if (!key) {
        s->has_zero = 1;
        return 0;
    }
    if ((s->count + 1) * 10 > (s->mask + 1) * 7) { /* past 70 % full: twice the slots */
        uint64_t size = 2 * (s->mask + 1);
        Set *old = s->slots;
        uint64_t old_size = s->mask + 1;
        s->slots = calloc(size, sizeof(Set));
        if (!s->slots) {
            s->slots = old;
            PyErr_NoMemory();
            return -1;
        }
        s->mask = size - 1;
        for (uint64_t j = 0; j < old_size; j++) {
            if (!old[j]) continue;
            uint64_t i = slot_of(s, old[j]);
            while (s->slots[i]) i = (i + 1) & s->mask;
            s->slots[i] = old[j];
        }
        free(old);
    }
    uint64_t i = slot_of(s, key);
    while (s->slots[i]) {
        if (s->slots[i] == key) return 0;
        i = (i + 1) & s->mask;
    }
    s->slots[i] = key;
    s->count++;
    return 0;
}

/* ------------------------------------------------------------- the walk */

/* entry lines are flushed to spec->write in chunks of about this many bytes */
#define CHUNK (1 << 20)
/* the longest entry line: a 128-bit key and a 128-bit cut in hexadecimal */
#define LINE_MAX_BYTES 96

enum { LEAF_NONE = -1, LEAF_SETTLED = 0, LEAF_SMALL = 1, LEAF_TAME = 2, LEAF_BROKEN = 3 };

typedef struct {
    Kernel *k;
    const WalkSpec *spec;
    WalkResult *out;
    KeySet done;
    char *buffer;
    size_t used;
} Walker;

/* A move: its two cells, u < v. */
typedef struct {
    uint8_t u, v;
} Move;

static Set move_set(Move m) { return BIT(m.u) | BIT(m.v); }

static Set image(const Walker *w, int s, Set m) {
    Set out = 0;
    const Set (*t)[256] = w->spec->bytes[s];
    for (int b = 0; m; b++, m >>= 8) out |= t[b][m & 255];
    return out;
}

/* _Walk.canonical: the smallest image of free, and the first symmetry that gives it */
static Set canonical_form(const Walker *w, Set free, int *symmetry) {
    Set best = free;
    *symmetry = 0;
    for (int s = 1; s < w->spec->nsym; s++) {
        Set m = image(w, s, free);
        if (m < best) {
            best = m;
            *symmetry = s;
        }
    }
    return best;
}

/* _Walk.stabilizer: how many of the symmetries map free onto itself (1: the identity) */
static int stabilizer(const Walker *w, Set free) {
    int count = 1;
    for (int s = 1; s < w->spec->nsym; s++) count += image(w, s, free) == free;
    return count;
}

/* Board.edges_within: the moves of free, horizontal first, then vertical */
static int moves_within(const Kernel *k, Set free, Move *moves) {
    int count = 0, c = k->cols;
    for (Set h = free & (free >> 1) & k->not_last_col; h; h &= h - 1) {
        int u = set_first(h);
        moves[count++] = (Move){(uint8_t)u, (uint8_t)(u + 1)};
    }
    for (Set v = free & (free >> c); v; v &= v - 1) {
        int u = set_first(v);
        moves[count++] = (Move){(uint8_t)u, (uint8_t)(u + c)};
    }
    return count;
}

/* _Walk.holds: 1 if the kernel's null-window test proves the claim at free, 0 if not,
 * -1 (an exception set) if the search was stopped */
static int holds(Walker *w, Set free, int turn, int claim) {
    Kernel *k = w->k;
    Region r;
    analyse(k, free, &r);
    k->stopped = 0;
    k->last[0] = 0;
    int at_least = w->spec->at_least;
    int result = test(k, &r, turn, at_least ? claim : claim + 1, 0);
    if (k->stopped) {
        k->stopped = 0;
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "search stopped");
        return -1;
    }
    return at_least ? result >= claim : result <= claim;
}

/* _Walk.leaf: the checker's rule that decides free, LEAF_NONE, or LEAF_BROKEN when the sum
 * rule decides it against the claim (*value: its value) */
static int leaf(Walker *w, Set free, int turn, int claim, int *value) {
    Kernel *k = w->k;
    const WalkSpec *spec = w->spec;
    if (spec->at_least && claim <= 0) return LEAF_SETTLED;
    if (!spec->at_least && matching(k, free) <= claim) return LEAF_SETTLED;
    if (set_count(free) <= spec->small_cells) return LEAF_SMALL;
    int total = 0, hot = 0;
    for (Set rest = free; rest;) {
        Set region = component_of(k, rest);
        rest &= ~region;
        int size = set_count(region);
        if (size < 2) continue;
        if (size > spec->tame_cells) return LEAF_NONE;
        TameValue v = tame_region(k, region);
        if (v.status != TAME) return LEAF_NONE;
        total += v.a;
        hot += v.a - v.b;
    }
    *value = total - (turn ? hot / 2 : (hot + 1) / 2);
    return (spec->at_least ? *value >= claim : *value <= claim) ? LEAF_TAME : LEAF_BROKEN;
}

/* _Walk.cut: 1 with *cut when a cut decides free (format 2): the kernel's straight cuts
 * of free, then (cells) of free less each one cell, lowest first; the separator bound
 * picks them, the cuts limited to tame regions of at most tame_cells cells confirm */
static int find_cut(Walker *w, Set free, int turn, int claim, int cells, Set *cut) {
    Kernel *k = w->k;
    Set others = cells ? free : 0;
    for (int first = 1; first || others; first = 0) {
        Set taken = 0;
        if (!first) {
            taken = BIT(set_first(others));
            others &= ~taken;
        }
        Set rest = core_of(k, free & ~taken), found;
        int value, limit = w->spec->tame_cells;
        /* the separator bound (the kernel's region limit) picks, the cut within the
         * certificate's limit confirms: one search of the cuts when the limits agree */
        if (!separator_cut(k, rest, turn, k->tame_cells, &found, &value) || value < claim)
            continue;
        if (limit != k->tame_cells && !separator_cut(k, rest, turn, limit, &found, &value))
            continue;
        if (value >= claim) {
            *cut = taken | found;
            return 1;
        }
    }
    return 0;
}

static int fail(Walker *w, int failure, Set free, int claim, int value) {
    w->out->failure = failure;
    w->out->failed = free;
    w->out->claim = claim;
    w->out->value = value;
    return 1;
}

/* _Walk.choose: the prover's move at free (*chosen); 0, 1 (no move keeps the claim: a
 * failure) or -1 (an exception set) */
static int choose(Walker *w, Set free, int turn, int claim, Move *chosen) {
    Kernel *k = w->k;
    Move moves[2 * MAXV], preferred[2 * MAXV + 4], candidate[4 * MAXV + 4];
    int fixed[4 * MAXV + 4];
    int count = moves_within(k, free, moves), symmetry, value;
    for (int i = 0; i < count; i++) {
        if (keys_contain(&w->done, canonical_form(w, free & ~move_set(moves[i]), &symmetry))) {
            *chosen = moves[i];
            return 0;
        }
    }
    int left = claim - 1;
    for (int i = 0; i < count; i++) {
        Set child = free & ~move_set(moves[i]);
        int rule = leaf(w, child, !turn, left, &value);
        int keeps = rule == LEAF_SETTLED || rule == LEAF_TAME;
        if (rule == LEAF_SMALL) keeps = holds(w, child, !turn, left);
        if (keeps < 0) return -1;
        if (keeps) {
            *chosen = moves[i];
            return 0;
        }
    }
    /* the kernel's order first; it may leave moves out */
    Region r;
    analyse(k, free, &r);
    int gamma = w->spec->at_least ? claim : claim + 1;
    int ordered = move_order(k, &r, turn, gamma, 0, k->children);
    if (ordered > 2 * MAXV + 4) ordered = 2 * MAXV + 4;
    for (int i = 0; i < ordered; i++)
        preferred[i] = (Move){(uint8_t)k->children[i].u, (uint8_t)k->children[i].v};
    int candidates = 0;
    for (int i = 0; i < ordered + count; i++) {
        Move m = i < ordered ? preferred[i] : moves[i - ordered];
        if (i >= ordered) {
            int listed = 0;
            for (int j = 0; j < ordered && !listed; j++)
                listed = preferred[j].u == m.u && preferred[j].v == m.v;
            if (listed) continue;
        }
        candidate[candidates] = m;
        fixed[candidates++] = stabilizer(w, free & ~move_set(m));
    }
    /* a move to a symmetric position first, the most symmetric first, the kernel's order
     * within each (the Python walk's stable sort): the opponent's mirrored replies there
     * are transpositions; with cuts, a move to a position a cut decides before any test */
    Set cut;
    for (int cells = 0; w->spec->cuts && cells < 2; cells++)
        for (int level = w->spec->nsym; level >= 1; level--)
            for (int i = 0; i < candidates; i++) {
                if (fixed[i] != level) continue;
                if (find_cut(w, free & ~move_set(candidate[i]), !turn, left, cells, &cut)) {
                    *chosen = candidate[i];
                    return 0;
                }
            }
    for (int level = w->spec->nsym; level >= 1; level--) {
        for (int i = 0; i < candidates; i++) {
            if (fixed[i] != level) continue;
            int keeps = holds(w, free & ~move_set(candidate[i]), !turn, left);
            if (keeps < 0) return -1;
            if (keeps) {
                *chosen = candidate[i];
                return 0;
            }
        }
    }
    return fail(w, WALK_NO_KEEPING_MOVE, free, claim, 0);
}

static int flush(Walker *w) {
    if (!w->used) return 0;
    PyObject *result = PyObject_CallFunction(w->spec->write, "s#", w->buffer, (Py_ssize_t)w->used);
    w->used = 0;
    if (!result) return -1;
    Py_DECREF(result);
    return 0;
}

/* The entry of the prover's position `key`: {"free": "<hex>", "move": [i, j]} */
static int write_entry(Walker *w, Set key, int first, int second) {
    char *p = w->buffer + w->used;
    int n;
#if MAXV == 64
    n = snprintf(p, LINE_MAX_BYTES, "{\"free\": \"%llx\", \"move\": [%d, %d]}\n",
                 (unsigned long long)key, first, second);
#else
    unsigned long long high = (unsigned long long)(key >> 64), low = (unsigned long long)key;
    if (high)
        n = snprintf(p, LINE_MAX_BYTES, "{\"free\": \"%llx%016llx\", \"move\": [%d, %d]}\n", high,
                     low, first, second);
    else
        n = snprintf(p, LINE_MAX_BYTES, "{\"free\": \"%llx\", \"move\": [%d, %d]}\n", low, first,
                     second);
#endif
    w->used += (size_t)n;
    return w->used + LINE_MAX_BYTES > CHUNK ? flush(w) : 0;
}

/* The cut of the position `key`: {"free": "<hex>", "cut": "<hex>"} (format 2) */
static int write_cut(Walker *w, Set key, Set cut) {
    char *p = w->buffer + w->used;
    int n;
#if MAXV == 64
    n = snprintf(p, LINE_MAX_BYTES, "{\"free\": \"%llx\", \"cut\": \"%llx\"}\n",
                 (unsigned long long)key, (unsigned long long)cut);
#else
    char hex[2][40];
    Set sets[2] = {key, cut};
    for (int i = 0; i < 2; i++) {
        unsigned long long high = (unsigned long long)(sets[i] >> 64);
        unsigned long long low = (unsigned long long)sets[i];
        if (high)
            snprintf(hex[i], sizeof hex[i], "%llx%016llx", high, low);
        else
            snprintf(hex[i], sizeof hex[i], "%llx", low);
    }
    n = snprintf(p, LINE_MAX_BYTES, "{\"free\": \"%s\", \"cut\": \"%s\"}\n", hex[0], hex[1]);
#endif
    w->used += (size_t)n;
    return w->used + LINE_MAX_BYTES > CHUNK ? flush(w) : 0;
}

static int report(Walker *w) {
    if (PyErr_CheckSignals() < 0) return -1;
    if (!w->spec->progress || w->spec->progress == Py_None) return 0;
    const WalkResult *o = w->out;
    PyObject *result = PyObject_CallFunction(w->spec->progress, "KKKKKK", o->entries, o->opponent,
                                             o->settled, o->small, o->tame, o->cut);
    if (!result) return -1;
    Py_DECREF(result);
    return 0;
}

/* _Walk.verify: walk free; 0, 1 (a failure, in w->out) or -1 (an exception set) */
static int verify(Walker *w, Set free) {
    const WalkSpec *spec = w->spec;
    int symmetry, value = 0;
    Set key = canonical_form(w, free, &symmetry);
    if (keys_contain(&w->done, key)) return 0;
    if (++w->out->walked % (unsigned long long)spec->every == 0 && report(w) < 0) return -1;
    int placed = (spec->cells - set_count(free)) / 2;
    int turn = spec->max_first ^ (placed & 1), claim = spec->bound - placed;
    int rule = leaf(w, free, turn, claim, &value);
    if (PyErr_Occurred()) return -1;
    if (rule == LEAF_BROKEN) return fail(w, WALK_SUM_RULE, free, claim, value);
    Set cut;
    if (rule == LEAF_NONE && spec->cuts && find_cut(w, free, turn, claim, 1, &cut)) {
        if (write_cut(w, key, image(w, symmetry, cut)) < 0) return -1;
        w->out->entries++;
        w->out->cut++;
    } else if (rule == LEAF_SETTLED) {
        w->out->settled++;
    } else if (rule == LEAF_SMALL) {
        w->out->small++;
    } else if (rule == LEAF_TAME) {
        w->out->tame++;
    } else if (turn == spec->at_least) {
        Move move;
        int status = choose(w, free, turn, claim, &move);
        if (status) return status;
        Set mapped = image(w, symmetry, move_set(move));
        if (write_entry(w, key, set_first(mapped), set_last(mapped)) < 0) return -1;
        w->out->entries++;
        status = verify(w, free & ~move_set(move));
        if (status) return status;
    } else {
        Move moves[2 * MAXV];
        int count = moves_within(w->k, free, moves);
        if (!count) return fail(w, WALK_NO_MOVE, free, claim, 0);
        w->out->opponent++;
        for (int i = 0; i < count; i++) {
            int status = verify(w, free & ~move_set(moves[i]));
            if (status) return status;
        }
    }
    return keys_add(&w->done, key);
}

int certificate_walk(Kernel *k, const WalkSpec *spec, WalkResult *out) {
    memset(out, 0, sizeof *out);
    Walker w = {k, spec, out, {NULL, (1 << 16) - 1, 0, 0}, NULL, 0};
    w.done.slots = calloc(w.done.mask + 1, sizeof(Set));
    w.buffer = malloc(CHUNK);
    int status;
    if (!w.done.slots || !w.buffer) {
        PyErr_NoMemory();
        status = WALK_ERROR;
    } else {
        status = verify(&w, spec->start);
        if (status == 0 && flush(&w) < 0) status = WALK_ERROR;
        if (status > 0) status = out->failure;
    }
    free(w.done.slots);
    free(w.buffer);
    return status < 0 ? WALK_ERROR : status;
}
