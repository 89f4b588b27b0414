"""Game-free bots over the game interface alone: the levels' generic easy and look-ahead hard."""
