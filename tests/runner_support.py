"""A GitHub Actions runner, as far as the tests need one: `run:` steps run with bash the way GitHub
runs them (``bash --noprofile --norc -eo pipefail``), in a workspace, with the runner's files and
variables, ``${{ inputs.X }}`` replaced by the input's value, and stand-ins for what needs the
network: ``python`` and ``pip`` record their command (a real ``pip install`` would fetch the
package); ``duepa-check`` is the one this test suite runs. ``uses:`` steps are not run.

tests/contracts/test_action.py runs action.yml's steps with it; tests/contracts/test_recipes.py the
workflows docs/ci.md prints.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")

# The files a runner hands each step, by variable: a step appends to them (>>), never rewrites
# them; the runner reads each after the step ($GITHUB_OUTPUT: the outputs, name=value lines).
RUNNER_FILES = ("GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STATE")
STAND_INS = ("python", "pip")


def substitute(text: str, inputs: dict[str, str]) -> str:
    def value(match: re.Match) -> str:
        expression = match.group(1)
        if expression.startswith("inputs."):
            return inputs[expression[len("inputs.") :]]
        raise AssertionError(f"an expression this test does not know: {expression}")

    return EXPRESSION.sub(value, text)


def shim_folder(workspace: Path) -> Path:
    """The folder of stand-ins, first on the steps' PATH; each writes its command to ``NAME.log`` there."""
    shim = workspace.parent / "shim"
    shim.mkdir(exist_ok=True)
    for name in STAND_INS:
        (shim / name).write_text(f'#!/bin/sh\necho "$@" >> "{shim}/{name}.log"\n', encoding="utf-8")
        (shim / name).chmod(0o755)
    return shim


def run_steps(
    steps: list[dict], workspace: Path, inputs: dict[str, str] | None = None, env: dict[str, str] | None = None
) -> dict[str, subprocess.CompletedProcess]:
    """Run every `run:` step of ``steps`` in order, as the runner would; stop after a failing one
    (as GitHub does). The results by step id (``step-N`` for a step without one)."""
    inputs = inputs or {}
    shim = shim_folder(workspace)
    environment = {
        **os.environ,
        "PATH": os.pathsep.join([str(shim), str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "GITHUB_ACTIONS": "true",
        "GITHUB_WORKSPACE": str(workspace),
        **{variable: str(workspace.parent / variable.lower()) for variable in RUNNER_FILES},
        "COLUMNS": "200",
        **(env or {}),
    }
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "DUEPA_CHECK_LANG"):
        environment.pop(name, None)
    done = {}
    for number, step in enumerate(steps):
        if "run" not in step:
            continue
        assert step.get("shell", "bash") == "bash"
        step_env = {key: substitute(str(value), inputs) for key, value in step.get("env", {}).items()}
        name = step.get("id", f"step-{number}")
        script = workspace.parent / f"{name}.sh"
        script.write_text(substitute(step["run"], inputs), encoding="utf-8")
        result = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
            cwd=workspace,
            env={**environment, **step_env},
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=120,
        )
        done[name] = result
        if result.returncode != 0:
            break
    return done
