// libjpeg-turbo's compressor into memory behind a setjmp: tests and benchmarks make photos with it.
#include "image_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>

struct ts_jpeg_encode_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t message_size;
};

static void ts_jpeg_encode_error_exit(j_common_ptr cinfo) {
    struct ts_jpeg_encode_error *error = (struct ts_jpeg_encode_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    snprintf(error->message, error->message_size, "%s", text);
    longjmp(error->jump, 1);
}

int ts_jpeg_encode(uint32_t width, uint32_t height, int components, int quality, ts_encode_row_fn rows, void *context,
                   uint8_t **output, size_t *output_size, char *message, size_t message_size) {
    struct jpeg_compress_struct cinfo;
    struct ts_jpeg_encode_error error;
    message[0] = '\0';
    cinfo.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = ts_jpeg_encode_error_exit;
    error.message = message;
    error.message_size = message_size;
    // volatile: read after a longjmp back here.
    uint8_t *volatile row = NULL;
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    if (setjmp(error.jump)) {
        free(row);
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &buffer_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 4 ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    row = malloc((size_t)width * (size_t)components);
    if (row == NULL) ERREXIT(&cinfo, JERR_OUT_OF_MEMORY);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < height) {
        rows(context, cinfo.next_scanline, row);
        JSAMPROW pointers[1] = {row};
        jpeg_write_scanlines(&cinfo, pointers, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    *output = buffer;
    *output_size = buffer_size;
    return 0;
}
