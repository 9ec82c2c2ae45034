"""docs/notebook.ipynb runs from top to bottom in a real kernel, and shows what it says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[1] / "docs" / "notebook.ipynb"

pytestmark = pytest.mark.slow


def outputs(cell: Any) -> str:
    """Everything a code cell showed: printed text, plain reprs and the kinds of pictures."""
    shown = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            shown.append(output["text"])
        elif "data" in output:
            shown.append(str(output["data"].get("text/plain", "")))
            shown.extend(kind for kind in output["data"] if kind != "text/plain")
        elif output["output_type"] == "error":
            shown.append(f"ERROR {output['ename']}: {output['evalue']}")
    return "\n".join(shown)


def test_the_notebook_runs_and_shows_the_paper() -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)  # type: ignore[no-untyped-call]
    assert not any(cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"), (
        "the notebook is stored without outputs"
    )
    NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    shown = "\n".join(outputs(cell) for cell in notebook.cells if cell.cell_type == "code")
    assert "ERROR" not in shown
    for expected in (
        "value 16/3",  # a solution's one-line repr
        "text/html",  # and its table
        "4515",  # Table 1's three-variable count, reproduced
        "38/5",
        "minimax 45",  # Figure 1's tree
        "image/svg+xml",  # drawn
        "('≤ 36', None, 4, 84)",  # a bound where a cut-off struck, nothing where it pruned
        "MIN wins: val(E) = 8 < minimax(E) = 18",  # the scripted game
        "(3, 4): 5",  # tiling values
        "MAX's share 4 of 9",  # the friendship graph of §5
    ):
        assert expected in shown, expected
