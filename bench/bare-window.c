/* The floor SnapScroll is measured against: a bare GTK4 window, built from C, that prints the
 * same `ready` line as the demo after its first frame is painted.
 *
 * With SNAPSCROLL_BENCH_FRAMES=N its child is a row of buttons in a scrolled window instead, which after `ready` it
 * scrolls back and forth on the frame clock for N frames, then prints one {"event":"bench",...} line with the frame
 * clock's intervals (as the demo's frame benchmark records them) and closes: the late frames any GTK app would see on
 * this machine at the same time, for comparison with the demo's.
 *
 * With SNAPSCROLL_BENCH_LATENCY=N its child is the same row in a stock GtkScrolledWindow (kinetic scrolling on, as
 * GTK's default), and after `ready` it makes N rounds of the demo's latency inputs' motions (SNAPSCROLL_BENCH_INPUT=
 * latency): GTK 4 cannot inject events, so each input is a gtk_adjustment_set_value() made from a GLib timeout at the
 * demo's spacing (a notch: one step of 120 px; a drag: 20 steps of 6 px 8 ms apart; a swipe: the demo's 8 touchpad
 * deltas 8 ms apart), and the latency of the first input not yet drawn is from that call to the after-paint of the
 * first frame whose adjustment value differs from the one before it; then one {"event":"bench",...} line with the
 * demo's fields. It measures the stock widget's path from a new value to the screen, not its event handling. With
 * SNAPSCROLL_BENCH_LATENCY_BANNERS its row shows the carousel's pictures instead of buttons (see banner_row). As the
 * demo's run, it first writes {"event":"bench-pointer","x":…,"y":…} (the row's middle on its surface) and waits up to
 * 3 s for the harness to put the pointer there, so hover styles follow the moving row as they would under a wheel.
 *
 * With SNAPSCROLL_BENCH_WATCH=SECONDS, as the demo's frame watch: from `ready` for that long, frames kept coming by a
 * tick callback, every interval (monotonic time at each tick) with when it started, then one {"event":"bench",...}
 * line; the window stays open (the resize row resizes it meanwhile). */
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
static int frames_wanted, frames_seen, late_frames, latency_rounds;
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

/* The latency control. */
#define LAT_KINDS 3
#define LAT_MAX 4096
static const char *lat_kinds[LAT_KINDS] = {"wheel", "drag", "swipe"};
typedef struct { int kind; int delay_ms; gboolean waits; double delta; } LatStep;
static LatStep *lat_steps;
static int lat_count, lat_next;
static GtkAdjustment *lat_adj;
static GdkFrameClock *lat_clock;
static GtkWidget *lat_window;
static gboolean lat_pending;
static gint64 lat_time;
static double lat_value;
static int lat_kind, lat_frames, lat_home_waits;
static double lat_paint[LAT_KINDS][LAT_MAX], lat_start[LAT_KINDS][LAT_MAX];
static int lat_n[LAT_KINDS], lat_behind[LAT_KINDS], lat_undrawn[LAT_KINDS];
static gboolean lat_pointer_over, lat_home;
static gint64 lat_last_frame;
static int lat_idle_polls;

static void lat_add(int kind, int delay_ms, gboolean waits, double delta) {
    lat_steps[lat_count++] = (LatStep){kind, delay_ms, waits, delta};
}

static void lat_after_paint(GdkFrameClock *clock, gpointer data) {
    lat_last_frame = g_get_monotonic_time();
    if (!lat_pending) return;
    if (gtk_adjustment_get_value(lat_adj) == lat_value) { lat_frames++; return; }
    int k = lat_kind;
    if (lat_n[k] < LAT_MAX) {
        lat_paint[k][lat_n[k]] = (g_get_monotonic_time() - lat_time) / 1000.0;
        lat_start[k][lat_n[k]] = (gdk_frame_clock_get_frame_time(clock) - lat_time) / 1000.0;
        lat_n[k]++;
    }
    if (lat_frames > lat_behind[k]) lat_behind[k] = lat_frames;
    lat_pending = FALSE;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Nearest-rank percentile of sorted values, as the demo's benchmark. */
static double percentile(const double *sorted, int n, double p) {
    if (n == 0) return 0;
    int rank = (int)ceil(p / 100 * n);
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return sorted[rank - 1];
}

static void lat_finish(void) {
    printf("{\"event\":\"bench\",\"page\":\"stock\",\"input\":\"latency\",\"pointer_over_row\":%s",
           lat_pointer_over ? "true" : "false");
    for (int k = 0; k < LAT_KINDS; k++) {
        const char *names[2] = {"paint", "start"};
        double *sets[2] = {lat_paint[k], lat_start[k]};
        for (int s = 0; s < 2; s++) {
            qsort(sets[s], lat_n[k], sizeof(double), compare_doubles);
            printf(",\"%s_%s_median_ms\":%.3f,\"%s_%s_p95_ms\":%.3f,\"%s_%s_max_ms\":%.3f", lat_kinds[k], names[s],
                   percentile(sets[s], lat_n[k], 50), lat_kinds[k], names[s], percentile(sets[s], lat_n[k], 95),
                   lat_kinds[k], names[s], lat_n[k] ? sets[s][lat_n[k] - 1] : 0.0);
        }
        printf(",\"%s_paint_ms\":[", lat_kinds[k]);   /* every latency (sorted), as the demo's */
        for (int i = 0; i < lat_n[k]; i++) printf("%s%.3f", i ? "," : "", lat_paint[k][i]);
        printf("]");
        printf(",\"%s_inputs\":%d,\"%s_frames_behind_max\":%d,\"%s_undrawn\":%d", lat_kinds[k], lat_n[k],
               lat_kinds[k], lat_behind[k], lat_kinds[k], lat_undrawn[k]);
    }
    printf("}\n");
    fflush(stdout);
    gtk_window_destroy(GTK_WINDOW(lat_window));
}

static void lat_schedule(void);

static gboolean lat_fire(gpointer data) {
    LatStep step = lat_steps[lat_next++];
    double before = gtk_adjustment_get_value(lat_adj);
    gint64 now = g_get_monotonic_time();
    gtk_adjustment_set_value(lat_adj, before + step.delta);
    if (!lat_pending) {
        lat_pending = TRUE;
        lat_time = now;
        lat_value = before;
        lat_kind = step.kind;
        lat_frames = 0;
    }
    lat_schedule();
    return G_SOURCE_REMOVE;
}

/* Before a gesture: the last input drawn (or given up on after a second), the row back in its middle, then the
 * window idle (no frame for 100 ms, or 2 s gone), as the demo's run. */
static gboolean lat_wait(gpointer data) {
    if (!lat_home) {
        if (lat_pending && ++lat_home_waits <= 20) return G_SOURCE_CONTINUE;
        if (lat_pending) lat_undrawn[lat_kind]++;
        lat_pending = FALSE;
        lat_home_waits = 0;
        double span = gtk_adjustment_get_upper(lat_adj) - gtk_adjustment_get_page_size(lat_adj);
        gtk_adjustment_set_value(lat_adj, span / 2);
        lat_home = TRUE;
        lat_idle_polls = 0;
        return G_SOURCE_CONTINUE;
    }
    if (g_get_monotonic_time() - lat_last_frame < 100000 && ++lat_idle_polls <= 40) return G_SOURCE_CONTINUE;
    lat_home = FALSE;
    g_timeout_add(lat_steps[lat_next].delay_ms, lat_fire, NULL);
    return G_SOURCE_REMOVE;
}

static void lat_schedule(void) {
    if (lat_next >= lat_count) { lat_finish(); return; }
    if (lat_steps[lat_next].waits) g_timeout_add(50, lat_wait, NULL);
    else g_timeout_add(lat_steps[lat_next].delay_ms, lat_fire, NULL);
}

static void lat_begin(GtkWidget *scroller, GtkWidget *window, int rounds) {
    lat_window = window;
    lat_adj = gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(scroller));
    lat_clock = gtk_widget_get_frame_clock(window);
    g_signal_connect(lat_clock, "after-paint", G_CALLBACK(lat_after_paint), NULL);
    lat_steps = g_new0(LatStep, rounds * 32);
    /* The demo's short swipe: 8 deltas 8 ms apart rising evenly to 1.5 px/ms over the first half. */
    for (int round = 0; round < rounds; round++) {
        double sign = round % 2 == 0 ? 1 : -1;
        lat_add(0, 100, TRUE, sign * 120);
        for (int i = 1; i <= 20; i++) lat_add(1, i == 1 ? 100 : 8, i == 1, sign * 6);
        for (int i = 0; i < 8; i++) lat_add(2, i == 0 ? 100 : 8, i == 0, sign * 1.5 * 8 * (i + 1 < 4 ? i + 1 : 4) / 4);
    }
    lat_schedule();
}

static int lat_pointer_polls;

/* Starts the rounds once GTK marks the row hovered (it does up the chain from the widget under the pointer). */
static gboolean lat_pointer_wait(gpointer scroller) {
    gboolean over = (gtk_widget_get_state_flags(scroller) & GTK_STATE_FLAG_PRELIGHT) != 0;
    if (!over && ++lat_pointer_polls < 60) return G_SOURCE_CONTINUE;
    lat_pointer_over = over;
    lat_begin(scroller, gtk_widget_get_ancestor(scroller, GTK_TYPE_WINDOW), latency_rounds);
    return G_SOURCE_REMOVE;
}

static void lat_ready_cb(GdkFrameClock *clock, gpointer scroller) {
    static gboolean begun;
    if (!ready_sent || begun) return;
    begun = TRUE;
    GtkNative *native = gtk_widget_get_native(scroller);
    graphene_point_t middle = GRAPHENE_POINT_INIT(gtk_widget_get_width(scroller) / 2.0f,
                                                  gtk_widget_get_height(scroller) / 2.0f), point;
    double sx = 0, sy = 0;
    if (!gtk_widget_compute_point(scroller, GTK_WIDGET(native), &middle, &point)) point = middle;
    gtk_native_get_surface_transform(native, &sx, &sy);
    printf("{\"event\":\"bench-pointer\",\"x\":%.0f,\"y\":%.0f}\n", point.x + sx, point.y + sy);
    fflush(stdout);
    g_timeout_add(50, lat_pointer_wait, scroller);
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

/* One banner's picture: the image scaled to cover w x h (cropped evenly) in a rounded rectangle of radius r, drawn
 * once into an image surface that each frame then only composites. */
static cairo_surface_t *banner_surface(const char *file, int w, int h, double r) {
    int fw = 0, fh = 0;
    if (!gdk_pixbuf_get_file_info(file, &fw, &fh) || fw <= 0 || fh <= 0) return NULL;
    double scale = fmax((double)w / fw, (double)h / fh);
    GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file_at_scale(file, (int)ceil(fw * scale), (int)ceil(fh * scale), TRUE, NULL);
    if (!pixbuf) return NULL;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(surface);
    cairo_new_sub_path(cr);
    cairo_arc(cr, w - r, r, r, -G_PI / 2, 0);
    cairo_arc(cr, w - r, h - r, r, 0, G_PI / 2);
    cairo_arc(cr, r, h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, r, r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
    cairo_clip(cr);
    gdk_cairo_set_source_pixbuf(cr, pixbuf, floor((w - gdk_pixbuf_get_width(pixbuf)) / 2.0),
                                floor((h - gdk_pixbuf_get_height(pixbuf)) / 2.0));
    cairo_paint(cr);
    cairo_destroy(cr);
    g_object_unref(pixbuf);
    return surface;
}

static void draw_banner(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer surface) {
    cairo_set_source_surface(cr, surface, 0, 0);
    cairo_paint(cr);
}

/* The carousel's content in a stock scrolled window: SNAPSCROLL_BENCH_LATENCY_BANNERS is "W H SPACING RADIUS" (the
 * demo's banner geometry, from its own latency run) followed by one image file per line; 200 banners cycle them,
 * each a picture over its title, as the carousel's cells. */
static GtkWidget *banner_row(const char *spec) {
    char **lines = g_strsplit(spec, "\n", -1);
    double width = 0, height = 0, gap = 0, radius = 0;
    if (!lines[0] || sscanf(lines[0], "%lf %lf %lf %lf", &width, &height, &gap, &radius) != 4 || width < 1 || height < 1) {
        fprintf(stderr, "bare-window: SNAPSCROLL_BENCH_LATENCY_BANNERS: \"W H SPACING RADIUS\" then files\n");
        exit(2);
    }
    int w = (int)round(width), h = (int)round(height), spacing = (int)round(gap);
    GPtrArray *pictures = g_ptr_array_new();   /* kept for the process's life */
    for (int i = 1; lines[i]; i++) {
        if (!*lines[i]) continue;
        cairo_surface_t *surface = banner_surface(lines[i], w, h, radius);
        if (!surface) { fprintf(stderr, "bare-window: cannot read %s\n", lines[i]); exit(2); }
        g_ptr_array_add(pictures, surface);
    }
    g_strfreev(lines);
    if (pictures->len == 0) { fprintf(stderr, "bare-window: no banner files\n"); exit(2); }
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, spacing);
    for (int i = 0; i < 200; i++) {
        GtkWidget *cell = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
        GtkWidget *picture = gtk_drawing_area_new();
        gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(picture), w);
        gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(picture), h);
        gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(picture), draw_banner, pictures->pdata[i % pictures->len], NULL);
        gtk_box_append(GTK_BOX(cell), picture);
        char text[32];
        snprintf(text, sizeof text, "Banner %d", i + 1);
        GtkWidget *title = gtk_label_new(text);
        gtk_label_set_xalign(GTK_LABEL(title), 0);
        gtk_box_append(GTK_BOX(cell), title);
        gtk_box_append(GTK_BOX(row), cell);
    }
    return row;
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
    const char *banners = getenv("SNAPSCROLL_BENCH_LATENCY_BANNERS");
    GtkWidget *row = banners ? banner_row(banners) : button_row();
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), row);
    gtk_widget_set_valign(scroller, GTK_ALIGN_CENTER);
    return scroller;
}

static void realize_cb(GtkWidget *window, gpointer scroller) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint_cb), window);
    if (latency_rounds > 0)
        g_signal_connect_after(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(lat_ready_cb), scroller);
}

static void activate_cb(GtkApplication *app, gpointer data) {
    mark("activate");
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Bare");
    gtk_window_set_default_size(GTK_WINDOW(window), 960, 640);
    const char *frames = getenv("SNAPSCROLL_BENCH_FRAMES");
    frames_wanted = frames ? atoi(frames) : 0;
    const char *latency = getenv("SNAPSCROLL_BENCH_LATENCY");
    latency_rounds = latency ? atoi(latency) : 0;
    GtkWidget *scroller = NULL;
    if (latency_rounds > 0) {
        scroller = scrolling_row();
        gtk_scrolled_window_set_kinetic_scrolling(GTK_SCROLLED_WINDOW(scroller), TRUE);
        gtk_window_set_child(GTK_WINDOW(window), scroller);
    } else if (frames_wanted > 0) {
        scroller = scrolling_row();
        gtk_window_set_child(GTK_WINDOW(window), scroller);
        gtk_widget_add_tick_callback(scroller, scroll_tick_cb, window, NULL);
    } else {
        gtk_window_set_child(GTK_WINDOW(window), gtk_label_new("bare GTK4 window"));
    }
    const char *watch = getenv("SNAPSCROLL_BENCH_WATCH");
    watch_seconds = watch ? atof(watch) : 0;
    if (watch_seconds > 0) gtk_widget_add_tick_callback(window, watch_tick_cb, NULL, NULL);
    g_signal_connect_after(window, "realize", G_CALLBACK(realize_cb), scroller);
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
