"""python -m pyrules: the same as the `pyrules` command."""

from .cli import main

main()
