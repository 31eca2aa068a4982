/* The floor SnapScroll is measured against: a bare GTK4 window, built from C, that prints the
 * same `ready` line as the demo after its first frame is painted. */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Start-up phases on the monotonic clock, printed in `ready` as the demo does when SNAPSCROLL_BENCH_PHASES is set. */
static double marks[8], cpu_marks[8];
static const char *names[8];
static int n_marks;

static double seconds(clockid_t clock) {
    struct timespec now;
    clock_gettime(clock, &now);
    return now.tv_sec + now.tv_nsec / 1e9;
}

static void mark(const char *name) {
    if (n_marks < 8) {
        names[n_marks] = name;
        cpu_marks[n_marks] = seconds(CLOCK_THREAD_CPUTIME_ID);
        marks[n_marks++] = seconds(CLOCK_MONOTONIC);
    }
}

static void after_paint_cb(GdkFrameClock *clock, gpointer window) {
    static gboolean sent = FALSE;
    if (sent) return;
    sent = TRUE;
    mark("frame");
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    printf("{\"event\":\"ready\",\"height\":%d,\"page\":\"bare\"", gdk_surface_get_height(surface));
    if (getenv("SNAPSCROLL_BENCH_PHASES")) {
        printf(",\"phases\":{");
        for (int i = 0; i < n_marks; i++) printf("%s\"%s\":%.6f", i ? "," : "", names[i], marks[i]);
        printf("}");
        printf(",\"cpu\":{\"main\":%.6f,\"process\":%.6f,\"phases\":{", seconds(CLOCK_THREAD_CPUTIME_ID),
               seconds(CLOCK_PROCESS_CPUTIME_ID));
        for (int i = 0; i < n_marks; i++) printf("%s\"%s\":%.6f", i ? "," : "", names[i], cpu_marks[i]);
        printf("}}");
    }
    printf(",\"width\":%d}\n", gdk_surface_get_width(surface));
    fflush(stdout);
}

static void realize_cb(GtkWidget *window, gpointer data) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint_cb), window);
}

static void activate_cb(GtkApplication *app, gpointer data) {
    mark("activate");
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Bare");
    gtk_window_set_default_size(GTK_WINDOW(window), 960, 640);
    gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("bare GTK4 window"));
    g_signal_connect_after(window, "realize", G_CALLBACK(realize_cb), NULL);
    mark("window");
    gtk_window_present(GTK_WINDOW(window));
    mark("present");
}

int main(int argc, char **argv) {
    mark("main");
    GtkApplication *app = gtk_application_new("io.github.snapscroll.Bare", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate_cb), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
