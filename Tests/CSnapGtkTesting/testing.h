#ifndef SNAPSCROLL_TESTING_H
#define SNAPSCROLL_TESTING_H

/* For the widget tests only: GTK's accessible test checks, which are variadic (the expected value is the `...`) and
 * so out of Swift's reach. The library's own shim holds only what the library calls. */

#include <gtk/gtk.h>

/* Whether a widget's accessible SELECTED state is `expected`. */
static inline gboolean snap_test_accessible_selected_is(GtkWidget *widget, gboolean expected) {
    char *message = gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, expected);
    gboolean matches = message == NULL;
    g_free(message);
    return matches;
}

/* Whether a widget's accessible LABEL property is `expected`. */
static inline gboolean snap_test_accessible_label_is(GtkWidget *widget, const char *expected) {
    char *message = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
    gboolean matches = message == NULL;
    g_free(message);
    return matches;
}

#endif
