/*
 * wlr-virtual-pointer: drives a wlroots compositor's pointer through
 * zwlr_virtual_pointer_manager_v1 (test support, not shipped). Debian 12 ships no XML of
 * the wlr protocols, so the two interfaces' wire descriptions (names, request signatures)
 * are written out below; only requests are sent and no event is defined.
 * Connects to $WAYLAND_DISPLAY, creates a virtual pointer on the default seat (which gives a
 * headless compositor's seat its pointer: phoc advertises no wl_seat before), prints "ready",
 * then reads one command a line from stdin and answers "ok" once the compositor has
 * processed it (a round trip), or "error TEXT":
 *
 *   pointer X Y W H           absolute: (X, Y) within a W x H box (the output's size in points)
 *   button CODE pressed|released   evdev code (BTN_LEFT is 272)
 *   wheel STEPS               vertical wheel steps (positive scrolls down), 15 units a step
 *
 * Each command ends with a pointer frame. The pointer stays until stdin ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>

/* zwlr_virtual_pointer_v1 requests, in protocol order. */
enum { MOTION, MOTION_ABSOLUTE, BUTTON, AXIS, FRAME, AXIS_SOURCE, AXIS_STOP, AXIS_DISCRETE, DESTROY };

static const struct wl_message pointer_requests[] = {
	{ "motion", "uff", NULL },
	{ "motion_absolute", "uuuuu", NULL },
	{ "button", "uuu", NULL },
	{ "axis", "uuf", NULL },
	{ "frame", "", NULL },
	{ "axis_source", "u", NULL },
	{ "axis_stop", "uu", NULL },
	{ "axis_discrete", "uufi", NULL },
	{ "destroy", "", NULL },
};

static const struct wl_interface virtual_pointer_interface = {
	"zwlr_virtual_pointer_v1", 1, 9, pointer_requests, 0, NULL,
};

static const struct wl_interface *create_types[] = { &wl_seat_interface, &virtual_pointer_interface };

static const struct wl_message manager_requests[] = {
	{ "create_virtual_pointer", "?on", create_types },
	{ "destroy", "", NULL },
};

static const struct wl_interface manager_interface = {
	"zwlr_virtual_pointer_manager_v1", 1, 2, manager_requests, 0, NULL,
};

static struct wl_proxy *manager;

static void
global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
       uint32_t version)
{
	if (strcmp(interface, manager_interface.name) == 0)
		manager = wl_registry_bind(registry, name, &manager_interface, 1);
}

static void
global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static uint32_t
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/* Runs one command on `pointer`; returns NULL or an error text. */
static const char *
run(struct wl_proxy *pointer, char *line)
{
	char *words[6];
	int count = 0;
	for (char *word = strtok(line, " \t\n"); word && count < 6; word = strtok(NULL, " \t\n"))
		words[count++] = word;
	if (count == 0)
		return "empty command";
	uint32_t time = now_ms();
	if (strcmp(words[0], "pointer") == 0 && count == 5) {
		/* The protocol's absolute position is a whole number within the extent: points x 100. */
		wl_proxy_marshal_flags(pointer, MOTION_ABSOLUTE, NULL, 1, 0, time,
				       (uint32_t)(atof(words[1]) * 100), (uint32_t)(atof(words[2]) * 100),
				       (uint32_t)(atof(words[3]) * 100), (uint32_t)(atof(words[4]) * 100));
	} else if (strcmp(words[0], "button") == 0 && count == 3) {
		int pressed = strcmp(words[2], "pressed") == 0;
		if (!pressed && strcmp(words[2], "released") != 0)
			return "usage: button CODE pressed|released";
		wl_proxy_marshal_flags(pointer, BUTTON, NULL, 1, 0, time, (uint32_t)atoi(words[1]),
				       (uint32_t)(pressed ? 1 : 0));
	} else if (strcmp(words[0], "wheel") == 0 && count == 2) {
		int steps = atoi(words[1]);
		wl_proxy_marshal_flags(pointer, AXIS_SOURCE, NULL, 1, 0, 0u /* wheel */);
		wl_proxy_marshal_flags(pointer, AXIS_DISCRETE, NULL, 1, 0, time, 0u /* vertical */,
				       wl_fixed_from_int(15 * steps), steps);
	} else {
		return "unknown command";
	}
	wl_proxy_marshal_flags(pointer, FRAME, NULL, 1, 0);
	return NULL;
}

int
main(void)
{
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "wlr-virtual-pointer: cannot connect to the compositor\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	if (wl_display_roundtrip(display) < 0 || !manager) {
		fprintf(stderr, "wlr-virtual-pointer: no zwlr_virtual_pointer_manager_v1\n");
		return 1;
	}
	struct wl_proxy *pointer = wl_proxy_marshal_flags(manager, 0, &virtual_pointer_interface, 1, 0,
							  NULL, NULL);
	if (wl_display_roundtrip(display) < 0)
		return 1;
	printf("ready\n");
	fflush(stdout);

	char line[256];
	while (fgets(line, sizeof line, stdin)) {
		const char *error = run(pointer, line);
		if (!error && wl_display_roundtrip(display) < 0) {
			fprintf(stderr, "wlr-virtual-pointer: the compositor went away\n");
			return 1;
		}
		printf(error ? "error %s\n" : "ok\n", error);
		fflush(stdout);
	}
	wl_display_disconnect(display);
	return 0;
}
