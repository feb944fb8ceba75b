from tests.tournaments.bgstats_files import club_season  # noqa: F401
