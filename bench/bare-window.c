/* The floor SnapScroll is measured against: a bare GTK4 window, built from C, that prints the
 * same `ready` line as the demo after its first frame is painted.
 *
 * With SNAPSCROLL_BENCH_FRAMES=N its child is a row of buttons in a scrolled window instead, which after `ready` it
 * scrolls back and forth on the frame clock for N frames, then prints one {"event":"bench",...} line with the frame
 * clock's intervals (as the demo's frame benchmark records them) and closes: the late frames any GTK app would see on
 * this machine at the same time, for comparison with the demo's. */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
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

static gboolean ready_sent;

static void after_paint_cb(GdkFrameClock *clock, gpointer window) {
    if (ready_sent) return;
    ready_sent = TRUE;
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

/* The frame control: intervals of the frame clock's (smoothed) frame time while the row scrolls. */
#define LATE_FRAME_MS 20.0
static int frames_wanted, frames_seen, late_frames;
static gint64 first_frame_time, last_frame_time;
static double interval_max_ms, lowest_value = INFINITY, highest_value = -INFINITY;

static gboolean scroll_tick_cb(GtkWidget *scroller, GdkFrameClock *clock, gpointer window) {
    if (!ready_sent) return G_SOURCE_CONTINUE;  /* from the first frame after `ready`, as the demo's benchmark */
    gint64 now = gdk_frame_clock_get_frame_time(clock);
    if (last_frame_time) {
        double interval = (now - last_frame_time) / 1000.0;
        if (interval > LATE_FRAME_MS) late_frames++;
        if (interval > interval_max_ms) interval_max_ms = interval;
        frames_seen++;
    } else {
        first_frame_time = now;
    }
    last_frame_time = now;
    /* Back and forth across 40 % of the row every 2 s, eased at both ends, as a run of snaps moves. */
    GtkAdjustment *adj = gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(scroller));
    double span = gtk_adjustment_get_upper(adj) - gtk_adjustment_get_page_size(adj);
    double phase = (now - first_frame_time) / 2e6 * 2 * G_PI;
    gtk_adjustment_set_value(adj, span * (0.3 + 0.2 * (1 - cos(phase))));
    lowest_value = fmin(lowest_value, gtk_adjustment_get_value(adj));
    highest_value = fmax(highest_value, gtk_adjustment_get_value(adj));
    if (frames_seen < frames_wanted) return G_SOURCE_CONTINUE;
    printf("{\"event\":\"bench\",\"page\":\"bare\",\"frames\":%d,\"late_frames\":%d,\"interval_max_ms\":%.3f,"
           "\"seconds\":%.3f,\"scrolled_px\":%.0f}\n", frames_seen, late_frames, interval_max_ms,
           (now - first_frame_time) / 1e6, highest_value - lowest_value);
    fflush(stdout);
    gtk_window_destroy(GTK_WINDOW(window));
    return G_SOURCE_REMOVE;
}

static GtkWidget *scrolling_row(void) {
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 24);
    for (int i = 1; i <= 200; i++) {
        char text[32];
        snprintf(text, sizeof text, "Item %d", i);
        gtk_box_append(GTK_BOX(row), gtk_button_new_with_label(text));
    }
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), row);
    gtk_widget_set_valign(scroller, GTK_ALIGN_CENTER);
    return scroller;
}

static void realize_cb(GtkWidget *window, gpointer data) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint_cb), window);
}

static void activate_cb(GtkApplication *app, gpointer data) {
    mark("activate");
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Bare");
    gtk_window_set_default_size(GTK_WINDOW(window), 960, 640);
    const char *frames = getenv("SNAPSCROLL_BENCH_FRAMES");
    frames_wanted = frames ? atoi(frames) : 0;
    if (frames_wanted > 0) {
        GtkWidget *scroller = scrolling_row();
        gtk_window_set_child(GTK_WINDOW(window), scroller);
        gtk_widget_add_tick_callback(scroller, scroll_tick_cb, window, NULL);
    } else {
        gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("bare GTK4 window"));
    }
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
