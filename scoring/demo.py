"""Demo data of this app, loaded by ``manage.py load_demo`` after the tournaments'."""


def load_demo() -> str:
    return "nothing yet"
