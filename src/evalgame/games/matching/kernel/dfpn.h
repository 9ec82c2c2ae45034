/* Proof-number search: the question "value >= gamma?" answered by depth-first
 * proof-number search with thresholds (Nagai's df-pn; Kishimoto, Winands, Müller and
 * Saito, "Game-tree search using proof numbers: the first twenty years", 2012).
 *
 * An AND/OR tree: MAX to move is an OR node (one move to a child with value >= gamma - 1
 * suffices), MIN to move an AND node. A position is terminal when what the alpha-beta
 * search would consult first decides it: its static bounds, the sum rule of tame regions,
 * the transposition table's proven bounds (bounds_of) and the separator bound, or, for a
 * core of at most leaf_cells vertices, the null-window test itself. Everything df-pn
 * proves or disproves joins that table as a bound, so the two searches share their facts;
 * its proof and disproof numbers live in a table of their own, of a fixed size, whose
 * buckets keep the entries of the largest subtrees. The proof and disproof numbers only
 * choose which position to expand next: an answer combines proven facts only, whatever
 * they are.
 */
#ifndef EVALGAME_KERNEL_DFPN_H
#define EVALGAME_KERNEL_DFPN_H

#include "kernel.h"

typedef struct {
    uint64_t max_nodes;  /* stop unanswered after this many nodes (0: no limit) */
    long long table_mb;  /* the proof-number table's size */
    int leaf_cells;      /* cores of at most this many vertices: the null-window test */
    double epsilon;      /* the 1 + epsilon trick (Pawlewicz and Lew): 0 is plain df-pn */
    int weak;            /* weak proof numbers (Ueda et al. 2008): a node's number that
                          * sums its children's is their largest plus their count, less
                          * one, the children decided counted out */
    uint64_t thphi;      /* stop once the root's phi reaches this, or its delta thdelta */
    uint64_t thdelta;    /* (Nagai's MID at the root; 0xFFFFFFFF both: until decided) */
    uint32_t phi;        /* out: the root's numbers when dfpn_prove returns */
    uint32_t delta;
} DfpnParams;

enum { DFPN_DISPROVEN = 0, DFPN_PROVEN = 1, DFPN_UNKNOWN = 2, DFPN_NO_MEMORY = 3 };

/* Whether value >= gamma for the reduced region r, MAX to move if turn: DFPN_PROVEN,
 * DFPN_DISPROVEN, DFPN_UNKNOWN when max_nodes ran out or the root's numbers reached a
 * threshold (thphi, thdelta), DFPN_NO_MEMORY if its table cannot be allocated. Sets
 * k->stopped (and returns DFPN_UNKNOWN) when the callback or Ctrl-C stops it. The root's
 * numbers are left in params->phi and params->delta. */
int dfpn_prove(Kernel *k, const Region *r, int turn, int gamma, DfpnParams *params);

/* The Python method Kernel.prove(free, max_to_move, gamma, max_nodes, table_mb,
 * leaf_cells, epsilon, weak[, thphi, thdelta]) -> True, False or None (max_nodes ran out,
 * or the root's phi reached thphi or its delta thdelta: df-pn's thresholds, for the player
 * to move, from a search above this position that would turn elsewhere past them).
 * Kernel.prove_within(same arguments, thphi and thdelta required) -> (answer, phi,
 * delta): the same answer and the root's numbers where the search stopped. */
PyObject *Kernel_prove(Kernel *k, PyObject *args);
PyObject *Kernel_prove_within(Kernel *k, PyObject *args);

/* Kernel.numbers(limit[, free, max_to_move, gamma]) -> bytes: the entries of the table
 * of numbers of the largest subtrees searched, at most limit (decided ones and undecided),
 * and those of the question "value >= gamma?" about free and of its moves' children, to
 * resume a question in another process (a later sitting):
 * Kernel.learn_numbers(records, table_mb[, source]) -> count
 * takes them into a table of table_mb MB. Undecided numbers only guide df-pn; a decided
 * entry is a proven answer of its question, like a proof store's facts. `source` (1 to 255,
 * 0 by default) is kept with each entry learned, until a search changes its numbers: a
 * decided entry learned against a decided entry of the opposite answer (or a search that
 * decides a question against one) raises KernelContradiction, whose details name both
 * entries' question (key, tag, max_to_move, gamma, even), numbers and sources, and the
 * record of the numbers learned (-1: the search's). */
PyObject *Kernel_numbers(Kernel *k, PyObject *args);
PyObject *Kernel_learn_numbers(Kernel *k, PyObject *args);

/* Kernel.move_numbers(free, max_to_move, gamma) -> [(u, v, key, tag, even, phi, delta)]:
 * each move of the position as df-pn expands it, with its child's question in the table
 * of numbers (key, tag, even: moves with equal ones lead to the same question) and the
 * child's numbers for "value >= gamma - 1", for the child's mover (phi = 0: it reaches its
 * goal; delta = 0: it cannot), or None and None where the table has no entry. */
PyObject *Kernel_move_numbers(Kernel *k, PyObject *args);

/* Free k's table of numbers (the kernel's dealloc and clear). */
void numbers_free(Kernel *k);

#endif
