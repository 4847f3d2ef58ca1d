// Byte scanning many bytes at a time for RestKitCore's JSON cursor and its UTF-8 validation:
// the runs the cursor skips (whitespace between tokens, the plain bytes of a string, digits,
// ASCII) found sixteen bytes at a time with SSE2, which every x86-64 processor has; eight at a
// time in a 64-bit word on other little-endian targets (arm64); byte by byte elsewhere and in
// the last bytes of the input. The functions are `static inline`, so the Swift compiler imports
// and inlines them into the cursor (Swift's generic SIMD types do not become vector
// instructions there; these do). Callers pass `index <= end`; each function then reads only
// bytes in [index, end).
#ifndef RESTKIT_BYTE_SCAN_H
#define RESTKIT_BYTE_SCAN_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define RESTKIT_BYTE_SCAN_WORDS 1

// Eight bytes in a word, the first in the lowest byte. Each mask below has the high bit of
// exactly the bytes that match (no borrows between bytes), so the first match is the lowest
// set bit.
static const uint64_t restkit_high_bits = 0x8080808080808080ULL;
static const uint64_t restkit_low_seven = 0x7F7F7F7F7F7F7F7FULL;

static inline uint64_t restkit_load_word(const uint8_t *bytes) {
    uint64_t word;
    __builtin_memcpy(&word, bytes, sizeof word);
    return word;
}

/// The bytes of `word` equal to `byte`.
static inline uint64_t restkit_equal_bytes(uint64_t word, uint8_t byte) {
    uint64_t difference = word ^ (0x0101010101010101ULL * byte);
    return ~(((difference & restkit_low_seven) + restkit_low_seven) | difference) & restkit_high_bits;
}

/// The bytes of `word` below `limit` (at most 0x80).
static inline uint64_t restkit_bytes_below(uint64_t word, uint8_t limit) {
    return ~(((word & restkit_low_seven) + 0x0101010101010101ULL * (uint8_t)(0x80 - limit)) | word) & restkit_high_bits;
}

/// The index of the first byte `mask` marks, counted from `index`.
static inline size_t restkit_first_marked(size_t index, uint64_t mask) {
    return index + (size_t)(__builtin_ctzll(mask) >> 3);
}
#endif

/// The index of the first byte in [index, end) that is not JSON whitespace (space, tab, line
/// feed, carriage return), or `end`.
static inline size_t restkit_skip_json_whitespace(const uint8_t *base, size_t index, size_t end) {
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(' ');
    const __m128i lineFeed = _mm_set1_epi8('\n');
    const __m128i carriageReturn = _mm_set1_epi8('\r');
    const __m128i tab = _mm_set1_epi8('\t');
    while (end - index >= 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(base + index));
        __m128i whitespace = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(bytes, space), _mm_cmpeq_epi8(bytes, lineFeed)),
            _mm_or_si128(_mm_cmpeq_epi8(bytes, carriageReturn), _mm_cmpeq_epi8(bytes, tab)));
        unsigned other = ~(unsigned)_mm_movemask_epi8(whitespace) & 0xFFFFu;
        if (other != 0) return index + (size_t)__builtin_ctz(other);
        index += 16;
    }
#elif defined(RESTKIT_BYTE_SCAN_WORDS)
    while (end - index >= 8) {
        uint64_t word = restkit_load_word(base + index);
        uint64_t whitespace = restkit_equal_bytes(word, ' ') | restkit_equal_bytes(word, '\n')
            | restkit_equal_bytes(word, '\r') | restkit_equal_bytes(word, '\t');
        uint64_t other = ~whitespace & restkit_high_bits;
        if (other != 0) return restkit_first_marked(index, other);
        index += 8;
    }
#endif
    while (index < end) {
        uint8_t byte = base[index];
        if (byte != ' ' && byte != '\n' && byte != '\r' && byte != '\t') break;
        index += 1;
    }
    return index;
}

/// The index of the first quote, backslash or byte below 0x20 in [index, end) (where a JSON
/// string's plain run stops), or `end`. Sets `*nonASCII` to non-zero when a byte above 0x7F
/// comes before it (and leaves it alone otherwise).
static inline size_t restkit_json_string_stop(const uint8_t *base, size_t index, size_t end, uint32_t *nonASCII) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i control = _mm_set1_epi8(0x1F);
    uint32_t high = 0;
    while (end - index >= 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(base + index));
        // bytes <= 0x1F, unsigned: max(bytes, 0x1F) == 0x1F.
        __m128i stops = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)),
            _mm_cmpeq_epi8(_mm_max_epu8(bytes, control), control));
        unsigned stopMask = (unsigned)_mm_movemask_epi8(stops);
        unsigned highMask = (unsigned)_mm_movemask_epi8(bytes);
        if (stopMask != 0) {
            unsigned stop = (unsigned)__builtin_ctz(stopMask);
            high |= highMask & ((1u << stop) - 1u);
            if (high != 0) *nonASCII = 1;
            return index + stop;
        }
        high |= highMask;
        index += 16;
    }
    if (high != 0) *nonASCII = 1;
#elif defined(RESTKIT_BYTE_SCAN_WORDS)
    uint64_t high = 0;
    while (end - index >= 8) {
        uint64_t word = restkit_load_word(base + index);
        uint64_t stops = restkit_equal_bytes(word, '"') | restkit_equal_bytes(word, '\\')
            | restkit_bytes_below(word, 0x20);
        if (stops != 0) {
            // The high bits of the bytes before the first stop.
            high |= word & restkit_high_bits & ((stops & (0 - stops)) - 1);
            if (high != 0) *nonASCII = 1;
            return restkit_first_marked(index, stops);
        }
        high |= word & restkit_high_bits;
        index += 8;
    }
    if (high != 0) *nonASCII = 1;
#endif
    while (index < end) {
        uint8_t byte = base[index];
        if (byte == '"' || byte == '\\' || byte < 0x20) break;
        if (byte >= 0x80) *nonASCII = 1;
        index += 1;
    }
    return index;
}

/// The index of the first byte above 0x7F in [index, end), or `end`.
static inline size_t restkit_skip_ascii(const uint8_t *base, size_t index, size_t end) {
#if defined(__SSE2__)
    while (end - index >= 16) {
        unsigned high = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(base + index)));
        if (high != 0) return index + (size_t)__builtin_ctz(high);
        index += 16;
    }
#elif defined(RESTKIT_BYTE_SCAN_WORDS)
    while (end - index >= 8) {
        uint64_t high = restkit_load_word(base + index) & restkit_high_bits;
        if (high != 0) return restkit_first_marked(index, high);
        index += 8;
    }
#endif
    while (index < end && base[index] < 0x80) index += 1;
    return index;
}

/// The index of the first byte in [index, end) that is not an ASCII digit, or `end`.
static inline size_t restkit_skip_digits(const uint8_t *base, size_t index, size_t end) {
#if defined(__SSE2__)
    // Signed comparisons: bytes above 0x7F are negative, below '0'.
    const __m128i belowZero = _mm_set1_epi8('0' - 1);
    const __m128i aboveNine = _mm_set1_epi8('9' + 1);
    while (end - index >= 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(base + index));
        __m128i digits = _mm_and_si128(_mm_cmpgt_epi8(bytes, belowZero), _mm_cmplt_epi8(bytes, aboveNine));
        unsigned other = ~(unsigned)_mm_movemask_epi8(digits) & 0xFFFFu;
        if (other != 0) return index + (size_t)__builtin_ctz(other);
        index += 16;
    }
#elif defined(RESTKIT_BYTE_SCAN_WORDS)
    while (end - index >= 8) {
        // A digit is a byte whose XOR with '0' is below 10.
        uint64_t other = ~restkit_bytes_below(restkit_load_word(base + index) ^ 0x3030303030303030ULL, 10) & restkit_high_bits;
        if (other != 0) return restkit_first_marked(index, other);
        index += 8;
    }
#endif
    while (index < end && (uint8_t)(base[index] - '0') < 10) index += 1;
    return index;
}

/// The value of `count` ASCII digits (at most 19; the caller has checked they are digits):
/// eight at a time on little-endian targets (subtract '0' from each byte, then combine
/// neighbouring lanes: pairs, fours, eights, as simdjson does), the rest one by one.
static inline uint64_t restkit_digits_value(const uint8_t *digits, size_t count) {
    uint64_t value = 0;
    size_t index = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    size_t leading = count % 8;
    for (; index < leading; index++) value = value * 10 + (uint64_t)(digits[index] - '0');
    for (; index < count; index += 8) {
        uint64_t lanes;
        __builtin_memcpy(&lanes, digits + index, sizeof lanes);
        lanes -= 0x3030303030303030ULL;
        lanes = (lanes * 10) + (lanes >> 8);
        const uint64_t mask = 0x000000FF000000FFULL;
        lanes = (((lanes & mask) * 0x000F424000000064ULL) + (((lanes >> 16) & mask) * 0x0000271000000001ULL)) >> 32;
        value = value * 100000000ULL + (uint32_t)lanes;
    }
#endif
    for (; index < count; index++) value = value * 10 + (uint64_t)(digits[index] - '0');
    return value;
}

/// How many bytes in [index, end) are UTF-8 continuation bytes (`10xxxxxx`): sixteen at a time
/// with SSE2, each byte lane of an accumulator counting its lane for up to 255 blocks before
/// `psadbw` sums the lanes; eight at a time in a word elsewhere, the lanes summed the same way.
static inline size_t restkit_utf8_continuation_count(const uint8_t *base, size_t index, size_t end) {
    size_t count = 0;
#if defined(__SSE2__)
    // As signed bytes, 0x80...0xBF are -128...-65: the continuation bytes are those below -64.
    const __m128i below = _mm_set1_epi8(-64);
    const __m128i zero = _mm_setzero_si128();
    while (end - index >= 16) {
        size_t blocks = (end - index) / 16;
        if (blocks > 255) blocks = 255;
        __m128i lanes = zero;
        for (size_t block = 0; block < blocks; block++) {
            __m128i bytes = _mm_loadu_si128((const __m128i *)(base + index));
            lanes = _mm_sub_epi8(lanes, _mm_cmplt_epi8(bytes, below));
            index += 16;
        }
        __m128i sums = _mm_sad_epu8(lanes, zero);
        count += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
#elif defined(RESTKIT_BYTE_SCAN_WORDS)
    while (end - index >= 8) {
        size_t words = (end - index) / 8;
        if (words > 255) words = 255;
        uint64_t lanes = 0;
        for (size_t word = 0; word < words; word++) {
            uint64_t bytes = restkit_load_word(base + index);
            lanes += (bytes & ~(bytes << 1) & restkit_high_bits) >> 7;
            index += 8;
        }
        uint64_t pairs = (lanes & 0x00FF00FF00FF00FFULL) + (lanes >> 8 & 0x00FF00FF00FF00FFULL);
        count += (size_t)((pairs * 0x0001000100010001ULL) >> 48);
    }
#endif
    while (index < end) {
        if ((base[index] & 0xC0) == 0x80) count += 1;
        index += 1;
    }
    return count;
}

/// Returns `index` after setting `*cutByEnd`.
static inline size_t restkit_utf8_stop(size_t index, int *cutByEnd, int isCutByEnd) {
    *cutByEnd = isCutByEnd;
    return index;
}

/// The offset of the first byte of `bytes[0..<count]` that starts an invalid UTF-8 sequence
/// (RFC 3629: no stray continuation bytes, truncated sequences, overlong forms, surrogates or
/// code points above U+10FFFF), or `count` when all of it is valid. `*cutByEnd` is set to 1 when
/// the bytes from that offset on are the valid beginning of a sequence that the end cut short
/// (input that continues could complete it), to 0 otherwise. ASCII runs go through
/// `restkit_skip_ascii`; runs of multi-byte sequences (CJK text) stay in the inner loop.
static inline size_t restkit_utf8_first_invalid(const uint8_t *bytes, size_t count, int *cutByEnd) {
    size_t index = 0;
    while ((index = restkit_skip_ascii(bytes, index, count)) < count) {
        do {
            uint8_t lead = bytes[index];
            size_t available = count - index;
            if (lead < 0xE0) {
                if (lead < 0xC2) return restkit_utf8_stop(index, cutByEnd, 0);
                if (available < 2) return restkit_utf8_stop(index, cutByEnd, 1);
                if ((bytes[index + 1] & 0xC0) != 0x80) return restkit_utf8_stop(index, cutByEnd, 0);
                index += 2;
            } else if (lead < 0xF0) {
                // E0: no overlongs (second byte A0...BF); ED: no surrogates (80...9F).
                uint8_t lowest = lead == 0xE0 ? 0xA0 : 0x80;
                uint8_t highest = lead == 0xED ? 0x9F : 0xBF;
                int secondFits = available < 2 || (bytes[index + 1] >= lowest && bytes[index + 1] <= highest);
                if (available < 3) return restkit_utf8_stop(index, cutByEnd, secondFits);
                if (!secondFits || (bytes[index + 2] & 0xC0) != 0x80) return restkit_utf8_stop(index, cutByEnd, 0);
                index += 3;
            } else {
                // F0: no overlongs (90...BF); F4: nothing above U+10FFFF (80...8F); F5...FF never.
                if (lead > 0xF4) return restkit_utf8_stop(index, cutByEnd, 0);
                uint8_t lowest = lead == 0xF0 ? 0x90 : 0x80;
                uint8_t highest = lead == 0xF4 ? 0x8F : 0xBF;
                int secondFits = available < 2 || (bytes[index + 1] >= lowest && bytes[index + 1] <= highest);
                int thirdFits = available < 3 || (bytes[index + 2] & 0xC0) == 0x80;
                if (available < 4) return restkit_utf8_stop(index, cutByEnd, secondFits && thirdFits);
                if (!secondFits || !thirdFits || (bytes[index + 3] & 0xC0) != 0x80) return restkit_utf8_stop(index, cutByEnd, 0);
                index += 4;
            }
        } while (index < count && bytes[index] >= 0x80);
    }
    return restkit_utf8_stop(count, cutByEnd, 0);
}

/// How many leading bytes of `bytes[0..<count]` are whole, valid UTF-8 sequences, found sixteen
/// bytes at a time where the processor allows (UTF8Blocks.c; 0 elsewhere): the bytes from the
/// result on are left to `restkit_utf8_first_invalid`, which finds the first invalid one (the
/// result is always the start of a sequence, so that restart gives the same answer as a scan from
/// the beginning). The result stops short of an error, never past it, and may stop well before.
size_t restkit_utf8_checked_prefix(const uint8_t *bytes, size_t count);

#endif
