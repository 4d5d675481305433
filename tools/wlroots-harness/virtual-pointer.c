/*
 * wlr-virtual-pointer: drives a wlroots compositor's pointer through
 * zwlr_virtual_pointer_manager_v1, and its keyboard through zwp_virtual_keyboard_manager_v1
 * where offered (test support, not shipped). Debian 12 ships no XML of these protocols,
 * so the interfaces' wire descriptions (names, request signatures) are written out below;
 * only requests are sent and no event is defined.
 * Connects to $WAYLAND_DISPLAY, creates a virtual pointer on the default seat (which gives a
 * headless compositor's seat its pointer: phoc advertises no wl_seat before) and a virtual
 * keyboard with the default xkb keymap (us) on the seat then advertised, prints "ready",
 * then reads one command a line from stdin and answers "ok" once the compositor has
 * processed it (a round trip), or "error TEXT":
 *
 *   pointer X Y W H           absolute: (X, Y) within a W x H box (the output's size in points)
 *   button CODE pressed|released   evdev code (BTN_LEFT is 272)
 *   wheel STEPS               vertical wheel steps (positive scrolls down), 15 units a step
 *   key CODE pressed|released      evdev code (KEY_Q is 16); no modifiers
 *
 * Each pointer command ends with a pointer frame. Both devices stay until stdin ends.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>
#include "command-client.h"

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

/* zwp_virtual_keyboard_v1 requests, in protocol order. */
enum { KEYMAP, KEY, MODIFIERS };

static const struct wl_message keyboard_requests[] = {
	{ "keymap", "uhu", NULL },
	{ "key", "uuu", NULL },
	{ "modifiers", "uuuu", NULL },
	{ "destroy", "", NULL },
};

static const struct wl_interface virtual_keyboard_interface = {
	"zwp_virtual_keyboard_v1", 1, 4, keyboard_requests, 0, NULL,
};

static const struct wl_interface *create_keyboard_types[] = { &wl_seat_interface, &virtual_keyboard_interface };

static const struct wl_message keyboard_manager_requests[] = {
	{ "create_virtual_keyboard", "on", create_keyboard_types },
};

static const struct wl_interface keyboard_manager_interface = {
	"zwp_virtual_keyboard_manager_v1", 1, 1, keyboard_manager_requests, 0, NULL,
};

/* The devices commands drive; keyboard is NULL where the compositor offers none. */
struct devices {
	struct wl_proxy *pointer, *keyboard;
};

/* The keyboard's manager and the first seat, bound as the registry announces them. */
struct keyboard_globals {
	struct wl_proxy *manager, *seat;
};

static void
keyboard_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	struct keyboard_globals *globals = data;
	if (!globals->manager && strcmp(interface, keyboard_manager_interface.name) == 0)
		globals->manager = wl_registry_bind(registry, name, &keyboard_manager_interface, 1);
	else if (!globals->seat && strcmp(interface, wl_seat_interface.name) == 0)
		globals->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
}

static void
keyboard_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener keyboard_registry_listener = { keyboard_global, keyboard_global_remove };

/* A virtual keyboard with xkbcommon's default keymap on the compositor's first seat, or
 * NULL when it offers no virtual keyboard manager or no seat. */
static struct wl_proxy *
create_keyboard(struct wl_display *display)
{
	struct keyboard_globals globals = { NULL, NULL };
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &keyboard_registry_listener, &globals);
	if (wl_display_roundtrip(display) < 0 || !globals.manager || !globals.seat)
		return NULL;
	struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
	struct xkb_keymap *keymap = context ? xkb_keymap_new_from_names(context, NULL, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
	char *text = keymap ? xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) : NULL;
	int fd = text ? memfd_create("wlr-virtual-keyboard-keymap", MFD_CLOEXEC) : -1;
	size_t size = text ? strlen(text) + 1 : 0;
	struct wl_proxy *keyboard = NULL;
	if (fd >= 0 && write(fd, text, size) == (ssize_t)size) {
		keyboard = wl_proxy_marshal_flags(globals.manager, 0, &virtual_keyboard_interface, 1, 0,
						  globals.seat, NULL);
		wl_proxy_marshal_flags(keyboard, KEYMAP, NULL, 1, 0, 1u /* xkb_v1 */, fd, (uint32_t)size);
	}
	if (fd >= 0)
		close(fd);
	free(text);
	xkb_keymap_unref(keymap);
	xkb_context_unref(context);
	return keyboard;
}

static uint32_t
now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/* Runs one command on the devices (`data`); returns NULL or an error text. */
static const char *
run(char **words, int count, void *data)
{
	struct devices *devices = data;
	struct wl_proxy *pointer = devices->pointer;
	uint32_t time = now_ms();
	if (strcmp(words[0], "key") == 0) {
		int pressed = count == 3 && strcmp(words[2], "pressed") == 0;
		if (count != 3 || (!pressed && strcmp(words[2], "released") != 0))
			return "usage: key CODE pressed|released";
		if (!devices->keyboard)
			return "no zwp_virtual_keyboard_manager_v1";
		wl_proxy_marshal_flags(devices->keyboard, KEY, NULL, 1, 0, time, (uint32_t)atoi(words[1]),
				       (uint32_t)(pressed ? 1 : 0));
		return NULL;
	}
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
	struct wl_display *display;
	struct wl_proxy *manager = command_client_bind("wlr-virtual-pointer", &display, &manager_interface, 1, 1);
	struct devices devices = { NULL, NULL };
	devices.pointer = wl_proxy_marshal_flags(manager, 0, &virtual_pointer_interface, 1, 0, NULL, NULL);
	/* After the pointer: phoc advertises its seat only once an input device exists. */
	if (wl_display_roundtrip(display) < 0)
		return 1;
	devices.keyboard = create_keyboard(display);
	return command_client_serve("wlr-virtual-pointer", display, run, &devices);
}
