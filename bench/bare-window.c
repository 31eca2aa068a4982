/* The floor SnapScroll is measured against: a bare GTK4 window, built from C, that prints the
 * same `ready` line as the demo after its first frame is painted.
 *
 * With SNAPSCROLL_BENCH_FRAMES=N its child is a row of buttons in a scrolled window instead, which after `ready` it
 * scrolls back and forth on the frame clock for N frames, then prints one {"event":"bench",...} line with the frame
 * clock's intervals (as the demo's frame benchmark records them) and closes: the late frames any GTK app would see on
 * this machine at the same time, for comparison with the demo's.
 *
 * With SNAPSCROLL_BENCH_WATCH=SECONDS, as the demo's frame watch: from `ready` for that long, frames kept coming by a
 * tick callback, every interval (monotonic time at each tick) with when it started, then one {"event":"bench",...}
 * line; the window stays open (the resize row resizes it meanwhile).
 *
 * With the argument --stock-widgets its child is four stock widgets under a header bar instead of one label: the start-up
 * benchmark's second reference, what any app built of GTK's own widgets pays for their fonts, styles and (with the gl
 * renderer) the shaders that draw them. */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
#include <dirent.h>
#include <string.h>
#include <unistd.h>

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

/* The energy row: every thread's CPU time (utime + stime, clock ticks) and context switches (voluntary +
 * nonvoluntary) from /proc/self/task, read when the row starts scrolling and when it stops. */
#define MAX_THREADS 64
typedef struct { long tid; char name[32]; long ticks, switches; } ThreadUse;
static ThreadUse usage_start[MAX_THREADS], usage_end[MAX_THREADS];
static int n_start, n_end;

static int read_usage(ThreadUse *out) {
    int n = 0;
    DIR *dir = opendir("/proc/self/task");
    if (!dir) return 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) && n < MAX_THREADS) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        char path[320], line[1024];
        ThreadUse use = {.tid = atol(entry->d_name)};
        snprintf(path, sizeof path, "/proc/self/task/%s/stat", entry->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        size_t len = fread(line, 1, sizeof line - 1, f);
        fclose(f);
        line[len] = 0;
        char *open = strchr(line, '('), *close = strrchr(line, ')');
        if (!open || !close) continue;
        snprintf(use.name, sizeof use.name, "%.*s", (int)(close - open - 1), open + 1);
        for (char *c = use.name; *c; c++) if (*c == '"' || *c == '\\') *c = '_';
        unsigned long utime = 0, stime = 0;
        /* After the ')': state, then utime and stime are the 12th and 13th fields. */
        sscanf(close + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime);
        use.ticks = utime + stime;
        snprintf(path, sizeof path, "/proc/self/task/%s/status", entry->d_name);
        f = fopen(path, "r");
        if (!f) continue;
        while (fgets(line, sizeof line, f)) {
            long v;
            if (sscanf(line, "voluntary_ctxt_switches: %ld", &v) == 1) use.switches += v;
            if (sscanf(line, "nonvoluntary_ctxt_switches: %ld", &v) == 1) use.switches += v;
        }
        fclose(f);
        out[n++] = use;
    }
    closedir(dir);
    return n;
}

/* Prints ,"cpu_ms":…,"switches":…,"threads":{"name":[cpu ms, switches],…} for what each thread used in between. */
static void print_usage(void) {
    double tick_ms = 1000.0 / sysconf(_SC_CLK_TCK), cpu = 0;
    long switches = 0;
    GString *threads = g_string_new(NULL);
    for (int i = 0; i < n_end; i++) {
        long ticks = usage_end[i].ticks, sw = usage_end[i].switches;
        for (int j = 0; j < n_start; j++)
            if (usage_start[j].tid == usage_end[i].tid) { ticks -= usage_start[j].ticks; sw -= usage_start[j].switches; }
        cpu += ticks * tick_ms;
        switches += sw;
        g_string_append_printf(threads, "%s\"%s\":[%.1f,%ld]", threads->len ? "," : "", usage_end[i].name, ticks * tick_ms,
                               sw);
    }
    printf(",\"cpu_ms\":%.1f,\"switches\":%ld,\"threads\":{%s}", cpu, switches, threads->str);
    g_string_free(threads, TRUE);
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
        n_start = read_usage(usage_start);
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
    n_end = read_usage(usage_end);
    printf("{\"event\":\"bench\",\"page\":\"bare\",\"frames\":%d,\"late_frames\":%d,\"interval_max_ms\":%.3f,"
           "\"seconds\":%.3f,\"scrolled_px\":%.0f", frames_seen, late_frames, interval_max_ms,
           (now - first_frame_time) / 1e6, highest_value - lowest_value);
    print_usage();
    printf("}\n");
    fflush(stdout);
    gtk_window_destroy(GTK_WINDOW(window));
    return G_SOURCE_REMOVE;
}

/* The frame watch. */
static double watch_seconds;
static gint64 watch_started, watch_last;
static GString *watch_intervals;
static int watch_frames;
static double watch_max_ms;

static gboolean watch_tick_cb(GtkWidget *window, GdkFrameClock *clock, gpointer data) {
    if (!ready_sent) return G_SOURCE_CONTINUE;
    gint64 now = g_get_monotonic_time();
    if (!watch_started) {
        watch_started = watch_last = now;
        watch_intervals = g_string_new(NULL);
        return G_SOURCE_CONTINUE;
    }
    double interval = (now - watch_last) / 1000.0;
    g_string_append_printf(watch_intervals, "%s[%.3f,%.3f]", watch_frames ? "," : "", (watch_last - watch_started) / 1000.0,
                           interval);
    watch_frames++;
    if (interval > watch_max_ms) watch_max_ms = interval;
    watch_last = now;
    if ((now - watch_started) / 1e6 < watch_seconds) return G_SOURCE_CONTINUE;
    printf("{\"event\":\"bench\",\"page\":\"bare\",\"watch_seconds\":%.3f,\"frames\":%d,\"interval_max_ms\":%.3f,"
           "\"intervals_at_ms\":[%s]}\n", watch_seconds, watch_frames, watch_max_ms, watch_intervals->str);
    fflush(stdout);
    g_string_free(watch_intervals, TRUE);
    return G_SOURCE_REMOVE;
}

static GtkWidget *button_row(void) {
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 24);
    for (int i = 1; i <= 200; i++) {
        char text[32];
        snprintf(text, sizeof text, "Item %d", i);
        gtk_box_append(GTK_BOX(row), gtk_button_new_with_label(text));
    }
    return row;
}

static GtkWidget *scrolling_row(void) {
    GtkWidget *row = button_row();
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), row);
    gtk_widget_set_valign(scroller, GTK_ALIGN_CENTER);
    return scroller;
}

static void realize_cb(GtkWidget *window, gpointer data) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint_cb), window);
}

static gboolean stock_widgets;

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
    } else if (stock_widgets) {
        GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
        gtk_box_append(GTK_BOX(box), gtk_button_new_with_label("A button"));
        gtk_box_append(GTK_BOX(box), gtk_check_button_new_with_label("A check button"));
        gtk_box_append(GTK_BOX(box), gtk_entry_new());
        GtkWidget *toggle = gtk_switch_new();
        gtk_widget_set_halign(toggle, GTK_ALIGN_START);
        gtk_box_append(GTK_BOX(box), toggle);
        gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
        gtk_window_set_child(GTK_WINDOW(window), box);
    } else {
        gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("bare GTK4 window"));
    }
    const char *watch = getenv("SNAPSCROLL_BENCH_WATCH");
    watch_seconds = watch ? atof(watch) : 0;
    if (watch_seconds > 0) gtk_widget_add_tick_callback(window, watch_tick_cb, NULL, NULL);
    g_signal_connect_after(window, "realize", G_CALLBACK(realize_cb), NULL);
    mark("window");
    gtk_window_present(GTK_WINDOW(window));
    mark("present");
}

int main(int argc, char **argv) {
    mark("main");
    stock_widgets = argc > 1 && strcmp(argv[1], "--stock-widgets") == 0;
    GtkApplication *app = gtk_application_new("io.github.snapscroll.Bare", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate_cb), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
