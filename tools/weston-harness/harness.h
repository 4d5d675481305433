/*
 * Internal interface between the files of the touchstone-harness module.
 * Everything here is hidden (-fvisibility=hidden); only wet_module_init is
 * exported.
 */
#ifndef TOUCHSTONE_HARNESS_H
#define TOUCHSTONE_HARNESS_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <linux/input-event-codes.h>
#include <math.h>
#include <png.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <libweston/libweston.h>
#include <pixman.h>
#include <wayland-server.h>

/* ------------------------------------------------------------------------ */
/* Exported by libweston-10.so, declared only in weston's private headers.   */

int weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		     const char *seat_name);
void weston_seat_release(struct weston_seat *seat);
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat,
			      struct xkb_keymap *keymap);
void weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch,
				 const char *syspath, void *backend_data,
				 const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_motion_absolute(struct weston_seat *seat,
			    const struct timespec *time, double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time,
		   int32_t button, enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time,
		 struct weston_pointer_axis_event *event);
void notify_axis_source(struct weston_seat *seat, uint32_t source);
void notify_pointer_frame(struct weston_seat *seat);
void notify_key(struct weston_seat *seat, const struct timespec *time,
		uint32_t key, enum wl_keyboard_key_state state,
		enum weston_key_state_update update_state);
void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id,
			     double x, double y,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);
void weston_output_damage(struct weston_output *output);

/* ------------------------------------------------------------------------ */

#define HARNESS_SEAT_NAME "touchstone-seat"
#define MAX_LINE 4096
#define MAX_TOUCH_POINTS 32
#define DEFAULT_TIMEOUT_MS 5000
#define MAX_TIMEOUT_MS 600000

enum pending_kind {
	PENDING_SCREENSHOT,
	PENDING_WAIT_COMMIT,
	PENDING_WAIT_FRAME,
	PENDING_WAIT_VIEW,
	PENDING_WAIT_WINDOW,
	PENDING_WAIT_CURSOR,
	PENDING_WAIT_IDLE,
	PENDING_WAIT_PRESENTED,
	PENDING_SELECTION,
};

struct harness;
struct conn;

/* A command whose reply waits for something inside weston. */
struct pending {
	struct wl_list link;		/* harness::pending_list */
	struct harness *h;
	struct conn *conn;		/* NULL once the connection closed */
	enum pending_kind kind;
	struct wl_event_source *timer;
	char *path;			/* screenshot targets, space separated */
	uint64_t frame_target;		/* wait-frame: frame count to exceed */
	int cursor_pid;			/* wait-cursor: whose cursor to wait for */
	int window_pid;			/* wait-window: whose toplevel to wait for */
	int idle_pid;			/* wait-idle: whose pong to wait for */
	int presented_pid;		/* wait-presented: whose first frame */
	bool idle_pinged;		/* wait-idle: the awaited ping was sent */
	bool idle_ponged;		/* wait-idle: a pong came, not yet handled */
	void *extra;			/* the command's own state, if any */
	void (*cleanup)(struct pending *p);	/* frees `extra` */
};

struct conn {
	struct wl_list link;		/* harness::conn_list */
	struct harness *h;
	int fd;
	struct wl_event_source *source;
	char *in;			/* received, not yet executed */
	size_t in_len, in_cap;
	size_t scan;			/* start of the unfinished line */
	bool discarding;		/* dropping the rest of an overlong line */
	struct wl_event_source *resume;	/* idle: continue after a deferral */
	bool dead;			/* peer gone; destroy when idle */
	bool eof;			/* peer stopped sending: finish, close */
	char *out;
	size_t out_len, out_cap;
	struct pending *busy;		/* deferred command in progress */
	/* commit-arm / commit-wait */
	bool commit_armed;
	int commit_filter_pid;		/* only this client's commits; 0: any */
	bool commit_seen;
	uint64_t commit_ns;
	int commit_pid;
	uint64_t commit_min_ns;		/* commit-after: only commits at or after this */
};

struct output_watch {
	struct wl_list link;		/* harness::output_list */
	struct harness *h;
	struct weston_output *output;
	struct wl_listener frame_listener;
	struct wl_listener destroy_listener;
};

struct surface_watch {
	struct wl_list link;		/* harness::surface_list */
	struct harness *h;
	struct weston_surface *surface;
	uint64_t last_commit_ns;	/* latest commit while mapped; 0: none */
	int last_commit_pid;
	uint64_t commit_count;		/* commits while mapped */
	uint64_t first_buffer_ns;	/* first commit with a buffer, mapped or not; 0: none */
	uint64_t first_presented_ns;	/* first repaint showing it after that; 0: none */
	uint64_t first_presented_frame;	/* that repaint's frame count */
	struct wl_listener commit_listener;
	struct wl_listener destroy_listener;
};

struct harness {
	struct weston_compositor *compositor;
	struct wl_event_loop *loop;
	struct weston_seat seat;
	bool seat_ready;
	struct weston_touch_device *touch_device;
	int touch_ids[MAX_TOUCH_POINTS];
	int touch_count;

	char *socket_path;
	int listen_fd;
	struct wl_event_source *listen_source;
	struct wl_list conn_list;
	struct wl_list pending_list;
	struct wl_list output_list;
	struct wl_list surface_list;
	uint64_t frame_count;

	struct wl_listener destroy_listener;
	struct wl_listener output_created_listener;
	struct wl_listener create_surface_listener;
	struct wl_protocol_logger *logger;	/* sees pongs (wait-idle) */
	uint32_t fractional_scale;	/* preferred scale offered, 120ths; 0: none */
	struct wl_event_source *pong_idle;	/* handles them after dispatch */
};
/* Replies built piece by piece (views, outputs) can outgrow one buffer. */
struct strbuf {
	char *data;
	size_t len, cap;
};

/* harness.c: helpers, views, signals */
uint64_t timespec_ns(const struct timespec *ts);
uint64_t now_ns(struct timespec *out);
bool parse_double(const char *s, double *out);
bool parse_int(const char *s, long min, long max, long *out);
struct weston_output *first_output(struct harness *h);
int client_pid(struct weston_surface *surface);
bool is_cursor(struct weston_surface *surface);
bool is_client_view(struct weston_view *view);
int count_client_views(struct harness *h);
bool has_window_view(struct harness *h, int pid);
void describe_views(struct harness *h, struct strbuf *b);
bool describe_cursor(struct harness *h, int pid, struct strbuf *b);
void complete_wait_cursors(struct harness *h);
void complete_wait_views(struct harness *h);

/* control.c: socket, connections, replies, deferred commands */
int open_control_socket(struct harness *h);
int listen_event(int fd, uint32_t mask, void *data);
void conn_process(struct conn *c);
void conn_destroy(struct conn *c);
bool conn_flush(struct conn *c);
void conn_append(struct conn *c, const char *text, size_t len);
void reply(struct conn *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_printf(struct strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void reply_strbuf(struct conn *c, struct strbuf *b);
struct pending *pending_start(struct conn *c, enum pending_kind kind,
			      long timeout_ms);
/* Deliver the reply of a deferred command and resume its connection. */
void pending_finish(struct pending *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void pending_destroy(struct pending *p);

/* commands.c */
void execute(struct conn *c, char *line);
/* The arguments of `NAME PID [TIMEOUT_MS]`: false (after replying with the
 * usage or the timeout's error) when they are wrong. */
bool parse_pid_timeout(struct conn *c, char **argv, int argc, long *pid,
		       long *timeout);

/* presented.c: a client's first buffer commit and first repaint showing it */
void cmd_first_frame(struct conn *c, char **argv, int argc);
void cmd_wait_presented(struct conn *c, char **argv, int argc);
/* Called at output's repaint (its frame signal), frame `h->frame_count`. */
void note_presented(struct harness *h, struct weston_output *output,
		    uint64_t ns);

/* idle.c: wait-idle through xdg_wm_base ping and pong */
void watch_pongs(struct harness *h);
void unwatch_pongs(struct harness *h);
/* Pings client PID for p; false when it has no desktop surface to ping. */
bool start_wait_idle(struct harness *h, struct pending *p, int pid);

/* fractional.c: wp_fractional_scale_manager_v1 when asked for; false on a
 * bad TOUCHSTONE_HARNESS_FRACTIONAL_SCALE */
bool offer_fractional_scale(struct harness *h);

/* selection.c: the seat's clipboard (selection-set, selection-get) */
void cmd_selection_set(struct conn *c, char **argv, int argc);
void cmd_selection_get(struct conn *c, char **argv, int argc);

/* screenshot.c */
void complete_screenshots(struct harness *h, struct weston_output *output);

#endif
