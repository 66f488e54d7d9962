"""fexpr from Python over NumPy arrays against NumPy itself and numexpr (Debian's
python3-numexpr, one thread), on the spring-damper -10000*(x-0.5) - 25*v at 10^6 points, and
on IMPACT, which NumPy and numexpr spell with where and clip; fexpr also with two threads
(fexpr.set_num_threads). Run by hand (not in the tests), from a Release build:

    PYTHONPATH=build/python python3 bench/python_spring_damper.py

Prints ns per point (wall clock): the median of REPEATS runs of each, the cases interleaved.
"""

import statistics
import time

import numexpr
import numpy as np

import fexpr

numexpr.set_num_threads(1)

POINTS = 1_000_000
REPEATS = 11
TEXT = "-10000*(x-0.5) - 25*v"

f = fexpr.compile(TEXT, variables=["x", "v"])
contact = fexpr.compile("IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)", variables=["x", "v"])
rng = np.random.default_rng(1)
x = rng.uniform(0.98, 1.01, POINTS)
v = rng.uniform(-1.0, 1.0, POINTS)



def numpy_impact(x, v, x1=1.0, k=1e5, e=1.5, cmax=50.0, d=0.01):
    """IMPACT's documented formula: k (x1-x)^e - cmax v STEP(x, x1-d, 1, x1, 0) for x < x1, else 0."""
    s = np.clip((x - (x1 - d)) / d, 0.0, 1.0)
    damping = 1.0 - s * s * (3.0 - 2.0 * s)
    return np.where(x < x1, k * np.maximum(x1 - x, 0.0) ** e - cmax * v * damping, 0.0)


def threads(n, run):
    """run() with fexpr allowed n threads."""
    previous = fexpr.set_num_threads(n)
    try:
        return run()
    finally:
        fexpr.set_num_threads(previous)


# numexpr has no IMPACT: its documented formula with where, as numpy_impact writes it.
NUMEXPR_IMPACT = (
    "where(x < 1.0, 1e5 * where(1.0 - x > 0.0, 1.0 - x, 0.0) ** 1.5 - 50.0 * v * "
    "(1.0 - where(x - 0.99 < 0.0, 0.0, where(x - 0.99 > 0.01, 1.0, (x - 0.99) / 0.01)) ** 2 * "
    "(3.0 - 2.0 * where(x - 0.99 < 0.0, 0.0, where(x - 0.99 > 0.01, 1.0, (x - 0.99) / 0.01)))), 0.0)"
)

cases = {
    "fexpr value": lambda: f.value(x=x, v=v),
    "fexpr value, 2 threads": lambda: threads(2, lambda: f.value(x=x, v=v)),
    "numexpr -10000*(x-0.5) - 25*v, 1 thread": lambda: numexpr.evaluate(TEXT),
    "fexpr gradient (TIME, x, v)": lambda: f.gradient(x=x, v=v),
    "fexpr Hessian (3 x 3)": lambda: f.hessian(x=x, v=v),
    "NumPy -10000*(x-0.5) - 25*v": lambda: -10000 * (x - 0.5) - 25 * v,
    "fexpr IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01) value": lambda: contact.value(x=x, v=v),
    "fexpr IMPACT value, 2 threads": lambda: threads(2, lambda: contact.value(x=x, v=v)),
    "NumPy IMPACT (np.where, np.clip)": lambda: numpy_impact(x, v),
    "numexpr IMPACT (where), 1 thread": lambda: numexpr.evaluate(NUMEXPR_IMPACT),
    "fexpr value, one point from Python": None,
}
times = {name: [] for name in cases}
np.testing.assert_allclose(f.value(x=x, v=v), -10000 * (x - 0.5) - 25 * v, rtol=1e-15, atol=1e-9)
np.testing.assert_allclose(contact.value(x=x, v=v), numpy_impact(x, v), rtol=1e-12, atol=1e-9)
np.testing.assert_allclose(numexpr.evaluate(NUMEXPR_IMPACT), numpy_impact(x, v), rtol=1e-12, atol=1e-9)
assert threads(2, lambda: f.value(x=x, v=v)).tobytes() == f.value(x=x, v=v).tobytes()

for _ in range(REPEATS):
    for name, run in cases.items():
        if run is None:
            start = time.perf_counter()
            for k in range(10_000):
                f.value(x=0.6, v=0.3)
            times[name].append((time.perf_counter() - start) / 10_000 * 1e9)
            continue
        start = time.perf_counter()
        run()
        times[name].append((time.perf_counter() - start) / POINTS * 1e9)

print(f"{TEXT} and IMPACT, {POINTS} points (x in [0.98, 1.01], v in [-1, 1]), median of {REPEATS}")
print("| case | ns per point |")
print("|---|---:|")
for name, samples in times.items():
    print(f"| {name} | {statistics.median(samples):.1f} |")
