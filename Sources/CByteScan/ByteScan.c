// Everything in ByteScan.h but `restkit_utf8_checked_prefix` (UTF8Blocks.c) is `static inline`
// there; SwiftPM needs a source file to build the target.
#include "ByteScan.h"
