// Declarations only (include/CFuzzer.h); the definitions come from libFuzzer.
#include "CFuzzer.h"
