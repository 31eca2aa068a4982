#ifndef SNAPSCROLL_SHIM_H
#define SNAPSCROLL_SHIM_H
#include <gtk/gtk.h>
#endif
