import pytest

from games.call_to_adventure import example_catalogue


@pytest.fixture(scope="session")
def catalogue():
    """The shipped catalogue of INVENTED cards."""
    return example_catalogue()
