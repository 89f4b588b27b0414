"""The Yacht Race skippers: the pilot (default) and the hard one."""
