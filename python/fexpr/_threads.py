"""How many threads an array evaluation may use."""

from fexpr import _fexpr


def set_num_threads(n: int) -> int:
    """Let array evaluations use up to n threads (1 when fexpr is imported); returns the previous n.

    Arrays of at least 16,384 points per thread are shared among the threads, a contiguous
    share each. Every point is evaluated as it is alone, so the results are the same bits
    whatever n is, and an error names the first point that fails, as with one thread.

        >>> import fexpr, numpy
        >>> f = fexpr.compile("STEP(x, 0, 0, 1, 5)*SIN(10*x)", variables=["x"])
        >>> x = numpy.linspace(0, 2, 100_000)
        >>> alone = f.value(x=x)
        >>> previous = fexpr.set_num_threads(2)
        >>> bool((f.value(x=x) == alone).all())
        True
        >>> fexpr.set_num_threads(previous)
        2
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"set_num_threads takes an int, not {type(n).__name__}")
    return _fexpr.set_num_threads(n)


def get_num_threads() -> int:
    """The number of threads array evaluations may use (set_num_threads).

        >>> import fexpr
        >>> fexpr.get_num_threads()
        1
    """
    return _fexpr.num_threads()
