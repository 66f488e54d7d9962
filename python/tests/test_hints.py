"""Compile errors tell a Python user what to pass to fexpr.compile, not the fexpr program's options."""

import pytest

import fexpr


def test_a_function_of_a_model_names_the_model_argument():
    with pytest.raises(fexpr.CompileError) as caught:
        fexpr.compile("DM(2, 1)")
    assert caught.value.message == "DM needs a model; pass model=fexpr.load_model(PATH) to fexpr.compile"


def test_an_unknown_name_names_the_variables_argument():
    with pytest.raises(fexpr.CompileError) as caught:
        fexpr.compile("x + 1")
    assert caught.value.message == "unknown name 'x'; name it in variables= of fexpr.compile"
