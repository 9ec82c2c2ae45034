/* Proof-number search (see dfpn.h).
 *
 * The numbers are kept for the player to move (phi/delta form): phi is the proof number
 * of the mover's goal (MAX: value >= gamma; MIN: value < gamma) and delta its disproof
 * number, so that phi(n) = min over children of delta(c) and delta(n) = sum of phi(c).
 * phi = 0 (delta = INF) means the mover reaches the goal, delta = 0 (phi = INF) that the
 * mover cannot; undecided numbers stay below INF. The game is acyclic (every move covers
 * two vertices), and so is the graph of the number table's entries: an entry is a
 * position's question (the key, tag and gamma of the transposition table, gamma less the
 * even part s of the passes) and s itself. Without s, under OPT_CRUMBS a crumb move and the
 * crumb reply can lead to a position with the same question as an ancestor two moves up
 * (s + V(core + D^r + P^p) >= gamma asked again with s and gamma both 2 less): a cycle of
 * entries, each reading numbers the other stored, grew them without end and never decided
 * either (6×7 "≥ 19?" MAX first stalled). With s, gamma falls by one a move, so no entry is
 * its own descendant; transpositions only make the sums overestimate, which costs nodes,
 * never soundness, and what is decided still reaches every position of the question
 * through the transposition table.
 */
#include "dfpn.h"

#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "bounds.h"
#include "components.h"
#include "dominance.h"
#include "search.h"
#include "separator.h"
#include "table.h"

#define INF 0xFFFFFFFFu
#define PN_BUCKET 4

typedef struct {
    Kernel *k;
    const DfpnParams *params;
    Child *children;         /* per depth, k->stride each */
    uint32_t *phi, *delta;   /* the children's numbers, per depth */
    uint64_t limit;          /* the node count at which to stop (0: none) */
    int out;                 /* the limit was reached */
} Dfpn;

/* ------------------------------------------------------------- the number table */

static inline int pn_tag(const Region *r, int turn) { return tag_of(r) + 4 * turn; }

static inline PnEntry *pn_bucket(const Kernel *k, Set key, int tag, int gamma, int even) {
    uint64_t question = (uint64_t)(even << 16 | tag << 8 | gamma);
    return k->numbers + (mix64(set_fold(key), question) & (k->numbers_buckets - 1)) * PN_BUCKET;
}

static inline int pn_match(const PnEntry *e, Set key, int tag, int g, int even) {
    return e->tag == tag && e->gamma == g && e->even == even && e->key == key;
}

/* The entry of bucket b to give up for a new one: an empty one, else the smallest
 * subtree's. */
static PnEntry *pn_victim(PnEntry *b) {
    PnEntry *e = &b[0];
    for (int i = 0; i < PN_BUCKET; i++) {
        if (!b[i].tag) return &b[i];
        if (b[i].work < e->work) e = &b[i];
    }
    return e;
}

/* The bucket of the question "value >= gamma?" about r, turn to move; its entry's tag,
 * gamma and even part of the passes in *tag, *g and *even. */
static inline PnEntry *pn_question(const Kernel *k, const Region *r, int turn, int gamma,
                                   int *tag, int *g, int *even) {
    *tag = pn_tag(r, turn);
    *even = r->passes & ~1;
    *g = gamma - *even;
    return pn_bucket(k, r->key, *tag, *g, *even);
}

static const PnEntry *pn_find(const Kernel *k, const Region *r, int turn, int gamma) {
    int tag, g, even;
    PnEntry *b = pn_question(k, r, turn, gamma, &tag, &g, &even);
    for (int i = 0; i < PN_BUCKET; i++)
        if (pn_match(&b[i], r->key, tag, g, even)) return &b[i];
    return NULL;
}

/* Whether two decided numbers say opposite things: one that the mover reaches its goal
 * (phi = 0), the other that it cannot (delta = 0). */
static inline int opposite(uint32_t phi, uint32_t delta, uint32_t other_phi,
                           uint32_t other_delta) {
    return (phi == 0 && other_delta == 0) || (delta == 0 && other_phi == 0);
}

/* Raise KernelContradiction for the entry `e` and the numbers (phi, delta) of the same
 * question from `source` (0: this kernel's search), record `record` of the numbers
 * learned (-1: none). */
static void pn_contradiction(const PnEntry *e, uint32_t phi, uint32_t delta, int source,
                             long long record) {
    contradiction("two decided entries of df-pn's numbers contradict each other",
                  "{sNsisisisis(II)sis(II)sisL}", "key", set_to_long(e->key),
                  "max_to_move", e->tag > 4, "gamma", e->gamma + e->even, "even", e->even,
                  "tag", e->tag, "known", e->phi, e->delta, "known_source", e->source, "other",
                  phi, delta, "other_source", source, "record", record);
}

/* Keep (phi, delta): in the position's entry, else an empty one, else in place of the
 * entry of the smallest subtree (numbers of no work only in place of others of none).
 * Numbers decided against a decided entry of the question (learned from saved numbers)
 * stop the search with KernelContradiction: one of the two proofs is wrong. */
static void pn_store(Dfpn *d, const Region *r, int turn, int gamma, uint32_t phi,
                     uint32_t delta, uint64_t work) {
    int tag, g, even;
    PnEntry *b = pn_question(d->k, r, turn, gamma, &tag, &g, &even), *e = NULL;
    for (int i = 0; i < PN_BUCKET && !e; i++)
        if (pn_match(&b[i], r->key, tag, g, even)) e = &b[i];
    if (e && opposite(e->phi, e->delta, phi, delta)) {
        pn_contradiction(e, phi, delta, 0, -1);
        d->k->stopped = 1;
        return;
    }
    if (!e) {
        e = pn_victim(b);
        if (!work && e->tag && e->work) return; /* first numbers never evict a search's */
        *e = (PnEntry){r->key, 0, 0, 0, (uint8_t)tag, (uint8_t)g, (uint8_t)even, 0};
    }
    e->phi = phi;
    e->delta = delta;
    e->source = 0; /* the numbers are this search's now */
    uint64_t total = e->work + work;
    e->work = total > UINT32_MAX ? UINT32_MAX : (uint32_t)total;
}

static size_t numbers_bytes(const Kernel *k) {
    return k->numbers_buckets * PN_BUCKET * sizeof(PnEntry);
}

void numbers_free(Kernel *k) {
    table_free(k->numbers, numbers_bytes(k));
    k->numbers = NULL;
    k->numbers_buckets = 0;
    k->numbers_mb = 0;
}

/* k's table of numbers of table_mb MB: the one kept from earlier questions (its entries
 * name their question), else a new one; NULL if it cannot be allocated. */
static PnEntry *numbers_table(Kernel *k, long long table_mb) {
    if (k->numbers && k->numbers_mb == table_mb) return k->numbers;
    numbers_free(k);
    uint64_t bytes = (uint64_t)table_mb << 20, buckets = 1;
    while (buckets * 2 * PN_BUCKET * sizeof(PnEntry) <= bytes) buckets *= 2;
    k->numbers = table_alloc(buckets * PN_BUCKET * sizeof(PnEntry));
    if (!k->numbers) return NULL;
    k->numbers_buckets = buckets;
    k->numbers_mb = table_mb;
    return k->numbers;
}

/* ------------------------------------------------------------- the search */

/* The numbers of a position whose bounds lo <= value <= hi decide "value >= gamma?";
 * 0 if they do not. */
static int settle(int lo, int hi, int turn, int gamma, uint32_t *phi, uint32_t *delta) {
    if (lo < gamma && hi >= gamma) return 0;
    int mover_wins = (lo >= gamma) == turn;
    *phi = mover_wins ? 0 : INF;
    *delta = mover_wins ? INF : 0;
    return 1;
}

/* The proven bounds of a position as the alpha-beta search has them before it searches:
 * bounds_of raised by the separator bound (which is computed only where it can decide). */
static void proven_bounds(Kernel *k, const Region *r, int turn, int gamma, int *lo, int *hi) {
    bounds_of(k, r, turn, lo, hi, NULL);
    *lo = separator_raise(k, r, turn, gamma, *lo, *hi);
}

/* The numbers of a position before it is expanded: the table's, else decided by its
 * proven bounds, else the distances of gamma from its bounds: gamma - lo to prove value >=
 * gamma, hi + 1 - gamma to disprove it. The table comes first, and what the bounds give is
 * stored with no work: a parent expanded again reads its children's numbers instead of
 * computing their bounds again (the separator bound and the static bounds of every child
 * were two thirds of df-pn's time on 8×8). An entry left undecided by a bound proven later
 * in the transposition table costs one node: mid settles it from its bounds. */
static void numbers_of(Dfpn *d, const Region *r, int turn, int gamma, uint32_t *phi,
                       uint32_t *delta) {
    const PnEntry *e = pn_find(d->k, r, turn, gamma);
    if (e) {
        *phi = e->phi;
        *delta = e->delta;
        return;
    }
    int lo, hi;
    proven_bounds(d->k, r, turn, gamma, &lo, &hi);
    if (!settle(lo, hi, turn, gamma, phi, delta)) {
        /* a new position: the farther gamma from a bound, the harder to pass it (on 6×6
         * and 6×7 this needed 1.0–5.5× fewer nodes than 1 and 1) */
        uint32_t up = (uint32_t)(gamma - lo), down = (uint32_t)(hi - gamma + 1);
        *phi = turn ? up : down;
        *delta = turn ? down : up;
    }
    pn_store(d, r, turn, gamma, *phi, *delta, 0);
}

static uint64_t capped(uint64_t x) { return x > INF ? INF : x; }

/* The moves df-pn expands at r: the alpha-beta search's, without the dominated ones under
 * OPT_DOMINANCE; each child analysed by analyse_child. */
static int pn_moves(Kernel *k, const Region *r, int turn, Child *children) {
    int count = moves_of(k, r, turn, -1, -1, children);
    if (k->options & OPT_DOMINANCE)
        count = drop_dominated(k, r->core, children, count, turn, -1, -1);
    return count;
}

static void analyse_child(Kernel *k, const Region *r, Child *c) {
    analyse(k, (r->core | r->spare) & ~BIT(c->u) & ~BIT(c->v),
            &c->region);
}

/* The numbers of a position from its children's: phi the least child delta (at *best),
 * delta the children's phis summed (or, weak, their largest plus one for each other open
 * child). Returns the second least child delta. */
static uint32_t combine(const Dfpn *d, const uint32_t *cphi, const uint32_t *cdelta, int count,
                        uint32_t *phi, uint32_t *delta, int *best) {
    uint64_t sum = 0, largest = 0, open = 0;
    uint32_t second = INF;
    int infinite = 0;
    *phi = INF;
    *best = 0;
    for (int i = 0; i < count; i++) {
        if (cdelta[i] < *phi) {
            second = *phi;
            *phi = cdelta[i];
            *best = i;
        } else if (cdelta[i] < second) {
            second = cdelta[i];
        }
        infinite |= cphi[i] == INF;
        sum += cphi[i];
        if (cphi[i] > largest) largest = cphi[i];
        open += cphi[i] != 0;
    }
    /* Weak numbers: the children of a position share most of their subtrees (two dominoes
     * placed in either order give one position), so the sum counts the work ahead many
     * times over. Either form is 0 exactly when every child is. */
    if (d->params->weak && open) sum = largest + open - 1;
    *delta = infinite ? INF : sum >= INF ? INF - 1 : (uint32_t)sum;
    return second;
}

/* Nagai's MID: expand r until its phi reaches thphi or its delta thdelta (or it is
 * decided); its numbers come back in *phi_out, *delta_out. */
static void mid(Dfpn *d, const Region *r, int turn, int gamma, int depth, uint64_t thphi,
                uint64_t thdelta, uint32_t *phi_out, uint32_t *delta_out) {
    Kernel *k = d->k;
    k->nodes++;
    if (--k->countdown <= 0 && search_check(k)) return;
    if (d->limit && k->nodes >= d->limit) {
        d->out = 1;
        return;
    }
    uint64_t start = k->nodes;
    /* Without the separator bound: its parent (or dfpn_prove, for the root) computed it
     * for this very question before it read or stored these numbers, and found it short
     * of deciding; the bound is a function of the position, so only the transposition
     * table can have learned something since. */
    int lo, hi;
    bounds_of(k, r, turn, &lo, &hi, NULL);
    if (settle(lo, hi, turn, gamma, phi_out, delta_out)) {
        pn_store(d, r, turn, gamma, *phi_out, *delta_out, 1); /* its parent reads it */
        return;
    }
    if (set_count(r->core) <= d->params->leaf_cells) {
        /* a small subtree: the null-window test decides it (and stores what it proves) */
        int result = test(k, r, turn, gamma, 0);
        if (k->stopped) return;
        settle(result >= gamma ? gamma : lo, result >= gamma ? hi : gamma - 1, turn, gamma,
               phi_out, delta_out);
        pn_store(d, r, turn, gamma, *phi_out, *delta_out, k->nodes - start + 1);
        return;
    }
    /* not decided, so lo < hi: the core is not empty and has a move */
    Child *children = d->children + (size_t)depth * k->stride;
    uint32_t *cphi = d->phi + (size_t)depth * k->stride;
    uint32_t *cdelta = d->delta + (size_t)depth * k->stride;
    int count = pn_moves(k, r, turn, children);
    int best = -1;
    for (int i = 0; i <= count && best < 0; i++) {
        /* child i is analysed and its entry fetched while child i - 1's numbers are read */
        if (i < count) {
            analyse_child(k, r, &children[i]);
            /* the table is far larger than the cache: a lookup right after its key was
             * computed waited on memory (nine tenths of mid's own time on 8×8) */
            int tag, g, even;
            const PnEntry *b = pn_question(k, &children[i].region, !turn, gamma - 1, &tag, &g,
                                           &even);
            __builtin_prefetch(b);
            __builtin_prefetch(&b[PN_BUCKET - 1].source); /* a bucket spans two lines */
        }
        if (i == 0) continue;
        numbers_of(d, &children[i - 1].region, !turn, gamma - 1, &cphi[i - 1], &cdelta[i - 1]);
        if (cdelta[i - 1] == 0) best = i - 1; /* a move to a child its mover loses: decided */
    }
    uint32_t phi = 0, delta = INF;
    int stopped = 0;
    if (best < 0) {
        for (;;) {
            uint32_t second = combine(d, cphi, cdelta, count, &phi, &delta, &best);
            if (phi >= thphi || delta >= thdelta) break;
            /* the most proving child, until its delta passes the second best's (by a
             * factor 1 + epsilon: fewer switches between two close children) or the
             * parent's thresholds are reached */
            uint64_t child_thphi = capped(thdelta - delta + cphi[best]);
            uint64_t child_thdelta = thphi;
            if (second < INF) {
                uint64_t wider = (uint64_t)((double)second * (1.0 + d->params->epsilon)) + 1;
                if (wider < (uint64_t)second + 1) wider = (uint64_t)second + 1;
                if (wider < child_thdelta) child_thdelta = wider;
            }
            Child *c = &children[best];
            mid(d, &c->region, !turn, gamma - 1, depth + 1, child_thphi, child_thdelta,
                &cphi[best], &cdelta[best]);
            if (k->stopped || d->out) {
                /* stopped: keep the numbers the children have now, so that the path
                 * searched last (the root's entry among them) is not left stale */
                combine(d, cphi, cdelta, count, &phi, &delta, &best);
                stopped = 1;
                break;
            }
        }
    }
    *phi_out = phi;
    *delta_out = delta;
    uint64_t work = k->nodes - start + 1;
    pn_store(d, r, turn, gamma, phi, delta, work);
    if (stopped || k->stopped) return;
    if (phi == 0 || delta == 0) {
        /* decided: the bound joins the transposition table, with the winning move */
        int mover_wins = phi == 0, u = mover_wins ? children[best].u : -1;
        int v = mover_wins ? children[best].v : -1;
        if (mover_wins == turn)
            store(k, r, turn, gamma, hi, u, v, work);
        else
            store(k, r, turn, lo, gamma - 1, u, v, work);
    }
}

int dfpn_prove(Kernel *k, const Region *r, int turn, int gamma, DfpnParams *params) {
    uint32_t phi, delta;
    int lo, hi;
    proven_bounds(k, r, turn, gamma, &lo, &hi);
    if (settle(lo, hi, turn, gamma, &phi, &delta)) {
        store(k, r, turn, lo, hi, -1, -1, 1); /* the separator bound's answer too */
        params->phi = phi;
        params->delta = delta;
        return (phi == 0) == turn ? DFPN_PROVEN : DFPN_DISPROVEN;
    }
    phi = delta = 1; /* unknown until mid says (no memory) */
    Dfpn d = {k, params, NULL, NULL, NULL, 0, 0};
    size_t frames = (size_t)(k->n / 2 + 2) * (size_t)k->stride;
    d.children = calloc(frames, sizeof(Child));
    d.phi = calloc(frames, sizeof(uint32_t));
    d.delta = calloc(frames, sizeof(uint32_t));
    int result = DFPN_NO_MEMORY;
    if (numbers_table(k, params->table_mb) && d.children && d.phi && d.delta) {
        d.limit = params->max_nodes ? k->nodes + params->max_nodes : 0;
        mid(&d, r, turn, gamma, 0, params->thphi, params->thdelta, &phi, &delta);
        if (k->stopped || d.out || (phi != 0 && delta != 0)) /* or a threshold reached */
            result = DFPN_UNKNOWN;
        else
            result = (phi == 0) == turn ? DFPN_PROVEN : DFPN_DISPROVEN;
    }
    params->phi = phi;
    params->delta = delta;
    free(d.children);
    free(d.phi);
    free(d.delta);
    return result;
}

/* Kernel.prove and Kernel.prove_within: the answer (DFPN_*), or -1 with an exception
 * set; `within` requires the thresholds. */
static int prove_args(Kernel *k, PyObject *args, int within, DfpnParams *params) {
    Set free_cells;
    unsigned long long max_nodes, thphi = INF, thdelta = INF;
    int turn, gamma;
    const char *format = within ? "O&piKLidpKK" : "O&piKLidp|KK";
    if (!PyArg_ParseTuple(args, format, set_converter, &free_cells, &turn, &gamma, &max_nodes,
                          &params->table_mb, &params->leaf_cells, &params->epsilon,
                          &params->weak, &thphi, &thdelta))
        return -1;
    if (free_cells & ~k->full) {
        PyErr_SetString(PyExc_ValueError, "free vertices outside the graph");
        return -1;
    }
    if (params->table_mb < 1 || params->epsilon < 0 || params->epsilon > 16) {
        PyErr_SetString(PyExc_ValueError, "prove: table_mb >= 1 and 0 <= epsilon <= 16");
        return -1;
    }
    if (thphi < 1 || thdelta < 1 || thphi > INF || thdelta > INF) {
        PyErr_SetString(PyExc_ValueError, "prove: thresholds within 1 ... 2**32 - 1");
        return -1;
    }
    params->max_nodes = max_nodes;
    params->thphi = thphi;
    params->thdelta = thdelta;
    Region r;
    analyse(k, free_cells, &r);
    k->stopped = 0;
    int result = dfpn_prove(k, &r, turn, gamma, params);
    if (k->stopped) {
        k->stopped = 0;
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "search stopped");
        return -1;
    }
    if (result == DFPN_NO_MEMORY) {
        PyErr_Format(PyExc_MemoryError, "cannot allocate a table of %lld MB", params->table_mb);
        return -1;
    }
    return result;
}

PyObject *Kernel_prove(Kernel *k, PyObject *args) {
    DfpnParams params;
    int result = prove_args(k, args, 0, &params);
    if (result < 0) return NULL;
    if (result == DFPN_UNKNOWN) Py_RETURN_NONE;
    return PyBool_FromLong(result == DFPN_PROVEN);
}

PyObject *Kernel_prove_within(Kernel *k, PyObject *args) {
    DfpnParams params;
    int result = prove_args(k, args, 1, &params);
    if (result < 0) return NULL;
    PyObject *answer = result == DFPN_UNKNOWN ? Py_None : result == DFPN_PROVEN ? Py_True
                                                                                : Py_False;
    return Py_BuildValue("(OII)", answer, params.phi, params.delta);
}

/* ------------------------------------------------------------- where a question stands */

PyObject *Kernel_move_numbers(Kernel *k, PyObject *args) {
    Set free_cells;
    int turn, gamma;
    if (!PyArg_ParseTuple(args, "O&pi", set_converter, &free_cells, &turn, &gamma)) return NULL;
    if (free_cells & ~k->full) {
        PyErr_SetString(PyExc_ValueError, "free vertices outside the graph");
        return NULL;
    }
    Region r;
    analyse(k, free_cells, &r);
    Child *children = calloc((size_t)k->stride, sizeof(Child));
    PyObject *out = children ? PyList_New(0) : PyErr_NoMemory();
    if (!out) {
        free(children);
        return NULL;
    }
    int count = pn_moves(k, &r, turn, children);
    for (int i = 0; i < count && out; i++) {
        Child *c = &children[i];
        analyse_child(k, &r, c);
        const PnEntry *e = k->numbers ? pn_find(k, &c->region, !turn, gamma - 1) : NULL;
        int tag = pn_tag(&c->region, !turn), even = c->region.passes & ~1;
        PyObject *item =
            e ? Py_BuildValue("(iiNiiII)", c->u, c->v, set_to_long(c->region.key), tag, even,
                              e->phi, e->delta)
              : Py_BuildValue("(iiNiiOO)", c->u, c->v, set_to_long(c->region.key), tag, even,
                              Py_None, Py_None);
        if (!item || PyList_Append(out, item) < 0) Py_CLEAR(out);
        Py_XDECREF(item);
    }
    free(children);
    return out;
}

/* ------------------------------------------------------------- saving the numbers */

/* The records of Kernel.numbers: a header ("PNUM", version, count) and per entry its key,
 * phi, delta and work, tag, gamma and even, little-endian. Version 1: 8-byte keys (the
 * 64-bit build: the numbers files saved so far); version 2: 16-byte keys (_kernel128). */
#define NUMBERS_HEADER 16
#define NUMBERS_RECORD (SET_BYTES + 16)
#define NUMBERS_VERSION (MAXV / 64)
static const uint8_t NUMBERS_MAGIC[4] = {'P', 'N', 'U', 'M'};

static int bit_length(uint32_t x) { return x ? 32 - __builtin_clz(x) : 0; }

static void write_record(uint8_t *p, const PnEntry *e) {
    write_set(p, e->key);
    p += SET_BYTES; /* the rest as in the 64-bit build's records */
    write_le(p, e->phi, 4);
    write_le(p + 4, e->delta, 4);
    write_le(p + 8, e->work, 4);
    p[12] = e->tag;
    p[13] = e->gamma;
    p[14] = e->even;
    p[15] = 0;
}

/* The entries of the question "value >= gamma?" about free and of its children's (the
 * first moves' answers), into first; how many (at most 1 + k->stride), -1 if out of memory.
 * A first move proven late is often a small subtree, its proof leaning on the alpha-beta
 * table: kept only by size, a save could leave it out, and a later sitting, whose table
 * starts cold, would prove it again from far less. */
static int question_entries(Kernel *k, Set free_cells, int turn, int gamma,
                            const PnEntry **first) {
    Child *children = calloc((size_t)k->stride, sizeof(Child));
    if (!children) return -1;
    Region r;
    analyse(k, free_cells, &r);
    int found = 0;
    const PnEntry *e = pn_find(k, &r, turn, gamma);
    if (e) first[found++] = e;
    int count = pn_moves(k, &r, turn, children);
    for (int i = 0; i < count; i++) {
        analyse_child(k, &r, &children[i]);
        e = pn_find(k, &children[i].region, !turn, gamma - 1);
        int seen = 0; /* moves to one child up to symmetry share its entry */
        for (int j = 0; j < found && !seen; j++) seen = first[j] == e;
        if (e && !seen) first[found++] = e;
    }
    free(children);
    return found;
}

PyObject *Kernel_numbers(Kernel *k, PyObject *args) {
    unsigned long long limit;
    Set free_cells = 0;
    int turn = 0, gamma = 0;
    if (!PyArg_ParseTuple(args, "K|O&pi", &limit, set_converter, &free_cells, &turn, &gamma))
        return NULL;
    if (free_cells & ~k->full) {
        PyErr_SetString(PyExc_ValueError, "free vertices outside the graph");
        return NULL;
    }
    const PnEntry **first = calloc((size_t)k->stride + 1, sizeof(PnEntry *));
    int found = first ? 0 : -1;
    if (first && free_cells && k->numbers)
        found = question_entries(k, free_cells, turn, gamma, first);
    if (found < 0) {
        free(first);
        return PyErr_NoMemory();
    }
    uint64_t total = k->numbers_buckets * PN_BUCKET, by_length[33] = {0};
    for (uint64_t i = 0; i < total; i++)
        if (k->numbers[i].tag) by_length[bit_length(k->numbers[i].work)]++;
    /* the entries of the largest subtrees, at most limit: all of work at least
     * 2^(least - 1), then some of the next bit length down (`more` of them) */
    int least = 33;
    uint64_t count = 0, more = 0;
    while (least > 1 && count + by_length[least - 1] <= limit) count += by_length[--least];
    if (least > 1) more = limit - count;
    count += more;
    /* the question's own entries first (written twice when also among the largest: the
     * second copy changes nothing where it is learned) */
    PyObject *out = PyBytes_FromStringAndSize(
        NULL, (Py_ssize_t)(NUMBERS_HEADER + (count + (uint64_t)found) * NUMBERS_RECORD));
    if (!out) {
        free(first);
        return NULL;
    }
    uint8_t *p = (uint8_t *)PyBytes_AS_STRING(out);
    memcpy(p, NUMBERS_MAGIC, 4);
    write_le(p + 4, NUMBERS_VERSION, 4);
    write_le(p + 8, count + (uint64_t)found, 8);
    p += NUMBERS_HEADER;
    for (int i = 0; i < found; i++, p += NUMBERS_RECORD) write_record(p, first[i]);
    free(first);
    for (uint64_t i = 0; i < total; i++) {
        const PnEntry *e = &k->numbers[i];
        int length = e->tag ? bit_length(e->work) : 0;
        if (length < least && (length != least - 1 || !more)) continue;
        if (length < least) more--;
        write_record(p, e);
        p += NUMBERS_RECORD;
    }
    return out;
}

/* One saved entry into k's table: in its own entry if the saved one is decided or larger,
 * else in an empty one or in place of the smallest, if smaller than the saved. A decided
 * entry against a decided one of the same question is a contradiction: -1 (raised, for
 * the record `record`), else 0. */
static int learn_entry(Kernel *k, const PnEntry *saved, long long record) {
    PnEntry *b = pn_bucket(k, saved->key, saved->tag, saved->gamma, saved->even), *e = NULL;
    for (int i = 0; i < PN_BUCKET && !e; i++)
        if (pn_match(&b[i], saved->key, saved->tag, saved->gamma, saved->even)) e = &b[i];
    if (e) {
        if (opposite(e->phi, e->delta, saved->phi, saved->delta)) {
            pn_contradiction(e, saved->phi, saved->delta, saved->source, record);
            return -1;
        }
        int decided = e->phi == 0 || e->delta == 0;
        if (!decided && (saved->phi == 0 || saved->delta == 0 || saved->work > e->work))
            *e = *saved;
        return 0;
    }
    e = pn_victim(b);
    if (!e->tag || e->work < saved->work) *e = *saved;
    return 0;
}

PyObject *Kernel_learn_numbers(Kernel *k, PyObject *args) {
    Py_buffer records;
    long long table_mb;
    int source = 0;
    if (!PyArg_ParseTuple(args, "y*L|i", &records, &table_mb, &source)) return NULL;
    if (source < 0 || source > 255) {
        PyBuffer_Release(&records);
        PyErr_SetString(PyExc_ValueError, "learn_numbers: a source is a number 0 to 255");
        return NULL;
    }
    const uint8_t *p = records.buf;
    size_t len = (size_t)records.len;
    uint64_t count = len >= NUMBERS_HEADER ? read_le(p + 8, 8) : 0;
    int bad = len < NUMBERS_HEADER || memcmp(p, NUMBERS_MAGIC, 4) ||
              read_le(p + 4, 4) != NUMBERS_VERSION ||
              count > (len - NUMBERS_HEADER) / NUMBERS_RECORD ||
              len != NUMBERS_HEADER + count * NUMBERS_RECORD;
    for (uint64_t i = 0; !bad && i < count; i++) {
        const uint8_t *r = p + NUMBERS_HEADER + i * NUMBERS_RECORD + SET_BYTES;
        bad = r[12] < 1 || r[12] > 8 || r[15] != 0;
    }
    if (bad) {
        PyBuffer_Release(&records);
        PyErr_SetString(PyExc_ValueError, "not the numbers of a proof-number search");
        return NULL;
    }
    if (table_mb < 1 || !numbers_table(k, table_mb)) {
        PyBuffer_Release(&records);
        PyErr_Format(PyExc_MemoryError, "cannot allocate a table of %lld MB", table_mb);
        return NULL;
    }
    for (uint64_t i = 0; i < count; i++) {
        const uint8_t *r = p + NUMBERS_HEADER + i * NUMBERS_RECORD, *rest = r + SET_BYTES;
        PnEntry saved = {read_set(r), (uint32_t)read_le(rest, 4),
                         (uint32_t)read_le(rest + 4, 4), (uint32_t)read_le(rest + 8, 4),
                         rest[12], rest[13], rest[14], (uint8_t)source};
        if (learn_entry(k, &saved, (long long)i) < 0) {
            PyBuffer_Release(&records);
            return NULL;
        }
    }
    PyBuffer_Release(&records);
    return PyLong_FromUnsignedLongLong(count);
}
