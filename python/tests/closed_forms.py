"""The Adams functions the tests need, written out from their documented formulas."""

import math


def step(x, x0, h0, x1, h1):
    """STEP: h0 before x0, h1 after x1, the cubic h0 + (h1-h0) s^2 (3-2s) between."""
    if x <= x0:
        return h0
    if x >= x1:
        return h1
    s = (x - x0) / (x1 - x0)
    return h0 + (h1 - h0) * s * s * (3 - 2 * s)


def step_slope(x, x0, h0, x1, h1):
    if x <= x0 or x >= x1:
        return 0.0
    s = (x - x0) / (x1 - x0)
    return (h1 - h0) * 6 * s * (1 - s) / (x1 - x0)


def impact(x, v, x1, k, e, cmax, d):
    """IMPACT: 0 when x >= x1, else k (x1-x)^e - cmax v STEP(x, x1-d, 1, x1, 0)."""
    if x >= x1:
        return 0.0
    return k * (x1 - x) ** e - cmax * v * step(x, x1 - d, 1, x1, 0)


def impact_gradient(x, v, x1, k, e, cmax, d):
    """(dF/dx, dF/dv) of IMPACT."""
    if x >= x1:
        return 0.0, 0.0
    damping = step(x, x1 - d, 1, x1, 0)
    return (-k * e * (x1 - x) ** (e - 1) - cmax * v * step_slope(x, x1 - d, 1, x1, 0),
            -cmax * damping)


def close(a, b, rel=1e-12, abs_=1e-9):
    return math.isclose(a, b, rel_tol=rel, abs_tol=abs_)
