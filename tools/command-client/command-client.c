/* See command-client.h. */
#include "command-client.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wanted {
	const struct wl_interface *interface;
	uint32_t min_version, max_version;
	struct wl_proxy *bound;
};

static void
global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	struct wanted *wanted = data;
	if (wanted->bound || strcmp(interface, wanted->interface->name) != 0 || version < wanted->min_version)
		return;
	uint32_t bind = version < wanted->max_version ? version : wanted->max_version;
	wanted->bound = wl_registry_bind(registry, name, wanted->interface, bind);
}

static void
global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

struct wl_proxy *
command_client_bind(const char *program, struct wl_display **display, const struct wl_interface *interface,
		    uint32_t min_version, uint32_t max_version)
{
	*display = wl_display_connect(NULL);
	if (!*display) {
		fprintf(stderr, "%s: cannot connect to the compositor\n", program);
		exit(1);
	}
	struct wanted wanted = { interface, min_version, max_version, NULL };
	struct wl_registry *registry = wl_display_get_registry(*display);
	wl_registry_add_listener(registry, &registry_listener, &wanted);
	if (wl_display_roundtrip(*display) < 0 || !wanted.bound) {
		fprintf(stderr, "%s: no %s version %u or later\n", program, interface->name, min_version);
		exit(1);
	}
	return wanted.bound;
}

int
command_client_serve(const char *program, struct wl_display *display, command_client_run run, void *data)
{
	if (wl_display_roundtrip(display) < 0)
		return 1;
	printf("ready\n");
	fflush(stdout);
	char line[256];
	while (fgets(line, sizeof line, stdin)) {
		char *words[COMMAND_CLIENT_MAX_WORDS];
		int count = 0;
		for (char *word = strtok(line, " \t\n"); word && count < COMMAND_CLIENT_MAX_WORDS;
		     word = strtok(NULL, " \t\n"))
			words[count++] = word;
		const char *error = count == 0 ? "empty command" : run(words, count, data);
		if (!error && wl_display_roundtrip(display) < 0) {
			fprintf(stderr, "%s: the compositor went away\n", program);
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
