"""The 3M Regatta skippers (basic and advanced): the navigator (default), the hard one and the legs-to-go field they weigh plans with."""
