"""A rules profile as the profile page's form posts it (every field, as typed)."""

from games.registered.call_to_adventure.profile_form import initial_of


def posted(profile: dict, **changes) -> dict:
    data = {key: "" if value is None else str(value) for key, value in initial_of(profile).items()}
    return {**data, **{key: str(value) for key, value in changes.items()}}
