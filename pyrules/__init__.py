"""pyrules: a declarative rules knowledge base for Magic: The Gathering.

The rules are Answer Set Programming in rules/*.lp, run by clingo; this package loads a scenario, turns
it into facts, solves, and reads back typed answers with their explanations.
"""

from .api import cards, evaluate, load
from .errors import KnowledgeBaseError, PyrulesError, ScenarioError
from .explain import Node
from .model import Evaluation, ObjectState
from .render import tree_text
from .scenario import Scenario

__all__ = [
    "Evaluation", "KnowledgeBaseError", "Node", "ObjectState", "PyrulesError", "Scenario", "ScenarioError",
    "cards", "evaluate", "load", "tree_text",
]
__version__ = "0.1.0"
