"""File I/O around the rules core: locking, backups, checks of damaged files."""
