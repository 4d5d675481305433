/* Reading the output back after a repaint; PNG and PAM files. */

#include "harness.h"

/* ------------------------------------------------------------------------ */
/* Screenshots                                                              */

static bool
write_png(const char *path, uint8_t *rgba, int width, int height,
	  char *err, size_t errlen)
{
	FILE *fp;
	png_structp png;
	png_infop info;
	png_bytep *rows;

	fp = fopen(path, "wb");
	if (!fp) {
		snprintf(err, errlen, "cannot open %s: %s", path,
			 strerror(errno));
		return false;
	}
	rows = calloc((size_t)height, sizeof *rows);
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png ? png_create_info_struct(png) : NULL;
	if (!rows || !png || !info) {
		snprintf(err, errlen, "out of memory");
		png_destroy_write_struct(&png, &info);
		free(rows);
		fclose(fp);
		return false;
	}
	if (setjmp(png_jmpbuf(png))) {
		snprintf(err, errlen, "libpng failed writing %s", path);
		png_destroy_write_struct(&png, &info);
		free(rows);
		fclose(fp);
		return false;
	}
	png_init_io(png, fp);
	png_set_compression_level(png, 1);
	png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
		     PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (int y = 0; y < height; y++)
		rows[y] = rgba + (size_t)y * (size_t)width * 4;
	png_write_image(png, rows);
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	free(rows);
	if (fclose(fp) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path,
			 strerror(errno));
		return false;
	}
	return true;
}

/* Netpbm PAM: a plain header and raw RGBA rows, trivial to decode. */
static bool
write_pam(const char *path, uint8_t *rgba, int width, int height,
	  char *err, size_t errlen)
{
	FILE *fp = fopen(path, "wb");
	size_t size = (size_t)width * (size_t)height * 4;

	if (!fp) {
		snprintf(err, errlen, "cannot open %s: %s", path,
			 strerror(errno));
		return false;
	}
	fprintf(fp, "P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\n"
		"TUPLTYPE RGB_ALPHA\nENDHDR\n", width, height);
	if (fwrite(rgba, 1, size, fp) != size || fclose(fp) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path,
			 strerror(errno));
		return false;
	}
	return true;
}

static bool
has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Write every target of one request from the same pixels. */
static bool
write_images(const char *paths, uint8_t *rgba, int width, int height,
	     char *err, size_t errlen)
{
	char *copy = strdup(paths), *save = NULL, *path;
	bool ok = true;

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	for (path = strtok_r(copy, " ", &save); path && ok;
	     path = strtok_r(NULL, " ", &save)) {
		if (has_suffix(path, ".pam"))
			ok = write_pam(path, rgba, width, height, err, errlen);
		else
			ok = write_png(path, rgba, width, height, err, errlen);
	}
	free(copy);
	return ok;
}

/* Called from the output's frame signal, right after weston repainted it. */
void
complete_screenshots(struct harness *h, struct weston_output *output)
{
	struct weston_compositor *ec = h->compositor;
	struct pending *p, *tmp;
	uint8_t *pixels = NULL;
	int width, height;
	bool any = false;
	char err[512] = "";

	wl_list_for_each(p, &h->pending_list, link)
		if (p->kind == PENDING_SCREENSHOT)
			any = true;
	if (!any || output != first_output(h))
		return;

	width = output->current_mode->width;
	height = output->current_mode->height;
	pixels = malloc((size_t)width * (size_t)height * 4);
	if (!pixels) {
		snprintf(err, sizeof err, "out of memory");
	} else if (!ec->renderer || !ec->renderer->read_pixels) {
		snprintf(err, sizeof err, "renderer cannot read pixels");
	} else if (ec->renderer->read_pixels(output, PIXMAN_a8b8g8r8, pixels,
					     0, 0, (uint32_t)width,
					     (uint32_t)height) < 0) {
		snprintf(err, sizeof err, "read_pixels failed");
	} else {
		size_t stride = (size_t)width * 4;

		if (ec->capabilities & WESTON_CAP_CAPTURE_YFLIP) {
			uint8_t *row = malloc(stride);

			for (int y = 0; row && y < height / 2; y++) {
				uint8_t *a = pixels + (size_t)y * stride;
				uint8_t *b = pixels +
					     (size_t)(height - 1 - y) * stride;
				memcpy(row, a, stride);
				memcpy(a, b, stride);
				memcpy(b, row, stride);
			}
			free(row);
		}
		/* The screen is opaque; the output buffer may be x8r8g8b8. */
		for (size_t i = 3; i < stride * (size_t)height; i += 4)
			pixels[i] = 0xff;
	}

	wl_list_for_each_safe(p, tmp, &h->pending_list, link) {
		char perr[sizeof err + 64];

		if (p->kind != PENDING_SCREENSHOT)
			continue;
		if (err[0]) {
			pending_finish(p, "error %s", err);
		} else if (!write_images(p->path, pixels, width, height, perr,
					 sizeof perr)) {
			pending_finish(p, "error %s", perr);
		} else {
			char *path = strdup(p->path);

			pending_finish(p, "ok %s", path ? path : "");
			free(path);
		}
	}
	free(pixels);
}
