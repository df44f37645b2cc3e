"""The rule cases (tests/rulecases.py): the YAML files under tests/rules/ and the examples' `expect:` blocks are
collected as tests. (At the root, so that the examples in examples/ are collected too.)"""

from tests.rulecases import collect


def pytest_collect_file(file_path, parent):
    return collect(file_path, parent)


def pytest_collection_modifyitems(config, items):
    """The files with tests marked slow first, each file's tests kept together (a module's fixtures are set up
    once) and in their order (a stable sort: the same order in every worker): pytest-xdist hands tests out in that
    order, so the longest ones start early instead of leaving one worker running them alone at the end."""
    slow = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.path not in slow)
