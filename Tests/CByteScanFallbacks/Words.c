// CByteScan as a little-endian target without SSE2 (arm64) compiles it.
#undef __SSE2__
#include "ByteScan.h"
#include "ByteScanFallbacks.h"

// Where the compiler imports ByteScan.h as a module (clang modules), the #undef above would not
// reach it and the test would compare the native path with itself.
#if defined(__SSE2__) || !defined(RESTKIT_BYTE_SCAN_WORDS)
#error "ByteScan.h was not compiled as a target without SSE2 compiles it"
#endif
#include "Wrappers.h"

RESTKIT_BYTE_SCAN_DEFINE(restkit_words_)
