"""Run duepa-check on CPython 3.14 where no 3.14 can be installed: in Pyodide under Node.js.

    python tools/python314.py [DECK ...]

No CPython 3.14 can be installed here from the registries this project's machines reach, but
the npm package ``pyodide`` (pinned in tools/build_site.py) is CPython 3.14 for WebAssembly and
runs under Node.js with no network. In it, this script:

1. compiles every Python file of the repository (duepa_check, tools, benchmarks, tests) with
   warnings as errors, as tests/contracts/test_compile.py does on each native Python;
2. imports every module of the package (the language server's and the updater's need pygls and
   requests, which are not installed there: each is listed with the module it lacks);
3. runs the command line itself, ``duepa_check.cli.main``, on each deck (default: the README's
   example deck) with ``--format json`` and ``--format text``, and compares the JSON and the exit
   code byte for byte with this Python's ``duepa-check`` on the same deck. The default decks are
   every file of tests/fixtures/decks/.

What Pyodide cannot do is not run: the test suite (it starts subprocesses), the forked batch
(no fork), ``update`` (no sockets). Downloads (the pyodide tarball, the project's wheel build and
the pure-Python wheels typer and rich need) go through build_site's pinned cache. Prints one line
per step; exit 0 when every step passed, 1 when one failed, 2 when Node.js or a download is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_site  # noqa: E402

ROOT = build_site.ROOT
AS_OF = "2026-03-16"  # the data date: the same report on any day
ENVIRONMENT = {"COLUMNS": "100", "DUEPA_CHECK_LANG": "ja"}  # both runs: the width a report is laid out at
DECKS = ROOT / "tests" / "fixtures" / "decks"  # the product decks, as decklists of each layout
FOLDERS = ("duepa_check", "tools", "benchmarks", "tests")
# The pure-Python wheels the command line imports beyond build_site's (typer's and rich's), pinned.
CLI_WHEELS = (
    "typer==0.28.0",
    "annotated-doc==0.0.4",
    "shellingham==1.5.4",
    "rich==15.0.0",
    "pygments==2.20.0",
    "markdown-it-py==4.3.0",
    "mdurl==0.1.2",
)  # no platformdirs: on emscripten the user data dir is the XDG one (data.userdata), as in the page

RUNNER = r"""
const { pathToFileURL } = require("node:url");
const fs = require("node:fs");
(async () => {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const { loadPyodide } = await import(pathToFileURL(job.runtime + "/pyodide.mjs").href);
  const pyodide = await loadPyodide({ indexURL: job.runtime + "/", stdout: () => {}, stderr: () => {} });
  pyodide.FS.mkdirTree("/job");
  for (const [name, path] of Object.entries(job.files)) {
    const target = "/job/" + name;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, fs.readFileSync(path));
  }
  pyodide.globals.set("job_json", JSON.stringify(job));
  const out = pyodide.runPython(fs.readFileSync(job.script, "utf8"));
  process.stdout.write(out + "\n");
})().catch((error) => { process.stderr.write(String(error && error.stack || error) + "\n"); process.exit(3); });
"""

IN_PYODIDE = r"""
import contextlib, importlib, io, json, pkgutil, sys, sysconfig, warnings, zipfile

job = json.loads(job_json)
site = sysconfig.get_paths()["purelib"]
for wheel in job["wheels"]:
    zipfile.ZipFile("/job/" + wheel).extractall(site)
importlib.invalidate_caches()

report = {"version": sys.version.split()[0], "platform": sys.platform, "compile_failures": []}
for name in job["sources"]:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            compile(open("/job/" + name, "rb").read(), name, "exec", dont_inherit=True)
        except Exception as error:
            report["compile_failures"].append(f"{name}: {type(error).__name__}: {error}")
report["compiled"] = len(job["sources"])

import duepa_check
imported, lacking = 0, {}
for module in pkgutil.walk_packages(duepa_check.__path__, "duepa_check."):
    if module.name.endswith(".__main__"):  # runs the command line when imported
        continue
    try:
        importlib.import_module(module.name)
        imported += 1
    except ModuleNotFoundError as error:
        lacking[module.name] = error.name
report["imported"], report["lacking"] = imported, lacking

import os
from duepa_check.cli import main
os.chdir("/job")
os.environ.update(job["environment"])  # the decks' paths as the native run names them
runs = []
for deck in job["decks"]:
    for fmt in ("json", "text"):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([deck, "--format", fmt, "--as-of", job["as_of"], "--lang", "ja"])
        runs.append({"deck": deck, "format": fmt, "exit": code, "out": out.getvalue(), "err": err.getvalue()})
report["runs"] = runs
json.dumps(report)
"""


def say(line: str) -> None:
    print(f"python314: {line}", flush=True)


def wheels(cache: Path, into: Path) -> list[Path]:
    """The project's wheel, the pure parts of PyYAML and RapidFuzz, and the CLI's pure wheels."""
    found = []
    name, data = build_site.own_wheel(cache)
    found.append(into / name)
    found[-1].write_bytes(data)
    for wheel in build_site.WHEELS:
        data = build_site.fetch_wheel(wheel, cache)
        name, data = (
            build_site.pure_wheel(data, wheel.name, wheel.version) if wheel.platform else (wheel.filename, data)
        )
        found.append(into / name)
        found[-1].write_bytes(data)
    pure = cache / "cli-wheels"
    pure.mkdir(exist_ok=True)
    missing = [spec for spec in CLI_WHEELS if not list(pure.glob(spec.split("==")[0].replace("-", "_") + "-*.whl"))]
    if missing:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "-d", str(pure)]
            + missing,
            check=True,
        )
    for spec in CLI_WHEELS:  # these only (the folder may hold others: a wheel this list has dropped)
        path = next(pure.glob(spec.split("==")[0].replace("-", "_") + "-*.whl"))
        found.append(into / path.name)
        shutil.copyfile(path, found[-1])
    return found


def native(deck: str, output_format: str) -> tuple[int, str]:
    """Exit code and standard output of this Python's duepa-check, as Pyodide's run was made."""
    done = subprocess.run(
        [sys.executable, "-m", "duepa_check", deck, "--format", output_format, "--as-of", AS_OF, "--lang", "ja"],
        cwd=ROOT,
        env={**os.environ, **ENVIRONMENT},
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout


def main(argv: list[str]) -> int:
    decks = argv or sorted(str(path.relative_to(ROOT)) for path in DECKS.iterdir() if path.is_file())
    if shutil.which("node") is None:
        say("Node.js is not installed: nothing was run on Python 3.14")
        return 2
    cache = build_site.cache_dir()
    with tempfile.TemporaryDirectory(prefix="duepa-314-") as scratch:
        work = Path(scratch)
        runtime = work / "runtime"
        with tarfile.open(build_site.fetch_pyodide(cache)) as tarball:
            for name in build_site.RUNTIME:
                member = tarball.extractfile(f"package/{name}")
                assert member is not None
                (runtime / name).parent.mkdir(parents=True, exist_ok=True)
                (runtime / name).write_bytes(member.read())
        (work / "wheels").mkdir()
        wheel_paths = wheels(cache, work / "wheels")
        sources = sorted(str(p.relative_to(ROOT)) for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))
        files = {f"wheels/{p.name}": str(p) for p in wheel_paths}
        files.update({name: str(ROOT / name) for name in [*sources, *decks]})
        (work / "in_pyodide.py").write_text(IN_PYODIDE, encoding="utf-8")
        (work / "runner.cjs").write_text(RUNNER, encoding="utf-8")
        job = {
            "runtime": str(runtime),
            "files": files,
            "wheels": [f"wheels/{p.name}" for p in wheel_paths],
            "sources": sources,
            "decks": decks,
            "as_of": AS_OF,
            "environment": ENVIRONMENT,
            "script": str(work / "in_pyodide.py"),
        }
        (work / "job.json").write_text(json.dumps(job), encoding="utf-8")
        done = subprocess.run(
            ["node", str(work / "runner.cjs"), str(work / "job.json")], capture_output=True, text=True, check=False
        )
    if done.returncode != 0:
        say(f"Pyodide did not run: {done.stderr.strip()[-1500:] or done.returncode}")
        return 1
    return judge(json.loads(done.stdout))


def judge(report: dict) -> int:
    """One line per step; 0 when each passed."""
    failed = False
    say(f"CPython {report['version']} on {report['platform']} (Pyodide under Node.js)")
    if report["compile_failures"]:
        failed = True
        for line in report["compile_failures"]:
            say(f"compile: {line}")
    say(f"compiled {report['compiled']} files with warnings as errors: {len(report['compile_failures'])} failed")
    lacking = ", ".join(f"{module} ({name})" for module, name in sorted(report["lacking"].items()))
    say(f"imported {report['imported']} modules; not importable for a missing dependency: {lacking or 'none'}")
    for run in report["runs"]:
        code, output = native(run["deck"], run["format"])
        same = run["exit"] == code and run["out"] == output
        failed |= not same
        verdict = "identical to" if same else "DIFFERENT from"
        here = sys.version.split()[0]
        say(f"{run['deck']} --format {run['format']}: exit {run['exit']}, output {verdict} Python {here}'s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
