/* The matching game's search kernel in C11: the same null-window tests as solver.py.
 * This file is its Python binding; the kernel's parts are in kernel/ (kernel/kernel.h
 * names them).
 *
 * A position is a set `free` of uncovered vertices (a mask, as a Python int) of a graph of
 * at most MAXV vertices and the player to move (this file is compiled twice: the module
 * _kernel with 64-bit sets, _kernel128 with KERNEL_WIDTH=128 for boards up to 128 cells;
 * kernel/kernel.h); its value is the number of moves still to come.
 * `test(free, max_to_move, gamma[, last])` is a fail-soft null-window test with the
 * meaning of MatchingSolver.test: a result r >= gamma proves value >= r, a result
 * r < gamma proves value <= r; `last`, if given, is the edge that led to `free` (a subproblem of a
 * parallel proof: its first replies are ordered as inside the whole search). Everything
 * stored or returned is a proven bound; each bound below cites its proof.
 *
 * Ingredients (each can be switched off by an option bit, to measure it or to confirm a
 * result without it):
 *   - a position is reduced like region.py does: isolated vertices dropped; components of
 *     at most SMALL vertices get their exact minimum maximal and maximum matchings, and
 *     the equimatchable ones become passes that count only by parity (tempo lemma);
 *   - keys: the reduced core folded under the graph's symmetries (and, on a grid board,
 *     translations), plus the parity of the passes;
 *   - a fixed-size table of buckets of 4 entries: full key, (lower, upper) for both
 *     players to move, best move in canonical coordinates, searched subtree size (the
 *     replacement criterion);
 *   - static bounds before the table: maximum matching above, min-maximal/matching
 *     strategy below;
 *   - the table's best move is searched first, before any other child is generated;
 *     then the children are analysed one by one (MAX's moves next to the last move
 *     first), each child's bounds and table entry consulted as soon as it is analysed
 *     (enhanced transposition cut-offs: a child that decides the node stops the
 *     analysis), and the rest ordered by their upper bounds, then for MAX nearness to
 *     the last move and the children's lower bounds, then dead cells (kernel/search.c);
 *   - a position whose regions are all tame and have at most tame_cells vertices is
 *     decided by the sum rule, from a region database of tame_mb MB (kernel/tame.h);
 *   - a lower bound from the sum rule on what is left when a few rows or columns of
 *     cells are taken away (monotonicity, kernel/separator.h).
 *   - (option crumbs) the tame regions beside the rest reduced to a pass and a switch:
 *     keys (rest, r, p), one crumb move per node (kernel/tame.h).
 */
#include "kernel/kernel.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/bits.h"
#include "kernel/bounds.h"
#include "kernel/components.h"
#include "kernel/dfpn.h"
#include "kernel/search.h"
#include "kernel/separator.h"
#include "kernel/share.h"
#include "kernel/table.h"
#include "kernel/tame.h"
#include "kernel/walk.h"

/* ------------------------------------------------------------- contradictions */

PyObject *KernelContradiction = NULL;

void contradiction(const char *message, const char *format, ...) {
    if (PyErr_Occurred()) return; /* the first error stands */
    va_list values;
    va_start(values, format);
    PyObject *details = Py_VaBuildValue(format, values);
    va_end(values);
    if (!details) return;
    PyObject *args = Py_BuildValue("(sN)", message, details);
    if (args) {
        PyErr_SetObject(KernelContradiction, args);
        Py_DECREF(args);
    }
}

/* ------------------------------------------------------------- sets as Python ints */

PyObject *set_to_long(Set s) {
#if MAXV == 64
    return PyLong_FromUnsignedLongLong(s);
#else
    PyObject *high = PyLong_FromUnsignedLongLong((unsigned long long)(s >> 64));
    PyObject *low = PyLong_FromUnsignedLongLong((unsigned long long)s);
    PyObject *shift = PyLong_FromLong(64), *shifted = NULL, *out = NULL;
    if (high && low && shift) shifted = PyNumber_Lshift(high, shift);
    if (shifted) out = PyNumber_Or(shifted, low);
    Py_XDECREF(high);
    Py_XDECREF(low);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    return out;
#endif
}

int set_converter(PyObject *object, void *out) {
    unsigned long long low = PyLong_AsUnsignedLongLongMask(object);
    if (low == (unsigned long long)-1 && PyErr_Occurred()) return 0;
#if MAXV == 64
    *(Set *)out = low;
#else
    PyObject *shift = PyLong_FromLong(64), *high = NULL;
    if (shift) high = PyNumber_Rshift(object, shift);
    Py_XDECREF(shift);
    if (!high) return 0;
    unsigned long long high_bits = PyLong_AsUnsignedLongLongMask(high);
    Py_DECREF(high);
    if (high_bits == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    *(Set *)out = (Set)high_bits << 64 | low;
#endif
    return 1;
}

/* ------------------------------------------------------------- Python type */

static int Kernel_init(Kernel *k, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"adjacency", "symmetries", "left", "cols", "table_mb", "options",
                             "check_every", "tame_mb", "tame_cells", NULL};
    PyObject *adjacency, *symmetries;
    Set left = 0;
    int cols = 0, options = OPT_ALL;
    long long table_mb = 64, check_every = 1 << 16, tame_mb = 64;
    int tame_cells = 16;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO&iL|iLLi", kwlist, &adjacency, &symmetries,
                                     set_converter, &left, &cols, &table_mb, &options, &check_every, &tame_mb,
                                     &tame_cells))
        return -1;
    if (k->table) {
        PyErr_SetString(PyExc_RuntimeError, "a kernel is initialised once");
        return -1;
    }
    PyObject *adj = PySequence_Fast(adjacency, "adjacency must be a sequence of ints");
    if (!adj) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(adj);
    if (n < 0 || n > MAXV) {
        Py_DECREF(adj);
        PyErr_Format(PyExc_ValueError, "the kernel handles graphs of at most %d vertices", MAXV);
        return -1;
    }
    k->n = (int)n;
    k->full = n == MAXV ? SET_ALL : BIT(n) - 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(adj, i);
#if MAXV == 64
        Set a = PyLong_AsUnsignedLongLong(item);
        if (PyErr_Occurred()) {
            Py_DECREF(adj);
            return -1;
        }
#else
        Set a = 0;
        int same = 0;
        if (set_converter(item, &a)) {
            PyObject *back = set_to_long(a); /* the int was not cut to MAXV bits */
            same = back ? PyObject_RichCompareBool(back, item, Py_EQ) : -1;
            Py_XDECREF(back);
        }
        if (same <= 0) {
            Py_DECREF(adj);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_OverflowError, "adjacency: a mask out of range");
            return -1;
        }
#endif
        if ((a & ~k->full) || (a >> i & 1)) {
            Py_DECREF(adj);
            PyErr_SetString(PyExc_ValueError, "adjacency: a neighbour outside the graph or a loop");
            return -1;
        }
        k->adj[i] = a;
    }
    Py_DECREF(adj);
    k->left = left & k->full;
    k->bipartite = 1;
    for (int i = 0; i < n; i++) {
        Set side = (k->left >> i & 1) ? ~k->left : k->left;
        if (k->adj[i] & ~side) k->bipartite = 0;
    }
    bits_init_grid(k, cols);
    PyObject *syms = PySequence_Fast(symmetries, "symmetries must be a sequence");
    if (!syms) return -1;
    /* symmetry 0 is the identity; the sequence gives the others */
    Py_ssize_t ns = PySequence_Fast_GET_SIZE(syms);
    if (ns > 255) ns = 255; /* any subset of the group gives sound keys, only fewer merged */
    k->nsym = (int)ns + 1;
    k->perm = PyMem_Calloc((size_t)k->nsym, sizeof *k->perm);
    k->inv = PyMem_Calloc((size_t)k->nsym, sizeof *k->inv);
    k->bytes = PyMem_Calloc((size_t)k->nsym, sizeof *k->bytes);
    if (!k->perm || !k->inv || !k->bytes) {
        Py_DECREF(syms);
        PyErr_NoMemory();
        return -1;
    }
    for (int s = 0; s < k->nsym; s++) {
        for (int v = 0; v < n; v++) k->perm[s][v] = (uint8_t)v;
        if (s > 0) {
            PyObject *p = PySequence_Fast(PySequence_Fast_GET_ITEM(syms, s - 1), "a symmetry");
            if (!p || PySequence_Fast_GET_SIZE(p) != n) {
                Py_XDECREF(p);
                Py_DECREF(syms);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a symmetry must permute every vertex");
                return -1;
            }
            Set image_set = 0;
            for (int v = 0; v < n; v++) {
                long w = PyLong_AsLong(PySequence_Fast_GET_ITEM(p, v));
                if (w < 0 || w >= n) {
                    Py_DECREF(p);
                    Py_DECREF(syms);
                    if (!PyErr_Occurred())
                        PyErr_SetString(PyExc_ValueError, "a symmetry maps outside the graph");
                    return -1;
                }
                k->perm[s][v] = (uint8_t)w;
                image_set |= BIT(w);
            }
            Py_DECREF(p);
            if (image_set != k->full) {
                Py_DECREF(syms);
                PyErr_SetString(PyExc_ValueError, "a symmetry is not a permutation");
                return -1;
            }
        }
    }
    Py_DECREF(syms);
    bits_init_symmetries(k);
    bounds_init_strategy(k);
    k->options = options & OPT_ALL;
    if (k->options & OPT_CRUMBS) k->options |= OPT_TAME; /* crumbs are valued by the database */
    if (table_mb < 1 || tame_mb < 1) {
        PyErr_SetString(PyExc_ValueError, "the table and the region database need at least 1 MB");
        return -1;
    }
    k->tame_cells = tame_cells;
    uint64_t bytes = (uint64_t)table_mb << 20, buckets = 1;
    while (buckets * 2 * BUCKET * sizeof(Entry) <= bytes) buckets *= 2;
    k->table = table_alloc(buckets * BUCKET * sizeof(Entry));
    k->buckets = buckets;
    k->small = calloc((size_t)1 << SMALL_CACHE_BITS, sizeof(SmallInfo));
    k->stride = 1;
    for (int i = 0; i < n; i++) k->stride += set_count(k->adj[i]);
    k->stride = k->stride / 2 + 2;
    k->children = calloc((size_t)(n / 2 + 2) * (size_t)k->stride, sizeof(Child));
    if (!k->table || !k->small || !k->children || tame_alloc(k, tame_mb) < 0) {
        PyErr_Format(PyExc_MemoryError, "cannot allocate a table of %lld MB", table_mb);
        return -1;
    }
    k->bucket_mask = buckets - 1;
    k->check_every = check_every < 1 ? 1 : check_every;
    k->countdown = k->check_every;
    return 0;
}

static void Kernel_dealloc(Kernel *k) {
    table_free(k->table, k->buckets * BUCKET * sizeof(Entry));
    numbers_free(k);
    share_free(k);
    tame_share_free(k);
    free(k->small);
    free(k->children);
    tame_free(k);
    PyMem_Free(k->perm);
    PyMem_Free(k->inv);
    PyMem_Free(k->bytes);
    Py_XDECREF(k->callback);
    Py_TYPE(k)->tp_free((PyObject *)k);
}

static int parse_free(Kernel *k, Set free) {
    if (free & ~k->full) {
        PyErr_SetString(PyExc_ValueError, "free vertices outside the graph");
        return -1;
    }
    return 0;
}

/* The arguments (free, max_to_move, gamma, last=0) of a question: r analysed from free;
 * -1 (an exception set) if they are wrong. */
static int parse_question(Kernel *k, PyObject *args, Region *r, int *turn, int *gamma,
                          Set *last) {
    Set free, moved = 0;
    if (!PyArg_ParseTuple(args, "O&pi|O&", set_converter, &free, turn, gamma, set_converter,
                          &moved) ||
        parse_free(k, free) < 0)
        return -1;
    analyse(k, free, r);
    *last = moved & k->full;
    return 0;
}

static PyObject *Kernel_test(Kernel *k, PyObject *args) {
    Region r;
    int turn, gamma;
    Set last;
    if (parse_question(k, args, &r, &turn, &gamma, &last) < 0) return NULL;
    k->stopped = 0;
    k->last[0] = last; /* the move that led here: its neighbours' replies first */
    int result = test(k, &r, turn, gamma, 0);
    if (k->stopped) {
        k->stopped = 0;
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "search stopped");
        return NULL;
    }
    return PyLong_FromLong(result);
}

/* order(free, max_to_move, gamma, last): the moves as test() would try them first, best
 * first (each u << 8 | v): a proof's manager splits a position in this order. */
static PyObject *Kernel_order(Kernel *k, PyObject *args) {
    Region r;
    int turn, gamma;
    Set last;
    if (parse_question(k, args, &r, &turn, &gamma, &last) < 0) return NULL;
    int count = move_order(k, &r, turn, gamma, last, k->children);
    PyObject *moves = PyList_New(count);
    for (int i = 0; moves && i < count; i++) {
        PyObject *move = PyLong_FromLong(k->children[i].u << 8 | k->children[i].v);
        if (!move) {
            Py_CLEAR(moves);
            break;
        }
        PyList_SET_ITEM(moves, i, move);
    }
    return moves;
}

static PyObject *Kernel_bounds(Kernel *k, PyObject *args) {
    Set free;
    int turn, lower, upper;
    if (!PyArg_ParseTuple(args, "O&p", set_converter, &free, &turn) || parse_free(k, free) < 0)
        return NULL;
    Region r;
    analyse(k, free, &r);
    bounds_of(k, &r, turn, &lower, &upper, NULL);
    return Py_BuildValue("ii", lower, upper);
}

/* learn(free, max_to_move, lower, upper): a bound proven elsewhere (by another process)
 * joins the table, intersected with what the table and the static bounds know; it is kept
 * as the result of a large search (work) so that replacement keeps it. Bounds that miss
 * what is known (the intersection is empty) raise KernelContradiction, with details free,
 * max_to_move, learned (lower, upper) and known (lower, upper). */
static PyObject *Kernel_learn(Kernel *k, PyObject *args) {
    Set free;
    int turn, lower, upper;
    if (!PyArg_ParseTuple(args, "O&pii", set_converter, &free, &turn, &lower, &upper) ||
        parse_free(k, free) < 0)
        return NULL;
    Region r;
    analyse(k, free, &r);
    int lo, hi;
    bounds_of(k, &r, turn, &lo, &hi, NULL);
    int known_lo = lo, known_hi = hi;
    if (lower > lo) lo = lower;
    if (upper < hi) hi = upper;
    if (lo > hi) {
        contradiction("the bounds contradict what the table knows",
                      "{sNsis(ii)s(ii)}", "free", set_to_long(free), "max_to_move", turn, "learned", lower,
                      upper, "known", known_lo, known_hi);
        return NULL;
    }
    uint64_t share_min = k->share_min;
    k->share_min = 0; /* learned, not searched here: not sent back */
    store(k, &r, turn, lo, hi, -1, -1, UINT32_MAX);
    k->share_min = share_min;
    Py_RETURN_NONE;
}

/* share(min_work): from now on note the entries of searches of at least min_work nodes for
 * export (0: stop); export(): those noted since the last export, as bytes; absorb(bytes):
 * merge entries another kernel of the same graph and options exported. */
static PyObject *Kernel_share(Kernel *k, PyObject *args) {
    unsigned long long min_work;
    if (!PyArg_ParseTuple(args, "K", &min_work)) return NULL;
    k->share_min = min_work;
    k->share_regions = min_work != 0; /* and every region the database computes */
    if (!min_work) {
        share_free(k);
        tame_share_free(k);
    }
    Py_RETURN_NONE;
}

/* The bytes of export(): the number of table entries (4 bytes, little-endian), the
 * entries (share.h), then the regions (tame.h); nothing at all when there are none. */
#define EXPORT_HEADER 4

static PyObject *Kernel_export(Kernel *k, PyObject *Py_UNUSED(ignored)) {
    size_t room = EXPORT_HEADER + k->nshared * SHARED_BYTES + k->nregion_log * REGION_BYTES;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)room);
    if (!out) return NULL;
    uint8_t *bytes = (uint8_t *)PyBytes_AS_STRING(out);
    size_t entries = share_export(k, bytes + EXPORT_HEADER);
    size_t regions = tame_export(k, bytes + EXPORT_HEADER + entries * SHARED_BYTES);
    for (int b = 0; b < EXPORT_HEADER; b++) bytes[b] = (uint8_t)(entries >> (8 * b));
    size_t used = entries || regions
                      ? EXPORT_HEADER + entries * SHARED_BYTES + regions * REGION_BYTES
                      : 0;
    if (_PyBytes_Resize(&out, (Py_ssize_t)used) < 0) return NULL;
    return out;
}

/* Whether `len` bytes of export() are well formed, and then what they hold. */
static int parse_export(const uint8_t *bytes, size_t len, size_t *entries, size_t *regions) {
    *entries = *regions = 0;
    if (len == 0) return 1;
    if (len < EXPORT_HEADER) return 0;
    size_t count = 0;
    for (int b = 0; b < EXPORT_HEADER; b++) count |= (size_t)bytes[b] << (8 * b);
    size_t rest = len - EXPORT_HEADER;
    if (count > rest / SHARED_BYTES) return 0;
    rest -= count * SHARED_BYTES;
    if (rest % REGION_BYTES != 0) return 0;
    *entries = count;
    *regions = rest / REGION_BYTES;
    return 1;
}

static PyObject *Kernel_absorb(Kernel *k, PyObject *args) {
    Py_buffer records;
    if (!PyArg_ParseTuple(args, "y*", &records)) return NULL;
    const uint8_t *bytes = records.buf;
    size_t entries, regions;
    int bad = parse_export(bytes, (size_t)records.len, &entries, &regions) ? 0 : -1;
    if (!bad && records.len > 0) {
        bad = share_absorb(k, bytes + EXPORT_HEADER, entries);
        if (!bad) bad = tame_absorb(k, bytes + EXPORT_HEADER + entries * SHARED_BYTES, regions);
    }
    PyBuffer_Release(&records);
    if (bad == -2) return NULL; /* a contradiction, raised */
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "not entries of a kernel of this graph and options");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *Kernel_stats(Kernel *k, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue(
        "{sKsKsKsKsKsKsKsKsKsKsKsKsKsKsKsKsKsK}", "nodes", (unsigned long long)k->nodes, "positions",
        (unsigned long long)k->positions, "table_hits",
        (unsigned long long)k->table_hits, "bound_cutoffs", (unsigned long long)k->bound_cutoffs,
        "beta_cutoffs", (unsigned long long)k->beta_cutoffs, "alpha_cutoffs",
        (unsigned long long)k->alpha_cutoffs, "stores", (unsigned long long)k->stores,
        "replacements", (unsigned long long)k->replacements, "table_entries",
        (unsigned long long)k->filled, "table_capacity",
        (unsigned long long)(k->buckets * BUCKET), "tame_decided",
        (unsigned long long)k->tame_decided, "tame_computed", (unsigned long long)k->tame_computed,
        "tame_moves", (unsigned long long)k->tame_moves, "tame_entries",
        (unsigned long long)k->tame_filled, "tame_replacements",
        (unsigned long long)k->tame_replaced, "tame_capacity",
        (unsigned long long)(k->tame_buckets * 4), "separator_cutoffs",
        (unsigned long long)k->separator_cutoffs, "crumbs", (unsigned long long)k->crumbs);
}

/* separator_bound(free, max_to_move): the separator lower bound (kernel/separator.h) of
 * the position, None when it gives none. */
static PyObject *Kernel_separator_bound(Kernel *k, PyObject *args) {
    Set free;
    int turn;
    if (!PyArg_ParseTuple(args, "O&p", set_converter, &free, &turn) || parse_free(k, free) < 0)
        return NULL;
    int bound = separator_bound(k, core_of(k, free), turn);
    if (bound < 0) Py_RETURN_NONE;
    return PyLong_FromLong(bound);
}

/* region_values(mask): (a, b, tame) of the region `mask` (connected, at least two
 * vertices) from the region database, whatever its size: a and b are the MAX-first and
 * MIN-first values, None when a move leaves a region that is not tame. */
static PyObject *Kernel_region_values(Kernel *k, PyObject *args) {
    Set mask;
    if (!PyArg_ParseTuple(args, "O&", set_converter, &mask) || parse_free(k, mask) < 0)
        return NULL;
    if (set_count(mask) < 2 || component_of(k, mask) != mask) {
        PyErr_SetString(PyExc_ValueError, "a region is a connected set of at least two vertices");
        return NULL;
    }
    TameValue v = tame_region(k, mask);
    if (v.status == TAME_UNVALUED) return Py_BuildValue("OOO", Py_None, Py_None, Py_False);
    return Py_BuildValue("iiO", v.a, v.b, v.status == TAME ? Py_True : Py_False);
}


/* certificate(start, max_first, at_least, bound, small_cells, tame_cells, symmetries, write,
 * progress, every, cuts): the certificate writer's walk (kernel/walk.h) on a grid board.
 * symmetries: the board's, each a list of the images of the cells, the identity first;
 * write(str) gets the entry lines in chunks, progress(entries, opponent, settled, small,
 * tame, cut) is called every `every` positions walked (None: never); cuts: format 2. Returns a dict: the counts,
 * and `failure` (None, or "no_move", "no_keeping_move", "sum_rule") with the `free` cells,
 * the `claim` left and the sum rule's `value` there. */
static PyObject *Kernel_certificate(Kernel *k, PyObject *args) {
    WalkSpec spec = {0};
    PyObject *symmetries;
    if (!PyArg_ParseTuple(args, "O&ppiiiOOOLp", set_converter, &spec.start, &spec.max_first,
                          &spec.at_least, &spec.bound, &spec.small_cells, &spec.tame_cells,
                          &symmetries, &spec.write, &spec.progress, &spec.every, &spec.cuts) ||
        parse_free(k, spec.start) < 0)
        return NULL;
    if (!k->cols || !k->bipartite || spec.every < 1) {
        PyErr_SetString(PyExc_ValueError,
                        "a certificate is walked on a grid board, with a report every >= 1 positions");
        return NULL;
    }
    PyObject *syms = PySequence_Fast(symmetries, "symmetries must be a sequence");
    if (!syms) return NULL;
    Py_ssize_t ns = PySequence_Fast_GET_SIZE(syms);
    if (ns < 1 || ns > WALK_MAX_SYMMETRIES) {
        Py_DECREF(syms);
        PyErr_SetString(PyExc_ValueError, "between 1 and 8 symmetries, the identity first");
        return NULL;
    }
    spec.nsym = (int)ns;
    spec.bytes = PyMem_Calloc((size_t)ns, sizeof *spec.bytes);
    if (!spec.bytes) {
        Py_DECREF(syms);
        return PyErr_NoMemory();
    }
    for (int s = 0; s < spec.nsym; s++) {
        PyObject *p = PySequence_Fast(PySequence_Fast_GET_ITEM(syms, s), "a symmetry");
        Set seen = 0;
        for (int v = 0; p && PySequence_Fast_GET_SIZE(p) == k->n && v < k->n; v++) {
            long image = PyLong_AsLong(PySequence_Fast_GET_ITEM(p, v));
            if (image < 0 || image >= k->n || (seen >> image & 1)) break;
            seen |= BIT(image);
            for (int byte = 0; byte < 256; byte++)
                if (byte >> (v % 8) & 1) spec.bytes[s][v / 8][byte] |= BIT(image);
        }
        Py_XDECREF(p);
        if (seen != k->full) {
            Py_DECREF(syms);
            PyMem_Free(spec.bytes);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a symmetry must permute every vertex");
            return NULL;
        }
    }
    Py_DECREF(syms);
    spec.cells = set_count(spec.start);
    WalkResult out;
    int status = certificate_walk(k, &spec, &out);
    PyMem_Free(spec.bytes);
    if (status == WALK_ERROR) return NULL;
    static const char *failures[] = {NULL, "no_move", "no_keeping_move", "sum_rule"};
    PyObject *failure = status ? PyUnicode_FromString(failures[status]) : Py_NewRef(Py_None);
    PyObject *failed = status ? set_to_long(out.failed) : Py_NewRef(Py_None);
    if (!failure || !failed) {
        Py_XDECREF(failure);
        Py_XDECREF(failed);
        return NULL;
    }
    return Py_BuildValue("{sKsKsKsKsKsKsNsNsisi}", "entries", out.entries, "opponent",
                         out.opponent, "settled", out.settled, "small", out.small, "tame",
                         out.tame, "cut", out.cut, "failure", failure, "free", failed, "claim",
                         out.claim, "value", out.value);
}

static PyObject *Kernel_set_callback(Kernel *k, PyObject *callback) {
    Py_INCREF(callback);
    Py_XSETREF(k->callback, callback);
    Py_RETURN_NONE;
}

static PyObject *Kernel_clear(Kernel *k, PyObject *Py_UNUSED(ignored)) {
    memset(k->table, 0, k->buckets * BUCKET * sizeof(Entry));
    k->filled = 0;
    k->nshared = 0;
    numbers_free(k);
    Py_RETURN_NONE;
}

static PyMethodDef Kernel_methods[] = {
    {"test", (PyCFunction)Kernel_test, METH_VARARGS,
     "test(free, max_to_move, gamma, last=0): fail-soft null-window test of value >= gamma\n"
     "(last: the edge that led to free; replies next to it are tried first)"},
    {"prove", (PyCFunction)Kernel_prove, METH_VARARGS,
     "prove(free, max_to_move, gamma, max_nodes, table_mb, leaf_cells, epsilon, weak): "
     "value >= gamma? by proof-number search (kernel/dfpn.h); None when max_nodes ran out"},
    {"prove_within", (PyCFunction)Kernel_prove_within, METH_VARARGS,
     "prove_within(free, max_to_move, gamma, max_nodes, table_mb, leaf_cells, epsilon, weak, "
     "thphi, thdelta): prove's answer (None also once the root's phi reaches thphi or its "
     "delta thdelta) and the root's phi and delta"},
    {"numbers", (PyCFunction)Kernel_numbers, METH_VARARGS,
     "numbers(limit[, free, max_to_move, gamma]): the table of numbers' entries of the "
     "largest subtrees and of the question's first moves, as bytes"},
    {"learn_numbers", (PyCFunction)Kernel_learn_numbers, METH_VARARGS,
     "learn_numbers(records, table_mb, source=0): take what numbers() gave into a table of "
     "table_mb MB, each entry marked with source (1-255) until a search changes it"},
    {"move_numbers", (PyCFunction)Kernel_move_numbers, METH_VARARGS,
     "move_numbers(free, max_to_move, gamma): each move's child in the table of numbers"},
    {"order", (PyCFunction)Kernel_order, METH_VARARGS,
     "order(free, max_to_move, gamma, last=0): the moves best first, each u << 8 | v"},
    {"bounds", (PyCFunction)Kernel_bounds, METH_VARARGS,
     "bounds(free, max_to_move): proven (lower, upper), static and from the table"},
    {"learn", (PyCFunction)Kernel_learn, METH_VARARGS,
     "learn(free, max_to_move, lower, upper): add proven bounds on the moves to come"},
    {"share", (PyCFunction)Kernel_share, METH_VARARGS,
     "share(min_work): note entries of searches of at least min_work nodes (0: stop)"},
    {"export", (PyCFunction)Kernel_export, METH_NOARGS,
     "export(): the entries noted since the last export, as bytes"},
    {"absorb", (PyCFunction)Kernel_absorb, METH_VARARGS,
     "absorb(entries): merge what export() gave in a kernel of the same graph and options"},
    {"stats", (PyCFunction)Kernel_stats, METH_NOARGS, "counters of the search so far"},
    {"set_callback", (PyCFunction)Kernel_set_callback, METH_O,
     "set_callback(f): f(nodes) is called every check_every nodes; raising stops the search"},
    {"clear", (PyCFunction)Kernel_clear, METH_NOARGS, "empty the tables"},
    {"region_values", (PyCFunction)Kernel_region_values, METH_VARARGS,
     "region_values(mask): (a, b, tame) of a region from the region database"},
    {"separator_bound", (PyCFunction)Kernel_separator_bound, METH_VARARGS,
     "separator_bound(free, max_to_move): the separator lower bound, None if none"},
    {"certificate", (PyCFunction)Kernel_certificate, METH_VARARGS,
     "certificate(start, max_first, at_least, bound, small_cells, tame_cells, symmetries, "
     "write, progress, every, cuts): the certificate writer's walk (kernel/walk.h)"},
    {NULL, NULL, 0, NULL},
};

/* the module's name: _kernel (64-bit sets) or _kernel128 */
#if MAXV == 64
#define MODULE_NAME "_kernel"
#define MODULE_INIT PyInit__kernel
#define MAXV_TEXT "64"
#else
#define MODULE_NAME "_kernel128"
#define MODULE_INIT PyInit__kernel128
#define MAXV_TEXT "128"
#endif

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "evalgame.games.matching." MODULE_NAME ".Kernel",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Null-window search of the matching game on a graph of at most " MAXV_TEXT " vertices.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_methods = Kernel_methods,
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, MODULE_NAME, "The matching game's search kernel in C (" MAXV_TEXT "-bit sets).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC MODULE_INIT(void) {
    if (PyType_Ready(&KernelType) < 0) return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m) return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    KernelContradiction = PyErr_NewException("evalgame.games.matching." MODULE_NAME ".Contradiction",
                                             PyExc_ValueError, NULL);
    if (!KernelContradiction || PyModule_AddObjectRef(m, "Contradiction", KernelContradiction) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "OPT_STRATEGY", OPT_STRATEGY);
    PyModule_AddIntConstant(m, "OPT_TURNS", OPT_TURNS);
    PyModule_AddIntConstant(m, "OPT_COMPONENTS", OPT_COMPONENTS);
    PyModule_AddIntConstant(m, "OPT_ETC", OPT_ETC);
    PyModule_AddIntConstant(m, "OPT_SYMMETRY", OPT_SYMMETRY);
    PyModule_AddIntConstant(m, "OPT_TAME", OPT_TAME);
    PyModule_AddIntConstant(m, "OPT_SEPARATOR", OPT_SEPARATOR);
    PyModule_AddIntConstant(m, "OPT_CRUMBS", OPT_CRUMBS);
    PyModule_AddIntConstant(m, "OPT_ALL", OPT_ALL);
    PyModule_AddIntConstant(m, "MAX_VERTICES", MAXV);
    return m;
}
