// CByteScan as a little-endian target without SSE2 (arm64) compiles it.
#undef __SSE2__
#include "ByteScan.h"
#include "ByteScanFallbacks.h"
#include "Wrappers.h"

RESTKIT_BYTE_SCAN_DEFINE(restkit_words_)
