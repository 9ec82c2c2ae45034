"""The game-agnostic search engine: every solver works on :class:`Game` only."""
