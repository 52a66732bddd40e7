"""Mutation testing as a habit: run mutmut over the modules whose behaviour we promise, then sort survivors.

    pip install -e '.[test,mutation]'
    nice -n 19 python tools/mutation_test.py --max-children 1   # everything [tool.mutmut] names in pyproject.toml
    python tools/mutation_test.py 'duepa_check.rules.*'          # only mutants whose name matches (mutmut globs)
    nice -n 19 python tools/mutation_test.py --layer fix         # one layer's mutants, with only that layer's tests
    python tools/mutation_test.py --report-only                  # summarise the last run again

mutmut changes one thing at a time in a copy of the code (under mutants/) and runs the fast tests
that cover it (pyproject.toml [tool.mutmut]); a mutant the tests do not notice "survives". A
surviving mutant is either a gap in the tests or an equivalent change (same behaviour). This
script sorts survivors into:

* wording — the mutant only changed text inside string literals of prose (a literal with a
  space in it: a message or hint worded differently: no verdict changes; the message
  catalogues have tests of their own);
* logic — anything else: read it, then add a test or explain why it is equivalent. A changed
  literal with no space in it is logic: since findings carry message keys
  (``"deck-size.add"``), a mutated key is a KeyError when the finding is put into words, and
  literals such as ``"main"`` or a memo key are code, not words; so is what an f-string's braces
  hold (before Python 3.12 a whole f-string is one string token).

A layer (``--layer``, LAYERS below) is a set of modules and the tests that exercise them: mutmut
then runs only those tests (the rest of [tool.mutmut]'s selection is left out with pytest's
``--ignore`` in PYTEST_ADDOPTS, as mutmut 3 reads its selection only from pyproject.toml). mutmut
runs, for each mutant, only the tests that reached the mutated function, so a layer's selection
bounds what those are: without it, every CLI test that reads a decklist runs for each mutant of the
reader. A test outside the layer that would kill a survivor is found when the survivor is read.

A survivor named in tests/mutation-equivalent.txt (with why no user can tell it from the code) is
counted as equivalent, not as a survivor to read. It prints counts per module, the totals (mutants,
killed, survived, equivalent) and the diff of every survivor that is not listed, and exits 1 when
one is left (the goal: no unexplained survivor), else 0.
"""

from __future__ import annotations

import argparse
import fnmatch
import io
import os
import re
import subprocess
import sys
import tokenize
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EQUIVALENT = REPO / "tests" / "mutation-equivalent.txt"
RESULT_LINE = re.compile(r"^\s*(?P<name>\S+): (?P<status>.+)$")
# A replacement field of an f-string, '{...}' (before Python 3.12 a whole f-string is one STRING token)
FIELD = re.compile(r"(?<!\{)\{(?!\{)[^{}]*\}")


def _modules(package: str, *names: str) -> tuple[str, ...]:
    """The mutant name globs of some modules of a package ('duepa_check.check', 'fix' → 'duepa_check.check.fix.*')."""
    return tuple(f"duepa_check.{package}.{name}.*" for name in names)


FIX_TESTS = ("tests/check/test_fix*.py", "tests/check/test_unsafe*.py")
READING_TESTS = ("tests/reading/test_*.py", "tests/adversarial/test_bad_input.py")
# name -> (mutant name globs, test file globs); each test glob is one the [tool.mutmut] selection holds.
# A layer is what one sitting can run: about 1,400 mutants at most, an hour at 0.4 mutants/s.
LAYERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "fix": (  # the --fix writer: what it writes, how, and what it says
        _modules("check", "fix", "fix_write") + _modules("cli", "fixing"),
        (
            *FIX_TESTS,
            "tests/report/test_sarif*.py",
            "tests/contracts/test_ci_formats.py",
            "tests/cli/test_unreadable_every_mode.py",  # --diff says an unread input itself (no check runs)
            "tests/cli/test_inputs.py",  # a sheet on standard input
        ),
    ),
    "sarif": (
        _modules("report", "sarif", "sarif_fixes"),
        (
            *FIX_TESTS,
            "tests/report/test_sarif*.py",
            "tests/contracts/test_ci_formats.py",
            "tests/reading/test_sheets.py",  # a sheet's rows' regions
            "tests/contracts/test_error_language.py",  # the rule docs in the run's language
        ),
    ),
    "names": (  # which names --fix and the editors change, and where they are written
        _modules("reading", "name_fixes", "name_spans"),
        (*FIX_TESTS, "tests/reading/test_name_spans.py"),
    ),
    "rules": (
        ("duepa_check.rules.*",),
        (
            "tests/rules/test_*.py",
            "tests/contracts/test_promises.py",
            "tests/reading/test_english_names.py",
            "tests/reading/test_sheets.py",
        ),
    ),
    "resolve": (  # names to cards, and the words and marks the reader knows
        _modules("reading", "resolve", "model", "words", "remark", "inputs", "partner_line"),
        READING_TESTS,
    ),
    "text": (_modules("reading", "text", "card_line"), READING_TESTS),  # plain-text lists, line by line
    "structured": (_modules("reading", "structured", "decklist", "decode"), READING_TESTS),  # YAML, JSON; a file read
    "sheets": (_modules("reading", "sheet", "sheet_columns", "sheet_time"), READING_TESTS),  # submission sheets
    "tables": (_modules("reading", "rows", "tables"), READING_TESTS),  # CSV and Markdown card tables
    "check": (
        _modules("check", "advise", "batch", "checker", "close_names", "hints", "house_rules", "results", "session")
        + _modules("check", "walk"),
        (
            "tests/check/test_*.py",
            "tests/contracts/test_promises.py",
            "tests/report/test_renderers.py",
            "tests/adversarial/test_hostile.py",
        ),
    ),
}


def selected_test_files() -> list[str]:
    """The test files [tool.mutmut]'s pytest_add_cli_args_test_selection holds (a folder: its test_*.py)."""
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    files: list[str] = []
    for entry in config["pytest_add_cli_args_test_selection"]:
        path = REPO / entry
        found = sorted(path.rglob("test_*.py")) if path.is_dir() else [path]
        files += [found_path.relative_to(REPO).as_posix() for found_path in found]
    return files


def layer_ignores(test_globs: tuple[str, ...]) -> list[str]:
    """pytest --ignore options that leave, of the configured selection, only the layer's test files."""
    files = selected_test_files()
    kept = [name for name in files if any(fnmatch.fnmatchcase(name, pattern) for pattern in test_globs)]
    unmatched = [pattern for pattern in test_globs if not any(fnmatch.fnmatchcase(name, pattern) for name in kept)]
    if unmatched:
        sys.exit(f"mutation_test: no test file of [tool.mutmut]'s selection matches {unmatched}")
    return [f"--ignore={name}" for name in files if name not in kept]


def mutmut(*args: str, check: bool = True) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mutmut", *args], cwd=REPO, capture_output=True, text=True, encoding="utf-8"
    )
    if check and done.returncode != 0:
        sys.exit(f"mutation_test: mutmut {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return done.stdout


def module_of(mutant: str) -> str:
    """'duepa_check.rules.civilization.x_check__mutmut_3' → 'duepa_check.rules.civilization'."""
    parts = mutant.split(".")
    return ".".join(part for part in parts[:-1])


def code_tokens(line: str) -> list[tuple[int, str]] | None:
    """The line's tokens as (type, text), without layout (None if it does not tokenize alone)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    skip = (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.COMMENT)
    return [(token.type, token.string) for token in tokens if token.type not in skip]


def code_shape(line: str) -> list[tuple[int, str]] | None:
    """The line's tokens with every string literal's text blanked (None if it does not tokenize alone)."""
    tokens = code_tokens(line)
    if tokens is None:
        return None
    return [(kind, "<str>" if kind == tokenize.STRING else string) for kind, string in tokens]


def is_prose(literal: str) -> bool:
    """A string literal of words (it has a space), not a message key, a zone name or a memo key."""
    return any(character.isspace() for character in literal.strip("'\"").lstrip("rbfuRBFU").strip("'\""))


def is_f_string(literal: str) -> bool:
    """f'...', rf"...": the letters before the quote hold an f."""
    return "f" in literal[: len(literal) - len(literal.lstrip("rbfuRBFU"))].lower()


def is_wording_only(diff: str) -> bool:
    """True when every changed line differs from its original only inside string literals."""
    removed = [line[1:] for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    added = [line[1:] for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    if not removed or len(removed) != len(added):
        return False
    for old, new in zip(removed, added):
        old_tokens, new_tokens = code_tokens(old), code_tokens(new)
        if old_tokens is None or new_tokens is None or code_shape(old) != code_shape(new):
            return False
        for (kind, was), (_, now) in zip(old_tokens, new_tokens):
            if kind == tokenize.STRING and was != now and not is_prose(was):
                return False  # a key or a name changed: code, not words
            if kind == tokenize.STRING and FIELD.findall(was) != FIELD.findall(now) and is_f_string(was):
                return False  # code inside an f-string's braces changed (f"{json.dumps(s, ensure_ascii=None)}")
    return True


def equivalent_mutants() -> set[str]:
    """The mutants tests/mutation-equivalent.txt explains ('NAME: why', one a line; # comments)."""
    if not EQUIVALENT.is_file():
        return set()
    lines = EQUIVALENT.read_text(encoding="utf-8").splitlines()
    return {line.split(":", 1)[0].strip() for line in lines if line.strip() and not line.startswith("#")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mutants", nargs="*", help="mutant name globs for mutmut run (default: all)")
    parser.add_argument(
        "--max-children", type=int, default=1, help="parallel test processes (default 1: the machine is shared)"
    )
    parser.add_argument("--report-only", action="store_true", help="do not run; summarise the last run")
    parser.add_argument(
        "--layer", choices=sorted(LAYERS), help="one layer's mutants (unless named), with its tests only"
    )
    args = parser.parse_args(argv)
    environment = dict(os.environ)
    if args.layer:
        mutant_globs, test_globs = LAYERS[args.layer]
        args.mutants = args.mutants or list(mutant_globs)
        environment["PYTEST_ADDOPTS"] = " ".join([environment.get("PYTEST_ADDOPTS", ""), *layer_ignores(test_globs)])
    try:
        import mutmut as _installed  # noqa: F401
    except ImportError:
        sys.exit("mutation_test: mutmut is not installed: pip install -e '.[test,mutation]'")
    if not args.report_only:
        # mutmut run prints a progress line per mutant; only its exit status matters here, but when it
        # fails (e.g. "failed to collect stats": the clean test run failed) no mutant was tried, and a
        # summary of the last results would read as a result
        done = subprocess.run(
            [sys.executable, "-m", "mutmut", "run", "--max-children", str(args.max_children), *args.mutants],
            cwd=REPO,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            check=False,
            env=environment,
        )
        if done.returncode != 0:
            tail = done.stdout.replace("\r", "\n").strip().splitlines()[-5:]
            sys.exit(f"mutation_test: mutmut run failed ({done.returncode}):\n" + "\n".join(tail))
        rate = [line for line in done.stdout.splitlines() if line.endswith("mutations/second")]
        print(f"mutmut run: {rate[-1] if rate else 'no mutant run'}")  # what a run of this size costs here
    statuses: dict[str, Counter] = defaultdict(Counter)
    survivors: list[str] = []
    for line in mutmut("results", "--all", "true").splitlines():
        match = RESULT_LINE.match(line)
        if not match:
            continue
        name, status = match["name"], match["status"].strip()
        if args.mutants and not any(fnmatch.fnmatchcase(name, pattern) for pattern in args.mutants):
            continue  # a module not asked for this time (its results are from an earlier run)
        statuses[module_of(name)][status] += 1
        if status == "survived":
            survivors.append(name)
    explained = equivalent_mutants()
    equivalent = Counter(module_of(name) for name in survivors if name in explained)
    logic: dict[str, str] = {}
    wording = Counter()
    for name in survivors:
        if name in explained:
            continue
        diff = mutmut("show", name, check=False)
        if is_wording_only(diff):
            wording[module_of(name)] += 1
        else:
            logic[name] = diff
    print(
        f"{'module':44} {'killed':>7} {'survived':>9} {'(equiv.)':>9} {'(wording)':>10} {'(logic)':>8} "
        f"{'no tests':>9} {'other':>6}"
    )
    for module in sorted(statuses):
        counts = statuses[module]
        survived = counts["survived"]
        other = sum(n for status, n in counts.items() if status not in ("killed", "survived", "no tests"))
        print(
            f"{module:44} {counts['killed']:7} {survived:9} {equivalent[module]:9} {wording[module]:10} "
            f"{survived - equivalent[module] - wording[module]:8} {counts['no tests']:9} {other:6}"
        )
    total = Counter()
    for counts in statuses.values():
        total.update(counts)
    print(
        f"\nmutants {sum(total.values())}, killed {total['killed']}, survived {total['survived']} "
        f"(equivalent {sum(equivalent.values())}, unexplained {total['survived'] - sum(equivalent.values())}), "
        f"no tests {total['no tests']}, not checked {total['not checked']}"
    )
    unexplained = {**logic, **{name: "" for name in survivors if name not in explained and name not in logic}}
    if logic:
        print(f"\n{len(logic)} logic survivors (read each: add a test, or explain it in {EQUIVALENT.name}):")
        for name, diff in logic.items():
            print()
            print(diff.strip())
    return 1 if unexplained else 0


if __name__ == "__main__":
    raise SystemExit(main())
