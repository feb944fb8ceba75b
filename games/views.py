from django.shortcuts import render

from games.forms import RecordForm
from games.validation import moves_around_error, read_submitted_record, validate_text
from lib.refusal import attempted


def validate_page(request):
    """Anyone pastes or uploads a Call to Glory record and sees its result or its error."""
    posted = request.method == "POST"
    form = RecordForm(request.POST if posted else None, request.FILES if posted else None)
    context = {"form": form}
    if posted and form.is_valid():
        # games/ is below config/: the refusal is placed by hand, beside the file.
        read = attempted(
            read_submitted_record, form.cleaned_data["record"], form.cleaned_data["upload"]
        )
        if not read:
            form.add_error(read.refusal.field, str(read.refusal.message))
            return render(request, "games/validate.html", context, status=read.refusal.http_status)
        text = read.answer
        result = validate_text(text)
        context["result"] = result
        context["moves"] = moves_around_error(text, result.get("error"))
    # games/ is below lib/ (``lib.refusal_pages.form_page``): its status, by hand.
    return render(request, "games/validate.html", context, status=400 if form.errors else 200)
