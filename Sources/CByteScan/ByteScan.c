// Everything in CByteScan is `static inline` in include/ByteScan.h; SwiftPM needs a source file
// to build the target.
#include "ByteScan.h"
