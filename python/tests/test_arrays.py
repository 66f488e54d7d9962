"""Evaluation over NumPy arrays: the same numbers as evaluation point by point, broadcast like
NumPy, and run without holding the GIL."""

import contextlib
import threading
import time

import numpy as np
import pytest

import fexpr

EXPRESSIONS = [
    "-10000*(x-0.5) - 25*v",
    "IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01)",
    "STEP(TIME, 0, 0, 1, 100) * x + v**2",
    "IF(x - 0.5: -v, 0, v*TIME) + SIN(x*TIME)",
]


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_arrays_give_what_each_point_gives(text):
    f = fexpr.compile(text, variables=["x", "v"])
    rng = np.random.default_rng(17)
    x = rng.uniform(0.0, 1.2, size=40)
    v = rng.uniform(-2.0, 2.0, size=40)
    t = np.linspace(-0.5, 1.5, 40)
    values = f.value(x=x, v=v, time=t)
    gradient = f.gradient(x=x, v=v, time=t)
    hessian = f.hessian(x=x, v=v, time=t)
    for k in range(40):
        point = dict(x=float(x[k]), v=float(v[k]), time=float(t[k]))
        assert values[k] == f.value(**point)
        for name, d in f.gradient(**point).items():
            assert gradient[name][k] == d
        for pair, d in f.hessian(**point).items():
            assert hessian[pair][k] == d


def test_inputs_broadcast_like_numpy():
    f = fexpr.compile("x - 10*v", variables=["x", "v"])
    x = np.array([1.0, 2.0, 3.0])
    v = np.array([[0.0], [1.0]])
    values = f.value(x=x, v=v)
    assert values.shape == (2, 3)
    np.testing.assert_array_equal(values, x - 10 * v)
    gradient = f.gradient(x=x, v=v)
    assert gradient["x"].shape == (2, 3)
    np.testing.assert_array_equal(gradient["v"], np.full((2, 3), -10.0))


def test_lists_integers_and_strided_views_are_read_as_float_arrays():
    f = fexpr.compile("x/2", variables=["x"])
    np.testing.assert_array_equal(f.value(x=[1, 2, 3]), [0.5, 1.0, 1.5])
    every_other = np.arange(10.0)[::2]
    np.testing.assert_array_equal(f.value(x=every_other), every_other / 2)


def test_an_empty_array_gives_an_empty_result():
    f = fexpr.compile("x + 1", variables=["x"])
    assert f.value(x=np.array([])).shape == (0,)


def test_a_million_points_of_the_spring_damper():
    f = fexpr.compile("-10000*(x-0.5) - 25*v", variables=["x", "v"])
    x = np.linspace(0.0, 1.0, 1_000_000)
    v = np.linspace(-1.0, 1.0, 1_000_000)
    np.testing.assert_allclose(f.value(x=x, v=v), -10000 * (x - 0.5) - 25 * v, rtol=1e-15, atol=1e-10)


def test_the_gil_is_released_while_the_loop_runs():
    f = fexpr.compile("SQRT(x) * EXP(-x) + SIN(x)**2", variables=["x"])
    x = np.linspace(0.1, 1.0, 2_000_000)
    inputs = [np.asarray(a, dtype=np.float64).reshape(-1) for a in (0.0, 4.0, x)]
    window = {}

    def evaluate():
        window["begin"] = time.perf_counter()
        f._compiled.over_columns(2, inputs, x.size)
        window["end"] = time.perf_counter()

    worker = threading.Thread(target=evaluate)
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.perf_counter())
    worker.join()
    begin, end = window["begin"], window["end"]
    assert end - begin > 0.05, "the loop was too short to tell"
    # Holding the GIL, the loop would let this thread run no Python at all between its ends.
    middle = [t for t in ticks if begin + 0.25 * (end - begin) < t < begin + 0.75 * (end - begin)]
    assert middle


def test_threads_evaluating_one_expression_at_once_agree_with_one_thread():
    f = fexpr.compile("IMPACT(x, v, 1, 1E5, 1.5, 50, 0.01) + STEP(TIME, 0, 0, 1, 10)", variables=["x", "v"])
    rng = np.random.default_rng(4)
    inputs = [dict(x=rng.uniform(0.95, 1.02, 200_000), v=rng.uniform(-1, 1, 200_000), time=rng.uniform(0, 1, 200_000))
              for _ in range(4)]
    expected = [f.gradient(**i) for i in inputs]
    results = [None] * 4

    def evaluate(k):
        results[k] = f.gradient(**inputs[k])

    threads = [threading.Thread(target=evaluate, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for got, want in zip(results, expected):
        for name in want:
            np.testing.assert_array_equal(got[name], want[name])


@pytest.fixture
def two_threads():
    with fexpr_threads(2):
        yield


@contextlib.contextmanager
def fexpr_threads(n):
    previous = fexpr.set_num_threads(n)
    try:
        yield
    finally:
        fexpr.set_num_threads(previous)


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_several_threads_give_the_bits_of_one(text, two_threads):
    # 100,000 points: three shares of at least 16,384 points each would be allowed, two are used.
    f = fexpr.compile(text, variables=["x", "v"])
    rng = np.random.default_rng(5)
    x = rng.uniform(0.0, 1.2, size=100_000)
    v = rng.uniform(-2.0, 2.0, size=100_000)
    t = np.linspace(-0.5, 1.5, 100_000)
    many = (f.value(x=x, v=v, time=t), f.gradient(x=x, v=v, time=t))
    with fexpr_threads(1):
        one = (f.value(x=x, v=v, time=t), f.gradient(x=x, v=v, time=t))
    assert many[0].tobytes() == one[0].tobytes()
    for name in one[1]:
        assert many[1][name].tobytes() == one[1][name].tobytes()


def test_several_threads_report_the_first_point_that_fails(two_threads):
    # LOG(x) fails at x <= 0: at points 70,000 (the second share) and 90,000; with both shares
    # failing, at 10,000 (the first share) too.
    f = fexpr.compile("LOG(x)", variables=["x"])
    x = np.ones(100_000)
    x[[70_000, 90_000]] = 0.0
    with pytest.raises(fexpr.EvaluationError) as second:
        f.value(x=x)
    assert second.value.point == 70_000
    x[10_000] = -1.0
    with pytest.raises(fexpr.EvaluationError) as first:
        f.gradient(x=x)
    assert first.value.point == 10_000


def test_set_num_threads_takes_a_positive_int():
    assert fexpr.get_num_threads() == 1
    with pytest.raises(TypeError):
        fexpr.set_num_threads(2.0)
    with pytest.raises(TypeError):
        fexpr.set_num_threads(True)
    with pytest.raises(fexpr.InputError, match="at least 1, not 0"):
        fexpr.set_num_threads(0)
    assert fexpr.get_num_threads() == 1
