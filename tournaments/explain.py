"""A table's stored explanation (data from the format) as sentences for the round page."""

from django.utils.translation import gettext as _

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


def explanation_lines(explanation: dict, names: dict) -> list[str]:
    def name(key):
        return names.get(key) or names.get(int(key)) or str(key)

    lines = []
    if explanation.get("bye"):
        return [_("Bye: an odd count left one entrant without a table this round.")]
    if "design" in explanation:
        lines.append(_("Schedule: %(design)s.") % {"design": design_name(explanation["design"])})
        if explanation.get("schedule_repeats"):
            lines.append(
                _("The whole schedule has %(n)s repeat meeting(s): no design fits this field.")
                % {"n": explanation["schedule_repeats"]}
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
    forced = explanation.get("repeats_forced") or []
    for repeat in forced:
        a, b = repeat["pair"]
        lines.append(
            _("%(a)s and %(b)s meet again (met %(n)s time(s) before): %(why)s.")
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
    if explanation.get("fixed_table"):
        lines.append(
            _("Kept at this table every round by the organiser: %(names)s.")
            % {"names": ", ".join(name(k) for k in explanation["fixed_table"])}
        )
    seats = explanation.get("seat_balance")
    if seats:
        lines.append(
            _("%(name)s starts (had started %(n)s time(s) before).")
            % {"name": name(seats["starter"]), "n": seats["started_before"]}
        )
    if explanation.get("swapped_by_organiser"):
        lines.append(_("Seats changed by an organiser after pairing."))
    return lines
