/*
 * kwin-fake-input: injects input into KWin through org_kde_kwin_fake_input (test support,
 * not shipped). Connects to $WAYLAND_DISPLAY, authenticates (KWin must run with
 * KWIN_WAYLAND_NO_PERMISSION_CHECKS=1), prints "ready", then reads one command a line from
 * stdin and answers "ok" once KWin has processed it (a round trip), or "error TEXT":
 *
 *   touch down ID X Y | touch motion ID X Y | touch up ID | touch frame | touch cancel
 *   pointer X Y                 absolute, in global logical coordinates
 *   button CODE pressed|released   evdev code (BTN_LEFT is 272)
 *
 * KWin gives the seat touch and pointer capabilities only while a fake-input client is
 * connected, so the client stays connected until stdin ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "fake-input-client.h"

static struct org_kde_kwin_fake_input *fake;

static void
global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
       uint32_t version)
{
	if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 && version >= 3)
		fake = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface,
					version < 4 ? version : 4);
}

static void
global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

/* Runs one command; returns NULL or an error text. */
static const char *
run(char *line)
{
	char *words[6];
	int count = 0;
	for (char *word = strtok(line, " \t\n"); word && count < 6; word = strtok(NULL, " \t\n"))
		words[count++] = word;
	if (count == 0)
		return "empty command";
	if (strcmp(words[0], "touch") == 0 && count >= 2) {
		if (strcmp(words[1], "down") == 0 && count == 5)
			org_kde_kwin_fake_input_touch_down(fake, atoi(words[2]),
				wl_fixed_from_double(atof(words[3])), wl_fixed_from_double(atof(words[4])));
		else if (strcmp(words[1], "motion") == 0 && count == 5)
			org_kde_kwin_fake_input_touch_motion(fake, atoi(words[2]),
				wl_fixed_from_double(atof(words[3])), wl_fixed_from_double(atof(words[4])));
		else if (strcmp(words[1], "up") == 0 && count == 3)
			org_kde_kwin_fake_input_touch_up(fake, atoi(words[2]));
		else if (strcmp(words[1], "frame") == 0 && count == 2)
			org_kde_kwin_fake_input_touch_frame(fake);
		else if (strcmp(words[1], "cancel") == 0 && count == 2)
			org_kde_kwin_fake_input_touch_cancel(fake);
		else
			return "usage: touch down ID X Y | motion ID X Y | up ID | frame | cancel";
	} else if (strcmp(words[0], "pointer") == 0 && count == 3) {
		org_kde_kwin_fake_input_pointer_motion_absolute(fake,
			wl_fixed_from_double(atof(words[1])), wl_fixed_from_double(atof(words[2])));
	} else if (strcmp(words[0], "button") == 0 && count == 3) {
		int pressed = strcmp(words[2], "pressed") == 0;
		if (!pressed && strcmp(words[2], "released") != 0)
			return "usage: button CODE pressed|released";
		org_kde_kwin_fake_input_button(fake, atoi(words[1]), pressed ? 1 : 0);
	} else {
		return "unknown command";
	}
	return NULL;
}

int
main(void)
{
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "kwin-fake-input: cannot connect to the compositor\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	if (wl_display_roundtrip(display) < 0 || !fake) {
		fprintf(stderr, "kwin-fake-input: no org_kde_kwin_fake_input version 3 or later\n");
		return 1;
	}
	org_kde_kwin_fake_input_authenticate(fake, "touchstone tests", "inject test input");
	if (wl_display_roundtrip(display) < 0)
		return 1;
	printf("ready\n");
	fflush(stdout);

	char line[256];
	while (fgets(line, sizeof line, stdin)) {
		const char *error = run(line);
		if (!error && wl_display_roundtrip(display) < 0) {
			fprintf(stderr, "kwin-fake-input: the compositor went away\n");
			return 1;
		}
		if (error)
			printf("error %s\n", error);
		else
			printf("ok\n");
		fflush(stdout);
	}
	wl_display_disconnect(display);
	return 0;
}
