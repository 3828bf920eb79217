"""The game's data as TOML, shipped inside the package as ``rigs_helper.tables``."""
