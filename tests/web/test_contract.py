"""The API against its own OpenAPI document: schemathesis, every check, in-process.

Requests are generated from the document (valid and invalid ones); every answer must be
declared there — status, content type, headers and body — and no answer may be a 5xx.
The suite runs a few examples per route; set ``EVALGAME_CONTRACT_EXAMPLES`` for more.
"""

from __future__ import annotations

import os
from typing import Any

import schemathesis
import schemathesis.specs.openapi.checks  # registers the OpenAPI checks
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS
from schemathesis.config import SchemathesisConfig

from evalgame.web import create_app
from evalgame.web.models import MAX_SECONDS
from evalgame.web.workers import Workers

EXAMPLES = int(os.environ.get("EVALGAME_CONTRACT_EXAMPLES", "12"))
#: the longest budget a generated request gets, so that the suite stays short
SECONDS = 0.3

#: a request the schema allows may still be refused for what its text says — a malformed
#: expression or an illegal move (400) — or stop on its time budget (422)
CONFIG = SchemathesisConfig.from_dict(
    {"checks": {"positive_data_acceptance": {"expected-statuses": ["2XX", "400", "422"]}}}
)
schema = schemathesis.openapi.from_asgi(
    "/openapi.json", create_app(Workers(size=1, queue=64, processes=False)), config=CONFIG
)
ALL_CHECKS = CHECKS.get_all()


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_keeps_its_contract(case: Any) -> None:
    if isinstance(case.body, dict) and "seconds" in case.body:
        case.body["seconds"] = shortened(case.body["seconds"])
    case.call_and_validate(checks=ALL_CHECKS)


def shortened(seconds: object) -> object:
    """A valid budget cut to :data:`SECONDS` (still valid); anything else unchanged."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        return seconds
    return min(seconds, SECONDS) if 0 < seconds <= MAX_SECONDS else seconds
