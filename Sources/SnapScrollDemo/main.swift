import CSnapGtk
import FoundationEssentials
import Glibc
import SnapGtk

/// snapscroll-demo: parse the command line, load the content, open the window.

let program = "snapscroll-demo"

/// Ends the process with one line on standard error, before any window exists.
func fail(_ message: String, status: Int32) -> Never {
    writeLine("\(program): \(message)", to: STDERR_FILENO)
    exit(status)
}

let options: DemoOptions
do { options = try DemoOptions.parse(CommandLine.arguments) } catch { fail(error.description, status: 2) }

guard let resources = Resources.locate() else {
    fail("cannot find the resources folder (set \(Resources.environmentVariable))", status: 1)
}
let contentURL = options.contentFile.map { URL(fileURLWithPath: $0) } ?? resources.url("content.json")
let content: DemoContent
do { content = try DemoContent.load(from: contentURL) } catch { fail(error.description, status: 2) }

g_set_prgname(program)
g_set_application_name("SnapScroll")
guard GtkThread.initialize() else { fail("cannot open a display", status: 1) }
if options.reduceMotion { DemoSettings.setAnimationsEnabled(false) }
if options.rtl { DemoSettings.setRightToLeft(true) }
do {
    let problems = Stylesheet.install(css: try resources.text("snapscroll.css"))
    if !problems.isEmpty { writeLine("\(program): snapscroll.css: \(problems[0])", to: STDERR_FILENO) }
} catch {
    fail("cannot read snapscroll.css: \(error)", status: 1)
}

let log = QALog(writesToStandardOutput: options.qaLog)
let application = Application(id: "io.github.snapscroll.Demo")
let status = application.run(program: program) { app in
    let context = PageContext(content: content, log: log, resources: resources)
    DemoWindow(application: app, options: options, context: context).present()
}
exit(status)
