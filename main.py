"""Formula D from a checkout: ``python main.py`` starts the game; ``python main.py --help`` lists the tools.

The installed game is the ``formula-d`` command; both run ``game.main.main``.
"""

import sys

from game.main import main

if __name__ == "__main__":
    sys.exit(main(prog="main.py"))
