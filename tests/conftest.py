"""Settings for the whole suite.

Hypothesis' deadline and its "input generation is slow" health check time the tests: on
a machine shared with other jobs, or with the suite on two processes (``make unit`` runs
``pytest -n 2``), they fail tests whose assertions hold. Speed is measured in
``benchmarks/``, never asserted in tests, so both are off; every property still runs its
examples.
"""

from hypothesis import HealthCheck, settings

settings.register_profile("evalgame", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("evalgame")
