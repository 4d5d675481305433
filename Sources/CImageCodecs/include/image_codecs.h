#ifndef TOUCHSTONE_IMAGE_CODECS_H
#define TOUCHSTONE_IMAGE_CODECS_H

#include <stddef.h>
#include <stdint.h>

/// How the bytes of each delivered row are laid out.
enum ts_row_layout {
    /// 8-bit red, green, blue, alpha; straight (not premultiplied) alpha.
    TS_ROWS_RGBA = 0,
    /// 8-bit cyan, magenta, yellow, black as stored (0 is no ink).
    TS_ROWS_CMYK = 1,
    /// 8-bit CMYK inverted as Adobe writes it (255 is no ink).
    TS_ROWS_CMYK_INVERTED = 2,
};

/// What a decode asks of its caller. libpng and libjpeg report errors by longjmp, so every
/// setjmp (reading and writing) lives in this C target: no callback below is on the stack
/// when either jumps.
typedef struct ts_image_reader {
    void *context;
    /// Told the stored size; returns the JPEG DCT scale denominator to decode at (1, 2, 4
    /// or 8; a PNG ignores it), or 0 to stop without reading pixels.
    int (*header)(void *context, uint32_t width, uint32_t height);
    /// Told the decoded size and the row layout before the first row; returns 0 to stop.
    int (*begin)(void *context, uint32_t width, uint32_t height, int layout);
    /// Given row `y` (width * 4 bytes), top to bottom, each row once.
    void (*row)(void *context, uint32_t y, const uint8_t *row);
} ts_image_reader;

/// Whether a decode finished, stopped at the caller's request, or failed.
enum ts_decode_result {
    TS_DECODE_OK = 0,
    TS_DECODE_STOPPED = 1,
    TS_DECODE_FAILED = 2,
};

/// Decodes the PNG in `data` (palette, gray, 16-bit and tRNS expanded to 8-bit RGBA),
/// checking every chunk up to IEND. A failure leaves libpng's reason in `message`.
int ts_png_decode(const uint8_t *data, size_t size, const ts_image_reader *reader, char *message, size_t message_size);

/// Decodes the JPEG in `data`: RGB and gray as RGBA, CMYK and YCCK as CMYK rows. A file
/// that ends before its last scan (libjpeg only warns) fails too.
int ts_jpeg_decode(const uint8_t *data, size_t size, const ts_image_reader *reader, char *message, size_t message_size);

/// Fills `row` (width * 4 bytes of 8-bit straight RGBA) with image row `y`.
typedef void (*ts_png_row_fn)(void *context, uint32_t y, uint8_t *row);

/// Writes an 8-bit RGBA PNG to the open descriptor `fd`, asking `rows` for one row at a
/// time. `filters` is a mask of PNG_FILTER_* values; `level` a zlib compression level,
/// `strategy` a zlib strategy (Z_DEFAULT_STRATEGY 0, Z_FILTERED 1, Z_HUFFMAN_ONLY 2, Z_RLE 3).
/// Returns 0 on success, else -1 with libpng's message or strerror in `message`. Never
/// closes or removes anything.
int ts_png_write_rgba(int fd, uint32_t width, uint32_t height, int filters, int level, int strategy,
                      ts_png_row_fn rows, void *context, char *message, size_t message_size);

/// Fills `row` (width * components bytes) with row `y` of an image being encoded.
typedef void (*ts_encode_row_fn)(void *context, uint32_t y, uint8_t *row);

/// Encodes a baseline JPEG into memory (tests and benchmarks make their photos with it).
/// `components` is 1 (gray), 3 (RGB) or 4 (CMYK, written with Adobe's marker as given).
/// On success `*output` is malloc'd (free it with `ts_free`); returns 0, else -1.
int ts_jpeg_encode(uint32_t width, uint32_t height, int components, int quality, ts_encode_row_fn rows, void *context,
                   uint8_t **output, size_t *output_size, char *message, size_t message_size);

/// Frees memory this target allocated for its caller.
void ts_free(void *pointer);

#endif
