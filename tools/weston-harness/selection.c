/*
 * The seat's clipboard (selection), for tests of a client's copy and paste:
 *
 *   selection-set HEX           the harness owns the selection: text/plain;charset=utf-8
 *                               whose bytes are HEX ("-" for none)
 *   selection-set-size N        ... N bytes of 'x' (a selection too large to paste)
 *   selection-set-stall         ... a selection whose owner never writes nor closes
 *   selection-get [TIMEOUT_MS]  reads the current selection (another client's or the
 *                               harness's): "ok HEX" once its owner closed the pipe
 *
 * A harness selection is a server-side weston_data_source, the way Xwayland offers
 * X11 selections; weston sends its offer to the client with keyboard focus.
 */

#include "harness.h"

#include <poll.h>
#include <signal.h>

#define SELECTION_MIME "text/plain;charset=utf-8"
#define SELECTION_MAX_SIZE (64u << 20)

struct harness_source {
	struct weston_data_source base;
	struct harness *h;
	uint8_t *bytes;
	size_t len;
	bool stall;
	struct wl_list writers;		/* selection_writer::link */
	struct wl_event_source *release;
};

/* One send: bytes written as the reader makes room, then the fd closed. */
struct selection_writer {
	struct wl_list link;
	struct harness_source *source;	/* NULL once the source went */
	int fd;
	size_t offset;
	struct wl_event_source *event;
};

static void
writer_destroy(struct selection_writer *w)
{
	if (w->event)
		wl_event_source_remove(w->event);
	close(w->fd);
	wl_list_remove(&w->link);
	free(w);
}

static int
writer_event(int fd, uint32_t mask, void *data)
{
	struct selection_writer *w = data;
	struct harness_source *s = w->source;

	if (s->stall)
		return 0;
	while (w->offset < s->len) {
		ssize_t n = write(fd, s->bytes + w->offset, s->len - w->offset);

		if (n > 0) {
			w->offset += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return 0;
		break;		/* EPIPE: the reader gave up */
	}
	writer_destroy(w);
	return 0;
}

static void
source_accept(struct weston_data_source *base, uint32_t serial,
	      const char *mime_type)
{
}

static void
source_send(struct weston_data_source *base, const char *mime_type,
	    int32_t fd)
{
	struct harness_source *s = (struct harness_source *)base;
	struct selection_writer *w = calloc(1, sizeof *w);

	if (!w) {
		close(fd);
		return;
	}
	w->source = s;
	w->fd = fd;
	wl_list_insert(&s->writers, &w->link);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	/* A stalled owner holds the fd open and never writes. */
	if (!s->stall)
		w->event = wl_event_loop_add_fd(s->h->loop, fd,
						WL_EVENT_WRITABLE,
						writer_event, w);
}

static void
source_free(struct harness_source *s)
{
	struct selection_writer *w, *tmp;
	char **mime;

	wl_list_for_each_safe(w, tmp, &s->writers, link)
		writer_destroy(w);
	wl_array_for_each(mime, &s->base.mime_types)
		free(*mime);
	wl_array_release(&s->base.mime_types);
	free(s->bytes);
	free(s);
}

/* After the seat let go of it: offers still pointing at it hear it go. */
static void
source_release(void *data)
{
	struct harness_source *s = data;

	wl_signal_emit(&s->base.destroy_signal, &s->base);
	source_free(s);
}

static void
source_cancel(struct weston_data_source *base)
{
	struct harness_source *s = (struct harness_source *)base;

	/* weston still unlinks its listener from the source after this call. */
	if (!s->release)
		s->release = wl_event_loop_add_idle(s->h->loop,
						    source_release, s);
}

static void
set_selection(struct conn *c, uint8_t *bytes, size_t len, bool stall)
{
	struct harness *h = c->h;
	struct harness_source *s = calloc(1, sizeof *s);
	char **mime;

	if (!s) {
		free(bytes);
		reply(c, "error out of memory");
		return;
	}
	/* A reader that gives up early makes a write fail with EPIPE, not a
	 * signal that ends weston. */
	signal(SIGPIPE, SIG_IGN);
	s->h = h;
	s->bytes = bytes;
	s->len = len;
	s->stall = stall;
	wl_list_init(&s->writers);
	wl_signal_init(&s->base.destroy_signal);
	wl_array_init(&s->base.mime_types);
	mime = wl_array_add(&s->base.mime_types, sizeof *mime);
	if (mime)
		*mime = strdup(SELECTION_MIME);
	s->base.accept = source_accept;
	s->base.send = source_send;
	s->base.cancel = source_cancel;
	weston_seat_set_selection(&h->seat, &s->base,
				  wl_display_next_serial(h->compositor->wl_display));
	reply(c, "ok");
}

static int
hex_value(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

void
cmd_selection_set(struct conn *c, char **argv, int argc)
{
	size_t len, i;
	uint8_t *bytes;
	long size;

	if (strcmp(argv[0], "selection-set-stall") == 0 && argc == 1) {
		set_selection(c, NULL, 0, true);
		return;
	}
	if (strcmp(argv[0], "selection-set-size") == 0 && argc == 2 &&
	    parse_int(argv[1], 0, SELECTION_MAX_SIZE, &size)) {
		bytes = malloc((size_t)size + 1);
		if (!bytes) {
			reply(c, "error out of memory");
			return;
		}
		memset(bytes, 'x', (size_t)size);
		set_selection(c, bytes, (size_t)size, false);
		return;
	}
	if (strcmp(argv[0], "selection-set") != 0 || argc != 2) {
		reply(c, "error usage: selection-set HEX | selection-set-size N"
		      " | selection-set-stall");
		return;
	}
	len = strcmp(argv[1], "-") == 0 ? 0 : strlen(argv[1]);
	if (len % 2 != 0) {
		reply(c, "error selection-set: odd number of hex digits");
		return;
	}
	bytes = malloc(len / 2 + 1);
	if (!bytes) {
		reply(c, "error out of memory");
		return;
	}
	for (i = 0; i < len / 2; i++) {
		int high = hex_value(argv[1][2 * i]);
		int low = hex_value(argv[1][2 * i + 1]);

		if (high < 0 || low < 0) {
			free(bytes);
			reply(c, "error selection-set: not a hex digit");
			return;
		}
		bytes[i] = (uint8_t)(high << 4 | low);
	}
	set_selection(c, bytes, len / 2, false);
}

/* selection-get: the pipe being read for a pending reply. */
struct selection_read {
	struct pending *p;
	int fd;
	struct wl_event_source *event;
	char hex[MAX_LINE - 8];
	size_t len;
	bool overflow;
};

static void
read_cleanup(struct pending *p)
{
	struct selection_read *r = p->extra;

	wl_event_source_remove(r->event);
	close(r->fd);
	free(r);
}

static int
read_event(int fd, uint32_t mask, void *data)
{
	struct selection_read *r = data;
	static const char digits[] = "0123456789abcdef";
	uint8_t buf[4096];
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return 0;
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			if (r->len + 3 > sizeof r->hex) {
				r->overflow = true;
				break;
			}
			r->hex[r->len++] = digits[buf[i] >> 4];
			r->hex[r->len++] = digits[buf[i] & 15];
		}
	}
	r->hex[r->len] = '\0';
	if (n < 0)
		pending_finish(r->p, "error selection-get: read failed");
	else if (r->overflow)
		pending_finish(r->p, "error selection-get: more than %zu bytes",
			       (sizeof r->hex - 1) / 2);
	else
		pending_finish(r->p, "ok %s", r->len ? r->hex : "-");
	return 0;
}

void
cmd_selection_get(struct conn *c, char **argv, int argc)
{
	struct weston_data_source *source = c->h->seat.selection_data_source;
	struct selection_read *r;
	struct pending *p;
	long timeout = DEFAULT_TIMEOUT_MS;
	const char **mime;
	int ends[2];

	if (argc > 2 || (argc == 2 &&
			 !parse_int(argv[1], 1, MAX_TIMEOUT_MS, &timeout))) {
		reply(c, "error usage: selection-get [TIMEOUT_MS]");
		return;
	}
	if (!source) {
		reply(c, "error selection-get: no selection");
		return;
	}
	mime = source->mime_types.data;
	if (source->mime_types.size == 0 || pipe2(ends, O_CLOEXEC) < 0) {
		reply(c, "error selection-get: no type offered, or no pipe");
		return;
	}
	r = calloc(1, sizeof *r);
	p = r ? pending_start(c, PENDING_SELECTION, timeout) : NULL;
	if (!p) {
		free(r);
		close(ends[0]);
		close(ends[1]);
		reply(c, "error out of memory");
		return;
	}
	fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK);
	r->p = p;
	r->fd = ends[0];
	r->event = wl_event_loop_add_fd(c->h->loop, ends[0], WL_EVENT_READABLE,
					read_event, r);
	p->extra = r;
	p->cleanup = read_cleanup;
	/* The first type: a client offers text/plain;charset=utf-8 first. The
	 * owner takes the write end (a client's source closes it once sent). */
	source->send(source, mime[0], ends[1]);
	wl_display_flush_clients(c->h->compositor->wl_display);
}
