"""The examples in the package's docstrings run as doctests and print what they show, from the
repository's root, whose examples/ they read."""

import doctest

import pytest

import fexpr
import fexpr._check
import fexpr._expression
import fexpr._loads
import fexpr._model
import fexpr._threads
from conftest import SOURCE_DIR

MODULES = [fexpr, fexpr._check, fexpr._expression, fexpr._loads, fexpr._model, fexpr._threads]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_the_docstring_examples_print_what_they_show(module, monkeypatch):
    monkeypatch.chdir(SOURCE_DIR)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = [t for t in finder.find(module, globs={"fexpr": fexpr}) if t.examples]
    assert tests, f"{module.__name__} has no examples"
    report = []
    for test in tests:
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def test_every_public_function_and_class_shows_an_example():
    # a class's examples may be in its methods' docstrings
    documented = {part for m in MODULES for t in doctest.DocTestFinder().find(m) if t.examples
                  for part in t.name.split(".")}
    public = {"compile", "Expression", "Model", "load_model", "loads", "check", "check_text", "CheckResult"}
    assert public - documented == set()
