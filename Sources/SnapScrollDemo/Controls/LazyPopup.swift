import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// A menu button whose popup is built the first time it opens: start-up makes no widgets nobody sees yet.
///
/// `make` gets the `GtkMenuButton *` and gives it its popover or menu model, which GTK then shows. GTK asks only
/// while the button has neither, so `make` runs once. GTK holds `make` and lets go of it with the button.
@MainActor
enum LazyPopup {
    static func attach(to button: UnsafeMutablePointer<GtkWidget>, _ make: @escaping @MainActor (OpaquePointer) -> Void) {
        let box = Unmanaged.passRetained(Box(make))
        gtk_menu_button_set_create_popup_func(button.opaque, { button, data in
            guard let button, let data else { return }
            MainActor.assumeIsolated { Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().make(button) }
        }, box.toOpaque(), { data in
            if let data { Unmanaged<Box>.fromOpaque(data).release() }
        })
    }

    private final class Box {
        let make: @MainActor (OpaquePointer) -> Void
        init(_ make: @escaping @MainActor (OpaquePointer) -> Void) { self.make = make }
    }
}
