"""Resolvable designs: round robins at 3 and 4 seats in which every pair of entrants
meets exactly once, each round seating everyone.

Points are 0..v-1; a design is a list of rounds, each a list of tables (lists of
points). Known here:

- the affine plane of order q (q = 3, 4): v = q², tables of q, q + 1 rounds;
- Kirkman triple systems from a prime q = 1 (mod 6) (Ray-Chaudhuri and Wilson 1971;
  constructions 1.1 and 1.2 of Stinson's 1991 survey): v = 2q + 1 (15, 27, 39) and
  v = 3q (21, 39, 57), tables of 3, (v - 1) / 2 rounds;
- resolvable designs with tables of 4 from a prime q = 1 (mod 4) (Colbourn and
  Dinitz's Handbook, VII.7.5.a): v = 3q + 1 (16, 40, 52), (v - 1) / 3 rounds.

Each is checked on construction (``check``): a wrong design is a broken invariant,
not a schedule to hand out.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

# GF(4) = {0, 1, a, a+1} as 0..3: addition is XOR, multiplication by table.
GF4_MUL = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
LARGEST = 60  # designs are built for fields up to this size


def field(q: int):
    """Addition and multiplication of GF(q) for q = 2, 3, 4 (the affine planes)."""
    if q in (2, 3):
        return (lambda a, b: (a + b) % q), (lambda a, b: (a * b) % q)
    if q == 4:
        return (lambda a, b: a ^ b), (lambda a, b: GF4_MUL[a][b])
    return None


def affine_plane(q: int) -> list:
    """Parallel class r (0..q) of the affine plane of order q on points x*q + y: the
    lines y = m x + b for slope m = r < q, and the verticals x = c for r = q."""
    add, mul = field(q)
    rounds = []
    for r in range(q + 1):
        if r == q:
            rounds.append([[c * q + y for y in range(q)] for c in range(q)])
        else:
            rounds.append([[x * q + add(mul(r, x), b) for x in range(q)] for b in range(q)])
    return rounds


def is_prime(q: int) -> bool:
    return q >= 2 and all(q % d for d in range(2, int(q**0.5) + 1))


def primitive_root(q: int) -> int:
    for a in range(2, q):
        if len({pow(a, i, q) for i in range(q - 1)}) == q - 1:
            return a
    return 1  # q = 2


def kirkman_2q_plus_1(q: int) -> list:
    """KTS(2q + 1), q prime, q = 1 (mod 6). Points (x, 1) -> x, (x, 2) -> q + x, and
    infinity -> 2q. One base round, translated by every x of GF(q)."""
    a, t = primitive_root(q), (q - 1) // 6
    # m solves a^m = (a^t + 1) / 2.
    target = (pow(a, t, q) + 1) * pow(2, q - 2, q) % q
    m = next(m for m in range(q - 1) if pow(a, m, q) == target)

    def p(e):
        return pow(a, e, q)

    base = [[(0, 1), (0, 2), None]]
    for i in [*range(t), *range(2 * t, 3 * t), *range(4 * t, 5 * t)]:
        base.append([(p(i), 1), (p(i + t), 1), (p(i + m), 2)])
    for i in range(t):
        base.append([(p(i + m + t), 2), (p(i + m + 3 * t), 2), (p(i + m + 5 * t), 2)])

    def label(point, shift):
        if point is None:
            return 2 * q
        x, half = point
        return (x + shift) % q + (half - 1) * q

    return [[[label(pt, s) for pt in block] for block in base] for s in range(q)]


def kirkman_3q(q: int) -> list:
    """KTS(3q), q prime, q = 1 (mod 6). Points (x, j) -> j*q + x."""
    a, t = primitive_root(q), (q - 1) // 6

    def p(e):
        return pow(a, e, q)

    b = [[(p(i), j), (p(i + 2 * t), j), (p(i + 4 * t), j)] for j in range(3) for i in range(t)]
    across = [[(p(i), 0), (p(i + 2 * t), 1), (p(i + 4 * t), 2)] for i in range(6 * t)]
    base = [[(0, 0), (0, 1), (0, 2)], *b]
    base += across[t : 2 * t] + across[3 * t : 4 * t] + across[5 * t : 6 * t]

    def label(point, shift):
        x, j = point
        return j * q + (x + shift) % q

    rounds = [[[label(pt, s) for pt in block] for block in base] for s in range(q)]
    for i in [*range(t), *range(2 * t, 3 * t), *range(4 * t, 5 * t)]:
        rounds.append([[label(pt, s) for pt in across[i]] for s in range(q)])
    return rounds


def fours_3q_plus_1(q: int) -> list:
    """A resolvable design of v = 3q + 1 at tables of 4, q prime, q = 1 (mod 4).
    Points (x, j) -> j*q + x and infinity -> 3q."""
    n = (q - 1) // 4
    w = primitive_root(q)
    e = pow(w, n, q)  # a square root of -1
    base: list[list[tuple[int, int] | None]] = []
    for i in range(n):
        wi = pow(w, i, q)
        for j in range(3):
            base.append([(wi, j), (-wi, j), (e * wi, j + 1), (-e * wi, j + 1)])
    base.append([(0, 0), (0, 1), (0, 2), None])

    def label(point, shift):
        if point is None:
            return 3 * q
        x, j = point
        return (j % 3) * q + (x + shift) % q

    return [[[label(pt, s) for pt in block] for block in base] for s in range(q)]


def check(rounds: list, v: int, k: int) -> list:
    """Every round seats every point once at tables of k; every pair meets once."""
    met = set()
    for tables in rounds:
        seated = sorted(p for table in tables for p in table)
        if seated != list(range(v)) or any(len(table) != k for table in tables):
            raise AssertionError(f"design {v} at {k}: a round does not seat everyone once")
        for table in tables:
            for pair in combinations(sorted(table), 2):
                if pair in met:
                    raise AssertionError(f"design {v} at {k}: {pair} meet twice")
                met.add(pair)
    if len(met) != v * (v - 1) // 2:
        raise AssertionError(f"design {v} at {k}: some pairs never meet")
    return rounds


@cache
def design(v: int, k: int) -> tuple[str, list] | None:
    """The name and rounds of a resolvable design of ``v`` points at tables of
    ``k``, where one is known here; None otherwise."""
    if v > LARGEST:
        return None
    found = None
    if k in (3, 4) and v == k * k:
        found = (f"affine plane of order {k}", affine_plane(k))
    elif k == 3 and v % 6 == 3:
        q = (v - 1) // 2
        if is_prime(q) and q % 6 == 1:
            found = ("Kirkman triple system", kirkman_2q_plus_1(q))
        elif v % 3 == 0 and is_prime(v // 3) and (v // 3) % 6 == 1:
            found = ("Kirkman triple system", kirkman_3q(v // 3))
    elif k == 4 and v % 3 == 1:
        q = (v - 1) // 3
        if is_prime(q) and q % 4 == 1:
            found = ("resolvable design of fours", fours_3q_plus_1(q))
    if found is None:
        return None
    return found[0], check(found[1], v, k)
