/* The certificate writer's walk (docs/certificates.md, "Writing a certificate"): the
 * depth-first walk of a proof tree that src/evalgame/games/tiling/certificate.py does in
 * Python (its _Walk, the reference), here in C with the kernel's tests, move order and
 * region database, for a grid board (k->cols > 0). The same walk, the same kernel calls
 * in the same order, the same entries in the same order: only faster.
 *
 * At a position it stops where the checker does (a settled claim, at most small_cells
 * free cells, a sum of tame regions of at most tame_cells cells); at the opponent's it
 * follows every move, at the prover's it writes one entry, the move chosen as the Python
 * walk chooses it (a known position, then a leaf the checker decides, then the first move
 * of the kernel's order whose position the kernel proves keeps the claim, the moves to a
 * position with the most symmetries tried first). With cuts (format 2) a position the
 * separator bound decides is a leaf whose cut is written, and a move to one is taken
 * before the kernel's tests. Positions are
 * remembered by canonical form under the symmetries given (the board's, identity first).
 */
#ifndef EVALGAME_KERNEL_WALK_H
#define EVALGAME_KERNEL_WALK_H

#include "kernel.h"

/* The symmetries of the walk's canonical forms: byte tables as bits.h's, at most 8. */
#define WALK_MAX_SYMMETRIES 8

typedef struct {
    Set start;                  /* the root's free cells */
    int max_first;              /* MAX is to move at the root */
    int at_least;               /* the claim: at_least (MAX proves) or at_most (MIN) */
    int bound;
    int small_cells, tame_cells;
    int cells;                  /* free cells at the root */
    int nsym;
    Set (*bytes)[MAXV / 8][256]; /* nsym byte tables, the identity first */
    PyObject *write;            /* write(str): a chunk of entry lines */
    PyObject *progress;         /* progress(entries, opponent, settled, small, tame, cut) */
    long long every;            /* positions walked between two progress calls */
    int cuts;                   /* format 2: positions the separator bound decides are leaves */
} WalkSpec;

/* What the walk met; on failure, the first position that fails and why. */
enum { WALK_OK = 0, WALK_ERROR = -1, WALK_NO_MOVE = 1, WALK_NO_KEEPING_MOVE = 2, WALK_SUM_RULE = 3 };

typedef struct {
    unsigned long long entries, opponent, settled, small, tame, cut, walked;
    int failure;          /* WALK_NO_MOVE, WALK_NO_KEEPING_MOVE or WALK_SUM_RULE */
    Set failed;           /* the free cells there */
    int claim, value;     /* the claim left there; the sum rule's value (WALK_SUM_RULE) */
} WalkResult;

/* Walk the proof tree of spec's claim from spec->start: WALK_OK, a failure (out->failure
 * set, nothing raised: a false claim, or the sum rule against the kernel's search), or
 * WALK_ERROR with a Python exception set (out of memory, a callback that raised, Ctrl-C). */
int certificate_walk(Kernel *k, const WalkSpec *spec, WalkResult *out);

#endif
