from games.call_to_glory.bots.arena import play_series, summarize


def test_greedy_beats_random_clearly_over_forty_games():
    games = list(play_series(["greedy", "random"], 40, {"rounds": 1}, seed=100))
    summary = summarize(games)
    assert summary["greedy"]["wins"] >= 36
    assert summary["greedy"]["mean_score"] > 2 * summary["random"]["mean_score"]
