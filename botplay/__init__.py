"""The bot protocol and the referee, below both ``bots`` (bot matches) and ``play``
(games on the site): who answers for a seat (``players``: a built-in bot in process, a
remote bot over signed HTTP, ``remote`` and ``signing``) and what a fault is and what
follows it (``refereeing``), for any game the registry plays live (its ``LivePlay``
is passed in: its engine, its bots). It imports neither app, and no model: a bot is
read through its fields (``is_remote``, ``builtin_key``, ``endpoint_url``, ...). A
move in people's words is the game's own (``LivePlay.words``)."""
