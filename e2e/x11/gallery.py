"""Regenerates the screenshot gallery: every page of the demo at 360, 600, 960, 1400 and 3840 px wide (a 4K screen) in
the light, dark and high-contrast themes, into docs/screenshots/gallery/, plus docs/screenshots/window.png (the
README's picture) and the gallery's index, docs/screenshots/README.md; every page in German and in Arabic (right to
left) at 360 and 960 px in the light theme; the snap guides (`--snap-guides`) on the menu, strip and carousel in
the three themes; and the QA panel's motion plot after a fling on the strip in the three themes.

    scripts/screenshots                          everything (about five minutes)
    scripts/screenshots --pages menu             one page
    scripts/screenshots --themes --languages ar  only the Arabic pictures
    scripts/screenshots --guides                 only the snap guides' shots (and the index)
    scripts/screenshots --plot                   only the motion plot's shots (and the index)

PNGs are reduced to a 128-colour palette (ImageMagick) so the repository stays small."""

import argparse
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import App, ROOT, xdo  # noqa: E402
from look import PAGES, THEMES, Window  # noqa: E402

SIZES = [(360, 640), (600, 800), (960, 640), (1400, 900), (3840, 2160)]
THEME_TITLES = {"light": "Light (Adwaita)", "dark": "Dark (Adwaita:dark)", "contrast": "High contrast (HighContrast)"}
OUT = os.path.join(ROOT, "docs", "screenshots")
# A German user who asks for German messages, and an Arabic user with an Arabic locale (scripts/setup test generates
# ar_EG.UTF-8), as test_language.py launches them.
LANGUAGES = {"de": {"LC_ALL": "", "LANG": "C.UTF-8", "LANGUAGE": "de"},
             "ar": {"LC_ALL": "", "LANG": "ar_EG.UTF-8", "LANGUAGE": ""}}
LANGUAGE_TITLES = {"de": "German (LANGUAGE=de)", "ar": "Arabic (LANG=ar_EG.UTF-8), right to left"}
LANGUAGE_SIZES = [(360, 640), (960, 640)]


def save(window, path):
    """The window's pixels as a palette PNG."""
    raw = path + ".raw.png"
    subprocess.run(["import", "-window", "root", "-crop",
                    f"{window.width}x{window.height}+{window.screen_x}+{window.screen_y}", raw], check=True)
    subprocess.run(["convert", raw, "+dither", "-colors", "128", "-strip", "-define", "png:compression-level=9",
                    "PNG8:" + path], check=True)
    os.unlink(raw)


def shoot(page, width, height, env, path):
    with App("--page", page, "--size", f"{width}x{height}", env=env) as app:
        app.accessible()
        window = Window(app)
        window.park_pointer()
        window.still_shot()   # images decoded and drawn: the picture no longer changes
        save(window, path)


def capture_languages(pages, languages):
    """Each page in each language, light theme, as it first opens."""
    for language in languages:
        for width, height in LANGUAGE_SIZES:
            for page in pages:
                env = dict(LANGUAGES[language], GTK_THEME=THEMES["light"])
                shoot(page, width, height, env, os.path.join(OUT, "gallery", f"{page}-{width}-light-{language}.png"))
                print(f"{page} {width}x{height} {language}", flush=True)


def index_languages(pages, languages):
    """The index's language section (the rest of the index is left as it is)."""
    lines = ["## Languages", "",
             "The light theme in each complete translation (`po/`), at two window widths.", "",
             "| page | " + " | ".join(f"{LANGUAGE_TITLES[l]}, {w}×{h}" for l in languages for w, h in LANGUAGE_SIZES) + " |",
             "|---|" + "---|" * (len(languages) * len(LANGUAGE_SIZES))]
    for page in pages:
        cells = [f"[<img src=\"gallery/{page}-{w}-light-{l}.png\" width=\"{max(90, w // 6)}\" alt=\"{page}, {w} px, {l}\">]"
                 f"(gallery/{page}-{w}-light-{l}.png)" for l in languages for w, _ in LANGUAGE_SIZES]
        lines.append(f"| `{page}` | " + " | ".join(cells) + " |")
    path = os.path.join(OUT, "README.md")
    with open(path) as f:
        text = f.read()
    text = text.split("\n## Languages\n", 1)[0].rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
    with open(path, "w") as f:
        f.write(text)


def capture(pages, themes, sizes):
    """One launch per shot, opened on its page (`--page`): the window as a user first sees it, focus on the
    component but no focus ring (that shows once keys are used)."""
    os.makedirs(os.path.join(OUT, "gallery"), exist_ok=True)
    for theme in themes:
        for width, height in sizes:
            for page in pages:
                path = os.path.join(OUT, "gallery", f"{page}-{width}-{theme}.png")
                shoot(page, width, height, {"GTK_THEME": THEMES[theme]}, path)
                if (page, width, theme) == ("menu", 960, "light"):
                    shutil.copyfile(path, os.path.join(OUT, "window.png"))
                print(f"{page} {width}x{height} {theme}", flush=True)


# The snapping components and their scroll panes' accessible names.
GUIDED = {"menu": "Weekday menu", "strip": "Fruit strip", "carousel": "Banners"}
GUIDES_SIZE = (960, 640)


def capture_guides(themes):
    """Each snapping page with `--snap-guides`: at rest, then held by a drag of 130 px to the left (the content
    still, the rest it would reach when released marked and labelled), then a moment of a flick's fling."""
    os.makedirs(os.path.join(OUT, "gallery"), exist_ok=True)
    width, height = GUIDES_SIZE
    for theme in themes:
        for page, pane_name in GUIDED.items():
            with App("--page", page, "--size", f"{width}x{height}", "--snap-guides",
                     env={"GTK_THEME": THEMES[theme]}) as app:
                app.accessible()
                window = Window(app)
                window.park_pointer()
                window.still_shot()
                save(window, os.path.join(OUT, "gallery", f"guides-{page}-{theme}.png"))
                x, y, w, h = window.rect(app.find(role="scroll pane", name=pane_name))
                cx, cy = int(x + w / 2), int(y + h / 2)
                xdo("mousemove", cx, cy, "mousedown", 1, *[a for step in range(1, 14)
                                                           for a in ("sleep", 0.01, "mousemove", cx - 10 * step, cy)])
                window.still_shot()   # held still: the speed has fallen to nothing
                save(window, os.path.join(OUT, "gallery", f"guides-{page}-drag-{theme}.png"))
                xdo("mouseup", 1)
                app.wait_event("settled", component=page)
                # A flick left, shot at once: a moment of the fling (which moment differs from run to run), its arrow
                # and speed, and where it will rest.
                xdo("mousemove", cx + 150, cy, "mousedown", 1,
                    *[a for step in range(1, 6) for a in ("sleep", 0.01, "mousemove", cx + 150 - 40 * step, cy)],
                    "mouseup", 1)
                save(window, os.path.join(OUT, "gallery", f"guides-{page}-fling-{theme}.png"))
                app.wait_event("settled", component=page)
            print(f"guides {page} {theme}", flush=True)


PLOT_SIZE = (960, 900)


def capture_plot(themes):
    """The strip at 960×900 (the QA panel given more height by the divider's default share) after a fling to the
    left: the motion plot beside the log, drawn when the fling settled; the window's bottom part is saved."""
    os.makedirs(os.path.join(OUT, "gallery"), exist_ok=True)
    width, height = PLOT_SIZE
    for theme in themes:
        with App("--page", "strip", "--size", f"{width}x{height}", env={"GTK_THEME": THEMES[theme]}) as app:
            app.accessible()
            window = Window(app)
            x, y, w, h = window.rect(app.find(role="scroll pane", name="Fruit strip"))
            cx, cy = int(x + w / 2), int(y + h / 2)
            # The divider above the panel, dragged up: the plot gets room (the panel's first child is its tools' row).
            panel_top = window.rect(app.find(role="push button", name="Pause"))[1] - 12
            xdo("mousemove", cx, panel_top, "mousedown", 1, "sleep", 0.1, "mousemove", cx, panel_top - 180,
                "sleep", 0.1, "mouseup", 1)
            window.still_shot()
            x, y, w, h = window.rect(app.find(role="scroll pane", name="Fruit strip"))   # the page moved up with it
            cx, cy = int(x + w / 2), int(y + h / 2)
            xdo("mousemove", cx + 150, cy, "mousedown", 1,
                *[a for step in range(1, 6) for a in ("sleep", 0.012, "mousemove", cx + 150 - 40 * step, cy)],
                "mouseup", 1)
            app.wait_event("settled", component="strip")
            window.park_pointer()
            window.still_shot()
            save(window, os.path.join(OUT, "gallery", f"motion-plot-{theme}.png"))
        print(f"motion plot {theme}", flush=True)


def index(pages, themes, sizes):
    lines = ["# Screenshot gallery", "",
             f"Every page of the demo at {len(sizes)} window widths, in GTK 4.8's light, dark and high-contrast themes,",
             "regenerated by `scripts/screenshots` (under a private headless X session, cairo renderer, no window",
             "manager; PNGs reduced to a 128-colour palette). Click a picture for its full size.", ""]
    for theme in themes:
        lines += [f"## {THEME_TITLES[theme]}", "",
                  "| page | " + " | ".join(f"{w}×{h}" for w, h in sizes) + " |",
                  "|---|" + "---|" * len(sizes)]
        for page in pages:
            cells = [f"[<img src=\"gallery/{page}-{w}-{theme}.png\" width=\"{min(max(90, w // 6), 240)}\" alt=\"{page}, {w} px, "
                     f"{theme}\">](gallery/{page}-{w}-{theme}.png)" for w, _ in sizes]
            lines.append(f"| `{page}` | " + " | ".join(cells) + " |")
        lines.append("")
    lines += ["## Snap guides", "",
              "`--snap-guides` (Ctrl+G) at 960×640: each snapping component at rest, then held by a drag of 130 px to "
              "the left (the rest a release would reach marked by the ring and the dashed line, labelled with its index), "
              "then a moment of a flick to the left (its arrow and speed; which moment varies from run to run).",
              "", "| theme | " + " | ".join(f"`{page}`" for page in GUIDED) + " |", "|---|" + "---|" * len(GUIDED)]
    for theme in themes:
        cells = [" ".join(f"[<img src=\"gallery/guides-{page}{kind}-{theme}.png\" width=\"160\" alt=\"{page}{kind}, "
                          f"guides, {theme}\">](gallery/guides-{page}{kind}-{theme}.png)" for kind in ("", "-drag", "-fling"))
                 for page in GUIDED]
        lines.append(f"| {THEME_TITLES[theme]} | " + " | ".join(cells) + " |")
    lines.append("")
    lines += ["## Motion plot", "",
              "The QA panel (its divider dragged up) at 960×900 after a fling to the left on the strip: beside the log, "
              "the last gesture's offset (the line) and speed (the band) over time, its release and settle (vertical), "
              "its projected rest and target (horizontal).", "",
              "| " + " | ".join(THEME_TITLES[t] for t in themes) + " |", "|" + "---|" * len(themes),
              "| " + " | ".join(f"[<img src=\"gallery/motion-plot-{t}.png\" width=\"240\" alt=\"motion plot, {t}\">]"
                                f"(gallery/motion-plot-{t}.png)" for t in themes) + " |", ""]
    path = os.path.join(OUT, "README.md")
    # The language section is written by index_languages; a run without it keeps the one already there.
    languages = ""
    if os.path.exists(path):
        with open(path) as f:
            parts = f.read().split("\n## Languages\n", 1)
        if len(parts) == 2:
            languages = "\n## Languages\n" + parts[1]
    with open(path, "w") as f:
        f.write("\n".join(lines) + languages)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", default=list(PAGES), choices=list(PAGES))
    parser.add_argument("--themes", nargs="*", default=list(THEMES), choices=list(THEMES))
    parser.add_argument("--widths", nargs="*", type=int, default=[w for w, _ in SIZES])
    parser.add_argument("--languages", nargs="*", default=list(LANGUAGES), choices=list(LANGUAGES))
    parser.add_argument("--guides", action="store_true", help="only the snap guides' shots (and the index)")
    parser.add_argument("--plot", action="store_true", help="only the motion plot's shots (and the index)")
    args = parser.parse_args()
    sizes = [s for s in SIZES if s[0] in args.widths]
    if args.guides or args.plot:
        (capture_guides if args.guides else capture_plot)(args.themes)
        index(list(PAGES), list(THEMES), SIZES)
        return
    capture(args.pages, args.themes, sizes)
    capture_languages(args.pages, args.languages)
    if args.pages == list(PAGES) and args.themes == list(THEMES) and sizes == SIZES:
        capture_guides(args.themes)
        capture_plot(args.themes)
        index(args.pages, args.themes, sizes)
    if args.pages == list(PAGES) and args.languages == list(LANGUAGES):
        index_languages(args.pages, args.languages)


if __name__ == "__main__":
    main()
