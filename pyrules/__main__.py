"""python -m pyrules: the same as the `pyrules` command."""

from pyrules.apps.cli import main

main()
