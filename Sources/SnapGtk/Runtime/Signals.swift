import CSnapGtk

/// Signal connection whose handler lifetime belongs to GLib: each handler is a retained box whose
/// release is the destroy notify GLib calls when the handler is disconnected or the object dies.
/// For code that works with GTK's C API directly (the demo, tests): `@_spi(GtkInterop) import SnapGtk`.
@_spi(GtkInterop) @MainActor
public enum Signals {
    /// A box holding one Swift handler; its address is the signal's user data. It counts itself
    /// in and out, so tests can prove that GLib releases it.
    final class Box<Handler> {
        let handler: Handler
        init(_ handler: Handler) {
            self.handler = handler
            onGtkThread { Signals.liveHandlers += 1 }
        }
        deinit { onGtkThread { Signals.liveHandlers -= 1 } }
    }

    /// How many handler boxes GLib holds now.
    @_spi(Testing) public private(set) static var liveHandlers = 0

    /// The C arguments of a handler: the instance, pointer arguments and the user data.
    typealias Pointer = UnsafeMutableRawPointer?

    /// Connects `callback`, a `@convention(c)` function of the signal's shape whose user data is `handler`'s box.
    fileprivate static func connect<Handler, Callback>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: Handler,
                                                       after: Bool = false, _ callback: Callback) -> UInt {
        UInt(g_signal_connect_data(instance, signal, unsafeBitCast(callback, to: GCallback.self),
                                   WidgetLifetime.retained(Box(handler)), { data, _ in Unmanaged<AnyObject>.fromOpaque(data!).release() },
                                   after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)))
    }

    static func handler<H>(_ data: UnsafeMutableRawPointer?, as: H.Type) -> H {
        Unmanaged<Box<H>>.fromOpaque(data!).takeUnretainedValue().handler
    }

    /// `void (*)(GObject *instance, gpointer data)`: activate, clicked, value-changed, map, …
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
                               _ handler: @escaping @MainActor () -> Void) -> UInt {
        typealias H = @MainActor () -> Void
        let callback: @convention(c) (Pointer, Pointer) -> Void = { _, data in onGtkThread { Signals.handler(data, as: H.self)() } }
        return connect(instance, signal, handler as H, after: after, callback)
    }

    /// `gboolean (*)(GObject *instance, gpointer data)`: a window's `close-request` (true stops the close).
    @discardableResult
    public static func connectBoolean(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                      _ handler: @escaping @MainActor () -> Bool) -> UInt {
        typealias H = @MainActor () -> Bool
        let callback: @convention(c) (Pointer, Pointer) -> gboolean = { _, data in
            onGtkThread { Signals.handler(data, as: H.self)() ? 1 : 0 }
        }
        return connect(instance, signal, handler as H, callback)
    }

    /// `void (*)(GObject *instance, GParamSpec *pspec, gpointer data)`: `notify::property`.
    @discardableResult
    public static func connectNotify(_ instance: UnsafeMutableRawPointer, property: String,
                                     _ handler: @escaping @MainActor () -> Void) -> UInt {
        connectPointer(instance, "notify::\(property)") { _ in handler() }
    }

    /// `gboolean (*)(GObject *instance, double a, double b, gpointer data)`: scroll.
    @discardableResult
    public static func connectDoubles(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                      _ handler: @escaping @MainActor (Double, Double) -> Bool) -> UInt {
        typealias H = @MainActor (Double, Double) -> Bool
        let callback: @convention(c) (Pointer, Double, Double, Pointer) -> gboolean = { _, a, b, data in
            onGtkThread { Signals.handler(data, as: H.self)(a, b) ? 1 : 0 }
        }
        return connect(instance, signal, handler as H, callback)
    }

    /// `void (*)(GObject *instance, double a, double b, gpointer data)`: drag-begin/update/end, decelerate.
    @discardableResult
    public static func connectPoint(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                    _ handler: @escaping @MainActor (Double, Double) -> Void) -> UInt {
        typealias H = @MainActor (Double, Double) -> Void
        let callback: @convention(c) (Pointer, Double, Double, Pointer) -> Void = { _, a, b, data in
            onGtkThread { Signals.handler(data, as: H.self)(a, b) }
        }
        return connect(instance, signal, handler as H, callback)
    }

    /// `void (*)(GtkGesture *gesture, int n_press, double x, double y, gpointer data)`: pressed, released.
    @discardableResult
    public static func connectPress(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                    _ handler: @escaping @MainActor (Int, Double, Double) -> Void) -> UInt {
        typealias H = @MainActor (Int, Double, Double) -> Void
        let callback: @convention(c) (Pointer, Int32, Double, Double, Pointer) -> Void = { _, n, x, y, data in
            onGtkThread { Signals.handler(data, as: H.self)(Int(n), x, y) }
        }
        return connect(instance, signal, handler as H, callback)
    }

    /// `gboolean (*)(GtkEventControllerKey *c, guint keyval, guint keycode, GdkModifierType state, gpointer data)`.
    @discardableResult
    public static func connectKey(_ instance: UnsafeMutableRawPointer,
                                  _ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool) -> UInt {
        connectKey(instance, "key-pressed", handler)
    }

    /// A key controller's `key-released` (the same shape, its return value unused).
    @discardableResult
    static func connectKeyReleased(_ instance: UnsafeMutableRawPointer, _ handler: @escaping @MainActor (UInt32) -> Void) -> UInt {
        connectKey(instance, "key-released") { keyval, _ in
            handler(keyval)
            return false
        }
    }

    private static func connectKey(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                   _ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool) -> UInt {
        typealias H = @MainActor (UInt32, GdkModifierType) -> Bool
        let callback: @convention(c) (Pointer, guint, guint, GdkModifierType, Pointer) -> gboolean = { _, keyval, _, state, data in
            onGtkThread { Signals.handler(data, as: H.self)(keyval, state) ? 1 : 0 }
        }
        return connect(instance, signal, handler as H, callback)
    }

    /// `void (*)(GObject *instance, gpointer a, gpointer b, gpointer data)`: signals with two
    /// pointer arguments, such as a CSS provider's `parsing-error` (section, error).
    @discardableResult
    public static func connectPointers(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                       _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void) -> UInt {
        typealias H = @MainActor (Pointer, Pointer) -> Void
        let callback: @convention(c) (Pointer, Pointer, Pointer, Pointer) -> Void = { _, a, b, data in
            onGtkThread { Signals.handler(data, as: H.self)(a, b) }
        }
        return connect(instance, signal, handler as H, callback)
    }

    /// Disconnects a handler; GLib then calls the destroy notify, which releases its box.
    public static func disconnect(_ instance: UnsafeMutableRawPointer, _ id: UInt) {
        g_signal_handler_disconnect(instance, gulong(id))
    }

    /// `void (*)(GObject *instance, guint value, gpointer data)`: signals with one enum or integer
    /// argument, such as `direction-changed` (the previous direction).
    @discardableResult
    public static func connectValue(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                    _ handler: @escaping @MainActor (UInt32) -> Void) -> UInt {
        typealias H = @MainActor (UInt32) -> Void
        let callback: @convention(c) (Pointer, UInt32, Pointer) -> Void = { _, value, data in
            onGtkThread { Signals.handler(data, as: H.self)(value) }
        }
        return connect(instance, signal, handler as H, callback)
    }

    /// `void (*)(GObject *instance, gpointer a, gpointer data)`: signals with one pointer argument, such as a
    /// `GSimpleAction`'s `activate` (its parameter, a `GVariant *` or NULL).
    @discardableResult
    public static func connectPointer(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                      _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> UInt {
        typealias H = @MainActor (Pointer) -> Void
        let callback: @convention(c) (Pointer, Pointer, Pointer) -> Void = { _, a, data in
            onGtkThread { Signals.handler(data, as: H.self)(a) }
        }
        return connect(instance, signal, handler as H, callback)
    }
}
