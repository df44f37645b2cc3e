"""pyrules/data/scenario.schema.json is the scenario format's JSON Schema for users and their editors: made from
the one declaration of the format (pyrules.input.schema.json_schema, the schema pyrules validates with), never
written by hand. Regenerate it with PYRULES_UPDATE_SCHEMA=1 pytest tests/test_schema_file.py."""

import json
import os
from pathlib import Path

from pyrules.input.schema import json_schema

FILE = Path(__file__).resolve().parent.parent / "pyrules" / "data" / "scenario.schema.json"


def test_the_shipped_schema_is_the_one_pyrules_validates_with():
    text = json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
    if os.environ.get("PYRULES_UPDATE_SCHEMA"):
        FILE.write_text(text, encoding="utf-8")
    assert FILE.read_text(encoding="utf-8") == text, "regenerate it: PYRULES_UPDATE_SCHEMA=1 pytest tests/test_schema_file.py"
