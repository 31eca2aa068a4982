import CSnapGtk
import Glibc

// GTK's accessible test checks, called directly. They are variadic (the expected value is the `...`), which Swift
// does not import, so each is looked up once and called through a C function type with that one argument: on
// x86-64 and AArch64 Linux a variadic int or pointer argument is passed exactly as a named one.

private typealias CheckState = @convention(c) (OpaquePointer?, GtkAccessibleState, gboolean) -> UnsafeMutablePointer<CChar>?
private typealias CheckProperty = @convention(c) (OpaquePointer?, GtkAccessibleProperty, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?

private func gtkFunction<F>(_ name: String, as type: F.Type) -> F {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("\(name) not found") }
    return unsafeBitCast(symbol, to: type)
}

/// Whether `widget`'s accessible SELECTED state is `expected` (`gtk_test_accessible_check_state`).
@MainActor func accessibleSelected(_ widget: UnsafeMutablePointer<GtkWidget>?, is expected: Bool) -> Bool {
    let check = gtkFunction("gtk_test_accessible_check_state", as: CheckState.self)
    let message = check(OpaquePointer(widget), GTK_ACCESSIBLE_STATE_SELECTED, expected ? 1 : 0)
    defer { g_free(message) }
    return message == nil
}

/// Whether `widget`'s accessible LABEL is `expected` (`gtk_test_accessible_check_property`).
@MainActor func accessibleLabel(_ widget: UnsafeMutablePointer<GtkWidget>?, is expected: String) -> Bool {
    let check = gtkFunction("gtk_test_accessible_check_property", as: CheckProperty.self)
    let message = check(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, expected)
    defer { g_free(message) }
    return message == nil
}
