"""Reading scenario documents (YAML or JSON text) into plain Python data, before any validation.

A placeholder until the hardened loader lands: parse_text is the one entry point every caller (files,
stdin, the service, batches) goes through."""

from __future__ import annotations

from typing import Any

import yaml

from .errors import ScenarioError


def parse_text(text: str, name: str = "<scenario>") -> Any:
    """YAML (JSON is YAML too) text -> data; a ScenarioError naming the document when it can't be read."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        first = " ".join(s.strip() for s in str(exc).strip().splitlines())
        raise ScenarioError("scenario", f"{name} is not valid YAML: {first}") from None
