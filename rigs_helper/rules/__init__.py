"""The rules core (pure: no I/O)."""
