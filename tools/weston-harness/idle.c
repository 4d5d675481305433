/*
 * wait-idle: a reply of the client itself that it has caught up.
 *
 * The module pings the client (xdg_wm_base.ping through libweston-desktop)
 * and answers once the client's pong arrives. A client answers a ping in
 * the loop iteration that reads it, so by then it has handled every event
 * sent before the ping and finished the iterations they led to: a commit,
 * and the output it writes after the commit (an event log). No look at
 * /proc, no sleeping.
 */
#include "harness.h"

#include <libweston-desktop/libweston-desktop.h>

/* The desktop client (xdg_wm_base) of process PID, or NULL. */
static struct weston_desktop_client *
desktop_client_of(struct harness *h, int pid)
{
	struct surface_watch *sw;

	wl_list_for_each(sw, &h->surface_list, link) {
		struct weston_surface *surface = sw->surface;

		if (client_pid(surface) == pid &&
		    weston_surface_is_desktop_surface(surface))
			return weston_desktop_surface_get_client(
				weston_surface_get_desktop_surface(surface));
	}
	return NULL;
}

/*
 * Sends the ping a wait-idle waits for. A ping of the shell's that is still
 * unanswered blocks a new one (libweston-desktop returns 1): its pong was
 * asked for before the command, so it does not count, and the ping is sent
 * again after it. False when the client has no desktop surface (any more).
 */
static bool
ping(struct harness *h, struct pending *p)
{
	struct weston_desktop_client *client = desktop_client_of(h, p->idle_pid);
	int result;

	if (!client)
		return false;
	result = weston_desktop_client_ping(client);
	p->idle_pinged = result == 0;
	return result >= 0;
}

bool
start_wait_idle(struct harness *h, struct pending *p, int pid)
{
	p->idle_pid = pid;
	return ping(h, p);
}

/* After the pong was handled (libweston-desktop cleared its serial). */
static void
pong_handled(void *data)
{
	struct harness *h = data;
	struct pending *p, *tmp;

	h->pong_idle = NULL;
	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		if (p->kind != PENDING_WAIT_IDLE || !p->idle_ponged)
			continue;
		p->idle_ponged = false;
		if (p->idle_pinged)
			pending_finish(p, "ok %llu",
				       (unsigned long long)now_ns(NULL));
		else if (!ping(h, p))
			pending_finish(p, "error client %d has no surface to ping",
				       p->idle_pid);
	}
}

/* Every request any client sends passes here before it is handled. */
static void
log_request(void *data, enum wl_protocol_logger_type type,
	    const struct wl_protocol_logger_message *message)
{
	struct harness *h = data;
	struct pending *p;
	pid_t pid = 0;
	bool waited = false;

	if (type != WL_PROTOCOL_LOGGER_REQUEST ||
	    strcmp(message->message->name, "pong") != 0 ||
	    strcmp(wl_resource_get_class(message->resource), "xdg_wm_base") != 0)
		return;
	wl_client_get_credentials(wl_resource_get_client(message->resource),
				  &pid, NULL, NULL);
	wl_list_for_each(p, &h->pending_list, link) {
		if (p->kind == PENDING_WAIT_IDLE && p->idle_pid == (int)pid) {
			p->idle_ponged = true;
			waited = true;
		}
	}
	/* Answer (or ping again) once libweston-desktop has taken the pong. */
	if (waited && !h->pong_idle)
		h->pong_idle = wl_event_loop_add_idle(h->loop, pong_handled, h);
}

void
watch_pongs(struct harness *h)
{
	h->logger = wl_display_add_protocol_logger(h->compositor->wl_display,
						   log_request, h);
}

void
unwatch_pongs(struct harness *h)
{
	if (h->pong_idle)
		wl_event_source_remove(h->pong_idle);
	if (h->logger)
		wl_protocol_logger_destroy(h->logger);
}
