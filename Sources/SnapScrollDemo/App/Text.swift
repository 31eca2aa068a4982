import SnapGtk

/// The demo's own words, in the gettext text domain `snapscroll-demo` (the components' words are SnapGtk's, in
/// `snapscroll`). Every text shown to a person goes through it, as one whole message with C conversions:
///
///     tr("Back to first")
///     tr("Tapped: %s (%d of %d)", .text(title), .int(index + 1), .int(count))
///     tr.plural("%d chip", "%d chips", count: n, .int(n))
///
/// `scripts/translations update` finds the messages by these two names and refreshes `po/snapscroll-demo/`; a
/// `// Translators:` comment just above a call goes to the translators with it. Positions shown to a person count
/// from 1. Not translated: the QA log, page IDs and the lines on standard error (a script's words, matched exactly).
let tr = TextDomain("snapscroll-demo")
