#include <hb-ft.h>
