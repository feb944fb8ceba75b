from django.contrib import admin

from scoring.models import AuditEntry, EventCatalogue, EventProfile, Submission


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = ("table", "kind", "status", "submitted_by", "created_at")
    list_filter = ("status", "kind")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("event", "table", "actor", "action", "created_at")


@admin.register(EventProfile)
class EventProfileAdmin(admin.ModelAdmin):
    list_display = ("event", "updated_by", "updated_at")


@admin.register(EventCatalogue)
class EventCatalogueAdmin(admin.ModelAdmin):
    list_display = ("event", "updated_by", "updated_at")
