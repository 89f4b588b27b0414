"""The Gigamic Regatta skippers: greedy (default) and hard."""
