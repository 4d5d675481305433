// The one place that calls libpng's low-level write API: it needs setjmp, which Swift cannot call.
#include "png_writer.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct ts_png_state {
    int fd;
    char *message;
    size_t message_size;
};

static void ts_png_error(png_structp png, png_const_charp text) {
    struct ts_png_state *state = png_get_error_ptr(png);
    if (state->message[0] == '\0') snprintf(state->message, state->message_size, "%s", text);
    png_longjmp(png, 1);
}

static void ts_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void ts_png_write(png_structp png, png_bytep data, size_t length) {
    struct ts_png_state *state = png_get_io_ptr(png);
    while (length > 0) {
        ssize_t written = write(state->fd, data, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            snprintf(state->message, state->message_size, "%s", strerror(errno));
            png_error(png, "write failed");
        }
        data += written;
        length -= (size_t)written;
    }
}

static void ts_png_flush(png_structp png) { (void)png; }

int ts_png_write_rgba(int fd, uint32_t width, uint32_t height, int filters, int level, int strategy,
                      ts_png_row_fn rows, void *context, char *message, size_t message_size) {
    struct ts_png_state state = {fd, message, message_size};
    message[0] = '\0';
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, ts_png_error, ts_png_warning);
    if (png == NULL) {
        snprintf(message, message_size, "out of memory");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    // volatile: read after a longjmp back here.
    uint8_t *volatile row = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        if (message[0] == '\0') snprintf(message, message_size, "out of memory");
        free(row);
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    row = malloc((size_t)width * 4);
    if (row == NULL) png_error(png, "out of memory");
    png_set_write_fn(png, &state, ts_png_write, ts_png_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        rows(context, y, row);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    free(row);
    png_destroy_write_struct(&png, &info);
    return 0;
}
