"""pyrules: a declarative rules knowledge base for Magic: The Gathering.

The rules are Answer Set Programming in rules/, run by clingo; this package loads a scenario, turns it into
facts, grounds them moment by moment, and reads back typed answers with their explanations. Names are
imported on first use, so that `import pyrules` (and commands such as `pyrules cards`) start quickly.
"""

import importlib

from pyrules.errors import KnowledgeBaseError, PyrulesError, ScenarioError

__version__ = "0.2.0"

_LAZY = {
    "answer": "api", "card_report": "api", "evaluate": "api", "load": "api", "plan": "api",
    "Evaluation": "answers.evaluation", "ObjectState": "game.state", "Node": "answers.trees",
    "Scenario": "input.scenario", "tree_text": "answers.render", "tree_html": "answers.render",
    "tree_dot": "answers.render",
}

__all__ = ["Evaluation", "KnowledgeBaseError", "Node", "ObjectState", "PyrulesError", "Scenario", "ScenarioError",
           "answer", "card_report", "evaluate", "load", "plan", "tree_text", "tree_html", "tree_dot", "__version__"]


def __getattr__(name: str):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pyrules' has no attribute {name!r}")

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
