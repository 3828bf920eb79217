"""Forecasts from public information: standings, odds, net worth over time, the report.

Pure: no file I/O; imports only the rules core (the CLI and the store call it)."""
