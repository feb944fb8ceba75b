"""What the play tests share."""

from tests.fixtures.worker import wait_for


def play_against_the_worker(client, game_id) -> dict:
    """Make the person's moves (the last legal move each time) until the game is over,
    waiting for the bot's turns; the final state."""
    while True:
        state = wait_for(
            lambda: (
                s
                if (s := client.get(f"/api/play/{game_id}/").json())["status"] == "finished"
                or s["legal_moves"]
                else None
            ),
            timeout=30,
            what="the bot's move",
        )
        if state["status"] == "finished":
            return state
        response = client.post(
            f"/api/play/{game_id}/moves/",
            {"move": state["legal_moves"][-1], "at": state["moves"]},
            content_type="application/json",
        )
        assert response.status_code == 200, response.content
