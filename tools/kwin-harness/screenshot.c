/*
 * kwin-screenshot: takes a screenshot of KWin's active screen through the
 * org.kde.KWin.ScreenShot2 D-Bus interface (test support, not shipped) and writes it as a
 * PAM image (P7, RGB_ALPHA, 8 bits, straight alpha as KWin gives it).
 *
 *   kwin-screenshot [--native] [--timeout SECONDS] OUTPUT.pam   (prints WIDTH HEIGHT FORMAT)
 *
 * Needs DBUS_SESSION_BUS_ADDRESS of KWin's bus, KWin running with OpenGL compositing
 * (KWIN_COMPOSE=O2; the screenshot effect is not loaded with QPainter) and
 * KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1. Waits (bounded) for the interface's bus name.
 * `--native` asks for the output's device pixels ("native-resolution"); without it KWin
 * gives logical pixels. Exits 0 on success, 1 with one line on stderr otherwise.
 */
#include <dbus/dbus.h>
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SERVICE "org.kde.KWin.ScreenShot2"
#define PATH "/org/kde/KWin/ScreenShot2"

/* QImage::Format values KWin may answer with. */
enum { FORMAT_RGB32 = 4, FORMAT_ARGB32 = 5, FORMAT_ARGB32_PREMULTIPLIED = 6,
       FORMAT_RGBX8888 = 16, FORMAT_RGBA8888 = 17, FORMAT_RGBA8888_PREMULTIPLIED = 18 };

static double deadline;

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
milliseconds_left(void)
{
	double left = deadline - now();
	return left <= 0 ? 0 : (int)(left * 1000) + 1;
}

static void
fail(const char *what, const char *detail)
{
	fprintf(stderr, "kwin-screenshot: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
	exit(1);
}

/* Blocks until SERVICE has an owner (KWin loads its effects after it starts), or fails. */
static void
wait_for_service(DBusConnection *bus)
{
	DBusError error = DBUS_ERROR_INIT;
	dbus_bus_add_match(bus, "type='signal',interface='org.freedesktop.DBus',member='NameOwnerChanged',"
			   "arg0='" SERVICE "'", &error);
	if (dbus_error_is_set(&error))
		fail("cannot watch the bus", error.message);
	while (!dbus_bus_name_has_owner(bus, SERVICE, &error)) {
		if (dbus_error_is_set(&error))
			fail("cannot ask the bus", error.message);
		int left = milliseconds_left();
		if (left == 0)
			fail("no " SERVICE " on the bus (is KWin compositing with OpenGL?)", NULL);
		/* Any message (the owner change among them) ends the wait; the name is asked again. */
		if (!dbus_connection_read_write(bus, left))
			fail("the bus went away", NULL);
		DBusMessage *message;
		while ((message = dbus_connection_pop_message(bus)))
			dbus_message_unref(message);
	}
}

/* Appends the a{sv} options: native-resolution as given, no cursor. */
static void
append_options(DBusMessageIter *args, dbus_bool_t native)
{
	const char *keys[] = { "native-resolution", "include-cursor" };
	dbus_bool_t values[] = { native, FALSE };
	DBusMessageIter dict, entry, variant;
	dbus_message_iter_open_container(args, DBUS_TYPE_ARRAY, "{sv}", &dict);
	for (int i = 0; i < 2; i++) {
		dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
		dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &keys[i]);
		dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "b", &variant);
		dbus_message_iter_append_basic(&variant, DBUS_TYPE_BOOLEAN, &values[i]);
		dbus_message_iter_close_container(&entry, &variant);
		dbus_message_iter_close_container(&dict, &entry);
	}
	dbus_message_iter_close_container(args, &dict);
}

/* Reads `fd` to its end into a growing buffer, bounded by the deadline. */
static unsigned char *
read_all(int fd, size_t *length)
{
	size_t capacity = 1 << 20, used = 0;
	unsigned char *data = malloc(capacity);
	if (!data)
		fail("out of memory", NULL);
	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int ready = poll(&pfd, 1, milliseconds_left());
		if (ready < 0 && errno == EINTR)
			continue;
		if (ready <= 0)
			fail("timed out reading the screenshot", NULL);
		if (used == capacity) {
			capacity *= 2;
			data = realloc(data, capacity);
			if (!data)
				fail("out of memory", NULL);
		}
		ssize_t count = read(fd, data + used, capacity - used);
		if (count < 0 && errno == EINTR)
			continue;
		if (count < 0)
			fail("cannot read the screenshot", strerror(errno));
		if (count == 0)
			break;
		used += count;
	}
	*length = used;
	return data;
}

/* The unsigned value of `key` in the reply's a{sv}, or -1. */
static long long
reply_uint(DBusMessage *reply, const char *key)
{
	DBusMessageIter args, dict, entry, variant;
	if (!dbus_message_iter_init(reply, &args) || dbus_message_iter_get_arg_type(&args) != DBUS_TYPE_ARRAY)
		return -1;
	dbus_message_iter_recurse(&args, &dict);
	for (; dbus_message_iter_get_arg_type(&dict) == DBUS_TYPE_DICT_ENTRY; dbus_message_iter_next(&dict)) {
		const char *name;
		dbus_message_iter_recurse(&dict, &entry);
		dbus_message_iter_get_basic(&entry, &name);
		if (strcmp(name, key) != 0)
			continue;
		dbus_message_iter_next(&entry);
		dbus_message_iter_recurse(&entry, &variant);
		if (dbus_message_iter_get_arg_type(&variant) != DBUS_TYPE_UINT32)
			return -1;
		dbus_uint32_t value;
		dbus_message_iter_get_basic(&variant, &value);
		return value;
	}
	return -1;
}

/* Writes the pixels as PAM RGBA, converting from the QImage format (un-premultiplied). */
static void
write_pam(const char *path, const unsigned char *pixels, long long width, long long height,
	  long long stride, long long format)
{
	int bgra = format == FORMAT_RGB32 || format == FORMAT_ARGB32 || format == FORMAT_ARGB32_PREMULTIPLIED;
	int opaque = format == FORMAT_RGB32 || format == FORMAT_RGBX8888;
	int premultiplied = format == FORMAT_ARGB32_PREMULTIPLIED || format == FORMAT_RGBA8888_PREMULTIPLIED;
	char temporary[4096];
	snprintf(temporary, sizeof temporary, "%s.%d.tmp", path, (int)getpid());
	FILE *out = fopen(temporary, "wb");
	if (!out)
		fail("cannot write", temporary);
	fprintf(out, "P7\nWIDTH %lld\nHEIGHT %lld\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", width, height);
	unsigned char *row = malloc(width * 4);
	if (!row)
		fail("out of memory", NULL);
	for (long long y = 0; y < height; y++) {
		const unsigned char *in = pixels + y * stride;
		for (long long x = 0; x < width; x++, in += 4) {
			/* Little-endian 0xAARRGGBB words are B, G, R, A in memory. */
			unsigned r = bgra ? in[2] : in[0], g = in[1], b = bgra ? in[0] : in[2];
			unsigned a = opaque ? 255 : in[3];
			if (premultiplied && a != 0 && a != 255) {
				r = (r * 255 + a / 2) / a;
				g = (g * 255 + a / 2) / a;
				b = (b * 255 + a / 2) / a;
			}
			unsigned char *o = row + x * 4;
			o[0] = r > 255 ? 255 : r;
			o[1] = g > 255 ? 255 : g;
			o[2] = b > 255 ? 255 : b;
			o[3] = a;
		}
		fwrite(row, 4, width, out);
	}
	free(row);
	if (fclose(out) != 0 || rename(temporary, path) != 0) {
		unlink(temporary);
		fail("cannot write", path);
	}
}

int
main(int argc, char *argv[])
{
	dbus_bool_t native = FALSE;
	double timeout = 10;
	const char *output = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--native") == 0)
			native = TRUE;
		else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc)
			timeout = atof(argv[++i]);
		else if (!output && argv[i][0] != '-')
			output = argv[i];
		else
			output = NULL, i = argc;
	}
	if (!output || timeout <= 0) {
		fprintf(stderr, "usage: kwin-screenshot [--native] [--timeout SECONDS] OUTPUT.pam\n");
		return 1;
	}
	deadline = now() + timeout;

	DBusError error = DBUS_ERROR_INIT;
	DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
	if (!bus)
		fail("cannot connect to the session bus", error.message);
	wait_for_service(bus);

	DBusMessage *call = dbus_message_new_method_call(SERVICE, PATH, SERVICE, "CaptureActiveScreen");
	int fds[2];
	if (!call || pipe(fds) != 0)
		fail("cannot prepare the call", NULL);
	DBusMessageIter args;
	dbus_message_iter_init_append(call, &args);
	append_options(&args, native);
	/* libdbus duplicates the descriptor; KWin writes into its own copy and closes it. */
	if (!dbus_message_iter_append_basic(&args, DBUS_TYPE_UNIX_FD, &fds[1]))
		fail("cannot pass the pipe (no fd passing on this bus?)", NULL);
	DBusPendingCall *pending;
	if (!dbus_connection_send_with_reply(bus, call, &pending, milliseconds_left()) || !pending)
		fail("cannot send the call", NULL);
	dbus_connection_flush(bus);
	dbus_message_unref(call);
	close(fds[1]);

	/* KWin answers, then writes the pixels and closes its end: read to the end first. */
	size_t length;
	unsigned char *pixels = read_all(fds[0], &length);
	dbus_pending_call_block(pending);
	DBusMessage *reply = dbus_pending_call_steal_reply(pending);
	if (!reply)
		fail("no reply", NULL);
	if (dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_ERROR) {
		dbus_set_error_from_message(&error, reply);
		fail(error.name, error.message);
	}
	long long width = reply_uint(reply, "width"), height = reply_uint(reply, "height");
	long long stride = reply_uint(reply, "stride"), format = reply_uint(reply, "format");
	if (width <= 0 || height <= 0 || stride < width * 4)
		fail("the reply has no raw image size", NULL);
	if (format != FORMAT_RGB32 && format != FORMAT_ARGB32 && format != FORMAT_ARGB32_PREMULTIPLIED
	    && format != FORMAT_RGBX8888 && format != FORMAT_RGBA8888 && format != FORMAT_RGBA8888_PREMULTIPLIED) {
		fprintf(stderr, "kwin-screenshot: unsupported QImage format %lld\n", format);
		return 1;
	}
	if ((long long)length < stride * (height - 1) + width * 4) {
		fprintf(stderr, "kwin-screenshot: %zu bytes for %lldx%lld (stride %lld)\n", length, width, height, stride);
		return 1;
	}
	write_pam(output, pixels, width, height, stride, format);
	printf("%lld %lld %lld\n", width, height, format);
	return 0;
}
