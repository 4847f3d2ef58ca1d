// Defines the functions of ByteScanFallbacks.h under `prefix` over the ByteScan.h included
// before it (each .c file of this target includes it differently).
#define RESTKIT_BYTE_SCAN_DEFINE(prefix) \
    size_t prefix##skip_json_whitespace(const uint8_t *base, size_t index, size_t end) { \
        return restkit_skip_json_whitespace(base, index, end); \
    } \
    size_t prefix##json_string_stop(const uint8_t *base, size_t index, size_t end, uint32_t *nonASCII) { \
        return restkit_json_string_stop(base, index, end, nonASCII); \
    } \
    size_t prefix##skip_digits(const uint8_t *base, size_t index, size_t end) { \
        return restkit_skip_digits(base, index, end); \
    } \
    size_t prefix##skip_ascii(const uint8_t *base, size_t index, size_t end) { \
        return restkit_skip_ascii(base, index, end); \
    } \
    size_t prefix##utf8_first_invalid(const uint8_t *bytes, size_t count, int *cutByEnd) { \
        return restkit_utf8_first_invalid(bytes, count, cutByEnd); \
    } \
    size_t prefix##utf8_continuation_count(const uint8_t *base, size_t index, size_t end) { \
        return restkit_utf8_continuation_count(base, index, end); \
    } \
    uint64_t prefix##digits_value(const uint8_t *digits, size_t count) { \
        return restkit_digits_value(digits, count); \
    }
