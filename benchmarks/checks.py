"""The correctness checks that ride along with the benchmarks (not timed): the generated decks get
the verdicts they were made to get, in JSON, HTML and as a sheet, and DP203 follows the date."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from decks import N_DECKS, ONE_DECK, ROOT

AS_OF = "2026-03-16"  # = the regulation's data_date: no stale-data (DP202) or unconfirmed (DP203) warning
AS_OF_LATER = "2026-04-01"  # within 6 months of data_date: DP203 only


def run_json(cmd: list[str], env: dict[str, str]) -> tuple[int, dict | None, str]:
    done = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, encoding="utf-8")
    try:
        return done.returncode, json.loads(done.stdout), done.stderr
    except ValueError:
        return done.returncode, None, done.stderr + done.stdout[:500]


def check(name: str, ok: bool, detail: str) -> dict:
    return {"check": name, "ok": ok, "detail": detail}


def batch_json(script: str, folder: Path, generated: dict, env: dict[str, str]) -> list[dict]:
    """The folder's JSON: its summary, every deck's rule ids, no DP203, exit code 1."""
    rc, doc, err = run_json([script, str(folder), "--format", "json", "--as-of", AS_OF], env)
    want = generated["summary"]
    got = doc["summary"] if doc else None
    detail = f"expected {want}, got {got}" + (f" (rc {rc}, {err.strip()[:200]})" if doc is None else "")
    checks = [check("1,000-deck JSON summary counts", got == want, detail)]
    if doc is None:
        return checks
    wrong = []
    for deck in doc["decks"]:
        rules = sorted(v["rule"] for v in deck["violations"])
        expect = generated["per_deck"].get(deck["path"])
        if rules != expect:
            wrong.append(
                f"{Path(deck['path']).name}: expected {expect}, got {rules} "
                f"{[v.get('message') for v in deck['violations']][:2]}"
            )
    checks.append(
        check(
            "1,000-deck per-deck rule ids",
            not wrong,
            f"{len(wrong)} decks differ" + (": " + "; ".join(wrong[:5]) if wrong else ""),
        )
    )
    dp203 = sum(v["rule"] == "DP203" for d in doc["decks"] for v in d["violations"])
    checks.append(check(f"no DP203 with --as-of {AS_OF} (1,000 decks)", dp203 == 0, f"{dp203} DP203 warnings"))
    checks.append(check("exit code 1 (some decks illegal)", rc == 1, f"rc {rc}"))
    return checks


def batch_html(script: str, folder: Path, generated: dict, env: dict[str, str]) -> dict:
    """The HTML page's count tiles are the JSON summary."""
    html = subprocess.run(
        [script, str(folder), "--format", "html", "--as-of", AS_OF],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    tiles = {key: int(n) for key, n in re.findall(r'<li id="count-(\w+)"><b>(\d+)</b>', html.stdout)}
    tiles.pop("not_legal", None)
    return check(
        "1,000-deck HTML report counts = the JSON summary",
        tiles == generated["summary"],
        f"{tiles}, {len(html.stdout) / 1e6:.1f} MB, {html.stdout.count('<svg')} charts",
    )


def dp203_by_date(script: str, env: dict[str, str]) -> list[dict]:
    """DM23-BD4: silent at the data date, DP203 for フェアリー・ギフト a little later."""
    checks = []
    for as_of, want_dp203 in ((AS_OF, False), (AS_OF_LATER, True)):
        rc, doc, _ = run_json([script, str(ONE_DECK), "--format", "json", "--as-of", as_of], env)
        hits = [v for d in (doc or {}).get("decks", []) for v in d["violations"] if v["rule"] == "DP203"]
        gift = any(v.get("card") == "フェアリー・ギフト" or "フェアリー・ギフト" in v.get("message", "") for v in hits)
        ok = doc is not None and (gift if want_dp203 else not hits)
        checks.append(
            check(
                f"DP203 for フェアリー・ギフト {'fires' if want_dp203 else 'silent'} with --as-of {as_of} (DM23-BD4)",
                ok,
                f"{len(hits)} DP203, summary {(doc or {}).get('summary')}, rc {rc}",
            )
        )
    return checks


def sheet(script: str, path: Path, generated: dict, env: dict[str, str]) -> dict:
    """The sheet's verdicts are the deck files' verdicts: the same summary."""
    rc, doc, _ = run_json([script, str(path), "--format", "json", "--as-of", AS_OF], env)
    got = doc["summary"] if doc else None
    expected = {key: generated["summary"][key] for key in ("decks", "legal")}
    ok = got is not None and {key: got[key] for key in expected} == expected and len(doc["decks"]) == N_DECKS
    return check("1,000-row sheet gives the decks' verdicts", ok, f"rc {rc}, summary {got}")


def verify(script: str, folder: Path, sheet_path: Path, generated: dict, env: dict[str, str]) -> list[dict]:
    """Every check, in order."""
    return [
        *batch_json(script, folder, generated, env),
        batch_html(script, folder, generated, env),
        *dp203_by_date(script, env),
        sheet(script, sheet_path, generated, env),
    ]
