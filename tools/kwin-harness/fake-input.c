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
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "command-client.h"
#include "fake-input-client.h"

/* Runs one command on the fake input device (`data`); returns NULL or an error text. */
static const char *
run(char **words, int count, void *data)
{
	struct org_kde_kwin_fake_input *fake = data;
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
	struct wl_display *display;
	struct org_kde_kwin_fake_input *fake = (struct org_kde_kwin_fake_input *)command_client_bind(
		"kwin-fake-input", &display, &org_kde_kwin_fake_input_interface, 3, 4);
	org_kde_kwin_fake_input_authenticate(fake, "touchstone tests", "inject test input");
	return command_client_serve("kwin-fake-input", display, run, fake);
}
