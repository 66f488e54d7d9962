"""Every failure is a fexpr.Error subclass carrying what went wrong and where."""

import math

import numpy as np
import pytest

import fexpr


def test_the_classes_form_one_hierarchy():
    for cls in (fexpr.CompileError, fexpr.EvaluationError, fexpr.ModelError, fexpr.InputError):
        assert issubclass(cls, fexpr.Error)
    assert issubclass(fexpr.InputError, ValueError)


def test_a_syntax_error_carries_line_column_and_the_caret():
    with pytest.raises(fexpr.CompileError) as caught:
        fexpr.compile("1 + (2 * 3")
    e = caught.value
    # the text ends after column 10; the error points just past it
    assert (e.code, e.line, e.column) == ("syntax", 1, 11)
    assert e.message.startswith("expected ')' to close '(' opened at 1:5")
    assert str(e).splitlines() == [
        "<expression>:1:11: error: " + e.message,
        "1 + (2 * 3",
        " " * 10 + "^",
    ]


def test_an_error_on_the_second_line_says_line_2():
    with pytest.raises(fexpr.CompileError) as caught:
        fexpr.compile("1 +\n  STPE(TIME, 0, 0, 1, 1)")
    e = caught.value
    # the name STPE: columns 3 to 6, the end one past it
    assert (e.code, e.line, e.column, e.end_line, e.end_column) == ("name", 2, 3, 2, 7)
    assert "did you mean STEP?" in e.message


def test_wrong_argument_count():
    with pytest.raises(fexpr.CompileError) as caught:
        fexpr.compile("STEP(TIME, 0, 1)")
    assert (caught.value.code, caught.value.column) == ("arity", 1)


def test_a_name_that_was_not_declared_is_a_compile_error():
    with pytest.raises(fexpr.CompileError) as caught:
        fexpr.compile("x + y", variables=["x"])
    assert (caught.value.code, caught.value.line, caught.value.column) == ("name", 1, 5)


def test_a_kinematic_function_without_a_model():
    with pytest.raises(fexpr.CompileError) as caught:
        fexpr.compile("DX(2, 1)")
    assert caught.value.code == "needs-model"


def test_an_evaluation_error_points_at_the_failing_operation():
    f = fexpr.compile("1 + SQRT(x - 2)", variables=["x"])
    with pytest.raises(fexpr.EvaluationError) as caught:
        f.value(x=1.0)
    e = caught.value
    assert (e.code, e.line, e.column) == ("domain", 1, 5)
    assert e.message == "SQRT of a negative number"
    # one point: no place in an array
    assert (e.point, e.index) == (None, None)


def test_division_by_zero_is_an_error_not_an_infinity():
    f = fexpr.compile("1/x", variables=["x"])
    with pytest.raises(fexpr.EvaluationError):
        f.value(x=0.0)
    with pytest.raises(fexpr.EvaluationError):
        f.gradient(x=np.array([1.0, 0.0]))


def test_a_nan_input_is_refused():
    f = fexpr.compile("x", variables=["x"])
    with pytest.raises(fexpr.EvaluationError):
        f.value(x=math.nan)
    with pytest.raises(fexpr.EvaluationError):
        f.value(x=np.array([1.0, 2.0, np.inf]))


def test_an_array_error_says_which_point_failed():
    f = fexpr.compile("LOG(x)", variables=["x"])
    x = np.array([[1.0, 2.0, 3.0], [4.0, -1.0, 6.0]])
    with pytest.raises(fexpr.EvaluationError) as caught:
        f.value(x=x)
    assert caught.value.point == 4
    assert tuple(int(i) for i in caught.value.index) == (1, 1)
    assert caught.value.column == 1


def test_an_array_error_past_the_first_chunk_of_points_says_which_point_failed():
    # Values are evaluated 256 points at a time: the index counts from the first point.
    f = fexpr.compile("LOG(x)", variables=["x"])
    x = np.ones(1000)
    x[700] = -1.0
    with pytest.raises(fexpr.EvaluationError) as caught:
        f.value(x=x)
    assert caught.value.point == 700
    x[700] = 1.0
    assert (f.value(x=x) == 0.0).all()


def test_a_missing_variable_raises():
    f = fexpr.compile("x + v", variables=["x", "v"])
    with pytest.raises(fexpr.InputError, match="missing variable 'v'"):
        f.value(x=1.0)


def test_an_unknown_keyword_raises_and_lists_the_variables():
    f = fexpr.compile("x", variables=["x"])
    with pytest.raises(fexpr.InputError, match="unknown variable 'y'.*x"):
        f.value(x=1.0, y=2.0)


def test_a_name_given_twice_in_two_cases_raises():
    f = fexpr.compile("x", variables=["x"])
    with pytest.raises(fexpr.InputError, match="given twice"):
        f.value(x=1.0, X=2.0)


def test_a_reserved_name_cannot_be_a_variable():
    with pytest.raises(fexpr.InputError, match="reserved"):
        fexpr.compile("PI", variables=["pi"])


def test_the_derivative_order_is_checked_where_the_module_is_called_directly():
    f = fexpr.compile("x", variables=["x"])
    with pytest.raises(fexpr.InputError, match="order is 0, 1 or 2"):
        f._compiled.at_point(3, [0.0, 4.0, 1.0])
    with pytest.raises(fexpr.InputError, match="2 inputs for TIME, MODE and 1 variables"):
        f._compiled.at_point(0, [0.0, 4.0])


def test_an_input_error_has_no_place():
    f = fexpr.compile("x", variables=["x"])
    with pytest.raises(fexpr.InputError) as caught:
        f.value()
    assert (caught.value.code, caught.value.line, caught.value.column) == ("input", None, None)
