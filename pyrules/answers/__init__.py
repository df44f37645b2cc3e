"""Answers about a game: explanation trees and short answers (trees), the queries they answer (queries), the
Python API's Evaluation (evaluation), and renderings as text, HTML and Graphviz (render)."""
