"""Running a service for a page: its refusal becomes the page's error messages."""

from django.contrib import messages
from django.core.exceptions import ValidationError


def carried_out(request, action, *args, **kwargs) -> bool:
    """Run ``action``; on a ``ValidationError`` show its messages and return False."""
    try:
        action(*args, **kwargs)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return False
    return True
