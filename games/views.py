from django.shortcuts import render

from config.refusal_pages import carried_out
from games.forms import RecordForm
from games.validation import moves_around_error, read_submitted_record, validate_text


def validate_page(request):
    """Anyone pastes or uploads a Call to Glory record and sees its result or its error."""
    posted = request.method == "POST"
    form = RecordForm(request.POST if posted else None, request.FILES if posted else None)
    context = {"form": form}
    if posted and form.is_valid():
        read = carried_out(
            request,
            read_submitted_record,
            form.cleaned_data["record"],
            form.cleaned_data["upload"],
            form=form,
        )
        if not read:
            return render(request, "games/validate.html", context, status=400)
        text = read.answer
        result = validate_text(text)
        context["result"] = result
        context["moves"] = moves_around_error(text, result.get("error"))
    return render(request, "games/validate.html", context)
