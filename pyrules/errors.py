"""Errors pyrules reports to its users."""


class PyrulesError(Exception):
    """Base class of every error pyrules raises on purpose."""


class ScenarioError(PyrulesError):
    """Bad input: the scenario (or a command-line argument) breaks the interface. Exit code 2."""

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)


class KnowledgeBaseError(PyrulesError):
    """The knowledge base itself is broken (an unlabelled rule, more than one answer set, ...)."""
