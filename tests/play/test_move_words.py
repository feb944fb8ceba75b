"""The game page's moves in German and Russian are whole, grammatical phrases: every
button and every line of the log, through a game played until each pile has been
drawn from, taken from and discarded onto, is one of the phrases a native speaker
wrote (the pile declined as the sentence needs it: "vom linken Zugstapel", "auf den
linken Ablagestapel"; "из левой колоды добора", "в левую колоду сброса")."""

import re
from html import unescape

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

N = r"\d+"
NAME = r"(Pat Player|Quinn Player)"
SIDES = {"de": ("linken", "rechten"), "ru": ("левой", "правой")}
CORRECT = {
    "de": {
        "draw": [rf"Ziehe vom {side} Zugstapel" for side in SIDES["de"]],
        "take": [rf"Nimm die {N} vom {side} Ablagestapel" for side in SIDES["de"]],
        "discard": [rf"Wirf eine {N} auf den {side} Ablagestapel ab" for side in SIDES["de"]],
        "lay": [rf"Lege {N} Karten mit dem Wert {N} aus"],
        "pile": [rf"Lege die verdrängten {N} × {N} auf den {s} Ablagestapel" for s in SIDES["de"]],
        "end": ["Meinen Spielzug beenden"],
        "drew": [rf"{NAME} zog vom {side} Zugstapel" for side in SIDES["de"]],
        "took": [rf"{NAME} nahm eine Karte vom {side} Ablagestapel" for side in SIDES["de"]],
        "discarded": [rf"{NAME} warf eine {N} auf den {s} Ablagestapel ab" for s in SIDES["de"]],
        "laid": [rf"{NAME} legte {N} Karten mit dem Wert {N} aus"],
        "piled": [
            rf"{NAME} legte die verdrängten Karten auf den {side} Ablagestapel"
            for side in SIDES["de"]
        ],
    },
    "ru": {
        "draw": ["Взять карту из левой колоды добора", "Взять карту из правой колоды добора"],
        "take": [rf"Взять {N} из {side} колоды сброса" for side in SIDES["ru"]],
        "discard": [rf"Сбросить {N} в (левую|правую) колоду сброса"],
        "lay": [
            rf"Выложить [234] карты достоинством {N}",
            rf"Выложить ([5-9]|1\d|20) карт достоинством {N}",
        ],
        "pile": [rf"Положить вытесненные {N} × {N} в (левую|правую) колоду сброса"],
        "end": ["Закончить мой ход"],
        "drew": [rf"{NAME} берёт карту из (левой|правой) колоды (добора|сброса)"],
        "took": [],
        "discarded": [rf"{NAME} сбрасывает {N} в (левую|правую) колоду сброса"],
        "laid": [
            rf"{NAME} выкладывает [234] карты достоинством {N}",
            rf"{NAME} выкладывает ([5-9]|1\d|20) карт достоинством {N}",
        ],
        "piled": [rf"{NAME} кладёт вытесненные карты в (левую|правую) колоду сброса"],
    },
}
REQUIRED = {"draw", "take", "discard", "lay", "drew", "discarded", "laid"}
BUTTON = re.compile(r'<button type="submit"[^>]*data-move="([^"]+)">([^<]*)</button>')
LOG_LINE = re.compile(r"<li data-move-number[^>]*>([^<]*)</li>")


def said(language: str, text: str) -> str | None:
    """The kind of phrase ``text`` is, or None when it is none of the correct ones."""
    for kind, phrases in CORRECT[language].items():
        if any(re.fullmatch(phrase, text) for phrase in phrases):
            return kind
    return None


def next_move(legal: list[str], tried: set[str]) -> str:
    """A lay when there is one (lays displace sets), else a pile not tried yet, else
    the first move."""
    lays = [m for m in legal if " lay " in m]
    fresh = [m for m in legal if m.split(" ", 1)[1] not in tried]
    return (lays or fresh or legal)[0]


@pytest.mark.parametrize("language", ["de", "ru"])
def test_every_move_label_and_log_line_is_a_correct_phrase(language, start, player, other_player):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    clients = []
    for person in (player, other_player):
        clients.append(Client(headers={"accept-language": language}))
        clients[-1].force_login(person)
    kinds, wrong, tried = set(), [], set()
    while not REQUIRED <= kinds:
        states = [(c, c.get(f"/api/play/{game_id}/").json()) for c in clients]
        assert states[0][1]["status"] == "playing", f"the game ended; seen only {kinds}"
        mover, state = next((c, s) for c, s in states if s["legal_moves"])
        page = mover.get(f"/play/{game_id}/board/").content.decode()
        texts = [unescape(label) for _, label in BUTTON.findall(page)]
        texts += [unescape(line) for line in LOG_LINE.findall(page)]
        for text in texts:
            kind = said(language, text)
            kinds.add(kind)
            if kind is None:
                wrong.append(text)
        move = next_move(state["legal_moves"], tried)
        tried.add(move.split(" ", 1)[1])
        response = mover.post(
            f"/api/play/{game_id}/moves/",
            {"move": move, "at": state["moves"]},
            content_type="application/json",
        )
        assert response.status_code == 200, response.content
    assert not wrong, f"not a correct {language} phrase: {wrong}"


def test_the_phrases_of_the_old_pages_are_not_correct():
    assert said("de", "Ziehe von der linke Zugstapel") is None
    assert said("de", "Wirf eine 6 auf der linke Ablagestapel ab") is None
    assert said("ru", "Тянуть из: левая колода раздачи") is None
    assert said("de", "Ziehe vom linken Zugstapel") == "draw"
