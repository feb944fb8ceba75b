"""A table's stored explanation (data from the format) as sentences for the round page."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def explanation_lines(explanation: dict, names: dict) -> list[str]:
    def name(key):
        return names.get(key) or names.get(int(key)) or str(key)

    lines = []
    if explanation.get("bye"):
        return [_("Bye: an odd count left one entrant without a table this round.")]
    if "design" in explanation:
        lines.append(_("Schedule: %(design)s.") % {"design": explanation["design"]})
    if "heat" in explanation:
        lines.append(
            _("Heat %(heat)s: the top %(advance)s go through.")
            % {"heat": explanation["heat"], "advance": explanation["advance"]}
        )
    if explanation.get("final"):
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
    avoided = explanation.get("repeats_avoided")
    if avoided:
        lines.append(
            ngettext(
                "%(n)s swap with a nearby table avoided a repeat meeting.",
                "%(n)s swaps with nearby tables avoided repeat meetings.",
                avoided,
            )
            % {"n": avoided}
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
                "why": _("no swap with a nearby table removed it without another repeat"),
            }
        )
    if "repeats_forced" in explanation and not forced:
        lines.append(_("Nobody at this table has met before."))
    seats = explanation.get("seat_balance")
    if seats:
        lines.append(
            _("%(name)s starts (had started %(n)s time(s) before).")
            % {"name": name(seats["starter"]), "n": seats["started_before"]}
        )
    if explanation.get("swapped_by_organiser"):
        lines.append(_("Seats changed by an organiser after pairing."))
    return lines
