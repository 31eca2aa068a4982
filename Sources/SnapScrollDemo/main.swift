import CSnapGtk
import Glibc
import SnapGtk

/// snapscroll-demo: parse the command line, load the content, open the window.

// Before anything opens a file or a socket: closed standard streams get /dev/null, then signals are set up.
ProcessSetup.reopenClosedStandardStreams()
ProcessSetup.setSignalDispositions()
ProcessSetup.returnLargeBlocksWhenFreed()
let terminationSignals = TerminationSignals()

let program = "snapscroll-demo"
StartupPhases.mark("main")

/// Ends the process with one line on standard error, before any window exists.
func fail(_ message: String, status: Int32) -> Never {
    writeLine("\(program): \(message)", to: STDERR_FILENO)
    exit(status)
}

let options: DemoOptions
do { options = try DemoOptions.parseCommandLine() } catch { fail(error.description, status: 2) }

let resources: Resources
do { resources = try Resources.find() } catch { fail(error.description, status: 1) }
// Installed under a prefix gettext does not search by itself (~/.local): its translations are there.
if let locale = resources.localeDirectory { Localization.bindTextDomain(to: locale) }
let contentPath = options.contentFile ?? Array(resources.path("content.json").utf8)
let content: DemoContent
do { content = try DemoContent.load(path: contentPath) } catch { fail(error.description, status: 2) }
StartupPhases.mark("content")

g_set_prgname(program)
g_set_application_name("SnapScroll")
guard GtkThread.initialize() else { fail("cannot open a display", status: 1) }
StartupPhases.mark("gtk")
if options.reduceMotion { DemoSettings.setAnimationsEnabled(false) }
if options.rtl { DemoSettings.setRightToLeft(true) }
// The widgets' own styles first: the demo's stylesheet uses their named colours and overrides their rules.
WidgetStyle.install()
do {
    let problems = Stylesheet.install(css: try resources.text("snapscroll.css"))
    if !problems.isEmpty { writeLine("\(program): snapscroll.css: \(problems[0])", to: STDERR_FILENO) }
} catch {
    fail("cannot read snapscroll.css: \(error)", status: 1)
}

StartupPhases.mark("css")
if options.page == "strip" { StripGlyphs.warmFirstFrame(content) }
let log = QALog(writesToStandardOutput: options.qaLog)
let application = Application(id: "io.github.snapscroll.Demo")
terminationSignals.application = application
let status = application.run(program: program) { app in
    StartupPhases.mark("activate")
    let context = PageContext(content: content, log: log, resources: resources)
    let window = DemoWindow(application: app, options: options, context: context)
    StartupPhases.mark("window")
    terminationSignals.beforeQuit = { _ in window.reportCaches() }
    window.present()
    StartupPhases.mark("present")
}
// QA log lines still waiting go out while the reader takes them (given up after 0.1 s in which it takes none).
log.finish()
exit(status)
