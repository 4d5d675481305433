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
 * weston declares in private headers are declared in harness.h.
 *
 * Files: harness.c (setup, signals, views), control.c (socket, connections,
 * deferred replies), commands.c (the commands), screenshot.c (read-back,
 * PNG/PAM), idle.c (wait-idle), fractional.c (fractional scale), presented.c
 * (a client's first commit and first presented frame).
 */

#include "harness.h"

/* ------------------------------------------------------------------------ */
/* Small helpers                                                            */

uint64_t
timespec_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000ull + (uint64_t)ts->tv_nsec;
}

uint64_t
now_ns(struct timespec *out)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	if (out)
		*out = ts;
	return timespec_ns(&ts);
}

bool
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

bool
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

struct weston_output *
first_output(struct harness *h)
{
	struct weston_output *output;

	wl_list_for_each(output, &h->compositor->output_list, link)
		return output;
	return NULL;
}

int
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
bool
is_cursor(struct weston_surface *surface)
{
	return surface->role_name &&
	       strcmp(surface->role_name, "wl_pointer-cursor") == 0;
}

/* A surface a client drew: has a protocol resource and is on screen. */
bool
is_client_view(struct weston_view *view)
{
	return view->surface->resource != NULL &&
	       !is_cursor(view->surface) &&
	       weston_view_is_mapped(view) &&
	       weston_surface_is_mapped(view->surface);
}
/* ------------------------------------------------------------------------ */
/* View queries                                                             */

int
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

/* True once client `pid` has a mapped xdg_toplevel view (its window). */
bool
has_window_view(struct harness *h, int pid)
{
	struct weston_layer *layer;
	struct weston_view *view;

	wl_list_for_each(layer, &h->compositor->layer_list, link)
		wl_list_for_each(view, &layer->view_list.link, layer_link.link)
			if (is_client_view(view) &&
			    client_pid(view->surface) == pid &&
			    view->surface->role_name &&
			    strcmp(view->surface->role_name, "xdg_toplevel") == 0)
				return true;
	return false;
}

void
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
				      "pid=%d role=%s buffer_width=%d "
				      "buffer_height=%d",
				      (double)view->geometry.x,
				      (double)view->geometry.y,
				      s->width, s->height, client_pid(s),
				      s->role_name ? s->role_name : "none",
				      s->width_from_buffer,
				      s->height_from_buffer);
		}
	}
}

/* "ok none" or the pointer's cursor surface; false when pid > 0 and the
 * cursor is not that client's. */
bool
describe_cursor(struct harness *h, int pid, struct strbuf *b)
{
	struct weston_pointer *pointer = weston_seat_get_pointer(&h->seat);
	struct weston_surface *s = NULL;

	if (pointer && pointer->sprite && pointer->sprite->surface &&
	    pointer->sprite->surface->resource)
		s = pointer->sprite->surface;
	if (pid > 0 && (!s || client_pid(s) != pid))
		return false;
	if (!s)
		strbuf_printf(b, "ok none");
	else
		strbuf_printf(b, "ok pid=%d width=%d height=%d hotspot_x=%d "
			      "hotspot_y=%d scale=%d", client_pid(s), s->width,
			      s->height, pointer->hotspot_x,
			      pointer->hotspot_y,
			      (int)s->buffer_viewport.buffer.scale);
	return true;
}

/* Answers wait-cursor commands whose client now owns the cursor. */
void
complete_wait_cursors(struct harness *h)
{
	struct pending *p, *tmp;

	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		struct strbuf b = { 0 };

		if (p->kind != PENDING_WAIT_CURSOR ||
		    !describe_cursor(h, p->cursor_pid, &b)) {
			free(b.data);
			continue;
		}
		pending_finish(p, "%s", b.data ? b.data : "error out of memory");
		free(b.data);
	}
}

void
complete_wait_views(struct harness *h)
{
	struct pending *p, *tmp;

	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		struct strbuf b = { 0 };

		if (p->kind == PENDING_WAIT_VIEW ? count_client_views(h) == 0 :
		    p->kind != PENDING_WAIT_WINDOW || !has_window_view(h, p->window_pid))
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
	note_presented(h, w->output, ns);
	complete_screenshots(h, w->output);
	complete_wait_cursors(h);

	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		if (p->kind == PENDING_WAIT_FRAME &&
		    h->frame_count >= p->frame_target)
			pending_finish(p, "ok %llu %llu",
				       (unsigned long long)h->frame_count,
				       (unsigned long long)ns);
	}
	complete_wait_views(h);
}

void
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

void
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

	complete_wait_cursors(h);
	if (s->resource && !is_cursor(s) && sw->first_buffer_ns == 0 &&
	    s->buffer_ref.buffer)
		sw->first_buffer_ns = ns;
	if (!s->resource || is_cursor(s) || !weston_surface_is_mapped(s))
		return;
	pid = client_pid(s);
	sw->last_commit_ns = ns;
	sw->last_commit_pid = pid;
	sw->commit_count++;

	wl_list_for_each(c, &h->conn_list, link) {
		if (c->commit_armed && !c->commit_seen && ns >= c->commit_min_ns &&
		    (c->commit_filter_pid == 0 || c->commit_filter_pid == pid)) {
			c->commit_seen = true;
			c->commit_ns = ns;
			c->commit_pid = pid;
		}
	}
	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		if (p->kind != PENDING_WAIT_COMMIT || !p->conn ||
		    !p->conn->commit_seen)
			continue;
		c = p->conn;
		c->commit_armed = false;
		pending_finish(p, "ok %llu pid=%d",
			       (unsigned long long)c->commit_ns, c->commit_pid);
	}
	complete_wait_views(h);
}

void
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
/* Setup and teardown                                                       */

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
	unwatch_pongs(h);
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
	watch_pongs(h);
	if (!offer_fractional_scale(h))
		return -1;

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
