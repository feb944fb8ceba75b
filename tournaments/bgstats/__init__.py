"""BG Stats files in and out of a league (docs/bgstats.md maps them field by field).

BG Stats, the app players log their plays with, exports a JSON file of ``players``,
``locations``, ``games`` (with BoardGameGeek's ``bggId``) and ``plays`` (each with its
``uuid``, ``playDate``, ``gameRefId`` and ``playerScores``). ``export`` writes a
league's confirmed results as such a file; ``reading`` checks a file sent to the site;
``players`` matches its players to the league's people; ``importing`` takes its plays
into the league's open season as confirmed results, with a report by play.
"""
