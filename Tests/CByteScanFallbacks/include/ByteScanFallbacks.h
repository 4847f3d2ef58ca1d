// Test-only: CByteScan's functions as compiled for this machine (SSE2 on x86-64), as compiled
// without SSE2 (eight bytes at a time in a 64-bit word, the arm64 path) and as compiled for a
// big-endian target (byte by byte), side by side in one binary, so the tests compare the paths
// other architectures take with the one this machine takes.
#ifndef RESTKIT_BYTE_SCAN_FALLBACKS_H
#define RESTKIT_BYTE_SCAN_FALLBACKS_H

#include <stddef.h>
#include <stdint.h>

#define RESTKIT_BYTE_SCAN_DECLARE(prefix) \
    size_t prefix##skip_json_whitespace(const uint8_t *base, size_t index, size_t end); \
    size_t prefix##json_string_stop(const uint8_t *base, size_t index, size_t end, uint32_t *nonASCII); \
    size_t prefix##skip_digits(const uint8_t *base, size_t index, size_t end); \
    size_t prefix##skip_ascii(const uint8_t *base, size_t index, size_t end); \
    size_t prefix##utf8_first_invalid(const uint8_t *bytes, size_t count, int *cutByEnd); \
    size_t prefix##utf8_continuation_count(const uint8_t *base, size_t index, size_t end); \
    uint64_t prefix##digits_value(const uint8_t *digits, size_t count);

RESTKIT_BYTE_SCAN_DECLARE(restkit_native_)
RESTKIT_BYTE_SCAN_DECLARE(restkit_words_)
RESTKIT_BYTE_SCAN_DECLARE(restkit_bytes_)

#endif
