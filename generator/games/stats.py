"""Numbers with their uncertainty: intervals, tests and sample sizes for simulations.

Pure Python (the standard library's :class:`statistics.NormalDist` and a few classic
special functions), so the balance reports need nothing more. Every interval is a
95% interval unless ``level`` says otherwise.

- :func:`wilson`: a proportion (a win rate, a completion rate); Wilson's score
  interval, good even near 0 or 1 and for few games.
- :func:`mean_ci`: a mean with Student's t interval (clipped to the range of the
  values, for skewed counts such as points of a rarely dug fossil).
- :func:`ratio_ci`: a ratio of two sums over games (a share of points) by the delta
  method; :func:`bootstrap_ci` for any statistic, by a seeded percentile bootstrap.
- :func:`paired_diff_ci`, :func:`welch_diff_ci`, :func:`newcombe_diff_ci`:
  differences (the same games, independent samples, two proportions).
- :func:`seat_test`: chi-square goodness of fit of wins by seat, with Cohen's w.
- :func:`games_for_proportions`, :func:`games_for_means`, :func:`games_for_w`: the
  number of games that detects a given difference (power 0.8, alpha 0.05).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

LEVEL = 0.95
_NORMAL = statistics.NormalDist()
#: Non-centrality of a chi-square test with power 0.8 at alpha 0.05, by degrees of
#: freedom (Cohen 1988, table 7.4.6): n = lambda / w**2.
_LAMBDA_80 = {1: 7.85, 2: 9.64, 3: 10.90, 4: 11.94, 5: 12.83, 6: 13.62, 7: 14.35, 8: 15.02}


@dataclass(frozen=True)
class Estimate:
    """A value with its interval (``lo`` to ``hi``) at ``LEVEL``."""

    value: float
    lo: float
    hi: float

    def json(self, digits: int = 4) -> dict:
        """``{"value": x, "ci95": [lo, hi]}``, rounded."""
        return {
            "value": round(self.value, digits),
            "ci95": [round(self.lo, digits), round(self.hi, digits)],
        }

    def excludes_zero(self) -> bool:
        return self.lo > 0 or self.hi < 0

    def text(self, fmt: str = "{:.2f}", scale: float = 1.0) -> str:
        """``"12.30 (11.90 to 12.70)"``; ``scale`` 100 shows a proportion in percent."""
        v, lo, hi = (fmt.format(x * scale) for x in (self.value, self.lo, self.hi))
        return f"{v} ({lo} to {hi})"


def z_value(level: float = LEVEL) -> float:
    """The two-sided normal quantile (1.96 for 95%)."""
    return _NORMAL.inv_cdf(0.5 + level / 2)


# ------------------------------------------------------------ special functions


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (Lentz's method)."""
    tiny, qab, qap, qam = 1e-300, a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):  # fmt: skip
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-14:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """Student's t distribution function."""
    tail = 0.5 * betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (bisection)."""
    if df > 1e6:
        return _NORMAL.inv_cdf(p)
    lo, hi = -1e3, 1e3
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom."""
    if x <= 0:
        return 1.0
    a, y = df / 2.0, x / 2.0
    if y < a + 1.0:  # series of the lower incomplete gamma
        term = total = 1.0 / a
        k = a
        for _ in range(1000):
            k += 1.0
            term *= y / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-y + a * math.log(y) - math.lgamma(a)))
    tiny = 1e-300  # continued fraction of the upper incomplete gamma
    b = y + 1.0 - a
    c, d = 1.0 / tiny, 1.0 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return math.exp(-y + a * math.log(y) - math.lgamma(a)) * h


# ------------------------------------------------------------------- intervals


def wilson(successes: float, n: int, level: float = LEVEL) -> Estimate:
    """A proportion ``successes / n`` with Wilson's score interval (shared wins may be
    fractional)."""
    if n <= 0:
        return Estimate(0.0, 0.0, 1.0)
    z = z_value(level)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], level: float = LEVEL) -> Estimate:
    """The mean with Student's t interval (a single value: the value itself)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if n == 1:
        return Estimate(mean, mean, mean)
    half = t_quantile(0.5 + level / 2, n - 1) * statistics.stdev(values) / math.sqrt(n)
    # a mean never lies outside the values it is the mean of: clip there (skewed data)
    return Estimate(mean, max(mean - half, min(values)), min(mean + half, max(values)))


def ratio_ci(num: Sequence[float], den: Sequence[float], level: float = LEVEL) -> Estimate:
    """``sum(num) / sum(den)`` over paired observations (games), delta-method interval."""
    n = len(num)
    total = sum(den)
    if n == 0 or total == 0:
        return Estimate(0.0, 0.0, 0.0)
    r = sum(num) / total
    if n == 1:
        return Estimate(r, r, r)
    residuals = [y - r * x for y, x in zip(num, den, strict=True)]
    se = statistics.stdev(residuals) / math.sqrt(n) / (total / n)
    half = t_quantile(0.5 + level / 2, n - 1) * se
    return Estimate(r, r - half, r + half)


def bootstrap_ci(
    values: Sequence[float],
    stat: Callable[[Sequence[float]], float],
    rng: random.Random,
    reps: int = 1000,
    level: float = LEVEL,
) -> Estimate:
    """``stat(values)`` with a percentile bootstrap interval drawn with ``rng``."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0)
    draws = sorted(stat([values[rng.randrange(n)] for _ in range(n)]) for _ in range(reps))
    cut = (1 - level) / 2
    return Estimate(stat(values), draws[int(cut * (reps - 1))], draws[int((1 - cut) * (reps - 1))])


def paired_diff_ci(a: Sequence[float], b: Sequence[float], level: float = LEVEL) -> Estimate:
    """Mean of ``a[i] - b[i]`` (the same games played twice, or two bots in one game)."""
    return mean_ci([x - y for x, y in zip(a, b, strict=True)], level)


def welch_diff_ci(a: Sequence[float], b: Sequence[float], level: float = LEVEL) -> Estimate:
    """``mean(a) - mean(b)`` of independent samples, Welch's t interval."""
    na, nb = len(a), len(b)
    diff = (statistics.fmean(a) if a else 0.0) - (statistics.fmean(b) if b else 0.0)
    if na < 2 or nb < 2:
        return Estimate(diff, diff, diff)
    va, vb = statistics.variance(a) / na, statistics.variance(b) / nb
    se = math.sqrt(va + vb)
    if se == 0:
        return Estimate(diff, diff, diff)
    df = (va + vb) ** 2 / (va * va / (na - 1) + vb * vb / (nb - 1))
    half = t_quantile(0.5 + level / 2, df) * se
    return Estimate(diff, diff - half, diff + half)


def newcombe_diff_ci(s1: float, n1: int, s2: float, n2: int, level: float = LEVEL) -> Estimate:
    """``s1/n1 - s2/n2`` of independent proportions, Newcombe's hybrid score interval."""
    a, b = wilson(s1, n1, level), wilson(s2, n2, level)
    d = a.value - b.value
    lo = d - math.sqrt((a.value - a.lo) ** 2 + (b.hi - b.value) ** 2)
    hi = d + math.sqrt((a.hi - a.value) ** 2 + (b.value - b.lo) ** 2)
    return Estimate(d, lo, hi)


# ------------------------------------------------------------- tests and sizes


@dataclass(frozen=True)
class SeatTest:
    """Chi-square goodness of fit of wins by seat against an even share."""

    chi2: float
    df: int
    p_value: float
    w: float  # Cohen's effect size: 0.1 small, 0.3 medium, 0.5 large
    games: int

    @property
    def effect(self) -> str:
        return (
            "negligible"
            if self.w < 0.1
            else "small"
            if self.w < 0.3
            else ("medium" if self.w < 0.5 else "large")
        )

    def json(self) -> dict:
        return {
            "chi2": round(self.chi2, 3),
            "df": self.df,
            "p_value": round(self.p_value, 6),
            "cohens_w": round(self.w, 4),
            "effect": self.effect,
        }


def seat_test(wins: Sequence[float]) -> SeatTest:
    """Are wins spread evenly over the seats? ``wins[s]``: wins of seat s (ties shared)."""
    total = sum(wins)
    k = len(wins)
    if k < 2 or total <= 0:
        return SeatTest(0.0, max(1, k - 1), 1.0, 0.0, round(total))
    expected = total / k
    chi2 = sum((w - expected) ** 2 / expected for w in wins)
    return SeatTest(chi2, k - 1, chi2_sf(chi2, k - 1), math.sqrt(chi2 / total), round(total))


def cohens_w(observed: Sequence[float], expected: Sequence[float]) -> float:
    """Cohen's w between two distributions given as proportions."""
    return math.sqrt(sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True)))


def games_for_w(w: float, df: int, power: float = 0.8) -> int:
    """Games a chi-square test (alpha 0.05) needs to detect an effect of size ``w``."""
    if power != 0.8 or df not in _LAMBDA_80:
        raise ValueError("tabulated for power 0.8 and 1 to 8 degrees of freedom")
    return math.ceil(_LAMBDA_80[df] / (w * w)) if w > 0 else 0


def seat_games_needed(players: int, advantage: float) -> int:
    """Games needed to detect one seat winning ``advantage`` more than its fair share
    (the others sharing the rest evenly), chi-square test, power 0.8, alpha 0.05."""
    fair = 1.0 / players
    observed = [fair + advantage] + [fair - advantage / (players - 1)] * (players - 1)
    return games_for_w(cohens_w(observed, [fair] * players), players - 1)


def games_for_proportions(p1: float, p2: float, power: float = 0.8, alpha: float = 0.05) -> int:
    """Games per group to tell proportions ``p1`` and ``p2`` apart (two-sided)."""
    if p1 == p2:
        return 0
    za, zb = _NORMAL.inv_cdf(1 - alpha / 2), _NORMAL.inv_cdf(power)
    bar = (p1 + p2) / 2
    top = za * math.sqrt(2 * bar * (1 - bar)) + zb * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    return math.ceil(top * top / (p1 - p2) ** 2)


def games_for_means(delta: float, sd: float, power: float = 0.8, alpha: float = 0.05) -> int:
    """Games per group to detect a difference ``delta`` of means with spread ``sd``."""
    if delta == 0:
        return 0
    za, zb = _NORMAL.inv_cdf(1 - alpha / 2), _NORMAL.inv_cdf(power)
    return math.ceil(2 * ((za + zb) * sd / delta) ** 2)


def paired_ratio_diff_ci(
    num_a: Sequence[float],
    den_a: Sequence[float],
    num_b: Sequence[float],
    den_b: Sequence[float],
    level: float = LEVEL,
) -> Estimate:
    """``sum(num_a)/sum(den_a) - sum(num_b)/sum(den_b)`` over the same games played
    twice (on two data sets), delta-method interval on the paired linearisations."""
    n = len(num_a)
    ta, tb = sum(den_a), sum(den_b)
    if n == 0 or ta == 0 or tb == 0:
        return Estimate(0.0, 0.0, 0.0)
    ra, rb = sum(num_a) / ta, sum(num_b) / tb
    if n == 1:
        return Estimate(ra - rb, ra - rb, ra - rb)
    ma, mb = ta / n, tb / n
    lin = [
        (ya - ra * xa) / ma - (yb - rb * xb) / mb
        for ya, xa, yb, xb in zip(num_a, den_a, num_b, den_b, strict=True)
    ]
    half = t_quantile(0.5 + level / 2, n - 1) * statistics.stdev(lin) / math.sqrt(n)
    return Estimate(ra - rb, ra - rb - half, ra - rb + half)
