from django.urls import path

from bots.views.push import batch_changes

urlpatterns = [path("batches/<int:batch_id>/", batch_changes, name="push-batch")]
