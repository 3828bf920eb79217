"""Files: reading and writing game files, sheets and tables."""
