// libpng's low-level read and write APIs behind a setjmp each, which Swift cannot call.
// Both directions share one error set-up: the first message is kept and libpng jumps back
// to the caller's setjmp. Rows are handed on one at a time, so a huge PNG never needs a
// full-size buffer (unless interlaced).
#include "image_codecs.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// Interlaced PNGs arrive in seven passes and need the whole image in memory: at most this many pixels.
#define TS_INTERLACED_PIXEL_LIMIT (16u * 1024u * 1024u)

/// Where a read's or a write's failure is described (libpng's error pointer).
struct ts_png_errors {
    char *message;
    size_t message_size;
};

static void ts_png_error(png_structp png, png_const_charp text) {
    struct ts_png_errors *errors = png_get_error_ptr(png);
    if (errors->message[0] == '\0') snprintf(errors->message, errors->message_size, "%s", text);
    png_longjmp(png, 1);
}

static void ts_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

/// A read or write struct whose errors go to `errors`; NULL, with the reason, when libpng cannot make one.
static png_structp ts_png_create(int writing, struct ts_png_errors *errors) {
    errors->message[0] = '\0';
    png_structp png = writing ? png_create_write_struct(PNG_LIBPNG_VER_STRING, errors, ts_png_error, ts_png_warning)
                              : png_create_read_struct(PNG_LIBPNG_VER_STRING, errors, ts_png_error, ts_png_warning);
    if (png == NULL) snprintf(errors->message, errors->message_size, "out of memory");
    return png;
}

/// After a jump back: a failure without a message of its own was an allocation's.
static void ts_png_failed(struct ts_png_errors *errors) {
    if (errors->message[0] == '\0') snprintf(errors->message, errors->message_size, "out of memory");
}

struct ts_png_input {
    const uint8_t *data;
    size_t size;
    size_t offset;
};

static void ts_png_read_bytes(png_structp png, png_bytep out, size_t length) {
    struct ts_png_input *input = png_get_io_ptr(png);
    if (input->size - input->offset < length) png_error(png, "the file ends early (truncated)");
    memcpy(out, input->data + input->offset, length);
    input->offset += length;
}

int ts_png_decode(const uint8_t *data, size_t size, const ts_image_reader *reader, char *message, size_t message_size) {
    struct ts_png_input input = {data, size, 0};
    struct ts_png_errors errors = {message, message_size};
    png_structp png = ts_png_create(0, &errors);
    if (png == NULL) return TS_DECODE_FAILED;
    png_infop info = png_create_info_struct(png);
    // volatile: read after a longjmp back here.
    uint8_t *volatile buffer = NULL;
    volatile int result = TS_DECODE_FAILED;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        ts_png_failed(&errors);
        free(buffer);
        png_destroy_read_struct(&png, &info, NULL);
        return TS_DECODE_FAILED;
    }
    png_set_read_fn(png, &input, ts_png_read_bytes);
    // No limit of libpng's own below ours (the caller refuses sizes it will not decode).
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (reader->header(reader->context, width, height) == 0) {
        png_destroy_read_struct(&png, &info, NULL);
        return TS_DECODE_STOPPED;
    }
    int color = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row layout after expansion");
    if (reader->begin(reader->context, width, height, TS_ROWS_RGBA) == 0) {
        png_destroy_read_struct(&png, &info, NULL);
        return TS_DECODE_STOPPED;
    }
    if (passes > 1) {
        if ((uint64_t)width * height > TS_INTERLACED_PIXEL_LIMIT) png_error(png, "interlaced PNG too large to decode");
        buffer = calloc((size_t)width * height, 4);
        if (buffer == NULL) png_error(png, "out of memory");
        for (int pass = 0; pass < passes; pass++) {
            for (uint32_t y = 0; y < height; y++) png_read_row(png, buffer + (size_t)y * width * 4, NULL);
        }
        for (uint32_t y = 0; y < height; y++) reader->row(reader->context, y, buffer + (size_t)y * width * 4);
    } else {
        buffer = malloc((size_t)width * 4);
        if (buffer == NULL) png_error(png, "out of memory");
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, buffer, NULL);
            reader->row(reader->context, y, buffer);
        }
    }
    // Reads every chunk after the pixels: a PNG without IEND fails here.
    png_read_end(png, NULL);
    result = TS_DECODE_OK;
    free(buffer);
    png_destroy_read_struct(&png, &info, NULL);
    return result;
}

struct ts_png_output {
    int fd;
    struct ts_png_errors *errors;
};

static void ts_png_write_bytes(png_structp png, png_bytep data, size_t length) {
    struct ts_png_output *output = png_get_io_ptr(png);
    while (length > 0) {
        ssize_t written = write(output->fd, data, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            snprintf(output->errors->message, output->errors->message_size, "%s", strerror(errno));
            png_error(png, "write failed");
        }
        data += written;
        length -= (size_t)written;
    }
}

static void ts_png_flush(png_structp png) { (void)png; }

int ts_png_write_rgba(int fd, uint32_t width, uint32_t height, int filters, int level, int strategy,
                      ts_png_row_fn rows, void *context, char *message, size_t message_size) {
    struct ts_png_errors errors = {message, message_size};
    struct ts_png_output output = {fd, &errors};
    png_structp png = ts_png_create(1, &errors);
    if (png == NULL) return -1;
    png_infop info = png_create_info_struct(png);
    // volatile: read after a longjmp back here.
    uint8_t *volatile row = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        ts_png_failed(&errors);
        free(row);
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    row = malloc((size_t)width * 4);
    if (row == NULL) png_error(png, "out of memory");
    png_set_write_fn(png, &output, ts_png_write_bytes, ts_png_flush);
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

void ts_free(void *pointer) { free(pointer); }
