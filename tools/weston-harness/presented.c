/*
 * A client's first frame, two ways: when it first committed a buffer
 * (first-frame) and when an output repaint first showed it (wait-presented).
 *
 * An idle headless output starts its repaint loop at the commit that maps a
 * surface and repaints one refresh minus the repaint window later (weston 10:
 * 16.7 - 7 ms), so the two differ by ~10 ms; the second is what a user sees.
 */

#include "harness.h"

/* True when a mapped view of `s` is on `output`. */
static bool
shown_on(struct weston_surface *s, struct weston_output *output)
{
	struct weston_view *view;

	if (!weston_surface_is_mapped(s))
		return false;
	wl_list_for_each(view, &s->views, surface_link)
		if (weston_view_is_mapped(view) &&
		    (view->output_mask & (1u << output->id)))
			return true;
	return false;
}

/* The earliest first presentation of client `pid`'s surfaces; false: none. */
static bool
first_presented(struct harness *h, int pid, uint64_t *ns, uint64_t *frame)
{
	struct surface_watch *sw;
	bool found = false;

	wl_list_for_each(sw, &h->surface_list, link) {
		if (!sw->first_presented_ns || !sw->surface->resource ||
		    client_pid(sw->surface) != pid)
			continue;
		if (!found || sw->first_presented_ns < *ns) {
			*ns = sw->first_presented_ns;
			*frame = sw->first_presented_frame;
		}
		found = true;
	}
	return found;
}

static void
complete_wait_presented(struct harness *h)
{
	struct pending *p, *tmp;
	uint64_t ns, frame;

	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		if (p->kind == PENDING_WAIT_PRESENTED &&
		    first_presented(h, p->presented_pid, &ns, &frame))
			pending_finish(p, "ok %llu frame=%llu",
				       (unsigned long long)ns,
				       (unsigned long long)frame);
	}
}

void
note_presented(struct harness *h, struct weston_output *output, uint64_t ns)
{
	struct surface_watch *sw;
	bool noted = false;

	wl_list_for_each(sw, &h->surface_list, link) {
		struct weston_surface *s = sw->surface;

		/* The buffer is the renderer's since its commit: this repaint,
		 * after it, composited it. */
		if (sw->first_presented_ns || !sw->first_buffer_ns ||
		    !s->resource || is_cursor(s) || !shown_on(s, output))
			continue;
		sw->first_presented_ns = ns;
		sw->first_presented_frame = h->frame_count;
		noted = true;
	}
	if (noted)
		complete_wait_presented(h);
}

/*
 * first-frame PID: when client PID first committed a buffer to a surface
 * (its first frame, counted before the shell maps the surface).
 */
void
cmd_first_frame(struct conn *c, char **argv, int argc)
{
	long pid;
	struct surface_watch *sw;
	uint64_t first = 0;

	if (argc != 2 || !parse_int(argv[1], 1, INT32_MAX, &pid)) {
		reply(c, "error usage: first-frame PID");
		return;
	}
	wl_list_for_each(sw, &c->h->surface_list, link) {
		if (sw->first_buffer_ns && sw->surface->resource &&
		    client_pid(sw->surface) == pid &&
		    (first == 0 || sw->first_buffer_ns < first))
			first = sw->first_buffer_ns;
	}
	if (first)
		reply(c, "ok %llu", (unsigned long long)first);
	else
		reply(c, "error none");
}

/*
 * wait-presented PID [TIMEOUT_MS]: the time and frame count of the first
 * output repaint that showed client PID's first buffer (a repaint after that
 * commit, with a mapped view of the surface on the output); waits for it.
 */
void
cmd_wait_presented(struct conn *c, char **argv, int argc)
{
	struct pending *p;
	long pid, timeout;
	uint64_t ns, frame;

	if (!parse_pid_timeout(c, argv, argc, &pid, &timeout))
		return;
	if (first_presented(c->h, (int)pid, &ns, &frame)) {
		reply(c, "ok %llu frame=%llu", (unsigned long long)ns,
		      (unsigned long long)frame);
		return;
	}
	p = pending_start(c, PENDING_WAIT_PRESENTED, timeout);
	if (!p) {
		reply(c, "error out of memory");
		return;
	}
	p->presented_pid = (int)pid;
}
