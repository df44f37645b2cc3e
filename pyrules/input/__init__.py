"""What users give pyrules: a scenario file read safely (document), measured against limits, checked against
the one declaration of its format (schema) and its references (scenario), with its timeline's actions
(actions). Nothing here decides anything about the game."""
