"""Installing the demo, checked from outside: scripts/install into an empty prefix and back out with scripts/uninstall,
and (as root) the Debian package from scripts/package through lintian, apt-get install, a launch from its desktop
entry and a purge. `scripts/test package` runs just these."""

import configparser
import contextlib
import fcntl
import fnmatch
import glob
import os
import re
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree

from harness import PATIENCE, ROOT, App

APP_ID = "io.github.snapscroll.Demo"
PACKAGE = "snapscroll-demo"


def _run(*args, check=True, timeout=900, **kwargs):
    p = subprocess.run(args, capture_output=True, text=True, timeout=timeout, **kwargs)
    if check:
        assert p.returncode == 0, f"{' '.join(args)} exited {p.returncode}:\n{p.stdout}\n{p.stderr}"
    return p


@contextlib.contextmanager
def working_folder(path):
    """Runs the block from `path` (an app launched there inherits it): the harness's App takes no folder."""
    previous = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(previous)


def launch(argv, env=None):
    """The installed app from `/`, away from any checkout, with its QA log, ready within 30 s."""
    with working_folder("/"):
        return App(command=[*argv, "--qa-log", "--page", "carousel"], env=env)


def installed_layout():
    """What scripts/install must put under PREFIX, written out here rather than read from the scripts: the binary, its
    image decoder, every file of resources/, the desktop entry, both icons, the metainfo, the man page, one .mo a
    po/DOMAIN/LANG.po."""
    files = {"bin/snapscroll-demo", "libexec/snapscroll/snapscroll-decode", "share/snapscroll/installed-files",
             f"share/applications/{APP_ID}.desktop",
             f"share/icons/hicolor/scalable/apps/{APP_ID}.svg",
             f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
             f"share/metainfo/{APP_ID}.metainfo.xml",
             "share/man/man1/snapscroll-demo.1"}
    resources = os.path.join(ROOT, "resources")
    for folder, _, names in os.walk(resources):
        for name in names:
            files.add("share/snapscroll/" + os.path.relpath(os.path.join(folder, name), resources))
    for po in glob.glob(os.path.join(ROOT, "po", "*", "*.po")):
        domain, lang = os.path.basename(os.path.dirname(po)), os.path.basename(po)[:-3]
        files.add(f"share/locale/{lang}/LC_MESSAGES/{domain}.mo")
    assert {"share/locale/de/LC_MESSAGES/snapscroll.mo", "share/locale/ar/LC_MESSAGES/snapscroll-demo.mo"} <= files, files
    return files


def check_speaks_german(argv):
    """The installed app in German: the library's words (the page dots) and the demo's (the page titles)."""
    with launch(argv, env={"LC_ALL": "C.UTF-8", "LANGUAGE": "de"}) as app:
        dots = app.find(role="page tab list", name="Seiten")
        assert dots.getChildAtIndex(0).name == f"Seite 1 von {dots.childCount}", dots.getChildAtIndex(0).name
        app.find(role="page tab", name="Karussell")


def files_under(folder):
    found = set()
    for here, _, names in os.walk(folder):
        found.update(os.path.relpath(os.path.join(here, n), folder) for n in names)
    return found


def desktop_entry(path):
    parser = configparser.RawConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def exec_argv(value):
    """The argument list of a desktop entry's Exec value, by the Desktop Entry Specification's rules: the value's
    own escapes first, then double-quoted arguments (with \\", \\`, \\$ and \\\\ inside) or plain words."""
    unescaped, i = "", 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            unescaped += {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}.get(value[i + 1], "\\" + value[i + 1])
            i += 2
        else:
            unescaped += value[i]
            i += 1
    argv, word, quoted, i, started = [], "", False, 0, False
    while i < len(unescaped):
        c = unescaped[i]
        if quoted:
            if c == "\\" and i + 1 < len(unescaped) and unescaped[i + 1] in '"`$\\':
                word += unescaped[i + 1]
                i += 1
            elif c == '"':
                quoted = False
            else:
                word += c
        elif c == '"':
            quoted, started = True, True
        elif c == " ":
            if started:
                argv.append(word)
            word, started = "", False
        else:
            word += c
            started = True
        i += 1
    assert not quoted, f"unterminated quote in Exec={value!r}"
    if started:
        argv.append(word)
    assert not any(re.search(r"%[a-zA-Z]", a) for a in argv), f"field codes in Exec={value!r}"
    return [a.replace("%%", "%") for a in argv]


def help_options(binary):
    """The long options `--help` prints (and -h)."""
    out = _run(binary, "--help").stdout
    return set(re.findall(r"^\s+(?:-h, )?(--[a-z-]+)", out, re.M)) | ({"-h"} if "-h, --help" in out else set())


def man_options(text):
    """The options a man page's OPTIONS section lists (its .TP headings)."""
    section = text.split(".SH OPTIONS", 1)[1].split("\n.SH ", 1)[0]
    headings = re.findall(r"^\.TP\n(.*)$", section, re.M)
    options = set()
    for heading in headings:
        options.update(o.replace("\\-", "-") for o in re.findall(r"(?:\\-)+[a-z](?:[a-z]|\\-)*", heading))
    return options


def check_common_files(layout_root):
    """The checks the install and the package share: the desktop entry, metainfo, icons."""
    desktop = os.path.join(layout_root, f"share/applications/{APP_ID}.desktop")
    entry = desktop_entry(desktop)
    assert entry["Icon"] == APP_ID, entry["Icon"]
    # A launcher shows the entry's Comment in the user's language (po/snapscroll-demo).
    assert entry["Comment[de]"].startswith("Horizontal einrastende Komponenten"), entry.get("Comment[de]")
    assert entry["Comment[ar]"].startswith("مكونات أفقية"), entry.get("Comment[ar]")
    assert "Karussell" in entry["Keywords[de]"].split(";"), entry.get("Keywords[de]")
    if shutil.which("desktop-file-validate"):
        out = _run("desktop-file-validate", desktop).stdout
        assert out == "", out
    metainfo = os.path.join(layout_root, f"share/metainfo/{APP_ID}.metainfo.xml")
    component = ElementTree.parse(metainfo).getroot()
    assert component.findtext("id") == APP_ID
    assert component.find("launchable").text == f"{APP_ID}.desktop"
    assert component.find("releases/release").get("version")
    # A software centre shows the summary and description in the user's language (po/snapscroll-demo).
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    summaries = {node.get(lang): node.text for node in component.findall("summary")}
    assert summaries.get("de") == "Horizontaler Bildlauf, der genau einrastet", summaries
    assert summaries.get("ar") == "تمرير أفقي يستقر في مكانه", summaries
    if shutil.which("appstreamcli"):
        _run("appstreamcli", "validate", "--no-net", metainfo)
    for icon in (f"scalable/apps/{APP_ID}.svg", f"symbolic/apps/{APP_ID}-symbolic.svg"):
        root = ElementTree.parse(os.path.join(layout_root, "share/icons/hicolor", icon)).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg", (icon, root.tag)
    return entry


def test_install_round_trip_into_an_empty_prefix():
    # Inside the checkout, so a binary that walked up from its bin/ would find the source tree's resources/ (it must
    # not); a space in the path, so the desktop entry's Exec has to be quoted right.
    scratch = tempfile.mkdtemp(prefix="install test ", dir=os.path.join(ROOT, ".build"))
    prefix = os.path.join(scratch, "prefix")
    os.mkdir(prefix)
    try:
        _run(os.path.join(ROOT, "scripts", "install"), prefix)
        expected = installed_layout()
        assert files_under(prefix) == expected, f"missing {expected - files_under(prefix)}, extra {files_under(prefix) - expected}"
        binary = os.path.join(prefix, "bin", "snapscroll-demo")
        for rel in expected:
            mode = os.stat(os.path.join(prefix, rel)).st_mode & 0o777
            assert mode == (0o755 if rel.startswith(("bin/", "libexec/")) else 0o644), (rel, oct(mode))
        copies = {f"data/icons/{APP_ID}.svg": f"share/icons/hicolor/scalable/apps/{APP_ID}.svg",
                  f"data/icons/{APP_ID}-symbolic.svg": f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
                  "data/snapscroll-demo.1": "share/man/man1/snapscroll-demo.1"}
        copies.update({"resources/" + rel[len("share/snapscroll/"):]: rel for rel in expected
                       if rel.startswith("share/snapscroll/") and rel != "share/snapscroll/installed-files"})
        for source, rel in copies.items():
            with open(os.path.join(ROOT, source), "rb") as a, open(os.path.join(prefix, rel), "rb") as b:
                assert a.read() == b.read(), f"{rel} differs from {source}"
        # The metainfo is the checkout's with the translations merged in: the same entries, in the same order.
        def untranslated(path):
            root = ElementTree.parse(path).getroot()
            for parent in root.iter():
                for child in [c for c in parent if c.get("{http://www.w3.org/XML/1998/namespace}lang")]:
                    parent.remove(child)
            return [(node.tag, (node.text or "").strip(), sorted(node.attrib.items())) for node in root.iter()]
        assert untranslated(os.path.join(prefix, f"share/metainfo/{APP_ID}.metainfo.xml")) == \
            untranslated(os.path.join(ROOT, f"data/{APP_ID}.metainfo.xml"))
        with open(os.path.join(prefix, "share/snapscroll/installed-files")) as f:
            listed = {line.split(" ", 1)[1] for line in f.read().splitlines() if line.startswith("file ")}
        assert listed == expected - {"share/snapscroll/installed-files"}, listed ^ (expected - {"share/snapscroll/installed-files"})

        entry = check_common_files(prefix)
        argv = exec_argv(entry["Exec"])
        assert argv == [binary], (entry["Exec"], argv)
        with open(os.path.join(prefix, "share/man/man1/snapscroll-demo.1"), encoding="utf-8") as f:
            assert man_options(f.read()) == help_options(binary)

        # Launched as the desktop would, from its entry, away from the checkout: its banners are decoded by the
        # prefix's decoder (none fails).
        with launch(argv) as app:
            app.find(role="page tab list", name="Pages")
        caches = [e for e in app.events if e["event"] == "caches"]
        assert len(caches) == 1 and caches[0]["image_failed"] == 0, app.events
        assert not [e for e in app.events if e["event"] == "error"], app.events
        # The loader is looked for in the prefix's libexec/snapscroll (then beside the binary): without it, each
        # banner is a placeholder, and the whole app says so in one error.
        decoder = os.path.join(prefix, "libexec/snapscroll/snapscroll-decode")
        os.rename(decoder, decoder + ".away")
        try:
            with launch(argv) as app:
                error = app.wait_event("error")
                assert error["message"].endswith(": image decoder not found (snapscroll-decode)"), error
                app.find(role="page tab list", name="Pages")
                app.quiet(1.5)
            errors = [e for e in app.events if e["event"] == "error"]
            assert errors == [error], errors
        finally:
            os.rename(decoder + ".away", decoder)
        # Its resources are the prefix's: without them it stops, and names the prefix's folder.
        css = os.path.join(prefix, "share/snapscroll/snapscroll.css")
        os.rename(css, css + ".away")
        try:
            try:
                p = _run(binary, "--qa-log", check=False, cwd="/", timeout=PATIENCE)
            except subprocess.TimeoutExpired:
                raise AssertionError("without its prefix's resources the installed binary found others and opened a window")
            assert p.returncode == 1 and p.stdout == "", (p.returncode, p.stdout)
            assert p.stderr == (f"snapscroll-demo: cannot find the resources folder: {prefix}/share/snapscroll has no "
                                "snapscroll.css (reinstall, or set SNAPSCROLL_RESOURCES)\n"), p.stderr
        finally:
            os.rename(css + ".away", css)
        # Its translations are the prefix's too: a catalogue put there is used (gettext would not look there itself).
        _check_translations_come_from_the_prefix(prefix, argv)
        check_speaks_german(argv)

        # A list that reaches outside the prefix is refused before anything is removed.
        manifest = os.path.join(prefix, "share/snapscroll/installed-files")
        with open(manifest) as f:
            good = f.read()
        victim = os.path.join(scratch, "victim")
        open(victim, "w").close()
        with open(manifest, "a") as f:
            f.write("file ../victim\n")
        p = _run(os.path.join(ROOT, "scripts", "uninstall"), prefix, check=False)
        assert p.returncode == 1 and "refusing" in p.stderr, (p.returncode, p.stderr)
        assert os.path.exists(victim) and os.path.exists(binary)
        with open(manifest, "w") as f:
            f.write(good)
        os.remove(victim)

        _run(os.path.join(ROOT, "scripts", "uninstall"), prefix)
        left = sorted(os.listdir(prefix))
        assert left == [], f"left in the prefix after uninstall: {left}"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _check_translations_come_from_the_prefix(prefix, argv):
    # qaa: a language code reserved for local use, so no po/*.po the install compiled can be in the way.
    locale = os.path.join(prefix, "share/locale")
    messages = os.path.join(locale, "qaa/LC_MESSAGES")
    made = [d for d in (locale, os.path.dirname(messages), messages) if not os.path.isdir(d)]
    for folder in made:
        os.mkdir(folder)
    try:
        po = os.path.join(prefix, "test.po")
        with open(po, "w", encoding="utf-8") as f:
            f.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                    'msgid "Pages"\nmsgstr "Seiten"\n\n'
                    'msgid "Page %d of %d"\nmsgid_plural "Page %d of %d"\nmsgstr[0] "Seite %d von %d"\nmsgstr[1] "Seite %d von %d"\n')
        _run("msgfmt", "-o", os.path.join(messages, "snapscroll.mo"), po)
        os.remove(po)
        # C.UTF-8 is a locale every Debian has; LANGUAGE then picks the catalogue.
        with launch(argv, env={"LC_ALL": "C.UTF-8", "LANGUAGE": "qaa"}) as app:
            dots = app.find(role="page tab list", name="Seiten")
            assert dots.getChildAtIndex(0).name == f"Seite 1 von {dots.childCount}", dots.getChildAtIndex(0).name
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.remove(os.path.join(messages, "snapscroll.mo"))
        for folder in reversed(made):
            os.rmdir(folder)


def test_debian_package_installs_launches_and_purges():
    if os.geteuid() != 0:
        print("     (skipped: installing the package needs root; CI runs it)")
        return
    for tool in ("dpkg-deb", "dpkg-shlibdeps", "lintian", "desktop-file-validate", "appstreamcli", "apt-get"):
        assert shutil.which(tool), f"{tool} is missing: scripts/setup test installs it"
    # One package install on this machine at a time, whoever runs the tests.
    with open(os.path.join(tempfile.gettempdir(), "snapscroll-package-test.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _check_package()


def dpkg_skips(path):
    """Whether dpkg leaves `path` out when it unpacks (path-exclude in dpkg.cfg.d, as slim Debian images set for
    manual pages and documentation): the last matching path-exclude or path-include decides."""
    skipped = False
    for config in ["/etc/dpkg/dpkg.cfg", *sorted(glob.glob("/etc/dpkg/dpkg.cfg.d/*"))]:
        try:
            with open(config, encoding="utf-8", errors="replace") as f:
                lines = f.read().splitlines()
        except OSError:
            continue
        for line in lines:
            key, _, pattern = line.strip().partition("=")
            if key in ("path-exclude", "path-include") and fnmatch.fnmatchcase(path, pattern.strip()):
                skipped = key == "path-exclude"
    return skipped


def _apt(*args):
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return _run("apt-get", "-o", "DPkg::Lock::Timeout=300", "-y", *args, env=env, check=False)


def _check_package():
    out = tempfile.mkdtemp(prefix="snapscroll-package-")
    try:
        lines = _run(os.path.join(ROOT, "scripts", "package"), out).stdout.splitlines()
        deb = lines[-1]
        assert deb.endswith(".deb") and os.path.isfile(deb), lines
        assert _run("dpkg-deb", "--field", deb, "Package").stdout.strip() == PACKAGE
        # Clean at lintian's info level too: what is left is overridden, each with its reason.
        lint = _run("lintian", "--display-info", "--fail-on", "error,warning,info", deb, check=False)
        assert lint.returncode == 0 and lint.stdout.strip() == "", f"lintian:\n{lint.stdout}{lint.stderr}"

        # A leftover of an earlier run that died goes first; files of the package that no package owns are not ours.
        _apt("remove", "--purge", PACKAGE)
        contents = _run("dpkg-deb", "--contents", deb).stdout.splitlines()
        shipped = [line.split(None, 5)[5].lstrip(".") for line in contents if not line.startswith("d")]
        shipped = [path for path in shipped if not dpkg_skips(path)]
        clash = [path for path in shipped if os.path.lexists(path)]
        assert not clash, f"files the package would overwrite already exist: {clash}"
        listed = list(shipped)
        try:
            p = _apt("install", "--no-install-recommends", deb)
            assert p.returncode == 0, f"apt-get install failed:\n{p.stdout}\n{p.stderr}"
            listed = _run("dpkg", "-L", PACKAGE).stdout.splitlines()
            files = [path for path in listed if os.path.isfile(path)]
            assert set(shipped) <= set(files), set(shipped) - set(files)
            entry = check_common_files("/usr")
            argv = exec_argv(entry["Exec"])
            assert argv == ["snapscroll-demo"], argv
            assert shutil.which(argv[0]) == "/usr/bin/snapscroll-demo", shutil.which(argv[0])
            if shutil.which("man") and "/usr/share/man/man1/snapscroll-demo.1.gz" in shipped:
                assert _run("man", "-w", "snapscroll-demo").stdout.strip() == "/usr/share/man/man1/snapscroll-demo.1.gz"
            with launch(argv) as app:
                app.find(role="page tab list", name="Pages")
            if "/usr/share/locale/de/LC_MESSAGES/snapscroll-demo.mo" in shipped:   # unless dpkg leaves locales out
                check_speaks_german(argv)
        finally:
            p = _apt("remove", "--purge", PACKAGE)
            if p.returncode != 0:
                _run("dpkg", "--purge", PACKAGE, check=False)
        status = _run("dpkg-query", "-W", "-f=${Status}", PACKAGE, check=False).stdout
        assert status in ("", "unknown ok not-installed"), f"after the purge dpkg says: {status}"
        left = [path for path in listed if os.path.lexists(path) and not os.path.isdir(path)]
        assert not left, f"left after purge: {left}"
        assert not os.path.exists("/usr/share/snapscroll") and not os.path.exists("/usr/bin/snapscroll-demo")
    finally:
        shutil.rmtree(out, ignore_errors=True)
