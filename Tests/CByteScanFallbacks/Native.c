// CByteScan as every RestKit build on this machine compiles it.
#include "ByteScan.h"
#include "ByteScanFallbacks.h"
#include "Wrappers.h"

RESTKIT_BYTE_SCAN_DEFINE(restkit_native_)
