import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// GTK's save dialog as the QA panel uses it (for the log's lines and the motion plot): modal over the window,
/// offering a file name, opening in the user's documents folder (their home when they have none), as GNOME's apps
/// do, never in whatever folder the process happened to start in.
@MainActor
enum SaveDialog {
    /// The folder the dialog opens in: the user's documents folder when it exists (XDG's `DOCUMENTS`), else home.
    static var startFolder: String {
        if let documents = g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS),
           g_file_test(documents, G_FILE_TEST_IS_DIR) != 0 {
            return String(cString: documents)
        }
        return String(cString: g_get_home_dir())
    }

    /// Asks where to save, offering `name` in `startFolder`; `chosen` gets the file picked (a `GFile`, valid
    /// during the call), nothing when the dialog is cancelled.
    static func ask(title: String, name: String, over root: OpaquePointer,
                    chosen: @escaping @MainActor (OpaquePointer) -> Void) {
        // Translators: the save dialogs' buttons; the underscore marks the letter Alt goes with.
        let chooser = gtk_file_chooser_native_new(title, UnsafeMutablePointer<GtkWindow>(root),
                                                  GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Save"), tr("_Cancel"))!
        let folder = g_file_new_for_path(startFolder)!
        gtk_file_chooser_set_current_folder(chooser, folder, nil)
        g_object_unref(UnsafeMutableRawPointer(folder))
        gtk_file_chooser_set_current_name(chooser, name)
        let dialog = UnsafeMutablePointer<GtkNativeDialog>(chooser)
        gtk_native_dialog_set_modal(dialog, 1)
        Signals.connectValue(UnsafeMutableRawPointer(chooser), "response") { response in
            defer { g_object_unref(UnsafeMutableRawPointer(chooser)) }
            guard Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(chooser) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            chosen(file)
        }
        gtk_native_dialog_show(dialog)
    }

    /// How a person names `file` (its path, or URI).
    static func name(of file: OpaquePointer) -> String {
        g_file_get_parse_name(file).map { pointer in defer { g_free(pointer) }; return String(cString: pointer) } ?? "?"
    }
}
