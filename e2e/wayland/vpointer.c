/* vpointer: a virtual pointer for end-to-end tests under a wlroots compositor (sway), driven line by line from
 * standard input so one device lives for the whole run (the seat keeps its pointer between gestures).
 *
 * It speaks the wlr virtual-pointer protocol (zwlr_virtual_pointer_manager_v1, version 1); the interface tables
 * below are written out by hand, so no protocol file or code generator is needed, only libwayland-client.
 *
 * Commands, one a line; each answers "ok" (or "error: ...") on standard output once its input is sent:
 *   move X Y                         absolute position in the output (extent from VPOINTER_EXTENT, WxH)
 *   click                            left button press and release
 *   swipe DX MS [PROFILE] [nostop] [dy=DY]
 *                                    two-finger touchpad scroll of DX (and DY) surface px over MS ms at 100 Hz,
 *                                    then a lift (axis_stop on both axes) unless `nostop`; PROFILE is `ease`
 *                                    (the finger slows to a stop: a slow swipe), `even` (constant speed) or
 *                                    `fling` (the finger speeds up and lifts at speed)
 *   wheel120 N VALUE [h]             N wheel events of VALUE/120 notch each, 40 ms apart (vertical unless `h`);
 *                                    VALUE travels in the discrete field, which the test proxy hands to clients
 *                                    as wl_pointer.axis_value120
 *   sleep MS
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

enum { POINTER_MOTION_ABSOLUTE = 1, POINTER_BUTTON = 2, POINTER_AXIS = 3, POINTER_FRAME = 4,
       POINTER_AXIS_SOURCE = 5, POINTER_AXIS_STOP = 6, POINTER_AXIS_DISCRETE = 7 };
enum { MANAGER_CREATE = 0 };
enum { AXIS_VERTICAL = 0, AXIS_HORIZONTAL = 1 };
enum { SOURCE_WHEEL = 0, SOURCE_FINGER = 1 };
enum { BUTTON_LEFT = 0x110 };

extern const struct wl_interface vpointer_interface;
static const struct wl_interface *no_types[8];
static const struct wl_interface *create_types[] = { &wl_seat_interface, &vpointer_interface };

static const struct wl_message manager_requests[] = {
    { "create_virtual_pointer", "?on", create_types },
    { "destroy", "", no_types },
};
static const struct wl_interface manager_interface = {
    "zwlr_virtual_pointer_manager_v1", 1, 2, manager_requests, 0, NULL,
};
static const struct wl_message pointer_requests[] = {
    { "motion", "uff", no_types },
    { "motion_absolute", "uuuuu", no_types },
    { "button", "uuu", no_types },
    { "axis", "uuf", no_types },
    { "frame", "", no_types },
    { "axis_source", "u", no_types },
    { "axis_stop", "uu", no_types },
    { "axis_discrete", "uufi", no_types },
    { "destroy", "", no_types },
};
const struct wl_interface vpointer_interface = {
    "zwlr_virtual_pointer_v1", 1, 9, pointer_requests, 0, NULL,
};

static struct wl_display *display;
static struct wl_seat *seat;
static struct wl_proxy *manager;
static struct wl_proxy *pointer;
static unsigned extent_w = 1280, extent_h = 720;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, "wl_seat") == 0 && !seat)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
    else if (strcmp(interface, manager_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &manager_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static uint32_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

static void pause_ms(double ms) {
    if (ms <= 0) return;
    struct timespec ts = { (time_t)(ms / 1000), (long)(fmod(ms, 1000) * 1e6) };
    while (nanosleep(&ts, &ts) == -1 && errno == EINTR) {}
}

static void frame(void) {
    wl_proxy_marshal_flags(pointer, POINTER_FRAME, NULL, 1, 0);
    wl_display_flush(display);
}

static void move(double x, double y) {
    wl_proxy_marshal_flags(pointer, POINTER_MOTION_ABSOLUTE, NULL, 1, 0, now_ms(),
                           (uint32_t)lround(x), (uint32_t)lround(y), extent_w, extent_h);
    frame();
}

static void click(void) {
    wl_proxy_marshal_flags(pointer, POINTER_BUTTON, NULL, 1, 0, now_ms(), BUTTON_LEFT, 1u);
    frame();
    pause_ms(30);
    wl_proxy_marshal_flags(pointer, POINTER_BUTTON, NULL, 1, 0, now_ms(), BUTTON_LEFT, 0u);
    frame();
}

/* Share of the swipe covered after fraction p of its time, for each profile. */
static double travelled(const char *profile, double p) {
    if (strcmp(profile, "even") == 0) return p;
    if (strcmp(profile, "fling") == 0) return p * p;             /* speeds up, lifts at twice the mean speed */
    return 1 - (1 - p) * (1 - p);                                 /* ease: slows to a stop */
}

static void swipe(double dx, double dy, double ms, const char *profile, int stop) {
    const double step = 10;
    int steps = (int)ceil(ms / step);
    if (steps < 1) steps = 1;
    double done = 0;
    for (int i = 1; i <= steps; i++) {
        double share = travelled(profile, (double)i / steps);
        double delta = share - done;
        done = share;
        uint32_t t = now_ms();
        /* wlroots gives a source to the event of the axis named last, so each axis event is followed by its
           source: every event of a frame then has the finger's (a frame mixing sources aborts the compositor). */
        if (dx != 0) {
            wl_proxy_marshal_flags(pointer, POINTER_AXIS, NULL, 1, 0, t, (uint32_t)AXIS_HORIZONTAL,
                                   wl_fixed_from_double(dx * delta));
            wl_proxy_marshal_flags(pointer, POINTER_AXIS_SOURCE, NULL, 1, 0, (uint32_t)SOURCE_FINGER);
        }
        if (dy != 0) {
            wl_proxy_marshal_flags(pointer, POINTER_AXIS, NULL, 1, 0, t, (uint32_t)AXIS_VERTICAL,
                                   wl_fixed_from_double(dy * delta));
            wl_proxy_marshal_flags(pointer, POINTER_AXIS_SOURCE, NULL, 1, 0, (uint32_t)SOURCE_FINGER);
        }
        frame();
        pause_ms(step);
    }
    if (stop) {
        uint32_t t = now_ms();
        wl_proxy_marshal_flags(pointer, POINTER_AXIS_STOP, NULL, 1, 0, t, (uint32_t)AXIS_HORIZONTAL);
        wl_proxy_marshal_flags(pointer, POINTER_AXIS_SOURCE, NULL, 1, 0, (uint32_t)SOURCE_FINGER);
        wl_proxy_marshal_flags(pointer, POINTER_AXIS_STOP, NULL, 1, 0, t, (uint32_t)AXIS_VERTICAL);
        wl_proxy_marshal_flags(pointer, POINTER_AXIS_SOURCE, NULL, 1, 0, (uint32_t)SOURCE_FINGER);
        frame();
    }
}

static void wheel120(int count, int value, uint32_t axis) {
    for (int i = 0; i < count; i++) {
        if (i > 0) pause_ms(40);
        wl_proxy_marshal_flags(pointer, POINTER_AXIS_SOURCE, NULL, 1, 0, (uint32_t)SOURCE_WHEEL);
        /* 15 surface px per notch is the usual scroll distance of one wheel click. */
        wl_proxy_marshal_flags(pointer, POINTER_AXIS_DISCRETE, NULL, 1, 0, now_ms(), axis,
                               wl_fixed_from_double(15.0 * value / 120.0), (int32_t)value);
        frame();
    }
}

static int run(char *line) {
    char *words[8] = { 0 };
    int n = 0;
    for (char *save = NULL, *w = strtok_r(line, " \t\n", &save); w && n < 8; w = strtok_r(NULL, " \t\n", &save))
        words[n++] = w;
    if (n == 0) return 0;
    if (strcmp(words[0], "move") == 0 && n == 3) {
        move(atof(words[1]), atof(words[2]));
    } else if (strcmp(words[0], "click") == 0) {
        click();
    } else if (strcmp(words[0], "swipe") == 0 && n >= 3) {
        const char *profile = "ease";
        int stop = 1;
        double dy = 0;
        for (int i = 3; i < n; i++) {
            if (strcmp(words[i], "nostop") == 0) stop = 0;
            else if (strncmp(words[i], "dy=", 3) == 0) dy = atof(words[i] + 3);
            else profile = words[i];
        }
        swipe(atof(words[1]), dy, atof(words[2]), profile, stop);
    } else if (strcmp(words[0], "wheel120") == 0 && n >= 3) {
        wheel120(atoi(words[1]), atoi(words[2]), n > 3 && strcmp(words[3], "h") == 0 ? AXIS_HORIZONTAL : AXIS_VERTICAL);
    } else if (strcmp(words[0], "sleep") == 0 && n == 2) {
        pause_ms(atof(words[1]));
    } else {
        return -1;
    }
    return wl_display_roundtrip(display) < 0 ? -2 : 0;
}

int main(void) {
    const char *extent = getenv("VPOINTER_EXTENT");
    if (extent && sscanf(extent, "%ux%u", &extent_w, &extent_h) != 2) {
        fprintf(stderr, "vpointer: VPOINTER_EXTENT must be WxH\n");
        return 2;
    }
    display = wl_display_connect(getenv("VPOINTER_DISPLAY"));
    if (!display) {
        fprintf(stderr, "vpointer: cannot connect to the compositor\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!manager) {
        fprintf(stderr, "vpointer: the compositor has no virtual-pointer manager\n");
        return 1;
    }
    pointer = wl_proxy_marshal_flags(manager, MANAGER_CREATE, &vpointer_interface, 1, 0, NULL, seat, NULL);
    wl_display_roundtrip(display);
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("ok\n");
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        int status = run(line);
        if (status == -2) {
            fprintf(stderr, "vpointer: lost the compositor\n");
            return 1;
        }
        printf(status == 0 ? "ok\n" : "error: unknown command\n");
    }
    return 0;
}
