"""A table's stored explanation (data from the format) as sentences for the round page."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.formats.double_elimination import GRAND_FINAL, LOSERS, RESET, WINNERS
from tournaments.formats.spread import SPREAD_GROUPS, SPREAD_REPEATS


def design_name(design: str) -> str:
    """A round robin's design (as the format names it) in people's words."""
    known = {
        "circle": _("the circle method, every pair once"),
        "affine plane of order 3": _("an affine plane, every pair exactly once"),
        "affine plane of order 4": _("an affine plane, every pair exactly once"),
        "Kirkman triple system": _("a Kirkman triple system, every pair exactly once"),
        "resolvable design of fours": _("a resolvable design, every pair exactly once"),
        "searched": _("searched for the fewest repeat meetings"),
    }
    return known.get(design, design)


def bracket_line(explanation: dict) -> str:
    stage, number = explanation["bracket"], explanation.get("bracket_round")
    if stage == GRAND_FINAL:
        return _("Grand final: the winners' bracket champion meets the losers' bracket one.")
    if stage == RESET:
        return _("Bracket reset: both finalists have lost once; this game decides.")
    if explanation.get("final"):
        return {
            WINNERS: _("Winners' bracket final: the winner stays unbeaten."),
            LOSERS: _("Losers' bracket final: the winner plays the grand final."),
        }[stage]
    stay = explanation.get("stay", 1)
    if stage == WINNERS:
        return _(
            "Winners' bracket, round %(n)s: the top %(stay)s stay, the others drop to the "
            "losers' bracket."
        ) % {"n": number, "stay": stay}
    return _("Losers' bracket, round %(n)s: the top %(stay)s stay, the others are out.") % {
        "n": number,
        "stay": stay,
    }


def met_again_words(times: int) -> str:
    if not times:
        return _("%(a)s and %(b)s meet again: %(why)s.")
    return ngettext(
        "%(a)s and %(b)s meet again (met %(n)s time before): %(why)s.",
        "%(a)s and %(b)s meet again (met %(n)s times before): %(why)s.",
        times,
    )


def starts_words(times: int) -> str:
    if not times:
        return _("%(name)s starts (for the first time).")
    return ngettext(
        "%(name)s starts (had started %(n)s time before).",
        "%(name)s starts (had started %(n)s times before).",
        times,
    )


def explanation_lines(explanation: dict, names: dict) -> list[str]:
    """The sentences, in order: how the table came to be, its score group, its
    meetings, its seats."""
    if explanation.get("bye"):
        return [_("Bye: an odd count left one entrant without a table this round.")]

    def name(key):
        return names.get(key) or names.get(int(key)) or str(key)

    return [
        *team_lines(explanation, names),
        *how_paired_lines(explanation),
        *score_group_lines(explanation, name),
        *meeting_lines(explanation, name),
        *seat_lines(explanation, name),
    ]


def team_lines(explanation: dict, names: dict) -> list[str]:
    """A team Swiss's table: its match and board, and whether its teams met before
    (``names`` holds the teams' names under ``"team:<key>"``)."""
    if "team_match" not in explanation:
        return []

    def team(key) -> str:
        return names.get(f"team:{key}", str(key))

    lines = [
        _("Team match %(n)s, board %(board)s: %(teams)s.")
        % {
            "n": explanation["team_match"],
            "board": explanation["board"],
            "teams": ", ".join(team(k) for k in explanation["teams"]),
        }
    ]
    for a, b in explanation.get("teams_met_before") or []:
        lines.append(
            _("%(a)s and %(b)s met before: no pairing of the teams without it was found.")
            % {"a": team(a), "b": team(b)}
        )
    if not explanation.get("teams_met_before") and len(explanation["teams"]) > 1:
        lines.append(_("These teams have not met before."))
    return lines


def how_paired_lines(explanation: dict) -> list[str]:
    """The schedule, the cut, the bracket, the ladder, the heat or the final."""
    lines = []
    if "design" in explanation:
        lines.append(_("Schedule: %(design)s.") % {"design": design_name(explanation["design"])})
        if explanation.get("schedule_repeats"):
            repeats = explanation["schedule_repeats"]
            lines.append(
                ngettext(
                    "The whole schedule has %(n)s repeat meeting: no design fits this field.",
                    "The whole schedule has %(n)s repeat meetings: no design fits this field.",
                    repeats,
                )
                % {"n": repeats}
            )
    if "cut" in explanation:
        lines.append(
            _("Knockout of the top %(n)s of the Swiss, seeded by their rank.")
            % {"n": explanation["cut"]}
        )
    if "bracket" in explanation:
        lines.append(bracket_line(explanation))
    if explanation.get("ladder"):
        lines.append(_("Neighbours on the ladder."))
    if "heat" in explanation:
        lines.append(
            _("Heat %(heat)s: the top %(advance)s go through.")
            % {"heat": explanation["heat"], "advance": explanation["advance"]}
        )
    if explanation.get("final") and "bracket" not in explanation:
        lines.append(_("Final table."))
    return lines


def score_group_lines(explanation: dict, name) -> list[str]:
    """The table's score group, who was pulled up into it, and why points differ."""
    lines = []
    group = explanation.get("score_group")
    if group:
        lines.append(
            _("Score group %(group)s (points %(low)s to %(high)s).")
            % {"group": group["group"], "low": group["low"], "high": group["high"]}
        )
    if explanation.get("pulled_up"):
        lines.append(
            _("Pulled up from a lower group: %(names)s.")
            % {"names": ", ".join(name(k) for k in explanation["pulled_up"])}
        )
    reason = explanation.get("spread_reason")
    if reason == SPREAD_GROUPS:
        lines.append(_("Points differ here because the score groups do not fill whole tables."))
    elif reason == SPREAD_REPEATS:
        lines.append(
            _("Points differ more than the standings alone need, so that nobody meets again.")
        )
    return lines


def meeting_lines(explanation: dict, name) -> list[str]:
    """Who meets again and why, or that nobody does; two of one club at the table."""
    lines = []
    forced = explanation.get("repeats_forced") or []
    for repeat in forced:
        a, b = repeat["pair"]
        lines.append(
            met_again_words(repeat["met_before"])
            % {
                "a": name(a),
                "b": name(b),
                "n": repeat["met_before"],
                "why": _("no seating without it was found"),
            }
        )
    if "repeats_forced" in explanation and not forced:
        lines.append(_("Nobody at this table has met before."))
    for clash in explanation.get("same_club") or []:
        a, b = clash["pair"]
        lines.append(
            _(
                "%(a)s and %(b)s, both of %(club)s, share this table: no seating found kept "
                "them apart without a repeat meeting."
            )
            % {"a": name(a), "b": name(b), "club": clash["club"]}
        )
    return lines


def seat_lines(explanation: dict, name) -> list[str]:
    """Who the organiser fixed at the table, who starts, and seats changed by hand."""
    lines = []
    if explanation.get("fixed_table"):
        lines.append(
            _("Kept at this table every round by the organiser: %(names)s.")
            % {"names": ", ".join(name(k) for k in explanation["fixed_table"])}
        )
    seats = explanation.get("seat_balance")
    if seats:
        lines.append(
            starts_words(seats["started_before"])
            % {"name": name(seats["starter"]), "n": seats["started_before"]}
        )
    if explanation.get("swapped_by_organiser"):
        lines.append(_("Seats changed by an organiser after pairing."))
    return lines
