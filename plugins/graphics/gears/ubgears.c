/*
 * ubgears: the 3D test of the graphics plugin, UnixBench's "3D graphics:
 * gears" written anew for bytebench from a description of what UnixBench's
 * program renders and counts (docs/graphics.md, "ubgears"): three gears
 * turning in a 300x300 window, drawn with OpenGL through GLX directly, as
 * fast as the X server and the GL stack allow (vsync off).
 *
 *   ubgears [-display D] [-time T] [-v] [-info] [-report-interval S] [-h]
 *
 * Every S seconds (5 unless -report-interval says otherwise; bytebench's own
 * option, for short tests) it prints "<n> frames in <s> seconds = <fps> FPS"
 * on stdout. With -time T, the first of those reports also prints "Start
 * timing!" and starts counting frames, that one included; at the first frame
 * more than T seconds later (counted too) it writes "COUNT|<frames>|1|fps"
 * and "TIME|<seconds, %.1f>" on stderr and exits 0. So a run lasts about
 * S + T seconds, the first S being the warm-up UnixBench has.
 *
 * -info prints what renders, one "key: value" per line (x_server_vendor,
 * x_server_release, screen, gl_vendor, gl_renderer, gl_version), and exits 0
 * without drawing. -v prints the GL strings and how vsync was turned off
 * before it starts. -h prints the usage and exits 1, as does a bad option.
 *
 * Any failure to set up (no display, no GLX, no suitable visual, no
 * context) is one line on stderr, "ubgears: ...", and exit status 1.
 */
#define _GNU_SOURCE
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__SANITIZE_ADDRESS__)
/* Under AddressSanitizer (make test's sanitizer stage): Mesa's driver, which
 * XCloseDisplay unloads, leaves a few allocations behind, and LeakSanitizer
 * reports them at exit from an "<unknown module>" that no suppression can
 * name, failing the run. So this program's allocations are not leak-checked
 * (__lsan_disable at the start of main); the rest of ASan still checks it. */
#include <sanitizer/lsan_interface.h>
#define IGNORE_LEAKS() __lsan_disable()
#else
#define IGNORE_LEAKS() ((void)0)
#endif

#define WINDOW_SIZE 300
/* UnixBench's interval between two frame-rate reports, in seconds. */
#define DEFAULT_REPORT_INTERVAL 5.0
/* Degrees the first gear turns per second of wall time. */
#define DEGREES_PER_SECOND 60.0

struct options {
    const char *display; /* NULL: $DISPLAY */
    int timed;           /* -time given */
    double time_s;
    double report_interval_s;
    int verbose;
    int info;
};

/* The window and context, also for the error handlers' messages. */
static Display *dpy;
static const char *display_text = "";

static void fail(const char *format, ...) __attribute__((format(printf, 1, 2), noreturn));
static void fail(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("ubgears: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

static void usage(FILE *out) {
    fputs(
        "usage: ubgears [-display D] [-time T] [-v] [-info] [-report-interval S] [-h]\n"
        "  -display D          the X display (default: $DISPLAY)\n"
        "  -time T             count frames for T s after the first report, then write\n"
        "                      COUNT|<frames>|1|fps and TIME|<s> on stderr and exit\n"
        "  -v                  print the GL strings and the vsync setting first\n"
        "  -info               print the X server, screen and GL renderer as key: value\n"
        "                      lines and exit\n"
        "  -report-interval S  seconds between frame-rate reports, the first of which\n"
        "                      starts the timing (default 5, as UnixBench's; an option\n"
        "                      of bytebench's own)\n"
        "  -h                  this help\n",
        out);
}

/* ------------------------------------------------------------------------ */
/* Options                                                                  */
/* ------------------------------------------------------------------------ */

static double seconds_value(const char *option, const char *text, int allow_zero) {
    char *end = NULL;
    const double value = text != NULL ? strtod(text, &end) : 0.0;
    if (text == NULL || end == text || *end != '\0' || !isfinite(value) || value < 0 ||
        (value == 0 && !allow_zero) || value > 86400.0)
        fail("%s needs a number of seconds%s, got '%s'", option,
             allow_zero ? " from 0 to 86400" : " above 0, up to 86400", text ? text : "");
    return value;
}

static struct options parse_options(int argc, char **argv) {
    struct options o = {NULL, 0, 0.0, DEFAULT_REPORT_INTERVAL, 0, 0};
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "-display") == 0) {
            if (next == NULL) fail("-display needs a display name");
            o.display = next;
            ++i;
        } else if (strcmp(arg, "-time") == 0) {
            o.time_s = seconds_value("-time", next, 1);
            o.timed = 1;
            ++i;
        } else if (strcmp(arg, "-report-interval") == 0) {
            o.report_interval_s = seconds_value("-report-interval", next, 0);
            ++i;
        } else if (strcmp(arg, "-v") == 0) {
            o.verbose = 1;
        } else if (strcmp(arg, "-info") == 0) {
            o.info = 1;
        } else if (strcmp(arg, "-h") == 0) {
            usage(stdout);
            exit(1);
        } else {
            fail("unknown option '%s' (-h lists them)", arg);
        }
    }
    return o;
}

/* ------------------------------------------------------------------------ */
/* The gears                                                                */
/* ------------------------------------------------------------------------ */

static void vertex_at(GLfloat radius, GLfloat angle, GLfloat z) {
    glVertex3f(radius * cosf(angle), radius * sinf(angle), z);
}

/* The flat faces of a gear at z (normal +z when front, -z otherwise): the
 * ring from the hole to the tooth roots, then the teeth. Vertices go
 * counter-clockwise as seen from the side the face looks to, as culling
 * needs. A tooth spans a quarter of its pitch each for its rising flank,
 * top and falling flank; the last quarter is the gap to the next tooth. */
static void gear_face(GLfloat r_hole, GLfloat r_root, GLfloat r_tip, GLint teeth, GLfloat z,
                      int front) {
    const GLfloat pitch = 2.0f * (GLfloat)M_PI / (GLfloat)teeth;
    const GLfloat quarter = pitch / 4.0f;

    glNormal3f(0.0f, 0.0f, front ? 1.0f : -1.0f);
    glBegin(GL_QUAD_STRIP);
    for (GLint i = 0; i <= teeth; ++i) {
        const GLfloat a = (GLfloat)i * pitch;
        /* The root edge at the tooth's start and, but for the closing
         * pair, at its end; the ring between two teeth is one quad. */
        for (int k = 0; k < (i < teeth ? 2 : 1); ++k) {
            const GLfloat at = a + (GLfloat)(3 * k) * quarter;
            if (front) {
                vertex_at(r_hole, at, z);
                vertex_at(r_root, at, z);
            } else {
                vertex_at(r_root, at, z);
                vertex_at(r_hole, at, z);
            }
        }
    }
    glEnd();

    glBegin(GL_QUADS);
    for (GLint i = 0; i < teeth; ++i) {
        const GLfloat a = (GLfloat)i * pitch;
        const GLfloat outline[4][2] = {{r_root, a},
                                       {r_tip, a + quarter},
                                       {r_tip, a + 2.0f * quarter},
                                       {r_root, a + 3.0f * quarter}};
        for (int k = 0; k < 4; ++k) {
            const int v = front ? k : 3 - k;
            vertex_at(outline[v][0], outline[v][1], z);
        }
    }
    glEnd();
}

/* The next pair of vertices of the outer band, front and back, and the
 * normal of the quad it closes (flat shading takes the last pair's). */
static void band_pair(GLfloat radius, GLfloat angle, GLfloat half_width, GLfloat nx, GLfloat ny) {
    glNormal3f(nx, ny, 0.0f);
    vertex_at(radius, angle, half_width);
    vertex_at(radius, angle, -half_width);
}

/* The normal of the flank from (r0, a0) to (r1, a1), pointing outwards: the
 * right-hand side of the edge, which runs counter-clockwise. */
static void flank_normal(GLfloat r0, GLfloat a0, GLfloat r1, GLfloat a1, GLfloat *nx, GLfloat *ny) {
    const GLfloat dx = r1 * cosf(a1) - r0 * cosf(a0);
    const GLfloat dy = r1 * sinf(a1) - r0 * sinf(a0);
    const GLfloat length = sqrtf(dx * dx + dy * dy);
    *nx = dy / length;
    *ny = -dx / length;
}

/* The outward faces: flanks, tops and the roots between the teeth. */
static void gear_band(GLfloat r_root, GLfloat r_tip, GLint teeth, GLfloat half_width) {
    const GLfloat pitch = 2.0f * (GLfloat)M_PI / (GLfloat)teeth;
    const GLfloat quarter = pitch / 4.0f;
    GLfloat nx, ny;

    glBegin(GL_QUAD_STRIP);
    band_pair(r_root, 0.0f, half_width, 1.0f, 0.0f);
    for (GLint i = 0; i < teeth; ++i) {
        const GLfloat a = (GLfloat)i * pitch;
        flank_normal(r_root, a, r_tip, a + quarter, &nx, &ny);
        band_pair(r_tip, a + quarter, half_width, nx, ny);
        const GLfloat top = a + 1.5f * quarter;
        band_pair(r_tip, a + 2.0f * quarter, half_width, cosf(top), sinf(top));
        flank_normal(r_tip, a + 2.0f * quarter, r_root, a + 3.0f * quarter, &nx, &ny);
        band_pair(r_root, a + 3.0f * quarter, half_width, nx, ny);
        const GLfloat gap = a + 3.5f * quarter;
        band_pair(r_root, a + pitch, half_width, cosf(gap), sinf(gap));
    }
    glEnd();
}

/* The hole's wall, smooth-shaded, normals pointing to the axis. */
static void gear_hole(GLfloat r_hole, GLint teeth, GLfloat half_width) {
    const GLfloat pitch = 2.0f * (GLfloat)M_PI / (GLfloat)teeth;
    glShadeModel(GL_SMOOTH);
    glBegin(GL_QUAD_STRIP);
    for (GLint i = 0; i <= teeth; ++i) {
        const GLfloat a = (GLfloat)i * pitch;
        glNormal3f(-cosf(a), -sinf(a), 0.0f);
        vertex_at(r_hole, a, -half_width);
        vertex_at(r_hole, a, half_width);
    }
    glEnd();
}

/* One gear centred on the origin in the z = 0 plane, width along z. */
static void gear(GLfloat inner_radius, GLfloat outer_radius, GLfloat width, GLint teeth,
                 GLfloat tooth_depth) {
    const GLfloat r_root = outer_radius - tooth_depth / 2.0f;
    const GLfloat r_tip = outer_radius + tooth_depth / 2.0f;
    const GLfloat half_width = width / 2.0f;

    glShadeModel(GL_FLAT);
    gear_face(inner_radius, r_root, r_tip, teeth, half_width, 1);
    gear_face(inner_radius, r_root, r_tip, teeth, -half_width, 0);
    gear_band(r_root, r_tip, teeth, half_width);
    gear_hole(inner_radius, teeth, half_width);
}

/* ------------------------------------------------------------------------ */
/* The scene                                                                */
/* ------------------------------------------------------------------------ */

struct placed_gear {
    GLuint list;
    GLfloat x, y;
    GLfloat speed;  /* times the first gear's angle */
    GLfloat offset; /* degrees */
};

static struct placed_gear gears[3];

static GLuint gear_list(const GLfloat colour[4], GLfloat inner, GLfloat outer, GLfloat width,
                        GLint teeth, GLfloat depth) {
    const GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glMaterialfv(GL_FRONT, GL_AMBIENT_AND_DIFFUSE, colour);
    gear(inner, outer, width, teeth, depth);
    glEndList();
    return list;
}

static void init_scene(void) {
    static const GLfloat light_position[4] = {5.0f, 5.0f, 10.0f, 0.0f};
    static const GLfloat red[4] = {0.8f, 0.1f, 0.0f, 1.0f};
    static const GLfloat green[4] = {0.0f, 0.8f, 0.2f, 1.0f};
    static const GLfloat blue[4] = {0.2f, 0.2f, 1.0f, 1.0f};

    glLightfv(GL_LIGHT0, GL_POSITION, light_position);
    glEnable(GL_CULL_FACE);
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    glEnable(GL_DEPTH_TEST);

    gears[0] =
        (struct placed_gear){gear_list(red, 1.0f, 4.0f, 1.0f, 20, 0.7f), -3.0f, -2.0f, 1.0f, 0.0f};
    gears[1] = (struct placed_gear){gear_list(green, 0.5f, 2.0f, 2.0f, 10, 0.7f), 3.1f, -2.0f,
                                    -2.0f, -9.0f};
    gears[2] = (struct placed_gear){gear_list(blue, 1.3f, 2.0f, 0.5f, 10, 0.7f), -3.1f, 4.2f, -2.0f,
                                    -25.0f};
    glEnable(GL_NORMALIZE);
}

/* A frustum from z -5 to -60 as wide as the window, its height fitted to
 * the window's shape; the eye 40 units in front of the gears. */
static void reshape(int width, int height) {
    if (width <= 0 || height <= 0) return;
    const GLdouble aspect = (GLdouble)height / (GLdouble)width;
    glViewport(0, 0, (GLsizei)width, (GLsizei)height);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-1.0, 1.0, -aspect, aspect, 5.0, 60.0);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatef(0.0f, 0.0f, -40.0f);
}

static void draw(GLfloat angle) {
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glPushMatrix();
    glRotatef(20.0f, 1.0f, 0.0f, 0.0f);
    glRotatef(30.0f, 0.0f, 1.0f, 0.0f);
    for (int i = 0; i < 3; ++i) {
        glPushMatrix();
        glTranslatef(gears[i].x, gears[i].y, 0.0f);
        glRotatef(gears[i].speed * angle + gears[i].offset, 0.0f, 0.0f, 1.0f);
        glCallList(gears[i].list);
        glPopMatrix();
    }
    glPopMatrix();
}

/* ------------------------------------------------------------------------ */
/* X and GLX                                                                */
/* ------------------------------------------------------------------------ */

static int on_x_error(Display *display, XErrorEvent *event) {
    char text[256];
    XGetErrorText(display, event->error_code, text, sizeof text);
    fail("X error on display '%s': %s (request %d.%d)", display_text, text, event->request_code,
         event->minor_code);
}

static int on_x_io_error(Display *display) {
    (void)display;
    fail("lost the connection to display '%s'", display_text);
}

static int has_extension(const char *list, const char *name) {
    const size_t length = strlen(name);
    for (const char *p = list; p != NULL && (p = strstr(p, name)) != NULL; p += length) {
        const int starts = p == list || p[-1] == ' ';
        const int ends = p[length] == '\0' || p[length] == ' ';
        if (starts && ends) return 1;
    }
    return 0;
}

typedef void (*swap_interval_ext_fn)(Display *, GLXDrawable, int);
typedef int (*swap_interval_mesa_fn)(unsigned int);

/* Turns vsync off where GLX lets a program do it; says how, for -v. The
 * environment (vblank_mode, __GL_SYNC_TO_VBLANK) was set before the
 * context, for the drivers that read it instead. */
static const char *vsync_off(Window window) {
    const char *extensions = glXQueryExtensionsString(dpy, DefaultScreen(dpy));
    if (has_extension(extensions, "GLX_EXT_swap_control")) {
        swap_interval_ext_fn set =
            (swap_interval_ext_fn)glXGetProcAddressARB((const GLubyte *)"glXSwapIntervalEXT");
        if (set != NULL) {
            set(dpy, window, 0);
            return "off (GLX_EXT_swap_control)";
        }
    }
    if (has_extension(extensions, "GLX_MESA_swap_control")) {
        swap_interval_mesa_fn set =
            (swap_interval_mesa_fn)glXGetProcAddressARB((const GLubyte *)"glXSwapIntervalMESA");
        if (set != NULL && set(0) == 0) return "off (GLX_MESA_swap_control)";
    }
    static char text[128];
    const char *mode = getenv("vblank_mode");
    snprintf(text, sizeof text, "left to the driver (no GLX swap control; vblank_mode=%s)",
             mode != NULL ? mode : "unset");
    return text;
}

static Window create_window(XVisualInfo *visual) {
    const int screen = DefaultScreen(dpy);
    const Window root = RootWindow(dpy, screen);
    XSetWindowAttributes attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.background_pixel = 0;
    attributes.border_pixel = 0;
    attributes.colormap = XCreateColormap(dpy, root, visual->visual, AllocNone);
    attributes.event_mask = StructureNotifyMask | ExposureMask;
    const unsigned long mask = CWBackPixel | CWBorderPixel | CWColormap | CWEventMask;
    const Window window = XCreateWindow(dpy, root, 0, 0, WINDOW_SIZE, WINDOW_SIZE, 0, visual->depth,
                                        InputOutput, visual->visual, mask, &attributes);

    XSizeHints hints;
    memset(&hints, 0, sizeof hints);
    hints.flags = USPosition | USSize;
    hints.x = 0;
    hints.y = 0;
    hints.width = WINDOW_SIZE;
    hints.height = WINDOW_SIZE;
    XSetNormalHints(dpy, window, &hints);
    XSetStandardProperties(dpy, window, "ubgears", "ubgears", None, NULL, 0, &hints);
    return window;
}

static const char *gl_string(GLenum name) {
    const GLubyte *text = glGetString(name);
    return text != NULL ? (const char *)text : "unknown";
}

static void print_info(void) {
    const int screen = DefaultScreen(dpy);
    printf("x_server_vendor: %s\n", ServerVendor(dpy));
    printf("x_server_release: %d\n", VendorRelease(dpy));
    printf("screen: %dx%dx%d\n", DisplayWidth(dpy, screen), DisplayHeight(dpy, screen),
           DefaultDepth(dpy, screen));
    printf("gl_vendor: %s\n", gl_string(GL_VENDOR));
    printf("gl_renderer: %s\n", gl_string(GL_RENDERER));
    printf("gl_version: %s\n", gl_string(GL_VERSION));
}

/* Opens the display and makes a GL context current on a new, unmapped
 * window; exits with status 1 and one line on stderr when it cannot. */
static Window set_up(const struct options *o, GLXContext *context) {
    display_text = XDisplayName(o->display);
    dpy = XOpenDisplay(o->display);
    if (dpy == NULL) fail("cannot open display '%s'", display_text);
    XSetErrorHandler(on_x_error);
    XSetIOErrorHandler(on_x_io_error);

    int error_base, event_base;
    if (!glXQueryExtension(dpy, &error_base, &event_base))
        fail("display '%s' has no GLX extension", display_text);
    int attributes[] = {GLX_RGBA,
                        GLX_RED_SIZE,
                        1,
                        GLX_GREEN_SIZE,
                        1,
                        GLX_BLUE_SIZE,
                        1,
                        GLX_DOUBLEBUFFER,
                        GLX_DEPTH_SIZE,
                        1,
                        None};
    XVisualInfo *visual = glXChooseVisual(dpy, DefaultScreen(dpy), attributes);
    if (visual == NULL)
        fail("no GLX visual (RGBA, double-buffered, with depth) on display '%s'", display_text);
    const Window window = create_window(visual);
    *context = glXCreateContext(dpy, visual, NULL, True);
    XFree(visual);
    if (*context == NULL) fail("cannot create a GLX context on display '%s'", display_text);
    if (!glXMakeCurrent(dpy, window, *context))
        fail("cannot make the GLX context current on display '%s'", display_text);
    return window;
}

/* ------------------------------------------------------------------------ */
/* The loop                                                                 */
/* ------------------------------------------------------------------------ */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void handle_events(void) {
    while (XPending(dpy) > 0) {
        XEvent event;
        XNextEvent(dpy, &event);
        if (event.type == ConfigureNotify) reshape(event.xconfigure.width, event.xconfigure.height);
    }
}

/* Draws frames until -time is over (or forever without it). */
static void run(const struct options *o, Window window) {
    double last = now_s();
    double report_start = last;
    double timing_start = 0.0;
    long report_frames = 0;
    long timed_frames = 0; /* 0 until timing starts */
    double angle = 0.0;

    for (;;) {
        handle_events();
        double t = now_s();
        angle += DEGREES_PER_SECOND * (t - last);
        if (angle > 3600.0) angle -= 3600.0;
        last = t;
        draw((GLfloat)angle);
        glXSwapBuffers(dpy, window);
        ++report_frames;

        t = now_s();
        if (timed_frames > 0) {
            ++timed_frames;
            if (t - timing_start > o->time_s) {
                fprintf(stderr, "COUNT|%ld|1|fps\nTIME|%.1f\n", timed_frames, t - timing_start);
                fflush(stderr);
                return;
            }
        }
        if (t - report_start >= o->report_interval_s) {
            const double seconds = t - report_start;
            printf("%ld frames in %3.1f seconds = %6.3f FPS\n", report_frames, seconds,
                   (double)report_frames / seconds);
            report_start = t;
            report_frames = 0;
            if (o->timed && timed_frames == 0) {
                printf("Start timing!\n");
                timing_start = t;
                timed_frames = 1; /* this frame */
            }
            fflush(stdout);
        }
        sched_yield();
    }
}

/* Shows the window and draws until -time is over (or forever). */
static void draw_until_done(const struct options *o, Window window) {
    const char *vsync = vsync_off(window);
    if (o->verbose) {
        printf("GL_RENDERER   = %s\n", gl_string(GL_RENDERER));
        printf("GL_VERSION    = %s\n", gl_string(GL_VERSION));
        printf("GL_VENDOR     = %s\n", gl_string(GL_VENDOR));
        printf("vsync: %s\n", vsync);
        fflush(stdout);
    }
    XMapWindow(dpy, window);
    init_scene();
    reshape(WINDOW_SIZE, WINDOW_SIZE);
    run(o, window);
}

int main(int argc, char **argv) {
    IGNORE_LEAKS();
    const struct options o = parse_options(argc, argv);
    /* Vsync off for the drivers that read it from the environment (Mesa's
     * DRI drivers, NVIDIA's); a value the user set is kept. */
    setenv("vblank_mode", "0", 0);
    setenv("__GL_SYNC_TO_VBLANK", "0", 0);

    GLXContext context;
    const Window window = set_up(&o, &context);
    if (o.info) {
        print_info();
    } else {
        draw_until_done(&o, window);
    }
    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, context);
    XDestroyWindow(dpy, window);
    XCloseDisplay(dpy);
    return 0;
}
