"""On PostgreSQL the server binds the parameters and a statement a connection runs more
than five times is prepared (config/settings.py): planned once per connection, not on
every run. The same query with other values is the same statement."""

import pytest
from django.db import connection

from accounts.models import User

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_a_query_run_six_times_with_other_values_is_prepared_once():
    for number in range(6):
        assert not User.objects.filter(username=f"nobody-{number}").exists()
    statements = [s for s in prepared() if '"accounts_user"' in s and "username" in s]
    assert len(statements) == 1
    assert "$1" in statements[0]  # bound by the server: one statement for every value


def test_a_query_run_fewer_times_is_not_prepared():
    for number in range(5):
        assert not User.objects.filter(email=f"nobody-{number}@example.org").exists()
    assert not [s for s in prepared() if '"accounts_user"' in s and "email" in s]
