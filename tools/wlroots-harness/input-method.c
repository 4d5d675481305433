/*
 * wlr-input-method: a test input method (test support, not shipped) for the compositors
 * that offer zwp_input_method_manager_v2 (sway, phoc). Debian 12 ships no XML of that
 * protocol (it lives in wlroots' source), so its wire description (names, signatures, in
 * protocol order) is written out below, as in virtual-pointer.c.
 *
 * Usage: wlr-input-method EVENTS-FILE
 * Connects to $WAYLAND_DISPLAY, becomes the input method of the first seat, prints "ready",
 * and writes every event it receives to EVENTS-FILE, one line each, as it arrives:
 *
 *   activate | deactivate | unavailable
 *   surrounding_text CURSOR ANCHOR TEXT      (byte offsets; TEXT is the rest of the line)
 *   text_change_cause CAUSE
 *   content_type HINT PURPOSE
 *   done N                                   (N: the done events so far, the next commit's serial)
 *
 * It reads one command a line from stdin and answers "ok" once the compositor has handled
 * it (a round trip), or "error TEXT":
 *
 *   preedit BEGIN END TEXT     set_preedit_string (cursor bytes; TEXT is the rest of the line)
 *   commit TEXT                commit_string
 *   delete BEFORE AFTER        delete_surrounding_text (bytes)
 *   done                       commit, with the serial the protocol asks for: the done count
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>

/* zwp_input_method_v2 requests and events, in protocol order. */
enum { COMMIT_STRING, SET_PREEDIT_STRING, DELETE_SURROUNDING_TEXT, COMMIT };

/* Types for arguments that name no interface; the popup and keyboard-grab requests, which
 * would need theirs, are never sent. */
static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL };

static const struct wl_message method_requests[] = {
	{ "commit_string", "s", no_types },
	{ "set_preedit_string", "sii", no_types },
	{ "delete_surrounding_text", "uu", no_types },
	{ "commit", "u", no_types },
	{ "get_input_popup_surface", "no", no_types },
	{ "grab_keyboard", "n", no_types },
	{ "destroy", "", no_types },
};

static const struct wl_message method_events[] = {
	{ "activate", "", no_types },
	{ "deactivate", "", no_types },
	{ "surrounding_text", "suu", no_types },
	{ "text_change_cause", "u", no_types },
	{ "content_type", "uu", no_types },
	{ "done", "", no_types },
	{ "unavailable", "", no_types },
};

static const struct wl_interface method_interface = {
	"zwp_input_method_v2", 1, 7, method_requests, 7, method_events,
};

static const struct wl_interface *get_types[] = { &wl_seat_interface, &method_interface };

static const struct wl_message manager_requests[] = {
	{ "get_input_method", "on", get_types },
	{ "destroy", "", no_types },
};

static const struct wl_interface manager_interface = {
	"zwp_input_method_manager_v2", 1, 2, manager_requests, 0, NULL,
};

static struct wl_proxy *manager;
static struct wl_seat *seat;
static FILE *events;
static uint32_t done_count;

static void
global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	if (strcmp(interface, manager_interface.name) == 0 && !manager)
		manager = wl_registry_bind(registry, name, &manager_interface, 1);
	else if (strcmp(interface, wl_seat_interface.name) == 0 && !seat)
		seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
}

static void
global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static void
note(const char *line)
{
	fprintf(events, "%s\n", line);
	fflush(events);
}

static void activate(void *data, struct wl_proxy *method) { note("activate"); }
static void deactivate(void *data, struct wl_proxy *method) { note("deactivate"); }
static void unavailable(void *data, struct wl_proxy *method) { note("unavailable"); }

static void
surrounding_text(void *data, struct wl_proxy *method, const char *text, uint32_t cursor, uint32_t anchor)
{
	fprintf(events, "surrounding_text %u %u %s\n", cursor, anchor, text);
	fflush(events);
}

static void
text_change_cause(void *data, struct wl_proxy *method, uint32_t cause)
{
	fprintf(events, "text_change_cause %u\n", cause);
	fflush(events);
}

static void
content_type(void *data, struct wl_proxy *method, uint32_t hint, uint32_t purpose)
{
	fprintf(events, "content_type %u %u\n", hint, purpose);
	fflush(events);
}

static void
done(void *data, struct wl_proxy *method)
{
	done_count++;
	fprintf(events, "done %u\n", done_count);
	fflush(events);
}

/* The listener's functions, in the protocol's event order. */
static const struct {
	void (*activate)(void *, struct wl_proxy *);
	void (*deactivate)(void *, struct wl_proxy *);
	void (*surrounding_text)(void *, struct wl_proxy *, const char *, uint32_t, uint32_t);
	void (*text_change_cause)(void *, struct wl_proxy *, uint32_t);
	void (*content_type)(void *, struct wl_proxy *, uint32_t, uint32_t);
	void (*done)(void *, struct wl_proxy *);
	void (*unavailable)(void *, struct wl_proxy *);
} method_listener = { activate, deactivate, surrounding_text, text_change_cause, content_type, done, unavailable };

/* The rest of `line` after `skip` words, without its newline. */
static char *
rest(char *line, int skip)
{
	line[strcspn(line, "\n")] = '\0';
	char *at = line;
	for (int i = 0; i < skip; i++) {
		at += strspn(at, " ");
		at += strcspn(at, " ");
		if (*at == ' ')
			at++;
	}
	return at;
}

/* Runs one command on `method`; returns NULL or an error text. */
static const char *
run(struct wl_proxy *method, char *line)
{
	char word[16] = "";
	if (sscanf(line, "%15s", word) != 1)
		return "empty command";
	if (strcmp(word, "preedit") == 0) {
		int begin, end;
		if (sscanf(line, "%*s %d %d", &begin, &end) != 2)
			return "usage: preedit BEGIN END TEXT";
		wl_proxy_marshal_flags(method, SET_PREEDIT_STRING, NULL, 1, 0, rest(line, 3), begin, end);
	} else if (strcmp(word, "commit") == 0) {
		wl_proxy_marshal_flags(method, COMMIT_STRING, NULL, 1, 0, rest(line, 1));
	} else if (strcmp(word, "delete") == 0) {
		unsigned before, after;
		if (sscanf(line, "%*s %u %u", &before, &after) != 2)
			return "usage: delete BEFORE AFTER";
		wl_proxy_marshal_flags(method, DELETE_SURROUNDING_TEXT, NULL, 1, 0, before, after);
	} else if (strcmp(word, "done") == 0) {
		wl_proxy_marshal_flags(method, COMMIT, NULL, 1, 0, done_count);
	} else {
		return "unknown command";
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	if (argc != 2 || !(events = fopen(argv[1], "w"))) {
		fprintf(stderr, "usage: wlr-input-method EVENTS-FILE (a file it can write)\n");
		return 2;
	}
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "wlr-input-method: cannot connect to the compositor\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	if (wl_display_roundtrip(display) < 0 || !manager) {
		fprintf(stderr, "wlr-input-method: no zwp_input_method_manager_v2\n");
		return 1;
	}
	/* A headless compositor may advertise its seat only once an input device exists. */
	while (!seat) {
		if (wl_display_dispatch(display) < 0)
			return 1;
	}
	struct wl_proxy *method = wl_proxy_marshal_flags(manager, 0, &method_interface, 1, 0, seat, NULL);
	wl_proxy_add_listener(method, (void (**)(void)) &method_listener, NULL);
	if (wl_display_roundtrip(display) < 0)
		return 1;
	printf("ready\n");
	fflush(stdout);

	/* Events arrive at any time, commands when the test sends them: wait for either. */
	char line[4096];
	struct pollfd watched[2] = {
		{ .fd = wl_display_get_fd(display), .events = POLLIN },
		{ .fd = STDIN_FILENO, .events = POLLIN },
	};
	for (;;) {
		if (wl_display_dispatch_pending(display) < 0 || wl_display_flush(display) < 0)
			break;
		if (poll(watched, 2, -1) < 0)
			break;
		if ((watched[0].revents & POLLIN) && wl_display_dispatch(display) < 0)
			break;
		if (watched[1].revents & (POLLIN | POLLHUP)) {
			if (!fgets(line, sizeof line, stdin))
				break;
			const char *error = run(method, line);
			if (!error && wl_display_roundtrip(display) < 0)
				break;
			printf(error ? "error %s\n" : "ok\n", error);
			fflush(stdout);
		}
	}
	wl_display_disconnect(display);
	fclose(events);
	return 0;
}
