from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class LeaguewrightUserAdmin(UserAdmin):
    fieldsets = (*(UserAdmin.fieldsets or ()), ("Leaguewright", {"fields": ("display_name",)}))
    list_display = ("username", "display_name", "email", "is_staff")
