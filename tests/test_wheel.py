"""dinokit as people install it: the sdist and the wheel built from this checkout, installed
into a new virtual environment outside it, run from another folder.

The wheel is built from the sdist (as `python -m build` does), so what it holds came
through the sdist: a file the sdist lacked would be missing from every test below.

The new environments reuse the libraries already installed here (a path entry to this
venv's site-packages), so the test stays quick: what it checks is dinokit's own files,
its entry point and the data, templates, web files and C module that travel inside it.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CODE = "PAL-5J93-Q1MY-400002"  # a medium sheet (conftest.CODE)


def _run(args: list[str], cwd: Path, env: dict[str, str], ok: int = 0) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == ok, f"{args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert ok != 0 or "Traceback" not in done.stderr, done.stderr
    return done.stdout + done.stderr


def _venv(folder: Path) -> tuple[Path, dict[str, str]]:
    """A new venv whose only extra path is this venv's libraries; its bin first on PATH."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    # the libraries only: a plain path line, so this venv's editable dinokit is not loaded
    Path(purelib, "dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    return _venv_env(folder)


def _venv_env(folder: Path) -> tuple[Path, dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PATH"] = f"{folder / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return folder / "bin" / "python", env


def _install(python: Path, package: Path, env: dict[str, str], cwd: Path) -> None:
    _run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--no-deps", "--no-index", "--no-build-isolation", str(package)],
        cwd, env,
    )  # fmt: skip


def _shared(tmp_path_factory: pytest.TempPathFactory, name: str, make) -> Path:
    """``make(folder)`` once for the whole run, whichever xdist worker asks first."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, the same for every worker
    folder = root / name
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "done").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            (folder / "done").touch()
    return folder


def _build(folder: Path) -> None:
    """The sdist, and the wheel built from it (as `python -m build` makes a release), from
    a copy of the project's files (building writes into the source folder)."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.decode().split("\0")  # fmt: skip
    source = folder / "source"
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    _run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(folder), str(source)],
        folder, dict(os.environ),
    )  # fmt: skip


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = _shared(tmp_path_factory, "dinokit-dist", _build)
    (sdist,) = out.glob("dinokit-*.tar.gz")
    (wheel,) = out.glob("dinokit-*.whl")
    return {"sdist": sdist, "wheel": wheel}


@pytest.fixture(scope="module")
def wheel_env(dist, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    def install(folder: Path) -> None:
        python, env = _venv(folder / "v")
        _install(python, dist["wheel"], env, folder)

    folder = _shared(tmp_path_factory, "dinokit-wheel-venv", install)
    return _venv_env(folder / "v")


def test_the_wheel_holds_one_package_dinokit_with_its_data(dist) -> None:
    names = zipfile.ZipFile(dist["wheel"]).namelist()
    assert {n.split("/")[0] for n in names} == {"dinokit", "dinokit-0.1.0.dist-info"}
    shipped = {"data", "templates"}
    for folder in shipped:
        ours = {str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*.yaml")}
        assert {n.removeprefix("dinokit/") for n in names if n.startswith(f"dinokit/{folder}/")} \
            == ours  # fmt: skip
    assert "dinokit/templates/fonts.yaml" in names  # the font catalogue
    assert {"dinokit/web/static/play.html", "dinokit/py.typed"} <= set(names)
    icc = "dinokit/products/export/icc/"  # the press and sRGB profiles, with their licence
    assert {f"{icc}GRACoL2006-240.icc", f"{icc}sRGB.icc", f"{icc}LICENSE-CC0-1.0.txt"} <= set(names)
    assert any(n.startswith("dinokit/games/paleo/_greedy.") and n.endswith(".so") for n in names)
    assert "dinokit-0.1.0.dist-info/licenses/LICENSE" in names
    meta = zipfile.ZipFile(dist["wheel"]).read("dinokit-0.1.0.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in meta and "Classifier: Topic :: Games/Entertainment" in meta
    assert "Provides-Extra: tune" in meta and "Provides-Extra: dask" in meta
    assert "Requires-Dist: optuna" in meta.split("Provides-Extra: tune")[1]  # only as an extra
    # exact pins where output bytes depend on the version; security fixes reach the server
    for exact in ("reportlab==", "fonttools==", "uniseg==", "rl-accel==", "pypdfium2==", "babel=="):
        assert f"Requires-Dist: {exact}" in meta, exact
    for lower in ("starlette>=", "uvicorn>=", "pyyaml>=", "pillow>="):
        assert f"Requires-Dist: {lower}" in meta, lower


def test_the_sdist_is_the_whole_project(dist) -> None:
    import tarfile

    with tarfile.open(dist["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for needed in ("LICENSE", "Makefile", "README.md", "setup.py", "pyproject.toml",
                   "data/lang/pl.yaml", "templates/fonts.yaml", "docs/moves.md",
                   "generator/games/paleo/_greedy.c", "tests/conftest.py"):  # fmt: skip
        assert needed in names, needed


def test_every_command_works_from_another_folder(wheel_env, tmp_path: Path) -> None:
    python, env = wheel_env
    where = _run([str(python), "-c", "import dinokit, dinokit.games.paleo.batch as b;"
                  "print(dinokit.__file__); print(b._greedy is not None)"],
                 tmp_path, env)  # fmt: skip
    assert str(python.parents[1]) in where.splitlines()[0] and where.splitlines()[1] == "True"
    clash = _run([str(python), "-c", "import generator"], tmp_path, env, ok=1)
    assert "No module named 'generator'" in clash  # no top-level generator installed
    checked = _run(["dinokit", "validate"], tmp_path, env)
    assert "site-packages" in checked and "0 errors" in checked
    _run(["dinokit", "build", "--lang", "en", "--paper", "a4", "--out", "kit"], tmp_path, env)
    manifest = json.loads((tmp_path / "kit" / "manifest.json").read_text(encoding="utf-8"))
    files = {e["file"] for e in manifest["files"]}
    assert {"digging-for-dinos/en/tiles-a4.pdf", "paleontologists/en/rules-a5.pdf",
            "en/guide-a4.pdf"} <= files  # fmt: skip
    for name in files:
        assert (tmp_path / "kit" / name).read_bytes()[:5] == b"%PDF-"
    _run(["dinokit", "pads", "--count", "2", "--seed", "1", "--out", "pads"], tmp_path, env)
    assert list((tmp_path / "pads").rglob("*.pdf"))
    status = _run(["dinokit", "i18n", "status"], tmp_path, env)
    assert "pl " in status and "100.0%" in status
    _run(["dinokit", "printer", "list"], tmp_path, env | {"XDG_CONFIG_HOME": str(tmp_path)})
    _run(["dinokit", "calibrate", "--paper", "letter", "--out", "cal"], tmp_path, env)
    assert (tmp_path / "cal" / "calibration-letter.pdf").read_bytes()[:5] == b"%PDF-"
    _run(["dinokit", "init", "mine"], tmp_path, env)
    copied = sorted(
        str(p.relative_to(tmp_path / "mine")) for p in (tmp_path / "mine").rglob("*.yaml")
    )
    assert copied == sorted(str(p.relative_to(ROOT)) for d in ("data", "templates")
                            for p in (ROOT / d).rglob("*.yaml"))  # fmt: skip


def test_the_wheel_makes_the_same_pads_as_the_clone(wheel_env, tmp_path: Path) -> None:
    python, env = wheel_env
    args = ["pads", "--code", CODE, "--format", "json", "--out"]
    _run(["dinokit", *args, "wheel"], tmp_path, env)
    _run([sys.executable, "-m", "dinokit", *args, str(tmp_path / "clone")], ROOT, dict(os.environ))
    ours = sorted(p.relative_to(tmp_path / "clone") for p in (tmp_path / "clone").rglob("*.*"))
    theirs = sorted(p.relative_to(tmp_path / "wheel") for p in (tmp_path / "wheel").rglob("*.*"))
    assert ours == theirs and ours
    for name in ours:
        assert (tmp_path / "wheel" / name).read_bytes() == (tmp_path / "clone" / name).read_bytes()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_from_the_wheel_answers_its_pages(wheel_env, tmp_path: Path) -> None:
    _, env = wheel_env
    port = _free_port()
    server = subprocess.Popen(
        ["dinokit", "serve", "--port", str(port)], cwd=tmp_path, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/play", timeout=5) as r:
                    assert r.status == 200 and b"<html" in r.read().lower()
                break
            except OSError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                assert time.monotonic() < deadline, "serve did not answer within 60 s"
                time.sleep(0.3)
        for page in (
            "/",
            "/play?lang=pl",
            "/play/daily",
            f"/play/{CODE}",
            "/data",
            "/static/style.css",
        ):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{page}", timeout=30) as r:
                assert r.status == 200, page
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_dinokit_runs_from_the_zipped_wheel(dist, tmp_path: Path) -> None:
    """The wheel itself on sys.path (zipimport): the commands are found, and the data,
    templates and web files are read through importlib.resources (copied out once), the
    same bytes as the checkout's."""
    python, env = _venv(tmp_path / "v")
    env["PYTHONPATH"] = str(dist["wheel"])
    assert "pads" in _run([str(python), "-m", "dinokit", "--help"], tmp_path, env)
    listed = _run([str(python), "-c", """if True:
        import hashlib
        from dinokit.source import DEFAULT_DATA_DIR, TEMPLATES_DIR
        from dinokit.web.common import STATIC
        for name, folder in (("data", DEFAULT_DATA_DIR), ("templates", TEMPLATES_DIR)):
            for p in sorted(folder.rglob("*.yaml")):
                print(name, p.relative_to(folder), hashlib.sha256(p.read_bytes()).hexdigest())
        print("static", sorted(p.name for p in STATIC.iterdir()))
        """], tmp_path, env)  # fmt: skip
    expected = [
        f"{d} {p.relative_to(ROOT / d)} {hashlib.sha256(p.read_bytes()).hexdigest()}"
        for d in ("data", "templates") for p in sorted((ROOT / d).rglob("*.yaml"))
    ]  # fmt: skip
    assert listed.splitlines()[:-1] == expected
    assert "play.html" in listed.splitlines()[-1]
