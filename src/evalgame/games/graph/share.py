"""game(G, A, B, [k], f) on the search protocol: e-Valuate on F = Σ w(x)·f_x over [k].

MAX proposes a colour 1..k; MIN puts it on an uncoloured element of A. Under the ``mono``
rule x ∈ B is MAX's iff S(x) is not monochromatic; under ``parity`` (k = 2) iff an odd
number of S(x) has colour 1. MAX's share is the weight of what is MAX's.

A position keeps only what the future depends on. An element x of B is *open* while its
owner is undecided; MAX's share of the decided ones is ``won``. For an open x the position
remembers a *label*: under ``mono`` the one colour seen so far on S(x) (0: none), under
``parity`` the parity of the 1s so far. x is decided as soon as it can be: under ``mono``
when S(x) holds two colours (MAX's), or is fully coloured with one (MIN's), or |S(x)| = 1
(MIN's from the start). The game ends when nothing is open.

What makes the search fast, all sound:

* :meth:`GraphShare.key` describes a position by its *shape*: per class of twins in A
  (elements in exactly the same sets S(x), see :class:`~evalgame.games.graph.symmetry.Quotient`)
  the number of *busy* elements (uncoloured, in an open set), per class of twins in B the
  label or "decided", and the number of *idle* uncoloured elements (in no open set: a colour
  placed there changes nothing). Under ``mono`` the colours are renamed in order of first
  appearance (permuting colours maps the game to itself; false for ``parity``, where
  colour 1 is special), and the key is the least image of the shape over up to
  ``symmetries`` automorphisms of the quotient. :meth:`GraphShare.affine` shifts the value
  by ``won``, so positions with different decided shares share table entries.
* :meth:`GraphShare.order` drops dominated moves: MAX is offered each colour that labels an
  open element plus one *fresh* colour (all others are interchangeable with it), and MIN one
  element of each class of interchangeable uncoloured elements — twins in the open sets
  (idle ones included), elements whose transposition is an automorphism of the weighted
  incidence structure (it stays one while both are uncoloured), and elements in one orbit
  of the automorphisms that fix the position.
* :meth:`GraphShare.bounds`: MAX's share is at least ``won`` plus what one colour proposed
  at every turn secures (everything open when a fresh colour at every turn is possible),
  and at most ``won`` plus the weight still open minus what MIN can spoil at once.

>>> from evalgame.games.graph.graphs import load_graph
>>> from evalgame.games.graph.incidence import incidence
>>> game = GraphShare(incidence(load_graph("friendship:3"), "V", "E"), 2)
>>> from evalgame.search.alphabeta import alphabeta
>>> alphabeta(game).value
4
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import NamedTuple

from evalgame.errors import GameError, IllegalMoveError
from evalgame.games.graph.incidence import Incidence
from evalgame.games.graph.symmetry import DEFAULT_LIMIT, Quotient, Symmetries
from evalgame.numbers import Number
from evalgame.search.protocol import Game, Player

RULES = ("mono", "parity")


class SharePosition(NamedTuple):
    """A position of the graph game (see the module doc)."""

    #: bitmask of the uncoloured elements of A
    free: int
    #: bitmask of the open elements of B
    open: int
    #: per element of B: mono → the colour seen on S(x) (0 none); parity → parity of 1s so far
    labels: tuple[int, ...]
    #: the colour waiting to be placed (0: MAX proposes next)
    proposal: int
    #: weight of the elements of B already MAX's
    won: Number
    #: weight of the open elements of B
    pending: Number
    #: colour of every element of A (0: uncoloured)
    colours: tuple[int, ...]
    #: bitmask of the *busy* elements of A: uncoloured and in some open S(x)
    busy: int
    #: the position as the key sees it: per class of twins in A its number of busy
    #: elements; then per class of twins in B its members' label if open, else −1
    shape: tuple[int, ...]


class GraphShare(Game[SharePosition, int]):
    """game(G, A, B, [``colours``], f) for the incidence structure ``share``.

    Moves are integers: a colour 1..k for MAX, the index of an element of A for MIN. With
    ``mono``, more than |A| colours play like |A| (no more can ever be used). At most
    ``symmetries`` automorphisms are used (1: none).
    """

    all_leaves_valid = True

    def __init__(
        self,
        share: Incidence,
        colours: int,
        rule: str = "mono",
        *,
        symmetries: int = DEFAULT_LIMIT,
    ) -> None:
        if rule not in RULES:
            raise GameError(f"the rule must be mono or parity, not {rule!r}")
        if colours < 1:
            raise GameError(f"the number of colours must be at least 1, not {colours}")
        if rule == "parity" and colours != 2:
            raise GameError(f"the parity rule needs exactly 2 colours, not {colours}")
        self.share = share
        self.rule = rule
        self.parity = rule == "parity"
        self.requested = colours
        self.k = colours if self.parity else min(colours, max(len(share.a_names), 1))
        self.name = f"{share.title} [{colours}] {rule}"
        self.members = tuple(sum(1 << a for a in s) for s in share.sets)
        self.weights = share.weights
        relevant = [x for x, w in enumerate(share.weights) if w > 0]
        self.containing = tuple(
            tuple(x for x in relevant if a in share.sets[x]) for a in range(len(share.a_names))
        )
        self.touching = tuple(sum(1 << x for x in xs) for xs in self.containing)
        self.classes = swap_classes(
            len(share.a_names), [(share.weights[x], self.members[x]) for x in relevant]
        )
        self.palette = tuple(range(1, self.k + 1))
        quotient = Quotient.of(share)
        self.a_class, self.b_class = quotient.a_class, quotient.b_class
        self.size = len(quotient.a_sizes)  # classes of A: where the B part of a shape starts
        self._ones = (1,) * len(quotient.b_sizes)
        group = Symmetries.of(share, symmetries) if symmetries > 1 else None
        self.symmetries = group if group is not None and len(group) > 1 else None

    # ------------------------------------------------------------------ the rules

    def initial(self) -> SharePosition:
        """Nothing coloured; open: every x of positive weight that MAX could still get."""
        opened = 0
        for x, weight in enumerate(self.weights):
            if weight > 0 and (self.parity or (len(self.share.sets[x]) > 1 and self.k > 1)):
                opened |= 1 << x
        pending = sum((self.weights[x] for x in _bits(opened)), 0)
        n = len(self.share.a_names)
        busy = 0
        for x in _bits(opened):
            busy |= self.members[x]
        counts = [0] * self.size
        for a in _bits(busy):
            counts[self.a_class[a]] += 1
        states = [-1] * len(self._ones)
        for x in _bits(opened):
            states[self.b_class[x]] = 0
        shape = (*counts, *states)
        labels = (0,) * len(self.weights)
        return SharePosition((1 << n) - 1, opened, labels, 0, 0, pending, (0,) * n, busy, shape)

    def to_move(self, position: SharePosition) -> Player:
        """MAX proposes when no colour waits, MIN places it otherwise."""
        return Player.MAX if position.proposal == 0 else Player.MIN

    def is_terminal(self, position: SharePosition) -> bool:
        """Nothing is open any more (the remaining colours cannot change the share)."""
        return position.open == 0 and position.proposal == 0

    def moves(self, position: SharePosition) -> Sequence[int]:
        """Every colour for MAX; every uncoloured element for MIN."""
        if self.is_terminal(position):
            return ()
        if position.proposal == 0:
            return self.palette
        return list(_bits(position.free))

    def play(self, position: SharePosition, move: int) -> SharePosition:
        """Propose colour ``move``, or put the proposed colour on element ``move``."""
        free, opened, labels, proposal, won, pending, colours, busy, shape = position
        if proposal == 0:
            if move not in self.palette or self.is_terminal(position):
                raise IllegalMoveError(f"{move!r} is not a colour MAX can propose here")
            return position._replace(proposal=move)
        if not (isinstance(move, int) and 0 <= move < len(colours) and free >> move & 1):
            raise IllegalMoveError(f"{move!r} is not an uncoloured element")
        free &= ~(1 << move)
        drawn = list(shape)
        if busy >> move & 1:
            busy &= ~(1 << move)
            drawn[self.a_class[move]] -= 1
        changed = list(labels)
        size, b_class = self.size, self.b_class
        closed = []
        for x in self.containing[move]:
            if not opened >> x & 1:
                continue
            rest = self.members[x] & free
            if self.parity:
                label = labels[x] ^ (proposal == 1)
                if rest:
                    changed[x] = drawn[size + b_class[x]] = label
                    continue
                mine = bool(label)
            else:
                label = labels[x]
                if label == 0 and rest:
                    changed[x] = drawn[size + b_class[x]] = proposal
                    continue
                if label == proposal and rest:
                    continue
                mine = label not in (0, proposal)
            opened &= ~(1 << x)
            drawn[size + b_class[x]] = -1
            closed.append(x)
            pending -= self.weights[x]
            if mine:
                won += self.weights[x]
        for x in closed:  # their uncoloured elements may touch nothing open any more
            for b in _bits(self.members[x] & busy):
                if not self.touching[b] & opened:
                    busy &= ~(1 << b)
                    drawn[self.a_class[b]] -= 1
        painted = (*colours[:move], proposal, *colours[move + 1 :])
        return SharePosition(
            free, opened, tuple(changed), 0, won, pending, painted, busy, tuple(drawn)
        )

    def payoff(self, position: SharePosition) -> Number:
        """MAX's share: the weight of the elements of B that are his."""
        return position.won

    # ------------------------------------------------------------------ search hooks

    def key(self, position: SharePosition) -> Hashable:
        """(open set, uncoloured elements of open sets, idle count, labels, proposal).

        Under ``mono`` the label colours (and the proposal) are renamed in order of first
        appearance; a proposal that labels nothing open is "fresh". With symmetries, the
        key is the least image of that description over the automorphisms.
        """
        idle = (position.free & ~position.busy).bit_count()
        shape, proposal, size = position.shape, position.proposal, self.size
        if self.symmetries is None:
            return shape[:size], idle, self._rename(shape[size:], proposal)
        if self.parity:
            return min(self.symmetries.images(shape)), idle, proposal
        blind = shape[:size] + tuple(map(min, shape[size:], self._ones))
        images = self.symmetries.images(blind)
        least = min(images)
        if max(shape[size:], default=0) < 1:  # no open element has a colour yet
            return least, idle, ((), 1 if proposal else 0)
        gather = self.symmetries.gather
        if images.count(least) == 1:
            return least, idle, self._rename(gather[images.index(least)](shape)[size:], proposal)
        candidates = {gather[i](shape) for i, image in enumerate(images) if image == least}
        named = min(self._rename(image[size:], proposal) for image in candidates)
        return least, idle, named

    def _rename(self, seen: Sequence[int], proposal: int) -> tuple[tuple[int, ...], int]:
        """Labels (and proposal) with colours renamed in order of first appearance (mono)."""
        if self.parity:
            return tuple(seen), proposal
        names = {c: i for i, c in enumerate((c for c in dict.fromkeys(seen) if c > 0), 1)}
        renamed = tuple(map(names.get, seen, seen))  # names[c] for a colour, c for 0 and −1
        return renamed, names.get(proposal, len(names) + 1) if proposal else 0

    def _stabiliser_orbits(self, position: SharePosition) -> list[int]:
        """For every class of A, the least class it is mapped to by automorphisms that fix
        ``position`` exactly (so placing a colour on a member of either is equally good)."""
        assert self.symmetries is not None
        exact = position.shape
        parent = list(range(self.size))

        def root(a: int) -> int:
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            return a

        for g, gather in enumerate(self.symmetries.gather[1:], 1):
            if gather(exact) == exact:
                for a, image in enumerate(self.symmetries.on_a[g]):
                    first, second = root(a), root(image)
                    if first != second:
                        parent[max(first, second)] = min(first, second)
        return [root(a) for a in range(self.size)]

    def affine(self, position: SharePosition) -> tuple[Number, Number]:
        """Positions with one key differ by the share already won."""
        return 1, position.won

    def bounds(self, position: SharePosition) -> tuple[Number | None, Number | None]:
        """``won`` + what MAX secures ≤ value ≤ ``won`` + open weight − what MIN takes now.

        MAX secures what one colour proposed at every turn would give him (or everything
        open, when a fresh colour at every turn is possible: when k exceeds the labels in
        use plus the new ones the rest of the game can create). MIN takes at once an open x
        whose last uncoloured element can receive the colour that would spoil it — the
        colour proposed, or whichever MAX proposes when every colour is such a threat.
        """
        free, opened, labels, proposal, won, pending = position[:6]
        if self.parity:
            low, high = self._parity_bounds(position)
            return won + low, won + high
        by_label: dict[int, Number] = {}
        threat: dict[int, Number] = {}
        unlabelled = 0
        for x in _bits(opened):
            rest = self.members[x] & free
            label = labels[x]
            if label:
                weight = self.weights[x]
                by_label[label] = by_label.get(label, 0) + weight
                if rest & (rest - 1) == 0 and weight > threat.get(label, 0):
                    threat[label] = weight
            else:
                unlabelled += 1
        labelled = sum(by_label.values(), 0)
        # A fresh colour at every turn leaves every open x MAX's, if colours last: each
        # placement adds at most one label, and only an unlabelled x can take a new one.
        growth = min(position.busy.bit_count() - 1, unlabelled)
        if proposal not in by_label and self.k > len(by_label) + growth:
            return won + pending, won + pending
        if proposal:  # MAX keeps proposing the colour waiting now
            low = labelled - by_label.get(proposal, 0)
            return won + low, won + pending - threat.get(proposal, 0)
        if len(by_label) < self.k:  # one fresh colour, every turn
            return won + labelled, won + pending
        spoil = min(threat.get(label, 0) for label in by_label)
        return won + labelled - min(by_label.values()), won + pending - spoil

    def _parity_bounds(self, position: SharePosition) -> tuple[Number, Number]:
        """Proposing 1 (or 2) at every turn, against MIN completing an even S(x) now."""
        free, opened, labels, proposal = position[:4]
        ones: Number = 0
        twos: Number = 0
        spoil_one: Number = 0  # by putting a 1 last on an x with an odd count so far
        spoil_two: Number = 0
        for x in _bits(opened):
            rest = (self.members[x] & free).bit_count()
            weight = self.weights[x]
            if (labels[x] + rest) % 2:
                ones += weight
            if labels[x]:
                twos += weight
            if rest == 1:
                if labels[x]:
                    spoil_one = max(spoil_one, weight)
                else:
                    spoil_two = max(spoil_two, weight)
        pending = position.pending
        if proposal == 1:
            return ones, pending - spoil_one
        if proposal == 2:
            return twos, pending - spoil_two
        return max(ones, twos), pending - min(spoil_one, spoil_two)

    def order(self, position: SharePosition, moves: Sequence[int]) -> Sequence[int]:
        """Undominated moves, most promising first (see the module doc)."""
        if position.proposal == 0:
            return moves if self.parity else self._proposals(position)
        return self._placements(position)

    def _proposals(self, position: SharePosition) -> list[int]:
        """A fresh colour first, then the labels, least dangerous first."""
        free, opened, labels = position[:3]
        colours = position.colours
        danger: dict[int, Number] = {}
        for x in _bits(opened):
            label = labels[x]
            if label:
                threat = (self.members[x] & free).bit_count() == 1
                danger[label] = danger.get(label, 0) + (self.weights[x] if threat else 0)
        ordered = sorted(danger, key=lambda c: (danger[c], c))
        if len(danger) < self.k:
            used = set(colours)
            unused = [c for c in self.palette if c not in danger]
            fresh = next((c for c in unused if c not in used), unused[0])
            ordered.insert(0, fresh)
        return ordered

    def _placements(self, position: SharePosition) -> list[int]:
        """One element per class of interchangeable ones, best for MIN first."""
        free, opened = position.free, position.open
        orbits = self._stabiliser_orbits(position) if self.symmetries is not None else None
        seen_touch: set[int] = set()
        seen_class: set[int] = set()
        seen_orbit: set[int] = set()
        scored: list[tuple[Number, int]] = []
        for a in _bits(free):
            touch = self.touching[a] & opened
            kind = self.classes[a]
            orbit = a if orbits is None else orbits[self.a_class[a]]
            repeated = touch in seen_touch or kind in seen_class or orbit in seen_orbit
            seen_touch.add(touch)
            seen_class.add(kind)
            seen_orbit.add(orbit)
            if not repeated:
                scored.append((self._gain(a, touch, position), a))
        scored.sort(key=lambda item: -item[0])
        return [a for _, a in scored]

    def _gain(self, a: int, touch: int, position: SharePosition) -> Number:
        """How good placing the proposal on ``a`` looks for MIN: deciding a set counts most,
        then leaving one uncoloured element in a set of the proposal's colour (a threat)."""
        free, labels, proposal = position.free, position.labels, position.proposal
        gain: Number = 0
        for x in _bits(touch):
            left = (self.members[x] & free).bit_count() - 1  # uncoloured after the move
            weight = self.weights[x]
            if self.parity:
                if not left:
                    odd = labels[x] ^ (proposal == 1)
                    gain += -weight if odd else weight
            elif labels[x] == proposal:
                gain += 3 * weight if not left else 2 * weight if left == 1 else weight
            elif labels[x]:
                gain -= 2 * weight
        return gain

    def describe_move(self, position: SharePosition, move: int) -> str:
        """``colour 2`` or ``2→v3``."""
        if position.proposal == 0:
            return f"colour {move}"
        return f"{position.proposal}→{self.share.a_names[move]}"


def swap_classes(size: int, sets: Sequence[tuple[Number, int]]) -> tuple[int, ...]:
    """Classes of elements whose transposition maps the weighted sets to themselves.

    ``sets`` holds (weight, bitmask) pairs; the result gives each element its class.

    >>> swap_classes(4, [(1, 0b0011), (1, 0b0101), (1, 0b1001)])   # the leaves of a star
    (0, 1, 1, 1)
    >>> swap_classes(4, [(1, 0b0011), (1, 0b0110), (1, 0b1100)])   # a path: a reflection only
    (0, 1, 2, 3)
    """
    whole = Counter(sets)
    classes = list(range(size))
    for a in range(size):
        for b in range(a + 1, size):
            if classes[b] != b or classes[a] == classes[b]:
                continue
            swap = (1 << a) | (1 << b)
            image = Counter(
                (w, m ^ swap) if (m >> a & 1) != (m >> b & 1) else (w, m) for w, m in sets
            )
            if image == whole:
                classes[b] = classes[a]
    return tuple(classes)


#: the set bits of every 12-bit number, for :func:`_bits`
_CHUNK = tuple(tuple(i for i in range(12) if m >> i & 1) for m in range(1 << 12))


def _bits(mask: int) -> Sequence[int]:
    """The positions of the 1 bits of ``mask``, lowest first (a table per 12 bits).

    >>> list(_bits(0b10110)), list(_bits(1 << 40 | 1))
    ([1, 2, 4], [0, 40])
    """
    if mask < 4096:
        return _CHUNK[mask]
    result: list[int] = []
    shift = 0
    while mask:
        chunk = _CHUNK[mask & 4095]
        if chunk:
            result.extend([bit + shift for bit in chunk] if shift else chunk)
        mask >>= 12
        shift += 12
    return result
