"""The Race the Wind skippers: the navigator (default) and the hard one."""
