#ifndef RESTKIT_CFUZZER_H
#define RESTKIT_CFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (libclang_rt.fuzzer, linked by `-sanitize=fuzzer`): parses libFuzzer's
/// flags from argv and fuzzes `callback`. SwiftPM gives every executable its own `main`, so
/// the fuzz executables call this from theirs instead of using libFuzzer's `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
