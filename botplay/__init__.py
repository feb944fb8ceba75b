"""The bot protocol and the referee, below both ``bots`` (bot matches) and ``play``
(games on the site): who answers for a seat (``players``: a built-in bot in process, a
remote bot over signed HTTP, ``remote`` and ``signing``), what a fault is and what
follows it (``refereeing``), and a move in people's words (``words``). It imports
neither app, and no model: a bot is read through its fields (``kind``,
``builtin_key``, ``endpoint_url``, ...)."""
