"""What scoring tells the apps above it, without importing them.

``table_overridden`` is sent inside an organiser's override of a table's result, before
the new result is written (keyword arguments ``table``, ``by``, ``reason``): a site game
still under way at that table ends as abandoned (``play`` listens), so that two roads
never lead to one table's result.
"""

from django.dispatch import Signal

table_overridden = Signal()
