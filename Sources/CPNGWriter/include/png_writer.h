#ifndef TOUCHSTONE_PNG_WRITER_H
#define TOUCHSTONE_PNG_WRITER_H

#include <stddef.h>
#include <stdint.h>

/// Fills `row` (width * 4 bytes of 8-bit straight RGBA) with image row `y`.
typedef void (*ts_png_row_fn)(void *context, uint32_t y, uint8_t *row);

/// Writes an 8-bit RGBA PNG to the open descriptor `fd`, asking `rows` for one row at a
/// time (libpng's low-level API reports errors by longjmp, so the setjmp lives here,
/// and no Swift frame is on the stack when libpng can jump). `filters` is a mask of
/// PNG_FILTER_* values; `level` a zlib compression level, `strategy` a zlib strategy
/// (Z_DEFAULT_STRATEGY 0, Z_FILTERED 1, Z_HUFFMAN_ONLY 2, Z_RLE 3). Returns 0 on success, else -1
/// with libpng's message or strerror in `message`. Never closes or removes anything.
int ts_png_write_rgba(int fd, uint32_t width, uint32_t height, int filters, int level, int strategy,
                      ts_png_row_fn rows, void *context, char *message, size_t message_size);

#endif
