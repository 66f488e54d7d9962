"""What the public functions accept, checked where Python hands it over: a wrong type is a
TypeError naming the parameter and the type received, never a NaN, a string read as a number or
pybind11's list of C++ signatures."""

import numbers
import os

import numpy as np
import numpy.typing as npt


def received(value: object) -> str:
    return "None" if value is None else type(value).__name__


def text(parameter: str, value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{parameter} must be a str, not {received(value)}")
    return value


def path(parameter: str, value: object) -> str:
    """A str or an os.PathLike whose path is a str (pathlib.Path), as a str."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise TypeError(f"{parameter} must be a path (str or os.PathLike), not {received(value)}")
    return value


def integer(parameter: str, value: object) -> int:
    if not isinstance(value, numbers.Integral) or isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{parameter} must be an int, not {received(value)}")
    return int(value)


def number(parameter: str, value: object) -> float:
    """A real number (int, float, a NumPy scalar, ...), not a bool."""
    if not isinstance(value, numbers.Real) or isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{parameter} must be a number, not {received(value)}")
    return float(value)


def array(parameter: str, value: object) -> npt.NDArray[np.float64]:
    """A number or anything NumPy reads as an array of integers or floats, as float64; strings,
    None, booleans and other objects are refused rather than converted."""
    if isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)):
        return np.asarray(float(value))
    if not isinstance(value, (str, bytes)) and value is not None:
        a = np.asarray(value)
        if a.dtype.kind in "iuf":
            return a.astype(np.float64, copy=False)
        given = f"{received(value)} of {a.dtype.type.__name__}" if a.ndim else received(value)
    else:
        given = received(value)
    raise TypeError(f"{parameter} must be a number or an array of numbers, not {given}")
