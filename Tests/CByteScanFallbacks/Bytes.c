// CByteScan as a target that is neither x86-64 nor little-endian compiles it: byte loops only.
#undef __SSE2__
#undef __BYTE_ORDER__
#include "ByteScan.h"
#include "ByteScanFallbacks.h"

// Where the compiler imports ByteScan.h as a module (clang modules), the #undefs above would not
// reach it and the test would compare the native path with itself.
#if defined(__SSE2__) || defined(RESTKIT_BYTE_SCAN_WORDS)
#error "ByteScan.h was not compiled as a big-endian target compiles it"
#endif
#include "Wrappers.h"

RESTKIT_BYTE_SCAN_DEFINE(restkit_bytes_)
