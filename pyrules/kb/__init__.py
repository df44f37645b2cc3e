"""The knowledge base: the rules/ tree compiled once (compile: labels, templates, shadow rules, the disk cache),
the grounding pipeline (pipeline), the words for atoms (words: the `%:` templates; vocabulary: colors and mana
symbols as terms), and reading atoms in bulk (terms)."""
