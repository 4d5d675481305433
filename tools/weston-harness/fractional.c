/*
 * wp_fractional_scale_manager_v1, which weston 10 lacks: with
 * TOUCHSTONE_HARNESS_FRACTIONAL_SCALE=N (120ths, e.g. 180 for 1.5) the
 * module offers it and tells every surface that asks that N/120 is its
 * preferred scale, so a client's fractional path (a larger buffer shown
 * through wp_viewport at the logical size) runs under headless weston.
 */
#include "harness.h"

#include "fractional-scale-v1-server-protocol.h"

static void
destroy_request(struct wl_client *client, struct wl_resource *resource)
{
	wl_resource_destroy(resource);
}

static const struct wp_fractional_scale_v1_interface scale_implementation = {
	.destroy = destroy_request,
};

static void
get_fractional_scale(struct wl_client *client, struct wl_resource *manager,
		     uint32_t id, struct wl_resource *surface)
{
	struct harness *h = wl_resource_get_user_data(manager);
	struct wl_resource *resource =
		wl_resource_create(client, &wp_fractional_scale_v1_interface,
				   wl_resource_get_version(manager), id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &scale_implementation, h, NULL);
	wp_fractional_scale_v1_send_preferred_scale(resource, h->fractional_scale);
}

static const struct wp_fractional_scale_manager_v1_interface manager_implementation = {
	.destroy = destroy_request,
	.get_fractional_scale = get_fractional_scale,
};

static void
bind_manager(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct wl_resource *resource =
		wl_resource_create(client, &wp_fractional_scale_manager_v1_interface,
				   version, id);

	if (!resource) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(resource, &manager_implementation, data, NULL);
}

bool
offer_fractional_scale(struct harness *h)
{
	const char *value = getenv("TOUCHSTONE_HARNESS_FRACTIONAL_SCALE");
	long scale;

	if (!value || !*value)
		return true;
	if (!parse_int(value, 1, 120 * 16, &scale)) {
		weston_log("touchstone-harness: TOUCHSTONE_HARNESS_FRACTIONAL_SCALE "
			   "must be a scale in 120ths, e.g. 180\n");
		return false;
	}
	h->fractional_scale = (uint32_t)scale;
	return wl_global_create(h->compositor->wl_display,
				&wp_fractional_scale_manager_v1_interface, 1,
				h, bind_manager) != NULL;
}
