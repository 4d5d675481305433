#include <sys/timerfd.h>
#include <sys/signalfd.h>
