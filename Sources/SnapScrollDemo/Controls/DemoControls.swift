import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// The demo's own controls by a stable ID (`carousel.spacing`, `strip.insert-after`, `carousel.options`), for the
/// session recorder and replay: one mechanism for every button, check button, spin field, choice and Options button.
///
/// Each control, as it is made, names its ID and how a recorded value is put back on it; whatever the user does to
/// it is told to `onActivated` as (ID, value): nil for a button, `on`/`off` for a toggle, the number for a spin
/// field, the index for a choice. A replay calls `perform`, which acts on the GTK widget itself (its `clicked`, its
/// state, its value), so the page's own handler runs as it did when recorded. An ID is the page's ID, a dot and the
/// control's name in lower case with dashes.
@MainActor
enum DemoControls {
    /// Hears every control the user acts on (the session recorder's hook; nil when not recording).
    static var onActivated: ((_ id: String, _ value: String?) -> Void)?
    /// How each control built so far takes a recorded value (false: a value it cannot take); gone with its widget.
    private static var controls: [String: (String?) -> Bool] = [:]

    /// `widget` is the control `id`; `apply` puts a recorded value on it. Its entry goes when the widget is destroyed.
    static func register(_ id: String, _ widget: UnsafeMutablePointer<GtkWidget>, apply: @escaping @MainActor (String?) -> Bool) {
        controls[id] = apply
        Signals.connect(widget.raw, "destroy") { controls[id] = nil }
    }

    /// Tells the recorder that the user acted on control `id`.
    static func activated(_ id: String, _ value: String?) {
        onActivated?(id, value)
    }

    /// What `perform` found.
    enum Outcome: Equatable {
        case done
        /// No control of that ID has been built (its page or its Options never shown), or it is gone.
        case unknown
        /// The control cannot take that value.
        case badValue
    }

    /// Acts on control `id` as the user did when recorded.
    static func perform(_ id: String, value: String?) -> Outcome {
        guard let apply = controls[id] else { return .unknown }
        return apply(value) ? .done : .badValue
    }

    /// A toggle's value as the file holds it.
    static func flag(_ on: Bool) -> String { on ? "on" : "off" }

    /// A recorded toggle value: nil for anything but `on` or `off`.
    static func parseFlag(_ value: String?) -> Bool? {
        switch value {
        case "on": true
        case "off": false
        default: nil
        }
    }

    /// A SnapGtk button of the demo: its clicks are reported as control `id`, and a replay clicks it.
    static func track(_ button: Button, id: String) {
        let widget = button.gtkWidget
        Signals.connect(widget.raw, "clicked") { activated(id, nil) }
        register(id, widget) { value in
            guard value == nil else { return false }
            snap_signal_emit_by_name(widget, "clicked")
            return true
        }
    }
}
