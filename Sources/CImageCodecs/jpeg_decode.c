// libjpeg-turbo's decompressor behind a setjmp, which Swift cannot call. libjpeg only warns
// when the data ends early (it pads with gray): that warning is an error here.
#include "image_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct ts_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int truncated;
    char *message;
    size_t message_size;
};

static void ts_jpeg_error_exit(j_common_ptr cinfo) {
    struct ts_jpeg_error *error = (struct ts_jpeg_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    // Data that ends early shows as a missing marker after libjpeg's end-of-file warning.
    if (error->truncated) snprintf(text, sizeof text, "the file ends early (truncated)");
    if (error->message[0] == '\0') snprintf(error->message, error->message_size, "%s", text);
    longjmp(error->jump, 1);
}

static void ts_jpeg_emit_message(j_common_ptr cinfo, int level) {
    struct ts_jpeg_error *error = (struct ts_jpeg_error *)cinfo->err;
    if (level < 0) {
        cinfo->err->num_warnings++;
        if (cinfo->err->msg_code == JWRN_JPEG_EOF) error->truncated = 1;
    }
}

int ts_jpeg_decode(const uint8_t *data, size_t size, const ts_image_reader *reader, char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    struct ts_jpeg_error error;
    message[0] = '\0';
    cinfo.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = ts_jpeg_error_exit;
    error.manager.emit_message = ts_jpeg_emit_message;
    error.truncated = 0;
    error.message = message;
    error.message_size = message_size;
    // volatile: read after a longjmp back here.
    uint8_t *volatile row = NULL;
    if (setjmp(error.jump)) {
        free(row);
        jpeg_destroy_decompress(&cinfo);
        return TS_DECODE_FAILED;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    if (error.truncated) {
        snprintf(message, message_size, "the file ends early (truncated)");
        jpeg_destroy_decompress(&cinfo);
        return TS_DECODE_FAILED;
    }
    int denominator = reader->header(reader->context, cinfo.image_width, cinfo.image_height);
    if (denominator == 0) {
        jpeg_destroy_decompress(&cinfo);
        return TS_DECODE_STOPPED;
    }
    int layout = TS_ROWS_RGBA;
    if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
        cinfo.out_color_space = JCS_CMYK;
        layout = cinfo.saw_Adobe_marker ? TS_ROWS_CMYK_INVERTED : TS_ROWS_CMYK;
    } else {
        cinfo.out_color_space = JCS_EXT_RGBA;
    }
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)denominator;
    // The exact integer transform: the same pixels on every machine.
    cinfo.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_components != 4) {
        snprintf(message, message_size, "unsupported JPEG color space");
        jpeg_destroy_decompress(&cinfo);
        return TS_DECODE_FAILED;
    }
    uint32_t width = cinfo.output_width, height = cinfo.output_height;
    if (reader->begin(reader->context, width, height, layout) == 0) {
        jpeg_destroy_decompress(&cinfo);
        return TS_DECODE_STOPPED;
    }
    row = malloc((size_t)width * 4);
    if (row == NULL) ERREXIT(&cinfo, JERR_OUT_OF_MEMORY);
    while (cinfo.output_scanline < height) {
        JSAMPROW rows[1] = {row};
        uint32_t y = cinfo.output_scanline;
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) ERREXIT(&cinfo, JERR_INPUT_EOF);
        reader->row(reader->context, y, row);
    }
    jpeg_finish_decompress(&cinfo);
    free(row);
    row = NULL;
    jpeg_destroy_decompress(&cinfo);
    if (error.truncated) {
        snprintf(message, message_size, "the file ends before its last scan (truncated)");
        return TS_DECODE_FAILED;
    }
    return TS_DECODE_OK;
}
