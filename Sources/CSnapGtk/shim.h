#ifndef SNAPSCROLL_SHIM_H
#define SNAPSCROLL_SHIM_H

/* GTK's headers, plus inline wrappers for what Swift cannot call directly: C macros (syscall numbers,
 * M_MMAP_THRESHOLD, G_OBJECT_WARN_INVALID_PROPERTY_ID) and variadic functions (the accessible setters,
 * g_object_new/set/get with properties, g_signal_emit_by_name). Only what Sources calls; nothing with behaviour. */

#include <gtk/gtk.h>
#include <glib-unix.h>   /* g_unix_signal_add: SIGTERM/SIGINT/SIGHUP through the main loop */
#include <libintl.h>
#include <malloc.h>     /* mallopt: large blocks mapped on their own (the demo's process setup) */
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The calling thread's kernel ID (SYS_gettid is a macro Swift cannot see). */
static inline pid_t snap_thread_id(void) {
    return (pid_t)syscall(SYS_gettid);
}

/* A descriptor for process `pid` that becomes readable when it ends (SYS_pidfd_open is a macro Swift cannot see). */
static inline int snap_pidfd_open(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

/* Sends `signal` to the process behind `pidfd` (never to a later process that reuses its ID). */
static inline int snap_pidfd_kill(int pidfd, int signal) {
    return (int)syscall(SYS_pidfd_send_signal, pidfd, signal, NULL, 0);
}

/* Whether the caller runs on the process main thread. */
static inline gboolean snap_is_main_thread(void) {
    return snap_thread_id() == getpid();
}

/* g_object_new with one construct-only property: the accessible role. */
static inline GtkWidget *snap_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

static inline void snap_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void snap_accessible_set_description(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

static inline void snap_accessible_set_selected(GtkWidget *widget, gboolean selected) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

static inline void snap_accessible_set_expanded(GtkWidget *widget, gboolean expanded) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
}

static inline void snap_accessible_set_orientation(GtkWidget *widget, GtkOrientation orientation) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_ORIENTATION, orientation, -1);
}

/* G_OBJECT_WARN_INVALID_PROPERTY_ID, a macro Swift cannot call: GLib's warning for a property id a class does not
 * have. */
static inline void snap_object_warn_invalid_property(GObject *object, guint property_id, GParamSpec *pspec) {
  G_OBJECT_WARN_INVALID_PROPERTY_ID(object, property_id, pspec);
}

/* A boolean GObject property, set without a GValue dance. */
static inline void snap_object_set_boolean(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

static inline gboolean snap_object_get_boolean(gpointer object, const char *name) {
    gboolean value = FALSE;
    g_object_get(object, name, &value, NULL);
    return value;
}

/* Integer and string GObject properties likewise (a string read is the caller's to g_free). */
static inline void snap_object_set_int(gpointer object, const char *name, gint value) {
    g_object_set(object, name, value, NULL);
}

static inline gint snap_object_get_int(gpointer object, const char *name) {
    gint value = 0;
    g_object_get(object, name, &value, NULL);
    return value;
}

static inline void snap_object_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}

static inline char *snap_object_get_string(gpointer object, const char *name) {
    char *value = NULL;
    g_object_get(object, name, &value, NULL);
    return value;
}

/* Emits an action signal that takes no arguments and returns nothing, such as a button's "clicked" (g_signal_emit_by_name
   is variadic). */
static inline void snap_signal_emit_by_name(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

/* Fixes glibc's mapping threshold at `bytes` (mallopt's M_MMAP_THRESHOLD is a macro Swift cannot see). */
static inline int snap_malloc_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

#endif
