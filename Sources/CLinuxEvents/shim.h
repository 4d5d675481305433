#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/mman.h>
#include <linux/memfd.h>
/* glibc declares memfd_create only under _GNU_SOURCE, which Swift's Glibc module does not set. */
int memfd_create(const char *name, unsigned int flags);
/* fallocate (FALLOC_FL_PUNCH_HOLE for scrolling pools) is declared only under _GNU_SOURCE too. */
int fallocate(int fd, int mode, off_t offset, off_t len);
/* mallopt: `check` keeps freed canvases in the process for the next case (behaviour.md §19). */
#include <malloc.h>
