from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.confirmation import do_confirm, do_send_link
from accounts.forms import ProfileForm, SignUpForm
from accounts.newcomers import has_confirmed_email
from lib.client_address import client_address
from lib.refusal_pages import form_page
from lib.throttles import refused_on_page


def signup(request):
    """A valid sign-up counts against its address's ``SIGNUP_RATE``; past it the form is
    answered 429, saying when to try again."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        refused = refused_on_page(request, "signup")
        if refused is None:
            user = form.save(commit=False)
            user.signed_up_from = client_address(request) or None
            user.save()
            do_send_link(user)
            login(request, user, backend="accounts.reader_backend.ReaderBackend")
            messages.success(request, _("Welcome to Leaguewright, %(name)s.") % {"name": user})
            return redirect(next_page(request) or "home")
        form.add_error(
            None,
            _(
                "Too many accounts were made from your address just now. %(wait)s If you "
                "already have an account, log in instead."
            )
            % {"wait": refused},
        )
        context = {"form": form, "next": next_page(request)}
        return form_page(request, "accounts/signup.html", context, throttled=True)
    return form_page(request, "accounts/signup.html", {"form": form, "next": next_page(request)})


def next_page(request) -> str:
    """Where the sign-up was to lead (``next``, as the log-in page keeps it): a path of
    this site only."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else ""


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your profile is saved."))
        return redirect("profile")
    context = {"form": form, "email_confirmed": has_confirmed_email(request.user)}
    return form_page(request, "accounts/profile.html", context)


@login_required
@require_POST
def send_confirmation(request):
    if request.user.email and not has_confirmed_email(request.user):
        do_send_link(request.user)
        messages.success(
            request, _("We sent the link to %(email)s.") % {"email": request.user.email}
        )
    return redirect("profile")


@login_required
def confirm_email(request, token):
    if do_confirm(request.user, token):
        messages.success(request, _("Your e-mail address is confirmed."))
    else:
        messages.error(
            request,
            _(
                "This link does not confirm your present e-mail address (it is old, or "
                "for another address or account): send yourself a new one below."
            ),
        )
    return redirect("profile")
