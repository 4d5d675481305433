/*
 * command-client: what the test-support input clients share (tools/wlroots-harness's
 * wlr-virtual-pointer, tools/kwin-harness's kwin-fake-input): connecting to
 * $WAYLAND_DISPLAY, binding the one global they drive, and the command loop on stdin that
 * answers "ok" once the compositor has processed a command (a round trip) or "error TEXT".
 */
#ifndef COMMAND_CLIENT_H
#define COMMAND_CLIENT_H

#include <stdint.h>
#include <wayland-client.h>

/* Connects to $WAYLAND_DISPLAY and binds the global `interface` at the highest version it
 * offers up to `max_version`; prints "PROGRAM: ..." and exits 1 when there is no compositor
 * or no such global of at least `min_version`. */
struct wl_proxy *command_client_bind(const char *program, struct wl_display **display,
				     const struct wl_interface *interface, uint32_t min_version,
				     uint32_t max_version);

/* Runs one command, its words (at most COMMAND_CLIENT_MAX_WORDS); returns NULL or an error text. */
typedef const char *(*command_client_run)(char **words, int count, void *data);

#define COMMAND_CLIENT_MAX_WORDS 6

/* After a round trip prints "ready", then reads one command a line from stdin and runs it
 * with `run`; answers "ok" once the compositor has processed it or "error TEXT". Returns the
 * exit status: 0 when stdin ends, 1 when the compositor goes away. */
int command_client_serve(const char *program, struct wl_display *display, command_client_run run, void *data);

#endif
