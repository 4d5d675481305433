/* The control socket: connections, line buffering, replies, deferred
 * commands. */

#include "harness.h"

/* ------------------------------------------------------------------------ */
/* Connections and replies                                                  */

static void
conn_update_mask(struct conn *c)
{
	uint32_t mask = c->eof ? 0 : WL_EVENT_READABLE;

	if (c->out_len > 0)
		mask |= WL_EVENT_WRITABLE;
	wl_event_source_fd_update(c->source, mask);
}

/* Write as much buffered output as the socket takes; false on a dead peer. */
bool
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

void
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

void
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

void
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

void
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

void
pending_destroy(struct pending *p)
{
	wl_list_remove(&p->link);
	if (p->timer)
		wl_event_source_remove(p->timer);
	if (p->cleanup)
		p->cleanup(p);
	free(p->path);
	free(p);
}

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

void
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

struct pending *
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

/* A peer that stopped sending still gets every reply, then we close. */
static bool
conn_finished(struct conn *c)
{
	return c->eof && !c->busy && c->out_len == 0;
}

/* Run complete lines until one of them defers its reply. */
void
conn_process(struct conn *c)
{
	struct wl_display *display = c->h->compositor->wl_display;
	size_t start = 0;

	while (!c->busy && c->in) {
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
	if (start > 0) {
		memmove(c->in, c->in + start, c->in_len - start);
		c->in_len -= start;
	}
	c->scan = 0;
	for (size_t i = c->in_len; i > 0; i--) {
		if (c->in[i - 1] == '\n') {
			c->scan = i;
			break;
		}
	}
	if (!conn_flush(c) || conn_finished(c)) {
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

void
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

int
conn_event(int fd, uint32_t mask, void *data)
{
	struct conn *c = data;

	if (mask & WL_EVENT_WRITABLE) {
		if (!conn_flush(c) || conn_finished(c)) {
			conn_destroy(c);
			return 0;
		}
	}
	if (mask & WL_EVENT_READABLE) {
		char buf[MAX_LINE];
		ssize_t n = recv(fd, buf, sizeof buf, MSG_DONTWAIT);

		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			return 0;
		if (n < 0) {
			conn_destroy(c);
			return 0;
		}
		if (n == 0) {
			/* Half-closed: answer what was sent, then close. A
			 * trailing line without newline still counts. */
			c->eof = true;
			if (c->in_len > c->scan && !c->discarding)
				conn_receive(c, "\n", 1);
			conn_process(c);
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

int
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

int
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
