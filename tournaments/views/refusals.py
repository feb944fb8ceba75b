"""Running a service for a page: its refusal becomes the page's error messages."""

from django.contrib import messages

from refusal import Refusal


def carried_out(request, action, *args, form=None, **kwargs) -> bool:
    """Run ``action``; on a refusal show it (on ``form`` when there is one: beside the
    field it names, else above the form; without a form as a page message) and return
    False."""
    try:
        action(*args, **kwargs)
    except Refusal as refusal:
        if form is not None:
            field = refusal.field if refusal.field in form.fields else None
            form.add_error(field, str(refusal.message))
        else:
            messages.error(request, str(refusal.message))
        return False
    return True
