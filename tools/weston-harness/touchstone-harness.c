/*
 * touchstone-harness: a weston 10 module that lets tests drive a headless
 * weston through a line-based unix socket.
 *
 * It adds a seat ("touchstone-seat") with pointer, keyboard and a touch
 * device, and listens on a control socket whose path comes from the
 * TOUCHSTONE_HARNESS_SOCKET environment variable (default:
 * $XDG_RUNTIME_DIR/touchstone-harness.sock). The protocol is documented in
 * tools/README.md: one command per line, exactly one reply line per command,
 * "ok ..." or "error <reason>", replies in command order per connection.
 *
 * Input goes through weston's own notify_* entry points, so clients see what
 * weston 10 really sends (for instance: no wl_touch.frame after the last
 * up). The one addition is `touch cancel`, because weston 10's default touch
 * grab never sends wl_touch.cancel.
 *
 * Only public libweston-10 headers are used; the few exported functions that
 * weston declares in private headers are declared below.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <linux/input-event-codes.h>
#include <math.h>
#include <png.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <libweston/libweston.h>
#include <pixman.h>
#include <wayland-server.h>

/* ------------------------------------------------------------------------ */
/* Exported by libweston-10.so, declared only in weston's private headers.   */

int weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		     const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat,
			      struct xkb_keymap *keymap);
void weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch,
				 const char *syspath, void *backend_data,
				 const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_motion_absolute(struct weston_seat *seat,
			    const struct timespec *time, double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time,
		   int32_t button, enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time,
		 struct weston_pointer_axis_event *event);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time,
		uint32_t key, enum wl_keyboard_key_state state,
		enum weston_key_state_update update_state);
void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id,
			     double x, double y,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);
void weston_output_damage(struct weston_output *output);

/* ------------------------------------------------------------------------ */

#define HARNESS_SEAT_NAME "touchstone-seat"
#define MAX_LINE 4096
#define MAX_TOUCH_POINTS 32
#define DEFAULT_TIMEOUT_MS 5000
#define MAX_TIMEOUT_MS 600000

enum pending_kind {
	PENDING_SCREENSHOT,
	PENDING_WAIT_COMMIT,
	PENDING_WAIT_FRAME,
	PENDING_WAIT_VIEW,
};

struct harness;
struct conn;

/* A command whose reply waits for something inside weston. */
struct pending {
	struct wl_list link;		/* harness::pending_list */
	struct harness *h;
	struct conn *conn;		/* NULL once the connection closed */
	enum pending_kind kind;
	struct wl_event_source *timer;
	char *path;			/* screenshot targets, space separated */
	uint64_t frame_target;		/* wait-frame: frame count to exceed */
};

struct conn {
	struct wl_list link;		/* harness::conn_list */
	struct harness *h;
	int fd;
	struct wl_event_source *source;
	char *in;			/* received, not yet executed */
	size_t in_len, in_cap;
	size_t scan;			/* start of the unfinished line */
	bool discarding;		/* dropping the rest of an overlong line */
	struct wl_event_source *resume;	/* idle: continue after a deferral */
	bool dead;			/* peer gone; destroy when idle */
	char *out;
	size_t out_len, out_cap;
	struct pending *busy;		/* deferred command in progress */
	/* commit-arm / commit-wait */
	bool commit_armed;
	bool commit_seen;
	uint64_t commit_ns;
	int commit_pid;
	bool closed;
};

struct output_watch {
	struct wl_list link;		/* harness::output_list */
	struct harness *h;
	struct weston_output *output;
	struct wl_listener frame_listener;
	struct wl_listener destroy_listener;
};

struct surface_watch {
	struct wl_list link;		/* harness::surface_list */
	struct harness *h;
	struct weston_surface *surface;
	struct wl_listener commit_listener;
	struct wl_listener destroy_listener;
};

struct harness {
	struct weston_compositor *compositor;
	struct wl_event_loop *loop;
	struct weston_seat seat;
	bool seat_ready;
	struct weston_touch_device *touch_device;
	int touch_ids[MAX_TOUCH_POINTS];
	int touch_count;

	char *socket_path;
	int listen_fd;
	struct wl_event_source *listen_source;
	struct wl_list conn_list;
	struct wl_list pending_list;
	struct wl_list output_list;
	struct wl_list surface_list;
	uint64_t frame_count;

	struct wl_listener destroy_listener;
	struct wl_listener output_created_listener;
	struct wl_listener create_surface_listener;
};

/* ------------------------------------------------------------------------ */
/* Small helpers                                                            */

static uint64_t
timespec_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000ull + (uint64_t)ts->tv_nsec;
}

static uint64_t
now_ns(struct timespec *out)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	if (out)
		*out = ts;
	return timespec_ns(&ts);
}

static bool
parse_double(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s)
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v))
		return false;
	*out = v;
	return true;
}

static bool
parse_int(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (!s || !*s)
		return false;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return false;
	*out = v;
	return true;
}

static struct weston_output *
first_output(struct harness *h)
{
	struct weston_output *output;

	wl_list_for_each(output, &h->compositor->output_list, link)
		return output;
	return NULL;
}

static int
client_pid(struct weston_surface *surface)
{
	pid_t pid = 0;
	uid_t uid;
	gid_t gid;

	if (!surface->resource)
		return 0;
	wl_client_get_credentials(wl_resource_get_client(surface->resource),
				  &pid, &uid, &gid);
	return (int)pid;
}

/* A pointer cursor is a client surface too, but not a window. */
static bool
is_cursor(struct weston_surface *surface)
{
	return surface->role_name &&
	       strcmp(surface->role_name, "wl_pointer-cursor") == 0;
}

/* A surface a client drew: has a protocol resource and is on screen. */
static bool
is_client_view(struct weston_view *view)
{
	return view->surface->resource != NULL &&
	       !is_cursor(view->surface) &&
	       weston_view_is_mapped(view) &&
	       weston_surface_is_mapped(view->surface);
}

/* ------------------------------------------------------------------------ */
/* Connections and replies                                                  */

static void conn_process(struct conn *c);
static void conn_destroy(struct conn *c);

static void
conn_update_mask(struct conn *c)
{
	uint32_t mask = WL_EVENT_READABLE;

	if (c->out_len > 0)
		mask |= WL_EVENT_WRITABLE;
	wl_event_source_fd_update(c->source, mask);
}

/* Write as much buffered output as the socket takes; false on a dead peer. */
static bool
conn_flush(struct conn *c)
{
	while (c->out_len > 0) {
		ssize_t n = send(c->fd, c->out, c->out_len,
				 MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				break;
			return false;
		}
		memmove(c->out, c->out + n, c->out_len - (size_t)n);
		c->out_len -= (size_t)n;
	}
	conn_update_mask(c);
	return true;
}

static void
conn_append(struct conn *c, const char *text, size_t len)
{
	if (c->out_len + len > c->out_cap) {
		size_t cap = c->out_cap ? c->out_cap : 1024;
		char *out;

		while (cap < c->out_len + len)
			cap *= 2;
		out = realloc(c->out, cap);
		if (!out) {
			weston_log("touchstone-harness: out of memory\n");
			return;
		}
		c->out = out;
		c->out_cap = cap;
	}
	memcpy(c->out + c->out_len, text, len);
	c->out_len += len;
}

static void __attribute__((format(printf, 2, 3)))
reply(struct conn *c, const char *fmt, ...)
{
	char line[MAX_LINE];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n > sizeof line - 2)
		n = sizeof line - 2;
	/* A reply is exactly one line. */
	for (int i = 0; i < n; i++)
		if (line[i] == '\n' || line[i] == '\r')
			line[i] = ' ';
	line[n++] = '\n';
	conn_append(c, line, (size_t)n);
}

/* Replies built piece by piece (views, outputs) can outgrow one buffer. */
struct strbuf {
	char *data;
	size_t len, cap;
};

static void __attribute__((format(printf, 2, 3)))
strbuf_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (b->len + (size_t)n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		char *data;

		while (cap < b->len + (size_t)n + 1)
			cap *= 2;
		data = realloc(b->data, cap);
		if (!data)
			return;
		b->data = data;
		b->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

static void
reply_strbuf(struct conn *c, struct strbuf *b)
{
	if (!b->data) {
		reply(c, "error out of memory");
		return;
	}
	conn_append(c, b->data, b->len);
	conn_append(c, "\n", 1);
	free(b->data);
}

/* ------------------------------------------------------------------------ */
/* Deferred commands                                                        */

static void
pending_destroy(struct pending *p)
{
	wl_list_remove(&p->link);
	if (p->timer)
		wl_event_source_remove(p->timer);
	free(p->path);
	free(p);
}

/* Deliver the reply of a deferred command and resume its connection. */
static void
pending_finish(struct pending *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
conn_resume(void *data)
{
	struct conn *c = data;

	c->resume = NULL;
	if (c->dead)
		conn_destroy(c);
	else
		conn_process(c);
}

static void
pending_finish(struct pending *p, const char *fmt, ...)
{
	struct conn *c = p->conn;
	char line[MAX_LINE];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);

	pending_destroy(p);
	if (!c)
		return;
	c->busy = NULL;
	reply(c, "%s", line);
	if (!conn_flush(c))
		c->dead = true;
	/* Callers may be inside weston's signal emission or iterating the
	 * pending list: run further commands from an idle callback. */
	if (!c->resume)
		c->resume = wl_event_loop_add_idle(c->h->loop, conn_resume, c);
}

static int
pending_timeout(void *data)
{
	struct pending *p = data;

	wl_event_source_remove(p->timer);
	p->timer = NULL;
	pending_finish(p, "error timeout");
	return 0;
}

static struct pending *
pending_start(struct conn *c, enum pending_kind kind, long timeout_ms)
{
	struct pending *p = calloc(1, sizeof *p);

	if (!p)
		return NULL;
	p->h = c->h;
	p->conn = c;
	p->kind = kind;
	p->timer = wl_event_loop_add_timer(c->h->loop, pending_timeout, p);
	if (!p->timer) {
		free(p);
		return NULL;
	}
	wl_event_source_timer_update(p->timer, (int)timeout_ms);
	wl_list_insert(c->h->pending_list.prev, &p->link);
	c->busy = p;
	return p;
}

/* ------------------------------------------------------------------------ */
/* Screenshots                                                              */

static bool
write_png(const char *path, uint8_t *rgba, int width, int height,
	  char *err, size_t errlen)
{
	FILE *fp;
	png_structp png;
	png_infop info;
	png_bytep *rows;

	fp = fopen(path, "wb");
	if (!fp) {
		snprintf(err, errlen, "cannot open %s: %s", path,
			 strerror(errno));
		return false;
	}
	rows = calloc((size_t)height, sizeof *rows);
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png ? png_create_info_struct(png) : NULL;
	if (!rows || !png || !info) {
		snprintf(err, errlen, "out of memory");
		png_destroy_write_struct(&png, &info);
		free(rows);
		fclose(fp);
		return false;
	}
	if (setjmp(png_jmpbuf(png))) {
		snprintf(err, errlen, "libpng failed writing %s", path);
		png_destroy_write_struct(&png, &info);
		free(rows);
		fclose(fp);
		return false;
	}
	png_init_io(png, fp);
	png_set_compression_level(png, 1);
	png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
		     PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (int y = 0; y < height; y++)
		rows[y] = rgba + (size_t)y * (size_t)width * 4;
	png_write_image(png, rows);
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	free(rows);
	if (fclose(fp) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path,
			 strerror(errno));
		return false;
	}
	return true;
}

/* Netpbm PAM: a plain header and raw RGBA rows, trivial to decode. */
static bool
write_pam(const char *path, uint8_t *rgba, int width, int height,
	  char *err, size_t errlen)
{
	FILE *fp = fopen(path, "wb");
	size_t size = (size_t)width * (size_t)height * 4;

	if (!fp) {
		snprintf(err, errlen, "cannot open %s: %s", path,
			 strerror(errno));
		return false;
	}
	fprintf(fp, "P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\n"
		"TUPLTYPE RGB_ALPHA\nENDHDR\n", width, height);
	if (fwrite(rgba, 1, size, fp) != size || fclose(fp) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path,
			 strerror(errno));
		return false;
	}
	return true;
}

static bool
has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Write every target of one request from the same pixels. */
static bool
write_images(const char *paths, uint8_t *rgba, int width, int height,
	     char *err, size_t errlen)
{
	char *copy = strdup(paths), *save = NULL, *path;
	bool ok = true;

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	for (path = strtok_r(copy, " ", &save); path && ok;
	     path = strtok_r(NULL, " ", &save)) {
		if (has_suffix(path, ".pam"))
			ok = write_pam(path, rgba, width, height, err, errlen);
		else
			ok = write_png(path, rgba, width, height, err, errlen);
	}
	free(copy);
	return ok;
}

/* Called from the output's frame signal, right after weston repainted it. */
static void
complete_screenshots(struct harness *h, struct weston_output *output)
{
	struct weston_compositor *ec = h->compositor;
	struct pending *p, *tmp;
	uint8_t *pixels = NULL;
	int width, height;
	bool any = false;
	char err[512] = "";

	wl_list_for_each(p, &h->pending_list, link)
		if (p->kind == PENDING_SCREENSHOT)
			any = true;
	if (!any || output != first_output(h))
		return;

	width = output->current_mode->width;
	height = output->current_mode->height;
	pixels = malloc((size_t)width * (size_t)height * 4);
	if (!pixels) {
		snprintf(err, sizeof err, "out of memory");
	} else if (!ec->renderer || !ec->renderer->read_pixels) {
		snprintf(err, sizeof err, "renderer cannot read pixels");
	} else if (ec->renderer->read_pixels(output, PIXMAN_a8b8g8r8, pixels,
					     0, 0, (uint32_t)width,
					     (uint32_t)height) < 0) {
		snprintf(err, sizeof err, "read_pixels failed");
	} else {
		size_t stride = (size_t)width * 4;

		if (ec->capabilities & WESTON_CAP_CAPTURE_YFLIP) {
			uint8_t *row = malloc(stride);

			for (int y = 0; row && y < height / 2; y++) {
				uint8_t *a = pixels + (size_t)y * stride;
				uint8_t *b = pixels +
					     (size_t)(height - 1 - y) * stride;
				memcpy(row, a, stride);
				memcpy(a, b, stride);
				memcpy(b, row, stride);
			}
			free(row);
		}
		/* The screen is opaque; the output buffer may be x8r8g8b8. */
		for (size_t i = 3; i < stride * (size_t)height; i += 4)
			pixels[i] = 0xff;
	}

	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		char perr[sizeof err + 64];

		if (p->kind != PENDING_SCREENSHOT)
			continue;
		if (err[0]) {
			pending_finish(p, "error %s", err);
		} else if (!write_images(p->path, pixels, width, height, perr,
					 sizeof perr)) {
			pending_finish(p, "error %s", perr);
		} else {
			char *path = strdup(p->path);

			pending_finish(p, "ok %s", path ? path : "");
			free(path);
		}
	}
	free(pixels);
}

/* ------------------------------------------------------------------------ */
/* View queries                                                             */

static int
count_client_views(struct harness *h)
{
	struct weston_layer *layer;
	struct weston_view *view;
	int n = 0;

	wl_list_for_each(layer, &h->compositor->layer_list, link)
		wl_list_for_each(view, &layer->view_list.link, layer_link.link)
			if (is_client_view(view))
				n++;
	return n;
}

static void
describe_views(struct harness *h, struct strbuf *b)
{
	struct weston_layer *layer;
	struct weston_view *view;

	strbuf_printf(b, "ok %d", count_client_views(h));
	wl_list_for_each(layer, &h->compositor->layer_list, link) {
		wl_list_for_each(view, &layer->view_list.link,
				 layer_link.link) {
			struct weston_surface *s = view->surface;

			if (!is_client_view(view))
				continue;
			strbuf_printf(b, "; x=%g y=%g width=%d height=%d "
				      "pid=%d role=%s",
				      (double)view->geometry.x,
				      (double)view->geometry.y,
				      s->width, s->height, client_pid(s),
				      s->role_name ? s->role_name : "none");
		}
	}
}

static void
complete_wait_views(struct harness *h)
{
	struct pending *p, *tmp;

	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		struct strbuf b = { 0 };

		if (p->kind != PENDING_WAIT_VIEW || count_client_views(h) == 0)
			continue;
		describe_views(h, &b);
		if (!b.data) {
			pending_finish(p, "error out of memory");
			continue;
		}
		pending_finish(p, "%s", b.data);
		free(b.data);
	}
}

/* ------------------------------------------------------------------------ */
/* Output and surface signals                                               */

static void
output_frame_notify(struct wl_listener *listener, void *data)
{
	struct output_watch *w =
		wl_container_of(listener, w, frame_listener);
	struct harness *h = w->h;
	struct pending *p, *tmp;
	uint64_t ns = now_ns(NULL);

	h->frame_count++;
	complete_screenshots(h, w->output);

	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		if (p->kind == PENDING_WAIT_FRAME &&
		    h->frame_count >= p->frame_target)
			pending_finish(p, "ok %llu %llu",
				       (unsigned long long)h->frame_count,
				       (unsigned long long)ns);
	}
	complete_wait_views(h);
}

static void
output_watch_destroy(struct output_watch *w)
{
	wl_list_remove(&w->frame_listener.link);
	wl_list_remove(&w->destroy_listener.link);
	wl_list_remove(&w->link);
	free(w);
}

static void
output_destroy_notify(struct wl_listener *listener, void *data)
{
	struct output_watch *w =
		wl_container_of(listener, w, destroy_listener);

	output_watch_destroy(w);
}

static void
watch_output(struct harness *h, struct weston_output *output)
{
	struct output_watch *w;

	wl_list_for_each(w, &h->output_list, link)
		if (w->output == output)
			return;
	w = calloc(1, sizeof *w);
	if (!w)
		return;
	w->h = h;
	w->output = output;
	w->frame_listener.notify = output_frame_notify;
	wl_signal_add(&output->frame_signal, &w->frame_listener);
	w->destroy_listener.notify = output_destroy_notify;
	wl_signal_add(&output->destroy_signal, &w->destroy_listener);
	wl_list_insert(&h->output_list, &w->link);
}

static void
output_created_notify(struct wl_listener *listener, void *data)
{
	struct harness *h =
		wl_container_of(listener, h, output_created_listener);

	watch_output(h, data);
}

static void
surface_commit_notify(struct wl_listener *listener, void *data)
{
	struct surface_watch *sw =
		wl_container_of(listener, sw, commit_listener);
	struct harness *h = sw->h;
	struct weston_surface *s = sw->surface;
	struct pending *p, *tmp;
	struct conn *c;
	uint64_t ns = now_ns(NULL);
	int pid;

	if (!s->resource || is_cursor(s) || !weston_surface_is_mapped(s))
		return;
	pid = client_pid(s);

	wl_list_for_each(c, &h->conn_list, link) {
		if (c->commit_armed && !c->commit_seen) {
			c->commit_seen = true;
			c->commit_ns = ns;
			c->commit_pid = pid;
		}
	}
	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		if (p->kind != PENDING_WAIT_COMMIT || !p->conn)
			continue;
		c = p->conn;
		c->commit_armed = false;
		pending_finish(p, "ok %llu pid=%d",
			       (unsigned long long)c->commit_ns, c->commit_pid);
	}
	complete_wait_views(h);
}

static void
surface_watch_destroy(struct surface_watch *sw)
{
	wl_list_remove(&sw->commit_listener.link);
	wl_list_remove(&sw->destroy_listener.link);
	wl_list_remove(&sw->link);
	free(sw);
}

static void
surface_destroy_notify(struct wl_listener *listener, void *data)
{
	struct surface_watch *sw =
		wl_container_of(listener, sw, destroy_listener);

	surface_watch_destroy(sw);
}

static void
create_surface_notify(struct wl_listener *listener, void *data)
{
	struct harness *h =
		wl_container_of(listener, h, create_surface_listener);
	struct weston_surface *surface = data;
	struct surface_watch *sw = calloc(1, sizeof *sw);

	if (!sw)
		return;
	sw->h = h;
	sw->surface = surface;
	sw->commit_listener.notify = surface_commit_notify;
	wl_signal_add(&surface->commit_signal, &sw->commit_listener);
	sw->destroy_listener.notify = surface_destroy_notify;
	wl_signal_add(&surface->destroy_signal, &sw->destroy_listener);
	wl_list_insert(&h->surface_list, &sw->link);
}

/* ------------------------------------------------------------------------ */
/* Commands                                                                 */

static int
touch_slot(struct harness *h, int id)
{
	for (int i = 0; i < h->touch_count; i++)
		if (h->touch_ids[i] == id)
			return i;
	return -1;
}

static void
cmd_pointer(struct conn *c, char **argv, int argc)
{
	struct harness *h = c->h;
	struct timespec ts;
	uint64_t ns;

	if (argc == 4 && strcmp(argv[1], "motion") == 0) {
		double x, y;

		if (!parse_double(argv[2], &x) || !parse_double(argv[3], &y)) {
			reply(c, "error bad coordinates");
			return;
		}
		ns = now_ns(&ts);
		notify_motion_absolute(&h->seat, &ts, x, y);
		notify_pointer_frame(&h->seat);
		reply(c, "ok %llu", (unsigned long long)ns);
	} else if (argc == 4 && strcmp(argv[1], "button") == 0) {
		int32_t button;
		enum wl_pointer_button_state state;

		if (strcmp(argv[2], "left") == 0)
			button = BTN_LEFT;
		else if (strcmp(argv[2], "right") == 0)
			button = BTN_RIGHT;
		else if (strcmp(argv[2], "middle") == 0)
			button = BTN_MIDDLE;
		else {
			reply(c, "error unknown button '%s'", argv[2]);
			return;
		}
		if (strcmp(argv[3], "pressed") == 0)
			state = WL_POINTER_BUTTON_STATE_PRESSED;
		else if (strcmp(argv[3], "released") == 0)
			state = WL_POINTER_BUTTON_STATE_RELEASED;
		else {
			reply(c, "error button state must be pressed or released");
			return;
		}
		ns = now_ns(&ts);
		notify_button(&h->seat, &ts, button, state);
		notify_pointer_frame(&h->seat);
		reply(c, "ok %llu", (unsigned long long)ns);
	} else if (argc == 4 && strcmp(argv[1], "axis") == 0) {
		struct weston_pointer_axis_event ev = { 0 };
		double v;

		if (strcmp(argv[2], "vertical") == 0)
			ev.axis = WL_POINTER_AXIS_VERTICAL_SCROLL;
		else if (strcmp(argv[2], "horizontal") == 0)
			ev.axis = WL_POINTER_AXIS_HORIZONTAL_SCROLL;
		else {
			reply(c, "error axis must be vertical or horizontal");
			return;
		}
		if (!parse_double(argv[3], &v)) {
			reply(c, "error bad axis value");
			return;
		}
		ev.value = v;
		ns = now_ns(&ts);
		notify_axis(&h->seat, &ts, &ev);
		notify_pointer_frame(&h->seat);
		reply(c, "ok %llu", (unsigned long long)ns);
	} else {
		reply(c, "error usage: pointer motion X Y | pointer button "
		      "left|right|middle pressed|released | pointer axis "
		      "vertical|horizontal V");
	}
}

static void
cmd_key(struct conn *c, char **argv, int argc)
{
	struct timespec ts;
	enum wl_keyboard_key_state state;
	long code;
	uint64_t ns;

	if (argc != 3 || !parse_int(argv[1], 0, KEY_MAX, &code)) {
		reply(c, "error usage: key CODE pressed|released "
		      "(CODE: evdev key code 0..%d)", KEY_MAX);
		return;
	}
	if (strcmp(argv[2], "pressed") == 0)
		state = WL_KEYBOARD_KEY_STATE_PRESSED;
	else if (strcmp(argv[2], "released") == 0)
		state = WL_KEYBOARD_KEY_STATE_RELEASED;
	else {
		reply(c, "error key state must be pressed or released");
		return;
	}
	ns = now_ns(&ts);
	notify_key(&c->h->seat, &ts, (uint32_t)code, state,
		   STATE_UPDATE_AUTOMATIC);
	reply(c, "ok %llu", (unsigned long long)ns);
}

/*
 * weston 10's default touch grab ignores cancel. Do what a fixed grab does:
 * tell the focused client, then bring weston's bookkeeping back to "no
 * finger down" without sending the client any further up events.
 */
static int
touch_cancel(struct harness *h, const struct timespec *ts)
{
	struct weston_touch *touch = h->seat.touch_state;
	struct wl_resource *resource;
	int sent = 0;

	/* weston's own handling first (a shell grab may end itself). */
	notify_touch_cancel(h->touch_device);

	if (touch->focus) {
		wl_resource_for_each(resource, &touch->focus_resource_list) {
			wl_touch_send_cancel(resource);
			sent++;
		}
	}
	/* Without focus, weston's up handling reaches no client, but still
	 * balances num_tp and the idle inhibitor taken at each down. */
	weston_touch_set_focus(touch, NULL);
	for (int i = h->touch_count - 1; i >= 0 && touch->num_tp > 0; i--)
		notify_touch_normalized(h->touch_device, ts, h->touch_ids[i],
					0, 0, NULL, WL_TOUCH_UP);
	while (touch->num_tp > 0)
		notify_touch_normalized(h->touch_device, ts, 0, 0, 0, NULL,
					WL_TOUCH_UP);
	weston_touch_set_focus(touch, NULL);
	h->touch_count = 0;
	return sent;
}

static void
cmd_touch(struct conn *c, char **argv, int argc)
{
	struct harness *h = c->h;
	struct timespec ts;
	double x, y;
	long id;
	int slot;
	uint64_t ns;

	if (argc < 2)
		goto usage;

	if (strcmp(argv[1], "frame") == 0 && argc == 2) {
		ns = now_ns(&ts);
		notify_touch_frame(h->touch_device);
		reply(c, "ok %llu", (unsigned long long)ns);
		return;
	}
	if (strcmp(argv[1], "cancel") == 0 && argc == 2) {
		int sent;

		ns = now_ns(&ts);
		sent = touch_cancel(h, &ts);
		reply(c, "ok %llu sent=%d", (unsigned long long)ns, sent);
		return;
	}
	if (argc < 3 || !parse_int(argv[2], INT32_MIN, INT32_MAX, &id)) {
		if (argc >= 3) {
			reply(c, "error bad touch id '%s'", argv[2]);
			return;
		}
		goto usage;
	}
	slot = touch_slot(h, (int)id);

	if (strcmp(argv[1], "down") == 0 || strcmp(argv[1], "motion") == 0) {
		bool down = argv[1][0] == 'd';

		if (argc != 5)
			goto usage;
		if (!parse_double(argv[3], &x) || !parse_double(argv[4], &y)) {
			reply(c, "error bad coordinates");
			return;
		}
		if (down && slot >= 0) {
			reply(c, "error touch %ld is already down", id);
			return;
		}
		if (!down && slot < 0) {
			reply(c, "error touch %ld is not down", id);
			return;
		}
		if (down && h->touch_count == MAX_TOUCH_POINTS) {
			reply(c, "error too many touch points (max %d)",
			      MAX_TOUCH_POINTS);
			return;
		}
		if (down)
			h->touch_ids[h->touch_count++] = (int)id;
		ns = now_ns(&ts);
		notify_touch_normalized(h->touch_device, &ts, (int)id, x, y,
					NULL,
					down ? WL_TOUCH_DOWN : WL_TOUCH_MOTION);
		reply(c, "ok %llu", (unsigned long long)ns);
		return;
	}
	if (strcmp(argv[1], "up") == 0 && argc == 3) {
		if (slot < 0) {
			reply(c, "error touch %ld is not down", id);
			return;
		}
		h->touch_ids[slot] = h->touch_ids[--h->touch_count];
		ns = now_ns(&ts);
		notify_touch_normalized(h->touch_device, &ts, (int)id, 0, 0,
					NULL, WL_TOUCH_UP);
		reply(c, "ok %llu", (unsigned long long)ns);
		return;
	}
usage:
	reply(c, "error usage: touch down ID X Y | touch motion ID X Y | "
	      "touch up ID | touch frame | touch cancel");
}

static void
cmd_outputs(struct conn *c)
{
	struct weston_output *output;
	struct strbuf b = { 0 };
	int n = 0;

	wl_list_for_each(output, &c->h->compositor->output_list, link)
		n++;
	strbuf_printf(&b, "ok %d", n);
	wl_list_for_each(output, &c->h->compositor->output_list, link) {
		strbuf_printf(&b, "; name=%s x=%d y=%d width=%d height=%d "
			      "scale=%d pixel_width=%d pixel_height=%d",
			      output->name ? output->name : "?",
			      output->x, output->y,
			      output->width, output->height,
			      output->current_scale,
			      output->current_mode ?
				      output->current_mode->width : 0,
			      output->current_mode ?
				      output->current_mode->height : 0);
	}
	reply_strbuf(c, &b);
}

static bool
parse_timeout(struct conn *c, char **argv, int argc, int index, long *out)
{
	*out = DEFAULT_TIMEOUT_MS;
	if (argc <= index)
		return true;
	if (argc == index + 1 &&
	    parse_int(argv[index], 1, MAX_TIMEOUT_MS, out))
		return true;
	reply(c, "error bad timeout (milliseconds 1..%d)", MAX_TIMEOUT_MS);
	return false;
}

static void
cmd_screenshot(struct conn *c, char **argv, int argc)
{
	struct weston_output *output = first_output(c->h);
	struct pending *p;
	struct strbuf paths = { 0 };
	long timeout;
	int npaths = 0;

	while (1 + npaths < argc && argv[1 + npaths][0] == '/')
		npaths++;
	if (npaths == 0) {
		reply(c, "error usage: screenshot /ABSOLUTE/PATH.png|.pam... "
		      "[TIMEOUT_MS]");
		return;
	}
	if (!parse_timeout(c, argv, argc, 1 + npaths, &timeout))
		return;
	if (!output || !output->current_mode) {
		reply(c, "error no output");
		return;
	}
	for (int i = 0; i < npaths; i++)
		strbuf_printf(&paths, "%s%s", i ? " " : "", argv[1 + i]);
	if (!paths.data) {
		reply(c, "error out of memory");
		return;
	}
	p = pending_start(c, PENDING_SCREENSHOT, timeout);
	if (!p) {
		free(paths.data);
		reply(c, "error out of memory");
		return;
	}
	p->path = paths.data;
	/* Force a full repaint; the frame signal then reads the result. */
	weston_output_damage(output);
}

static void
cmd_wait_frame(struct conn *c, char **argv, int argc)
{
	struct pending *p;
	long timeout;

	if (!parse_timeout(c, argv, argc, 1, &timeout))
		return;
	p = pending_start(c, PENDING_WAIT_FRAME, timeout);
	if (!p) {
		reply(c, "error out of memory");
		return;
	}
	p->frame_target = c->h->frame_count + 1;
}

static void
cmd_wait_view(struct conn *c, char **argv, int argc)
{
	struct strbuf b = { 0 };
	long timeout;

	if (!parse_timeout(c, argv, argc, 1, &timeout))
		return;
	if (count_client_views(c->h) > 0) {
		describe_views(c->h, &b);
		reply_strbuf(c, &b);
		return;
	}
	if (!pending_start(c, PENDING_WAIT_VIEW, timeout))
		reply(c, "error out of memory");
}

static void
cmd_commit_wait(struct conn *c, char **argv, int argc, bool arm)
{
	long timeout;

	if (!parse_timeout(c, argv, argc, 1, &timeout))
		return;
	if (arm) {
		c->commit_armed = true;
		c->commit_seen = false;
	} else if (!c->commit_armed) {
		reply(c, "error commit-wait without commit-arm");
		return;
	}
	if (c->commit_seen) {
		c->commit_armed = false;
		reply(c, "ok %llu pid=%d", (unsigned long long)c->commit_ns,
		      c->commit_pid);
		return;
	}
	if (!pending_start(c, PENDING_WAIT_COMMIT, timeout))
		reply(c, "error out of memory");
}

static void
execute(struct conn *c, char *line)
{
	char *argv[16];
	int argc = 0;
	char *save = NULL, *tok;

	for (tok = strtok_r(line, " \t\r", &save); tok;
	     tok = strtok_r(NULL, " \t\r", &save)) {
		if (argc == (int)(sizeof argv / sizeof argv[0])) {
			reply(c, "error too many arguments");
			return;
		}
		argv[argc++] = tok;
	}
	if (argc == 0) {
		reply(c, "error empty command");
		return;
	}

	if (strcmp(argv[0], "ping") == 0 && argc == 1)
		reply(c, "ok pong");
	else if (strcmp(argv[0], "pointer") == 0)
		cmd_pointer(c, argv, argc);
	else if (strcmp(argv[0], "key") == 0)
		cmd_key(c, argv, argc);
	else if (strcmp(argv[0], "touch") == 0)
		cmd_touch(c, argv, argc);
	else if (strcmp(argv[0], "outputs") == 0 && argc == 1)
		cmd_outputs(c);
	else if (strcmp(argv[0], "views") == 0 && argc == 1) {
		struct strbuf b = { 0 };

		describe_views(c->h, &b);
		reply_strbuf(c, &b);
	} else if (strcmp(argv[0], "frames") == 0 && argc == 1)
		reply(c, "ok %llu", (unsigned long long)c->h->frame_count);
	else if (strcmp(argv[0], "time") == 0 && argc == 1)
		reply(c, "ok %llu", (unsigned long long)now_ns(NULL));
	else if (strcmp(argv[0], "screenshot") == 0)
		cmd_screenshot(c, argv, argc);
	else if (strcmp(argv[0], "wait-frame") == 0)
		cmd_wait_frame(c, argv, argc);
	else if (strcmp(argv[0], "wait-view") == 0)
		cmd_wait_view(c, argv, argc);
	else if (strcmp(argv[0], "commit-arm") == 0 && argc == 1) {
		c->commit_armed = true;
		c->commit_seen = false;
		reply(c, "ok");
	} else if (strcmp(argv[0], "commit-wait") == 0)
		cmd_commit_wait(c, argv, argc, false);
	else if (strcmp(argv[0], "wait-commit") == 0)
		cmd_commit_wait(c, argv, argc, true);
	else
		reply(c, "error unknown command '%.64s' (or wrong arguments)",
		      argv[0]);
}

/* Run complete lines until one of them defers its reply. */
static void
conn_process(struct conn *c)
{
	struct wl_display *display = c->h->compositor->wl_display;
	size_t start = 0;

	while (!c->busy) {
		char *line = c->in + start;
		char *nl = memchr(line, '\n', c->in_len - start);
		size_t len;

		if (!nl)
			break;
		len = (size_t)(nl - line);
		*nl = '\0';
		start += len + 1;
		if (len > 0 && line[0] == '\x01')
			reply(c, "error line too long (max %d bytes)",
			      MAX_LINE - 1);
		else if (strlen(line) != len)
			reply(c, "error NUL byte in command");
		else
			execute(c, line);
	}
	memmove(c->in, c->in + start, c->in_len - start);
	c->in_len -= start;
	c->scan = 0;
	for (size_t i = c->in_len; i > 0; i--) {
		if (c->in[i - 1] == '\n') {
			c->scan = i;
			break;
		}
	}
	if (!conn_flush(c)) {
		conn_destroy(c);
		return;
	}
	wl_display_flush_clients(display);
}

/* Append received bytes; an overlong line becomes a marker line. */
static bool
conn_receive(struct conn *c, const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char ch = buf[i];
		char *line_start;
		size_t partial;

		if (c->discarding) {
			if (ch == '\n')
				c->discarding = false;
			continue;
		}
		if (c->in_len + 2 > c->in_cap) {
			size_t cap = c->in_cap ? c->in_cap * 2 : MAX_LINE;
			char *in = realloc(c->in, cap);

			if (!in)
				return false;
			c->in = in;
			c->in_cap = cap;
		}
		c->in[c->in_len++] = ch;
		if (ch == '\n') {
			c->scan = c->in_len;
			continue;
		}
		line_start = c->in + c->scan;
		partial = (size_t)(c->in + c->in_len - line_start);
		if (partial >= MAX_LINE) {
			c->in_len = c->scan;
			c->in[c->in_len++] = '\x01';
			c->in[c->in_len++] = '\n';
			c->scan = c->in_len;
			c->discarding = true;
		}
	}
	return true;
}

static void
conn_destroy(struct conn *c)
{
	struct pending *p;

	wl_list_for_each(p, &c->h->pending_list, link)
		if (p->conn == c)
			p->conn = NULL;
	/* A screenshot still runs to completion (the file appears); the
	 * others have nobody to answer and are dropped. */
	{
		struct pending *tmp;

		wl_list_for_each_safe(p, tmp, &c->h->pending_list, link)
			if (!p->conn && p->kind != PENDING_SCREENSHOT)
				pending_destroy(p);
	}
	if (c->resume)
		wl_event_source_remove(c->resume);
	wl_event_source_remove(c->source);
	close(c->fd);
	wl_list_remove(&c->link);
	free(c->in);
	free(c->out);
	free(c);
}

static int
conn_event(int fd, uint32_t mask, void *data)
{
	struct conn *c = data;

	if (mask & WL_EVENT_WRITABLE) {
		if (!conn_flush(c)) {
			conn_destroy(c);
			return 0;
		}
	}
	if (mask & WL_EVENT_READABLE) {
		char buf[MAX_LINE];
		ssize_t n = recv(fd, buf, sizeof buf, MSG_DONTWAIT);

		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			return 0;
		if (n <= 0) {
			conn_destroy(c);
			return 0;
		}
		if (!conn_receive(c, buf, (size_t)n)) {
			conn_destroy(c);
			return 0;
		}
		conn_process(c);
		return 0;
	}
	if (mask & (WL_EVENT_HANGUP | WL_EVENT_ERROR))
		conn_destroy(c);
	return 0;
}

static int
listen_event(int fd, uint32_t mask, void *data)
{
	struct harness *h = data;
	struct conn *c;
	int cfd;

	cfd = accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
	if (cfd < 0)
		return 0;
	c = calloc(1, sizeof *c);
	if (!c) {
		close(cfd);
		return 0;
	}
	c->h = h;
	c->fd = cfd;
	c->source = wl_event_loop_add_fd(h->loop, cfd, WL_EVENT_READABLE,
					 conn_event, c);
	if (!c->source) {
		close(cfd);
		free(c);
		return 0;
	}
	wl_list_insert(h->conn_list.prev, &c->link);
	return 0;
}

/* ------------------------------------------------------------------------ */
/* Setup and teardown                                                       */

static int
open_control_socket(struct harness *h)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(h->socket_path) >= sizeof addr.sun_path) {
		weston_log("touchstone-harness: socket path too long: %s\n",
			   h->socket_path);
		return -1;
	}
	strcpy(addr.sun_path, h->socket_path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return -1;
	unlink(h->socket_path);
	if (bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 ||
	    chmod(h->socket_path, 0600) < 0 || listen(fd, 8) < 0) {
		weston_log("touchstone-harness: cannot listen on %s: %s\n",
			   h->socket_path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static void
harness_destroy(struct wl_listener *listener, void *data)
{
	struct harness *h = wl_container_of(listener, h, destroy_listener);
	struct conn *c, *ctmp;
	struct pending *p, *ptmp;
	struct output_watch *w, *wtmp;
	struct surface_watch *sw, *swtmp;

	wl_list_for_each_safe(p, ptmp, &h->pending_list, link)
		pending_finish(p, "error compositor shutting down");
	wl_list_for_each_safe(c, ctmp, &h->conn_list, link)
		conn_destroy(c);
	wl_list_for_each_safe(w, wtmp, &h->output_list, link)
		output_watch_destroy(w);
	wl_list_for_each_safe(sw, swtmp, &h->surface_list, link)
		surface_watch_destroy(sw);
	if (h->listen_source)
		wl_event_source_remove(h->listen_source);
	if (h->listen_fd >= 0) {
		close(h->listen_fd);
		unlink(h->socket_path);
	}
	wl_list_remove(&h->destroy_listener.link);
	wl_list_remove(&h->output_created_listener.link);
	wl_list_remove(&h->create_surface_listener.link);
	if (h->touch_device)
		weston_touch_device_destroy(h->touch_device);
	if (h->seat_ready)
		weston_seat_release(&h->seat);
	free(h->socket_path);
	free(h);
}

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
	struct harness *h;
	struct weston_output *output;
	const char *path = getenv("TOUCHSTONE_HARNESS_SOCKET");
	const char *runtime = getenv("XDG_RUNTIME_DIR");

	h = calloc(1, sizeof *h);
	if (!h)
		return -1;
	h->compositor = compositor;
	h->loop = wl_display_get_event_loop(compositor->wl_display);
	h->listen_fd = -1;
	wl_list_init(&h->conn_list);
	wl_list_init(&h->pending_list);
	wl_list_init(&h->output_list);
	wl_list_init(&h->surface_list);

	if (path && *path)
		h->socket_path = strdup(path);
	else if (runtime && *runtime &&
		 asprintf(&h->socket_path, "%s/touchstone-harness.sock",
			  runtime) < 0)
		h->socket_path = NULL;
	if (!h->socket_path) {
		weston_log("touchstone-harness: set TOUCHSTONE_HARNESS_SOCKET "
			   "or XDG_RUNTIME_DIR\n");
		free(h);
		return -1;
	}

	weston_seat_init(&h->seat, compositor, HARNESS_SEAT_NAME);
	h->seat_ready = true;
	weston_seat_init_pointer(&h->seat);
	if (weston_seat_init_keyboard(&h->seat, NULL) < 0)
		weston_log("touchstone-harness: no keyboard (keymap failed)\n");
	weston_seat_init_touch(&h->seat);
	h->touch_device = weston_touch_create_touch_device(
		h->seat.touch_state, "touchstone-touch", NULL, NULL);

	h->destroy_listener.notify = harness_destroy;
	wl_signal_add(&compositor->destroy_signal, &h->destroy_listener);
	h->output_created_listener.notify = output_created_notify;
	wl_signal_add(&compositor->output_created_signal,
		      &h->output_created_listener);
	h->create_surface_listener.notify = create_surface_notify;
	wl_signal_add(&compositor->create_surface_signal,
		      &h->create_surface_listener);
	wl_list_for_each(output, &compositor->output_list, link)
		watch_output(h, output);

	if (!h->touch_device) {
		weston_log("touchstone-harness: cannot create touch device\n");
		return -1;
	}
	h->listen_fd = open_control_socket(h);
	if (h->listen_fd < 0)
		return -1;
	h->listen_source = wl_event_loop_add_fd(h->loop, h->listen_fd,
						WL_EVENT_READABLE,
						listen_event, h);
	if (!h->listen_source)
		return -1;
	weston_log("touchstone-harness: listening on %s\n", h->socket_path);
	return 0;
}
