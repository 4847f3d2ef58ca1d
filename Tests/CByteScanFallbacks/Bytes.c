// CByteScan as a target that is neither x86-64 nor little-endian compiles it: byte loops only.
#undef __SSE2__
#undef __BYTE_ORDER__
#include "ByteScan.h"
#include "ByteScanFallbacks.h"
#include "Wrappers.h"

RESTKIT_BYTE_SCAN_DEFINE(restkit_bytes_)
