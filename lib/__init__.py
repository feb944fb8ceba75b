"""The site's library, below every app: the one way of refusing (``lib.refusal``),
reading bounded JSON, the API's parsers and error answers, rate limits, push and
long-polls, compiled queries, parts built once, and the environment's readers. The
Django shell lives in ``config/``; no module here imports an app."""
