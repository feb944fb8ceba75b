"""How the suite runs a stateful model that works on the database (hypothesis): a
fixed, reproducible set of examples in CI; ``<NAME>_EXAMPLES=200`` in the environment
searches that many random ones instead."""

import os

from hypothesis import HealthCheck, settings


def model_settings(examples_variable: str, examples: int, steps: int) -> settings:
    explore = int(os.environ.get(examples_variable, "0"))
    return settings(
        max_examples=explore or examples,
        derandomize=not explore,
        stateful_step_count=steps,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
