"""Build the static web page (docs/web.md): duepa-check running in the browser, every byte served
from the page's own origin.

    python tools/build_site.py OUT_DIR
    python tools/build_site.py --fetch     # only fill the download cache (CI, before the tests)

Puts together: the ``pyodide`` package of the npm registry (CPython for WebAssembly, pinned),
the project's own wheel (built here, from this checkout), the pure-Python parts of the wheels the
page imports (PyYAML and RapidFuzz without their compiled modules, which their own pure-Python
fallbacks replace), the page (``tools/web/``) and the page's words (from the message
catalogues). Downloads are pinned by version and hash and cached outside the repository
($DUEPA_WEB_CACHE, else ~/.cache/duepa-check-web); the same checkout and cache give the same bytes.
Prints every file's size and the site's total.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "tools" / "web"  # the page's own files (index.html, app.js, style.css, sw.js)


class Npm(NamedTuple):
    name: str
    version: str
    integrity: str  # the registry's sha512 of the tarball


class Wheel(NamedTuple):
    name: str
    version: str
    filename: str  # as PyPI names it
    sha256: str
    platform: bool  # a compiled wheel: only its pure-Python files are kept (its own fallbacks)


PYODIDE = Npm(
    "pyodide",
    "314.0.8",
    "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ==",
)
# What the page needs of the npm package (no source maps, consoles, type declarations).
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# The lowest releases pyproject.toml allows (tests/web/test_build.py checks), as this machine's pip
# index holds them: CPython 3.11 wheels for Linux, of which only the pure-Python files are kept.
WHEELS = (
    Wheel(
        "PyYAML",
        "6.0.4",
        "pyyaml-6.0.4-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.manylinux_2_28_x86_64.whl",
        "622aa875fa6533f25fedcffe23079357d65a690d462200afed5d8e9d0e01ebee",
        True,
    ),
    Wheel(
        "rapidfuzz",
        "3.14.6",
        "rapidfuzz-3.14.6-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl",
        "3d5d90bae3c6fb7ea34da968c9f23070e8440edb827a28b242580e0108110b14",
        True,
    ),
)
# The project's wheel is built with this backend, installed from the cache (so its bytes do not drift,
# and a build with a full cache needs no network).
BUILD_BACKEND = Wheel(
    "setuptools",
    "84.2.1",
    "setuptools-84.2.1-py3-none-any.whl",
    "ca140b45d5325a9478f880e351484f62fef15f336462e449ca0c03c873d589c2",
    False,
)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def cache_dir() -> Path:
    folder = Path(os.environ.get("DUEPA_WEB_CACHE") or Path.home() / ".cache" / "duepa-check-web")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _run(command: list[str], **options) -> None:
    done = subprocess.run(command, capture_output=True, text=True, **options)
    if done.returncode != 0:
        raise SystemExit(f"build_site: {' '.join(command[:4])}... failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def missing(cache: Path) -> list[str]:
    """The pinned downloads the cache lacks (a build then needs the network to fetch them)."""
    names = [f"{PYODIDE.name}-{PYODIDE.version}.tgz"] + [wheel.filename for wheel in (*WHEELS, BUILD_BACKEND)]
    return [name for name in names if not (cache / name).is_file()]


def fetch_all(cache: Path) -> None:
    """Everything a build downloads, into the cache (what is there already is only checked)."""
    fetch_pyodide(cache)
    for wheel in (*WHEELS, BUILD_BACKEND):
        fetch_wheel(wheel, cache)


def fetch_pyodide(cache: Path) -> Path:
    """The npm tarball of Pyodide (``npm pack``), checked against its pinned integrity."""
    tarball = cache / f"{PYODIDE.name}-{PYODIDE.version}.tgz"
    if not tarball.is_file():
        _run(["npm", "pack", f"{PYODIDE.name}@{PYODIDE.version}", "--pack-destination", str(cache)])
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if digest != PYODIDE.integrity:
        raise SystemExit(f"build_site: {tarball.name} is not the pinned one ({digest})")
    return tarball


def fetch_wheel(wheel: Wheel, cache: Path) -> bytes:
    """One pinned wheel from PyPI (``pip download``), checked against its pinned hash."""
    path = cache / wheel.filename
    if not path.is_file():
        platform = ["--platform", "manylinux_2_28_x86_64", "--platform", "manylinux_2_17_x86_64"]
        platform += ["--python-version", "3.11", "--implementation", "cp"]
        _run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
            + (platform if wheel.platform else [])
            + ["-d", str(cache), f"{wheel.name}=={wheel.version}"]
        )
    data = path.read_bytes()
    if _sha256(data) != wheel.sha256:
        raise SystemExit(f"build_site: {wheel.filename} is not the pinned one ({_sha256(data)})")
    return data


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def pure_wheel(data: bytes, name: str, version: str) -> tuple[str, bytes]:
    """A compiled wheel repacked as the pure-Python wheel it falls back to: no ``.so`` (nor the
    libraries vendored beside them), WHEEL tagged py3-none-any, RECORD rewritten to match."""
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        for info in source.infolist():
            if info.is_dir() or info.filename.endswith((".so", ".pyd")) or ".libs/" in info.filename:
                continue
            files[info.filename] = source.read(info)
    info_dir = next(path.split("/")[0] for path in files if path.split("/")[0].endswith(".dist-info"))
    files[f"{info_dir}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: duepa-check build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = f"{info_dir}/RECORD"
    lines = [f"{path},{_record_hash(body)},{len(body)}" for path, body in sorted(files.items()) if path != record]
    files[record] = ("\n".join([*lines, f"{record},,"]) + "\n").encode()
    return f"{name}-{version}-py3-none-any.whl", normalized_zip(files)


def normalized_zip(files: dict[str, bytes]) -> bytes:
    """A zip whose bytes depend on its files only: sorted, one date, one mode, one compression."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for path in sorted(files):
            info = zipfile.ZipInfo(path, ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, files[path], compresslevel=9)
    return buffer.getvalue()


def own_wheel(cache: Path) -> tuple[str, bytes]:
    """The project's wheel, built by pip from a copy of this checkout (no build folder left here)."""
    fetch_wheel(BUILD_BACKEND, cache)
    constraints = cache / "build-constraints.txt"
    constraints.write_text(f"{BUILD_BACKEND.name}=={BUILD_BACKEND.version}\n", encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="duepa-site-") as scratch:
        source = Path(scratch) / "src"
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
        for name in ("duepa_check", "card_data"):
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            if (ROOT / name).is_file():
                shutil.copy2(ROOT / name, source / name)
        out = Path(scratch) / "out"
        environment = {**os.environ, "PIP_CONSTRAINT": str(constraints), "SOURCE_DATE_EPOCH": "315532800"}
        _run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index", "--find-links", str(cache)]
            + ["-w", str(out), str(source)],
            env=environment,
        )
        built = next(out.glob("*.whl"))
        with zipfile.ZipFile(built) as wheel:
            files = {info.filename: wheel.read(info) for info in wheel.infolist() if not info.is_dir()}
        return built.name, normalized_zip(files)


def page_words() -> dict[str, dict[str, str]]:
    """The page's words in every language, from the message catalogues (the page says nothing of
    its own): the ``web.*`` keys and the report's column titles and verdicts."""
    sys.path.insert(0, str(ROOT))
    from duepa_check.messages import LANGUAGES, catalogue

    keys = [key for key in catalogue("en") if key.startswith("web.")]
    keys += [f"column.{name}" for name in ("rule", "line", "card", "problem", "hint")]
    keys += ["report.verdict.legal", "report.verdict.not-legal", "report.no-partner"]
    keys += ["sheet.place", "sheet.place.player", "html.superseded"]  # a submission sheet's rows
    return {lang: {key: catalogue(lang)[key] for key in keys} for lang in LANGUAGES}


def site_files(cache: Path) -> dict[str, bytes]:
    """Every file of the site, by its path in the site (without the service worker)."""
    files: dict[str, bytes] = {}
    with tarfile.open(fetch_pyodide(cache)) as tarball:
        for name in RUNTIME:
            member = tarball.extractfile(f"package/{name}")
            assert member is not None
            files[f"pyodide/{name}"] = member.read()
    wheels = []
    name, data = own_wheel(cache)
    files[f"wheels/{name}"] = data
    wheels.append(f"wheels/{name}")
    for wheel in WHEELS:
        data = fetch_wheel(wheel, cache)
        name, data = pure_wheel(data, wheel.name, wheel.version) if wheel.platform else (wheel.filename, data)
        files[f"wheels/{name}"] = data
        wheels.append(f"wheels/{name}")
    for path in sorted(PAGE.iterdir()):
        if path.is_file() and path.name != "sw.js":
            files[path.name] = path.read_bytes()
    files["words.json"] = json.dumps(page_words(), ensure_ascii=False, sort_keys=True).encode()
    files["site.json"] = json.dumps({"wheels": wheels}, sort_keys=True).encode()
    return files


def service_worker(files: dict[str, bytes]) -> tuple[str, bytes]:
    """sw.js with the site's file list and each file's hash written in: a new build is a new
    service worker, which keeps the files that did not change and fetches the others."""
    hashes = {path: _sha256(data)[:16] for path, data in sorted(files.items())}
    version = _sha256(json.dumps(hashes, sort_keys=True).encode())[:16]
    head = f"const VERSION = {json.dumps(version)};\nconst FILES = {json.dumps(hashes, sort_keys=True)};\n"
    return version, (head + (PAGE / "sw.js").read_text(encoding="utf-8")).encode()


def build(out: Path) -> tuple[str, dict[str, bytes]]:
    """Write the site into ``out`` (emptied first); its version and files."""
    files = site_files(cache_dir())
    version, worker = service_worker(files)
    files["sw.js"] = worker
    if out.exists():
        shutil.rmtree(out)
    for path, data in files.items():
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return version, files


def main(argv: list[str]) -> int:
    if argv == ["--fetch"]:  # .ci/run: fill the cache, so that the tests build the site offline
        fetch_all(cache_dir())
        print(f"build_site: the pinned downloads are in {cache_dir()}")
        return 0
    if len(argv) != 1 or argv[0].startswith("-"):
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    out = Path(argv[0])
    version, files = build(out)
    for path in sorted(files):
        print(f"{len(files[path]):>10,}  {path}")
    total = sum(len(data) for data in files.values())
    print(f"{total:>10,}  in all ({total / 1e6:.2f} MB, {len(files)} files), version {version}, in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
