"""The short messages a chat channel gets (Discord, Slack, Mattermost, any incoming
webhook), in the hook's language, from a delivery's payload."""

from django.utils import translation
from django.utils.translation import gettext as _

from integrations import conf
from integrations.models import Topic

CHAT_TOPICS = {
    Topic.ROUND_PAIRED,
    Topic.ROUND_PUBLISHED,
    Topic.RESULT_OFFICIAL,
    Topic.RESULT_OVERRIDDEN,
    Topic.EVENT_FINISHED,
    Topic.TEST,
}


def pairings(data: dict) -> str:
    lines = [
        _("%(event)s: round %(round)s is paired.")
        % {"event": data["event"]["name"], "round": data["round"]}
    ]
    for table in data["tables"]:
        if table["bye"]:
            lines.append(_("Bye: %(name)s") % {"name": ", ".join(table["seats"])})
        else:
            lines.append(
                _("Table %(table)s: %(names)s")
                % {"table": table["table"], "names": " – ".join(table["seats"])}
            )
    return "\n".join(lines)


def result(data: dict) -> str:
    where = {"event": data["event"]["name"], "round": data["round"], "table": data["table"]}
    if data["void"]:
        return _("%(event)s, round %(round)s, table %(table)s: the game counts for nobody.") % where
    places = ", ".join(
        _("%(place)s. %(name)s (%(score)s)") % seat
        for seat in sorted(data["seats"], key=lambda seat: seat["place"])
    )
    if data["overridden"]:
        return _("%(event)s, round %(round)s, table %(table)s, corrected: %(places)s") % {
            **where,
            "places": places,
        }
    return _("%(event)s, round %(round)s, table %(table)s: %(places)s") % {
        **where,
        "places": places,
    }


def final_standings(data: dict) -> str:
    lines = [_("%(event)s is finished. The final standings:") % {"event": data["event"]["name"]}]
    for row in data["standings"]:
        lines.append(
            _("%(rank)s. %(name)s (points: %(points)s)")
            % {"rank": row["rank"], "name": row["name"], "points": f"{row['points']:g}"}
        )
    return "\n".join(lines)


def message(topic: str, data: dict, language: str) -> str:
    """The message for ``topic`` in ``language``, cut to what a chat takes."""
    with translation.override(language):
        if topic in (Topic.ROUND_PAIRED, Topic.ROUND_PUBLISHED):
            text = pairings(data)
        elif topic in (Topic.RESULT_OFFICIAL, Topic.RESULT_OVERRIDDEN):
            text = result(data)
        elif topic == Topic.EVENT_FINISHED:
            text = final_standings(data)
        else:
            text = _("A test from Leaguewright: this channel will get the news of %(name)s.") % {
                "name": data["name"]
            }
    limit = conf.CHAT_MESSAGE_LIMIT
    return text if len(text) <= limit else text[: limit - 1] + "…"


def chat_body(text: str) -> dict:
    """Discord reads ``content``; Slack, Mattermost and Rocket.Chat read ``text``."""
    return {"content": text, "text": text}
