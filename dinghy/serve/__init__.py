"""`dinghy serve`: tables in a browser. :mod:`store` keeps them (SQLite), :mod:`tables`
plays them (the engine's rules, the bots, what each seat may see), :mod:`app` serves
them (Starlette, uvicorn, websockets) with one static page and one script (``static/``).
Only this package imports the web libraries (the ``serve`` extra)."""
