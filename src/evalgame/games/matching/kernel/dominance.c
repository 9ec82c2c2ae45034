/* Dominated moves (see dominance.h). */
#include "dominance.h"

#include "bits.h"

/* R(e) for the move u-v inside `core`: u, v and the vertices of the core that lose their
 * last free neighbour; 0 if the move is not inside the core (a pass). */
static inline Set removed_by(const Kernel *k, Set core, int u, int v) {
    Set move = BIT(u) | BIT(v);
    if ((core & move) != move) return 0;
    Set rest = core & ~move;
    return move | (neighbourhood(k, move) & rest & ~neighbourhood(k, rest));
}

/* Whether a move removing `ri` is dominated, for `turn`, by one removing `rj` (j != i);
 * `earlier`: j comes before i, so that of two moves with equal R the first is kept. */
static inline int dominates(Set rj, Set ri, int turn, int earlier) {
    if (!rj || !ri) return 0;
    if (rj == ri) return earlier;
    return turn ? (rj & ~ri) == 0 : (ri & ~rj) == 0;
}

int drop_dominated(const Kernel *k, Set core, Child *children, int count, int turn,
                   int first_u, int first_v) {
    Set first = first_u >= 0 ? removed_by(k, core, first_u, first_v) : 0;
    /* only a move that isolates a vertex can dominate (MIN) or be dominated (MAX) by
     * another: R(e1) strictly contains R(e2) only if e1 isolates a vertex */
    int isolating = first && set_count(first) > 2;
    for (int i = 0; i < count; i++) {
        Child *ch = &children[i];
        ch->removed = removed_by(k, core, ch->u, ch->v);
        isolating |= set_count(ch->removed) > 2;
    }
    if (!isolating) return count;
    int kept = 0;
    for (int i = 0; i < count; i++) {
        Set ri = children[i].removed;
        int dropped = dominates(first, ri, turn, 1);
        for (int j = 0; j < count && !dropped; j++)
            if (j != i) dropped = dominates(children[j].removed, ri, turn, j < i);
        if (!dropped) children[kept++] = children[i];
    }
    return kept;
}
