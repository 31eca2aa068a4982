"""The window in the user's language, read through the accessibility tree: German with LANGUAGE=de (page titles,
buttons, labels, the page dots' names, plural forms), and what an Arabic user gets from an Arabic locale: Arabic
words in each plural form the chip count reaches, and the whole window right to left. The QA log stays English."""

import subprocess

import pyatspi

from harness import App, extents, screenshot, wait_until, xdo
from look import open_options

# The window's client-side border puts the screen a few pixels right of and below window coordinates; clicks aim at
# a button's middle, so the exact figure does not matter.
WINDOW_OFFSET = 5

# A German user who asks for German messages only (any UTF-8 locale: LANGUAGE picks the catalogue).
GERMAN = {"LC_ALL": "", "LANG": "C.UTF-8", "LANGUAGE": "de"}
# An Arabic user: the locale alone, as a desktop sets it (scripts/setup test generates ar_EG.UTF-8).
ARABIC = {"LC_ALL": "", "LANG": "ar_EG.UTF-8", "LANGUAGE": ""}

GERMAN_TITLES = ["Reitermenü", "Zentrierung", "Segmentiert", "Leiste", "Karussell"]
ARABIC_TITLES = ["قائمة الألسنة", "التوسيط", "المقسَّم", "الشريط", "الدوّار"]
# The main menu's items: Reduce motion, Right to left, QA event log, Snap guides, Keyboard Shortcuts, About
# SnapScroll.
GERMAN_MENU = ["Bewegung reduzieren", "Von rechts nach links", "QA-Ereignisprotokoll", "Einrast-Hilfslinien", "Tastenkürzel",
               "Info zu SnapScroll"]
ARABIC_MENU = ["تقليل الحركة", "من اليمين إلى اليسار", "سجل أحداث ضمان الجودة", "خطوط إرشاد المحاذاة", "اختصارات لوحة المفاتيح",
               "عن SnapScroll"]
TITLES = ["Sunrise over the bay", "Lagoon afternoon", "Dusk in the hills", "Summer meadow", "Embers and ash"]


def _click(node):
    x, y, w, h = extents(node)
    xdo("mousemove", x + w // 2 + WINDOW_OFFSET, y + h // 2 + WINDOW_OFFSET, "click", 1)


def _checked_menu_items(app, names):
    """Opens the main menu (F10), waits for its items named `names`, and returns the names of those checked."""
    xdo("key", "F10")
    found = {}

    def shown():
        found.clear()
        for role in ("check menu item", "menu item"):   # GTK 4.8 gives check items the plain role
            found.update({node.name: node for node in app.find_all(role=role) if node.name in names})
        return set(found) == set(names)
    wait_until(shown, message=f"the main menu's items {names}")
    return [name for name in names if found[name].getState().contains(pyatspi.STATE_CHECKED)]


def _require_locale(name):
    available = subprocess.run(["locale", "-a"], capture_output=True, text=True, check=True).stdout.lower().split()
    assert name.lower().replace("utf-8", "utf8") in available, f"no {name} locale: scripts/setup test generates it"


def test_weekday_tabs_follow_the_interface_language_under_an_english_locale():
    """LANGUAGE=de with LANG=C.UTF-8: the locale's date settings give English weekday names, so the tabs take the
    translations' (in the locale's order, from Sunday), like every other word of the window."""
    with App("--page", "menu", env=GERMAN) as app:
        app.accessible()
        wait_until(lambda: app.find_all(role="page tab", name="Mo"), message="a German weekday tab")
        names = [n.name for n in app.find_all(role="page tab") if n.name in
                 {"So", "Mo", "Di", "Mi", "Do", "Fr", "Sa", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}]
        assert names[:3] == ["So", "Mo", "Di"], names
    # An English interface under the same locale: the English names.
    with App("--page", "menu", env=dict(GERMAN, LANGUAGE="en")) as app:
        app.accessible()
        wait_until(lambda: app.find_all(role="page tab", name="Mon"), message="an English weekday tab")


def test_german_everywhere_with_plural_forms_and_an_english_log():
    with App("--page", "centering", env=GERMAN) as app:
        assert app.wait_event("layout", component="centering")["mode"] == "centered", "the log's values stay English"
        for title in GERMAN_TITLES:
            app.find(role="page tab", name=title)
        app.find(name="Hauptmenü")
        # The QA panel's tools are translated; its lines and its filters' other choices (event names, page IDs) are not.
        from test_qa_panel import filters_button
        _click(filters_button(app, "Filter"))
        app.find(role="combo box", name="Nach Ereignis filtern")
        app.find(role="combo box", name="Nach Komponente filtern")
        xdo("key", "Escape")
        wait_until(lambda: not app.find_all(role="combo box", name="Nach Ereignis filtern"),
                   message="the filters' popover to close")
        for name in ("Anhalten", "Leeren", "Kopieren", "Speichern…"):
            app.find(name=name)
        app.find(role="label", name="Letzte Geste: noch keine")
        panel = app.find(role="panel", name="Zentrierung")
        app.find(role="scroll pane", name="Chips, zentriert, wenn sie hineinpassen", root=panel)
        app.find(role="label", name="Zentriert", root=panel)
        app.find(role="label", name="3 Chips", root=panel)
        app.find(role="label", name="Chip 1", root=panel)
        remove = app.find(role="push button", name="Chip entfernen", root=panel)
        app.find(role="push button", name="Chip hinzufügen", root=panel)
        _click(remove)
        app.find(role="label", name="2 Chips", root=panel)
        _click(remove)
        app.find(role="label", name="1 Chip", root=panel)   # German's singular form
        screenshot("language-de-centring")
        assert _checked_menu_items(app, GERMAN_MENU) == ["QA-Ereignisprotokoll"], "left to right, the log shown"

    with App("--page", "carousel", env=GERMAN) as app:
        panel = app.find(role="panel", name="Karussell")
        dots = app.find(role="page tab list", name="Seiten", root=panel)
        names = [dots.getChildAtIndex(i).name for i in range(dots.childCount)]
        assert names == [f"Seite {i} von 5" for i in range(1, 6)], names
        app.find(name=f"Banner 1 von 5: {TITLES[0]}", root=panel)
        app.find(role="push button", name="Zurück zum ersten", root=panel)
        app.find(role="label", name="Tippen Sie auf ein Banner", root=panel)
        screenshot("language-de-carousel")

    with App("--page", "strip", env=GERMAN) as app:
        panel = app.find(role="panel", name="Leiste")
        app.find(role="scroll pane", name="Obstleiste", root=panel)
        app.find(role="label", name="Mitte: Element 1 von 7", root=panel)   # counted from 1; logged as index 0
        app.find(name="🍎, Element 1", root=panel)
        # The edit buttons, under Options: Insert before puts "New 1" (German "Neu 1") before the centred card,
        # which stays centred one further on.
        open_options(app, panel, "Optionen")
        for name in ("Danach einfügen", "Aktuelles entfernen", "Aktuelles ans Ende verschieben"):
            app.find(role="push button", name=name, root=panel)
        _click(app.find(role="push button", name="Davor einfügen", root=panel))
        app.find(name="Neu 1, Element 1", root=panel)
        app.find(role="label", name="Mitte: Element 2 von 8", root=panel)
        # The Keyboard Shortcuts window: its titles are built into GtkBuilder XML, translated and escaped.
        xdo("key", "ctrl+question")
        window = app.find(name="Tastenkürzel", showing=True)
        for title in ("Allgemein", "Fenster schließen", "Reitermenü, Leiste und Karussell", "Element aktivieren"):
            app.find(name=title, root=window)
        screenshot("language-de-shortcuts")


def test_an_arabic_locale_gives_arabic_words_right_to_left():
    _require_locale("ar_EG.UTF-8")
    with App("--page", "centering", env=ARABIC) as app:
        assert app.wait_event("layout", component="centering")["mode"] == "centered", "the log's values stay English"
        tabs = [app.find(role="page tab", name=title) for title in ARABIC_TITLES]
        # Right to left: the first page's tab is the rightmost.
        xs = [extents(tab)[0] for tab in tabs]
        assert xs == sorted(xs, reverse=True), list(zip(ARABIC_TITLES, xs))
        panel = app.find(role="panel", name="التوسيط")
        app.find(role="label", name="في الوسط", root=panel)
        add = app.find(role="push button", name="إضافة شريحة", root=panel)
        remove = app.find(role="push button", name="إزالة شريحة", root=panel)
        # Five of Arabic's six plural forms, as the count goes through them (102 chips would be the sixth).
        app.find(role="label", name="3 شرائح", root=panel)   # 3 to 10
        _click(remove)
        app.find(role="label", name="شريحتان", root=panel)   # two
        _click(remove)
        app.find(role="label", name="شريحة واحدة", root=panel)   # one
        # The chip is centred right to left too: the buttons' row starts at the right, "Add" first.
        assert extents(add)[0] > extents(remove)[0], (extents(add), extents(remove))
        screenshot("language-ar-centring")
        _click(remove)
        app.find(role="label", name="0 شريحة", root=panel)   # zero
        for count in range(1, 12):
            _click(add)
            app.find(role="label", name=f"شريحة {count}", root=panel)   # each chip shown before the next click
        app.find(role="label", name="11 شريحة", root=panel)   # 11 to 99

    with App("--page", "carousel", env=ARABIC) as app:
        panel = app.find(role="panel", name="الدوّار")
        dots = app.find(role="page tab list", name="الصفحات", root=panel)
        names = [dots.getChildAtIndex(i).name for i in range(dots.childCount)]
        assert names == [f"الصفحة {i} من 5" for i in range(1, 6)], names
        assert extents(dots.getChildAtIndex(0))[0] > extents(dots.getChildAtIndex(4))[0], "the first dot is rightmost"
        first = app.find(name=f"اللافتة 1 من 5: {TITLES[0]}", root=panel)
        second = app.find(name=f"اللافتة 2 من 5: {TITLES[1]}", root=panel)
        assert extents(first)[0] > extents(second)[0], "the second banner peeks in on the left"
        app.find(role="push button", name="العودة إلى الأولى", root=panel)
        open_options(app, panel, "خيارات")
        for name in ("إدراج قبل", "إدراج بعد", "إزالة الحالي", "نقل الحالي إلى النهاية"):
            app.find(role="push button", name=name, root=panel)
        screenshot("language-ar-carousel")
        # The direction came from the language, and the main menu says so.
        assert _checked_menu_items(app, ARABIC_MENU) == ["من اليمين إلى اليسار", "سجل أحداث ضمان الجودة"]
