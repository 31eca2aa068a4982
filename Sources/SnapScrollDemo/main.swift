import CSnapGtk
import Glibc
import SnapGtk

/// snapscroll-demo: parse the command line, load the content, open the window.

// The QA log's times count from here.
_ = QALog.processStart
// Before anything opens a file or a socket: closed standard streams get /dev/null, then signals are set up.
ProcessSetup.reopenClosedStandardStreams()
ProcessSetup.setSignalDispositions()
ProcessSetup.returnLargeBlocksWhenFreed()
let terminationSignals = TerminationSignals()

let program = "snapscroll-demo"
// The benchmarks' hooks: nil unless a SNAPSCROLL_BENCH_* variable is set.
let bench = BenchHooks.fromEnvironment()
bench?.mark("main")
// The decode benchmark: no window, one JSON line (bench/decode.py --pool).
if let status = bench?.runWithoutWindow() { exit(status) }

/// Ends the process with one line on standard error, before any window exists.
func fail(_ message: String, status: Int32) -> Never {
    writeLine("\(program): \(message)", to: STDERR_FILENO)
    exit(status)
}

var options: DemoOptions
do { options = try DemoOptions.parseCommandLine() } catch { fail(error.description, status: 2) }
// --replay: the session's options are the recorded ones (the command line may add --qa-log only).
var recording: Recording?
if let path = options.replayFile {
    do { recording = try Recording.load(path: path) } catch {
        fail("recording \(String(decoding: path, as: UTF8.self)): \(error.description)", status: 2)
    }
    recording?.apply(to: &options)
    // The carousel's autoplay advances are replayed from the recording, on its clock: no timer of the replay's own.
    options.autoplaySeconds = nil
}

let resources: Resources
do { resources = try Resources.find() } catch { fail(error.description, status: 1) }
// The translations of the library's words and the demo's: an installed binary's in its prefix (gettext would not search
// ~/.local by itself), a checkout's where scripts/translations compiles them.
if let locale = resources.localeDirectory {
    Localization.bindTextDomain(to: locale)
    tr.bind(to: locale)
}
let contentPath = options.contentFile ?? Array(resources.path("content.json").utf8)
let content: DemoContent
do { content = try DemoContent.load(path: contentPath) } catch { fail(error.description, status: 2) }
bench?.mark("content")

g_set_prgname(program)
g_set_application_name("SnapScroll")
guard GtkThread.initialize() else { fail("cannot open a display", status: 1) }
bench?.mark("gtk")
// A replay lays text out as the recording display did (its font, resolution and rendering).
recording?.text?.apply()
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

bench?.mark("css")
if options.page == "strip" { StripGlyphs.warmFirstFrame(content, startItem: options.startItem) }
let log = QALog(writesToStandardOutput: options.qaLog)
var context = PageContext(content: content, log: log, resources: resources)
context.bench = bench
if let path = options.recordFile {
    do {
        context.recorder = try SessionRecorder(path: path, options: options) { [log] problem in
            writeLine("\(program): \(problem)", to: STDERR_FILENO)
            log.error(problem)
        }
    } catch {
        fail("recording \(String(decoding: path, as: UTF8.self)): \(error.description)", status: 2)
    }
}
if let recording {
    // The result line goes to standard output, unless that holds the QA log.
    context.replay = SessionReplay(recording, components: context.components,
                                   resultDescriptor: options.qaLog ? STDERR_FILENO : STDOUT_FILENO, keepsGoing: options.keepGoing)
}
if let recorder = context.recorder {
    context.components.onRegister = { [weak recorder] id, scroller in recorder?.follow(id, scroller) }
    context.components.onRegisterDots = { [weak recorder] id, dots in recorder?.follow(id, dots: dots) }
    context.components.onRegisterCarousel = { [weak recorder] id, carousel in recorder?.follow(id, carousel: carousel) }
    DemoControls.onActivated = { [weak recorder] id, value in recorder?.record(.control(id: id, value: value)) }
}
if context.recorder != nil || context.replay != nil {
    log.onSettled = { [weak recorder = context.recorder, weak replay = context.replay] component, index, offset, cause in
        let settle = Recording.Settle(component: component, index: index, offset: offset, cause: cause.rawValue)
        recorder?.record(.settled(settle))
        replay?.settled(settle)
    }
}
let application = Application(id: "io.github.snapscroll.Demo")
terminationSignals.application = application
let status = application.run(program: program) { app in
    bench?.mark("activate")
    let window = DemoWindow(application: app, options: options, context: context)
    bench?.mark("window")
    terminationSignals.beforeQuit = { _ in window.reportCaches() }
    window.present()
    bench?.mark("present")
}
context.recorder?.finish()
var exitStatus = status
if let replay = context.replay {
    if replay.exitStatus == nil {
        writeLine("replay: the window closed before the end of the recording", to: options.qaLog ? STDERR_FILENO : STDOUT_FILENO)
    }
    exitStatus = replay.exitStatus ?? 1
}
// A recording that lost a line (said on standard error when it happened) ends the process with status 3.
if context.recorder?.isIncomplete == true && exitStatus == 0 { exitStatus = SessionRecorder.incompleteStatus }
// QA log lines still waiting go out while the reader takes them (given up after 0.1 s in which it takes none).
log.finish()
exit(exitStatus)
