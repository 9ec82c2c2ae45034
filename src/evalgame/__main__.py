"""``python -m evalgame`` runs the command line."""

from evalgame.cli import main

if __name__ == "__main__":
    main()
