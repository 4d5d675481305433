/* Parsing and execution of control commands. */

#include "harness.h"

/* ------------------------------------------------------------------------ */
/* Commands                                                                 */

static int
touch_slot(struct harness *h, int id)
{
	for (int i = 0; i < h->touch_count; i++)
		if (h->touch_ids[i] == id)
			return i;
	return -1;
}

/*
 * The time of an injected input event: CLOCK_MONOTONIC now, or the NS of a
 * trailing "at NS" (so a test can inject a stream at an exact rate, or at
 * exact intervals, without pacing itself in real time; clients see the
 * compositor timestamp as usual).
 */
struct stamp {
	bool fixed;
	uint64_t at;
};

/* Takes a trailing "at NS" off argv; false (after replying) when NS is bad. */
static bool
take_stamp(struct conn *c, char **argv, int *argc, struct stamp *stamp)
{
	char *end;

	stamp->fixed = false;
	stamp->at = 0;
	if (*argc < 3 || strcmp(argv[*argc - 2], "at") != 0)
		return true;
	errno = 0;
	stamp->at = strtoull(argv[*argc - 1], &end, 10);
	if (errno != 0 || *end != '\0' || argv[*argc - 1][0] == '-' ||
	    argv[*argc - 1][0] == '\0') {
		reply(c, "error bad timestamp '%s'", argv[*argc - 1]);
		return false;
	}
	stamp->fixed = true;
	*argc -= 2;
	return true;
}

/* Fills *ts with the stamp's time (now when not fixed) and returns it in ns. */
static uint64_t
stamp_time(const struct stamp *stamp, struct timespec *ts)
{
	if (!stamp->fixed)
		return now_ns(ts);
	ts->tv_sec = (time_t)(stamp->at / 1000000000ull);
	ts->tv_nsec = (long)(stamp->at % 1000000000ull);
	return stamp->at;
}

#define POINTER_USAGE \
	"pointer motion X Y | pointer button left|right|middle " \
	"pressed|released | pointer axis vertical|horizontal V " \
	"[wheel|finger|continuous|wheel-tilt [STEPS]] | " \
	"pointer axis-stop vertical|horizontal [SOURCE] " \
	"(each optionally followed by 'at NS')"

static bool
parse_axis(struct conn *c, const char *word, uint32_t *axis)
{
	if (strcmp(word, "vertical") == 0)
		*axis = WL_POINTER_AXIS_VERTICAL_SCROLL;
	else if (strcmp(word, "horizontal") == 0)
		*axis = WL_POINTER_AXIS_HORIZONTAL_SCROLL;
	else {
		reply(c, "error axis must be vertical or horizontal");
		return false;
	}
	return true;
}

static bool
parse_axis_source(struct conn *c, const char *word, uint32_t *source)
{
	if (strcmp(word, "wheel") == 0)
		*source = WL_POINTER_AXIS_SOURCE_WHEEL;
	else if (strcmp(word, "finger") == 0)
		*source = WL_POINTER_AXIS_SOURCE_FINGER;
	else if (strcmp(word, "continuous") == 0)
		*source = WL_POINTER_AXIS_SOURCE_CONTINUOUS;
	else if (strcmp(word, "wheel-tilt") == 0)
		*source = WL_POINTER_AXIS_SOURCE_WHEEL_TILT;
	else {
		reply(c, "error axis source must be wheel, finger, continuous "
		      "or wheel-tilt");
		return false;
	}
	return true;
}

/* [axis_source], axis (axis_stop for value 0), frame; replies the time. */
static void
send_axis_frame(struct conn *c, const struct stamp *stamp, bool has_source,
		uint32_t source, struct weston_pointer_axis_event *ev)
{
	struct timespec ts;
	uint64_t ns = stamp_time(stamp, &ts);

	if (has_source)
		notify_axis_source(&c->h->seat, source);
	notify_axis(&c->h->seat, &ts, ev);
	notify_pointer_frame(&c->h->seat);
	reply(c, "ok %llu", (unsigned long long)ns);
}

/*
 * One scroll frame: [axis_source], [axis_discrete], axis, frame. weston 10
 * turns an axis event of value 0 into axis_stop, so 0 is refused here:
 * `pointer axis-stop` says that on purpose.
 */
static void
cmd_pointer_axis(struct conn *c, char **argv, int argc,
		 const struct stamp *stamp)
{
	struct weston_pointer_axis_event ev = { 0 };
	uint32_t source = 0;
	long steps;

	if (!parse_axis(c, argv[2], &ev.axis))
		return;
	if (!parse_double(argv[3], &ev.value) || ev.value == 0) {
		reply(c, "error bad axis value (a non-zero number; "
		      "`pointer axis-stop` ends a scroll)");
		return;
	}
	if (argc >= 5 && !parse_axis_source(c, argv[4], &source))
		return;
	if (argc == 6) {
		if (!parse_int(argv[5], INT32_MIN, INT32_MAX, &steps) ||
		    steps == 0) {
			reply(c, "error bad wheel steps (a non-zero integer)");
			return;
		}
		ev.has_discrete = true;
		ev.discrete = (int32_t)steps;
	}
	send_axis_frame(c, stamp, argc >= 5, source, &ev);
}

/* axis_stop: weston sends it for an axis event of value 0. */
static void
cmd_pointer_axis_stop(struct conn *c, char **argv, int argc,
		      const struct stamp *stamp)
{
	struct weston_pointer_axis_event ev = { 0 };
	uint32_t source = 0;

	if (!parse_axis(c, argv[2], &ev.axis))
		return;
	if (argc == 4 && !parse_axis_source(c, argv[3], &source))
		return;
	send_axis_frame(c, stamp, argc == 4, source, &ev);
}

static void
cmd_pointer(struct conn *c, char **argv, int argc)
{
	struct harness *h = c->h;
	struct timespec ts;
	struct stamp stamp;
	uint64_t ns;

	if (!take_stamp(c, argv, &argc, &stamp))
		return;
	if (argc == 4 && strcmp(argv[1], "motion") == 0) {
		double x, y;

		if (!parse_double(argv[2], &x) || !parse_double(argv[3], &y)) {
			reply(c, "error bad coordinates");
			return;
		}
		ns = stamp_time(&stamp, &ts);
		notify_motion_absolute(&h->seat, &ts, x, y);
		notify_pointer_frame(&h->seat);
		reply(c, "ok %llu", (unsigned long long)ns);
	} else if (argc == 4 && strcmp(argv[1], "button") == 0) {
		int32_t button;
		enum wl_pointer_button_state state;

		if (strcmp(argv[2], "left") == 0)
			button = BTN_LEFT;
		else if (strcmp(argv[2], "right") == 0)
			button = BTN_RIGHT;
		else if (strcmp(argv[2], "middle") == 0)
			button = BTN_MIDDLE;
		else {
			reply(c, "error unknown button '%s'", argv[2]);
			return;
		}
		if (strcmp(argv[3], "pressed") == 0)
			state = WL_POINTER_BUTTON_STATE_PRESSED;
		else if (strcmp(argv[3], "released") == 0)
			state = WL_POINTER_BUTTON_STATE_RELEASED;
		else {
			reply(c, "error button state must be pressed or released");
			return;
		}
		ns = stamp_time(&stamp, &ts);
		notify_button(&h->seat, &ts, button, state);
		notify_pointer_frame(&h->seat);
		reply(c, "ok %llu", (unsigned long long)ns);
	} else if (argc >= 4 && argc <= 6 && strcmp(argv[1], "axis") == 0) {
		cmd_pointer_axis(c, argv, argc, &stamp);
	} else if (argc >= 3 && argc <= 4 &&
		   strcmp(argv[1], "axis-stop") == 0) {
		cmd_pointer_axis_stop(c, argv, argc, &stamp);
	} else {
		reply(c, "error usage: %s", POINTER_USAGE);
	}
}

static void
cmd_key(struct conn *c, char **argv, int argc)
{
	struct timespec ts;
	struct stamp stamp;
	enum wl_keyboard_key_state state;
	long code;
	uint64_t ns;

	if (!take_stamp(c, argv, &argc, &stamp))
		return;
	if (argc != 3 || !parse_int(argv[1], 0, KEY_MAX, &code)) {
		reply(c, "error usage: key CODE pressed|released [at NS] "
		      "(CODE: evdev key code 0..%d)", KEY_MAX);
		return;
	}
	if (strcmp(argv[2], "pressed") == 0)
		state = WL_KEYBOARD_KEY_STATE_PRESSED;
	else if (strcmp(argv[2], "released") == 0)
		state = WL_KEYBOARD_KEY_STATE_RELEASED;
	else {
		reply(c, "error key state must be pressed or released");
		return;
	}
	ns = stamp_time(&stamp, &ts);
	notify_key(&c->h->seat, &ts, (uint32_t)code, state,
		   STATE_UPDATE_AUTOMATIC);
	reply(c, "ok %llu", (unsigned long long)ns);
}

/*
 * weston 10's default touch grab ignores cancel. Do what a fixed grab does:
 * tell the focused client, then bring weston's bookkeeping back to "no
 * finger down" without sending the client any further up events.
 */
static int
touch_cancel(struct harness *h, const struct timespec *ts)
{
	struct weston_touch *touch = h->seat.touch_state;
	struct wl_resource *resource;
	int sent = 0;

	/* weston's own handling first (a shell grab may end itself). */
	notify_touch_cancel(h->touch_device);

	if (touch->focus) {
		wl_resource_for_each(resource, &touch->focus_resource_list) {
			wl_touch_send_cancel(resource);
			sent++;
		}
	}
	/* Without focus, weston's up handling reaches no client, but still
	 * balances num_tp and the idle inhibitor taken at each down. */
	weston_touch_set_focus(touch, NULL);
	for (int i = h->touch_count - 1; i >= 0 && touch->num_tp > 0; i--)
		notify_touch_normalized(h->touch_device, ts, h->touch_ids[i],
					0, 0, NULL, WL_TOUCH_UP);
	while (touch->num_tp > 0)
		notify_touch_normalized(h->touch_device, ts, 0, 0, 0, NULL,
					WL_TOUCH_UP);
	weston_touch_set_focus(touch, NULL);
	h->touch_count = 0;
	return sent;
}

static void
cmd_touch(struct conn *c, char **argv, int argc)
{
	struct harness *h = c->h;
	struct timespec ts;
	struct stamp stamp;
	double x, y;
	long id;
	int slot;
	uint64_t ns;

	if (!take_stamp(c, argv, &argc, &stamp))
		return;
	if (argc < 2)
		goto usage;

	if (strcmp(argv[1], "frame") == 0 && argc == 2) {
		ns = stamp_time(&stamp, &ts);
		notify_touch_frame(h->touch_device);
		reply(c, "ok %llu", (unsigned long long)ns);
		return;
	}
	if (strcmp(argv[1], "cancel") == 0 && argc == 2) {
		int sent;

		ns = now_ns(&ts);
		sent = touch_cancel(h, &ts);
		reply(c, "ok %llu sent=%d", (unsigned long long)ns, sent);
		return;
	}
	if (argc < 3 || !parse_int(argv[2], INT32_MIN, INT32_MAX, &id)) {
		if (argc >= 3) {
			reply(c, "error bad touch id '%s'", argv[2]);
			return;
		}
		goto usage;
	}
	slot = touch_slot(h, (int)id);

	if (strcmp(argv[1], "down") == 0 || strcmp(argv[1], "motion") == 0) {
		bool down = argv[1][0] == 'd';

		if (argc != 5)
			goto usage;
		if (!parse_double(argv[3], &x) || !parse_double(argv[4], &y)) {
			reply(c, "error bad coordinates");
			return;
		}
		if (down && slot >= 0) {
			reply(c, "error touch %ld is already down", id);
			return;
		}
		if (!down && slot < 0) {
			reply(c, "error touch %ld is not down", id);
			return;
		}
		if (down && h->touch_count == MAX_TOUCH_POINTS) {
			reply(c, "error too many touch points (max %d)",
			      MAX_TOUCH_POINTS);
			return;
		}
		if (down)
			h->touch_ids[h->touch_count++] = (int)id;
		ns = stamp_time(&stamp, &ts);
		notify_touch_normalized(h->touch_device, &ts, (int)id, x, y,
					NULL,
					down ? WL_TOUCH_DOWN : WL_TOUCH_MOTION);
		reply(c, "ok %llu", (unsigned long long)ns);
		return;
	}
	if (strcmp(argv[1], "up") == 0 && argc == 3) {
		if (slot < 0) {
			reply(c, "error touch %ld is not down", id);
			return;
		}
		h->touch_ids[slot] = h->touch_ids[--h->touch_count];
		ns = stamp_time(&stamp, &ts);
		notify_touch_normalized(h->touch_device, &ts, (int)id, 0, 0,
					NULL, WL_TOUCH_UP);
		reply(c, "ok %llu", (unsigned long long)ns);
		return;
	}
usage:
	reply(c, "error usage: touch down ID X Y | touch motion ID X Y | "
	      "touch up ID | touch frame | touch cancel "
	      "(down, motion, up, frame: optionally followed by 'at NS')");
}

static void
cmd_outputs(struct conn *c)
{
	struct weston_output *output;
	struct strbuf b = { 0 };
	int n = 0;

	wl_list_for_each(output, &c->h->compositor->output_list, link)
		n++;
	strbuf_printf(&b, "ok %d", n);
	wl_list_for_each(output, &c->h->compositor->output_list, link) {
		strbuf_printf(&b, "; name=%s x=%d y=%d width=%d height=%d "
			      "scale=%d pixel_width=%d pixel_height=%d",
			      output->name ? output->name : "?",
			      output->x, output->y,
			      output->width, output->height,
			      output->current_scale,
			      output->current_mode ?
				      output->current_mode->width : 0,
			      output->current_mode ?
				      output->current_mode->height : 0);
	}
	reply_strbuf(c, &b);
}

static bool
parse_timeout(struct conn *c, char **argv, int argc, int index, long *out)
{
	*out = DEFAULT_TIMEOUT_MS;
	if (argc <= index)
		return true;
	if (argc == index + 1 &&
	    parse_int(argv[index], 1, MAX_TIMEOUT_MS, out))
		return true;
	reply(c, "error bad timeout (milliseconds 1..%d)", MAX_TIMEOUT_MS);
	return false;
}

static void
cmd_screenshot(struct conn *c, char **argv, int argc)
{
	struct weston_output *output = first_output(c->h);
	struct pending *p;
	struct strbuf paths = { 0 };
	long timeout;
	int npaths = 0;

	while (1 + npaths < argc && argv[1 + npaths][0] == '/')
		npaths++;
	if (npaths == 0) {
		reply(c, "error usage: screenshot /ABSOLUTE/PATH.png|.pam... "
		      "[TIMEOUT_MS]");
		return;
	}
	if (!parse_timeout(c, argv, argc, 1 + npaths, &timeout))
		return;
	if (!output || !output->current_mode) {
		reply(c, "error no output");
		return;
	}
	for (int i = 0; i < npaths; i++)
		strbuf_printf(&paths, "%s%s", i ? " " : "", argv[1 + i]);
	if (!paths.data) {
		reply(c, "error out of memory");
		return;
	}
	p = pending_start(c, PENDING_SCREENSHOT, timeout);
	if (!p) {
		free(paths.data);
		reply(c, "error out of memory");
		return;
	}
	p->path = paths.data;
	/* Force a full repaint; the frame signal then reads the result. */
	weston_output_damage(output);
}

static void
cmd_wait_frame(struct conn *c, char **argv, int argc)
{
	struct pending *p;
	long timeout;

	if (!parse_timeout(c, argv, argc, 1, &timeout))
		return;
	p = pending_start(c, PENDING_WAIT_FRAME, timeout);
	if (!p) {
		reply(c, "error out of memory");
		return;
	}
	p->frame_target = c->h->frame_count + 1;
}

static void
cmd_wait_view(struct conn *c, char **argv, int argc)
{
	struct strbuf b = { 0 };
	long timeout;

	if (!parse_timeout(c, argv, argc, 1, &timeout))
		return;
	if (count_client_views(c->h) > 0) {
		describe_views(c->h, &b);
		reply_strbuf(c, &b);
		return;
	}
	if (!pending_start(c, PENDING_WAIT_VIEW, timeout))
		reply(c, "error out of memory");
}

bool
parse_pid_timeout(struct conn *c, char **argv, int argc, long *pid,
		  long *timeout)
{
	if (argc < 2 || !parse_int(argv[1], 1, INT32_MAX, pid)) {
		reply(c, "error usage: %s PID [TIMEOUT_MS]", argv[0]);
		return false;
	}
	return parse_timeout(c, argv, argc, 2, timeout);
}

/* wait-window PID [TIMEOUT_MS]: the views, once client PID's xdg_toplevel
 * is mapped (other clients' views, such as a shell's background, do not
 * count). */
static void
cmd_wait_window(struct conn *c, char **argv, int argc)
{
	struct strbuf b = { 0 };
	struct pending *p;
	long pid, timeout;

	if (!parse_pid_timeout(c, argv, argc, &pid, &timeout))
		return;
	if (has_window_view(c->h, (int)pid)) {
		describe_views(c->h, &b);
		reply_strbuf(c, &b);
		return;
	}
	p = pending_start(c, PENDING_WAIT_WINDOW, timeout);
	if (!p) {
		reply(c, "error out of memory");
		return;
	}
	p->window_pid = (int)pid;
}

/* commit-arm [PID]: record the next commit (of that client only). */
static void
cmd_commit_arm(struct conn *c, char **argv, int argc)
{
	long pid = 0;

	if (argc > 2 || (argc == 2 && !parse_int(argv[1], 1, INT32_MAX, &pid))) {
		reply(c, "error usage: commit-arm [PID]");
		return;
	}
	c->commit_armed = true;
	c->commit_filter_pid = (int)pid;
	c->commit_seen = false;
	c->commit_min_ns = 0;
	reply(c, "ok");
}

/*
 * commit-after NS PID [MS]: the first commit of client PID (0: any) at or
 * after monotonic time NS, e.g. an injection reply's time. Answers at once
 * when that commit already happened, so there is no arm/inject race.
 */
static void
cmd_commit_after(struct conn *c, char **argv, int argc)
{
	long ns, pid, timeout;
	struct surface_watch *sw;

	if (argc < 3 || argc > 4 || !parse_int(argv[1], 0, LONG_MAX, &ns) ||
	    !parse_int(argv[2], 0, INT32_MAX, &pid)) {
		reply(c, "error usage: commit-after NS PID [MS]");
		return;
	}
	if (!parse_timeout(c, argv, argc, 3, &timeout))
		return;
	wl_list_for_each(sw, &c->h->surface_list, link) {
		if (sw->last_commit_ns >= (uint64_t)ns &&
		    (pid == 0 || sw->last_commit_pid == pid)) {
			reply(c, "ok %llu pid=%d",
			      (unsigned long long)sw->last_commit_ns,
			      sw->last_commit_pid);
			return;
		}
	}
	c->commit_armed = true;
	c->commit_filter_pid = (int)pid;
	c->commit_seen = false;
	c->commit_min_ns = (uint64_t)ns;
	if (!pending_start(c, PENDING_WAIT_COMMIT, timeout))
		reply(c, "error out of memory");
}

/* How many times PID's mapped surfaces (cursors aside) have been committed. */
static void
cmd_commits(struct conn *c, char **argv, int argc)
{
	long pid;
	struct surface_watch *sw;
	uint64_t count = 0;

	if (argc != 2 || !parse_int(argv[1], 1, INT32_MAX, &pid)) {
		reply(c, "error usage: commits PID");
		return;
	}
	wl_list_for_each(sw, &c->h->surface_list, link) {
		if (sw->surface->resource && client_pid(sw->surface) == pid)
			count += sw->commit_count;
	}
	reply(c, "ok %llu", (unsigned long long)count);
}

static void
cmd_commit_wait(struct conn *c, char **argv, int argc, bool arm)
{
	long timeout;

	if (!parse_timeout(c, argv, argc, 1, &timeout))
		return;
	if (arm) {
		c->commit_armed = true;
		c->commit_filter_pid = 0;
		c->commit_seen = false;
		c->commit_min_ns = 0;
	} else if (!c->commit_armed) {
		reply(c, "error commit-wait without commit-arm");
		return;
	}
	if (c->commit_seen) {
		c->commit_armed = false;
		reply(c, "ok %llu pid=%d", (unsigned long long)c->commit_ns,
		      c->commit_pid);
		return;
	}
	if (!pending_start(c, PENDING_WAIT_COMMIT, timeout))
		reply(c, "error out of memory");
}

/* The pointer's cursor: which client set it and its size, or "none". */
static void
cmd_cursor(struct conn *c)
{
	struct strbuf b = { 0 };

	describe_cursor(c->h, 0, &b);
	reply_strbuf(c, &b);
}

/* wait-cursor PID [TIMEOUT_MS]: answers once client PID's surface is the
 * pointer's cursor (at once if it already is). */
static void
cmd_wait_cursor(struct conn *c, char **argv, int argc)
{
	struct strbuf b = { 0 };
	struct pending *p;
	long pid, timeout;

	if (!parse_pid_timeout(c, argv, argc, &pid, &timeout))
		return;
	if (describe_cursor(c->h, (int)pid, &b)) {
		reply_strbuf(c, &b);
		return;
	}
	p = pending_start(c, PENDING_WAIT_CURSOR, timeout);
	if (!p) {
		reply(c, "error out of memory");
		return;
	}
	p->cursor_pid = (int)pid;
}

/* wait-idle PID [TIMEOUT_MS]: answers `ok NS` once client PID answered a
 * ping sent after this command (idle.c). */
static void
cmd_wait_idle(struct conn *c, char **argv, int argc)
{
	struct pending *p;
	long pid, timeout;

	if (!parse_pid_timeout(c, argv, argc, &pid, &timeout))
		return;
	p = pending_start(c, PENDING_WAIT_IDLE, timeout);
	if (!p) {
		reply(c, "error out of memory");
		return;
	}
	if (!start_wait_idle(c->h, p, (int)pid))
		pending_finish(p, "error client %ld has no surface to ping", pid);
}

void
execute(struct conn *c, char *line)
{
	char *argv[16];
	int argc = 0;
	char *save = NULL, *tok;

	for (tok = strtok_r(line, " \t\r", &save); tok;
	     tok = strtok_r(NULL, " \t\r", &save)) {
		if (argc == (int)(sizeof argv / sizeof argv[0])) {
			reply(c, "error too many arguments");
			return;
		}
		argv[argc++] = tok;
	}
	if (argc == 0) {
		reply(c, "error empty command");
		return;
	}

	if (strcmp(argv[0], "ping") == 0 && argc == 1)
		reply(c, "ok pong");
	else if (strcmp(argv[0], "pointer") == 0)
		cmd_pointer(c, argv, argc);
	else if (strcmp(argv[0], "key") == 0)
		cmd_key(c, argv, argc);
	else if (strcmp(argv[0], "touch") == 0)
		cmd_touch(c, argv, argc);
	else if (strcmp(argv[0], "outputs") == 0 && argc == 1)
		cmd_outputs(c);
	else if (strcmp(argv[0], "views") == 0 && argc == 1) {
		struct strbuf b = { 0 };

		describe_views(c->h, &b);
		reply_strbuf(c, &b);
	} else if (strcmp(argv[0], "cursor") == 0 && argc == 1)
		cmd_cursor(c);
	else if (strcmp(argv[0], "wait-cursor") == 0)
		cmd_wait_cursor(c, argv, argc);
	else if (strcmp(argv[0], "wait-idle") == 0)
		cmd_wait_idle(c, argv, argc);
	else if (strcmp(argv[0], "frames") == 0 && argc == 1)
		reply(c, "ok %llu", (unsigned long long)c->h->frame_count);
	else if (strcmp(argv[0], "time") == 0 && argc == 1)
		reply(c, "ok %llu", (unsigned long long)now_ns(NULL));
	else if (strcmp(argv[0], "screenshot") == 0)
		cmd_screenshot(c, argv, argc);
	else if (strcmp(argv[0], "wait-frame") == 0)
		cmd_wait_frame(c, argv, argc);
	else if (strcmp(argv[0], "wait-view") == 0)
		cmd_wait_view(c, argv, argc);
	else if (strcmp(argv[0], "wait-window") == 0)
		cmd_wait_window(c, argv, argc);
	else if (strcmp(argv[0], "commits") == 0)
		cmd_commits(c, argv, argc);
	else if (strcmp(argv[0], "commit-arm") == 0)
		cmd_commit_arm(c, argv, argc);
	else if (strcmp(argv[0], "first-frame") == 0)
		cmd_first_frame(c, argv, argc);
	else if (strcmp(argv[0], "wait-presented") == 0)
		cmd_wait_presented(c, argv, argc);
	else if (strcmp(argv[0], "commit-after") == 0)
		cmd_commit_after(c, argv, argc);
	else if (strcmp(argv[0], "commit-wait") == 0)
		cmd_commit_wait(c, argv, argc, false);
	else if (strcmp(argv[0], "wait-commit") == 0)
		cmd_commit_wait(c, argv, argc, true);
	else if (strncmp(argv[0], "selection-set", 13) == 0)
		cmd_selection_set(c, argv, argc);
	else if (strcmp(argv[0], "selection-get") == 0)
		cmd_selection_get(c, argv, argc);
	else
		reply(c, "error unknown command '%.64s' (or wrong arguments)",
		      argv[0]);
}
