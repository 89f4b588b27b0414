"""Game-free pieces for every game's bots: the levels' generic easy and look-ahead hard (levels), the bound on the skippers' caches (caches)."""
