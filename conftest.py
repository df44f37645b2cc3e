"""The rule cases (tests/rulecases.py): the YAML files under tests/rules/ and the examples' `expect:` blocks are
collected as tests. (At the root, so that the examples in examples/ are collected too.)"""

from tests.rulecases import collect


def pytest_collect_file(file_path, parent):
    return collect(file_path, parent)
