// UTF-8 validation sixteen bytes at a time (Keiser and Lemire, "Validating UTF-8 in less than
// one instruction per byte", 2021: the "lookup" algorithm simdjson uses). Three table lookups
// (`pshufb`, SSSE3) classify each pair of adjacent bytes by the high nibble of the first, its
// low nibble and the high nibble of the second; the bits that survive the AND of the three name
// the error the pair shows (a lead byte without its continuation, a continuation without a lead,
// an overlong form, a surrogate, a code point above U+10FFFF). Third and fourth bytes of a
// sequence are checked by where the lead byte two or three places back says a continuation must
// be. SSSE3 is checked at run time (every x86-64 processor since 2006 has it); elsewhere the
// prefix is empty and the byte-by-byte validator does all the work.
#include "ByteScan.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <tmmintrin.h>

enum {
    TOO_SHORT = 1 << 0,      // 11______ 0_______ or 11______ 11______: a lead without its continuation
    TOO_LONG = 1 << 1,       // 0_______ 10______: a continuation after ASCII
    OVERLONG_3 = 1 << 2,     // 11100000 100_____
    TOO_LARGE = 1 << 3,      // 11110100 1001____, 11110100 101_____, 11110101... and up
    SURROGATE = 1 << 4,      // 11101101 101_____
    OVERLONG_2 = 1 << 5,     // 1100000_ 10______
    TOO_LARGE_1000 = 1 << 6, // 11110101 1000____ and up
    OVERLONG_4 = 1 << 6,     // 11110000 1000____
    TWO_CONTS = 1 << 7,      // 10______ 10______: expected only as a sequence's third or fourth byte
    CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS,
};

__attribute__((target("ssse3")))
static inline __m128i restkit_high_nibbles(__m128i bytes) {
    return _mm_and_si128(_mm_srli_epi16(bytes, 4), _mm_set1_epi8(0x0F));
}

/// The errors of each pair (previous byte, byte) of one block.
__attribute__((target("ssse3")))
static inline __m128i restkit_utf8_block_errors(__m128i input, __m128i previous) {
    const __m128i prev1 = _mm_alignr_epi8(input, previous, 15);
    const __m128i byte1High = _mm_shuffle_epi8(_mm_setr_epi8(
        TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
        TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
        TOO_SHORT | OVERLONG_2,
        TOO_SHORT,
        TOO_SHORT | OVERLONG_3 | SURROGATE,
        (char)(TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4)), restkit_high_nibbles(prev1));
    const __m128i byte1Low = _mm_shuffle_epi8(_mm_setr_epi8(
        (char)(CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4),
        (char)(CARRY | OVERLONG_2),
        (char)CARRY,
        (char)CARRY,
        (char)(CARRY | TOO_LARGE),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000),
        (char)(CARRY | TOO_LARGE | TOO_LARGE_1000)), _mm_and_si128(prev1, _mm_set1_epi8(0x0F)));
    const __m128i byte2High = _mm_shuffle_epi8(_mm_setr_epi8(
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
        (char)(TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4),
        (char)(TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE),
        (char)(TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE),
        (char)(TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE),
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT), restkit_high_nibbles(input));
    const __m128i special = _mm_and_si128(_mm_and_si128(byte1High, byte1Low), byte2High);
    // Where a lead byte two or three places back (111_____, 1111____) needs a continuation.
    const __m128i prev2 = _mm_alignr_epi8(input, previous, 14);
    const __m128i prev3 = _mm_alignr_epi8(input, previous, 13);
    const __m128i thirdByte = _mm_subs_epu8(prev2, _mm_set1_epi8((char)(0xE0 - 0x80)));
    const __m128i fourthByte = _mm_subs_epu8(prev3, _mm_set1_epi8((char)(0xF0 - 0x80)));
    const __m128i mustContinue = _mm_and_si128(_mm_or_si128(thirdByte, fourthByte), _mm_set1_epi8((char)0x80));
    return _mm_xor_si128(mustContinue, special);
}

__attribute__((target("ssse3")))
static size_t restkit_utf8_checked_blocks_ssse3(const uint8_t *bytes, size_t count) {
    const __m128i zero = _mm_setzero_si128();
    // Nonzero where a block's last three bytes start a sequence it does not finish.
    const __m128i unfinished = _mm_setr_epi8(
        (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF,
        (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
    __m128i previous = zero;
    __m128i previousUnfinished = zero;
    size_t index = 0;
    while (count - index >= 16) {
        const __m128i input = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i errors;
        if (_mm_movemask_epi8(input) == 0) {
            // ASCII: an error only if the block before left a sequence open.
            errors = previousUnfinished;
            previousUnfinished = zero;
        } else {
            errors = restkit_utf8_block_errors(input, previous);
            previousUnfinished = _mm_subs_epu8(input, unfinished);
        }
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(errors, zero)) != 0xFFFF) break;
        previous = input;
        index += 16;
    }
    return index;
}
#endif

size_t restkit_utf8_checked_prefix(const uint8_t *bytes, size_t count) {
    size_t checked = 0;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (count >= 16 && __builtin_cpu_supports("ssse3")) checked = restkit_utf8_checked_blocks_ssse3(bytes, count);
#endif
    if (checked == 0) return 0;
    // Every pair and every third and fourth byte before `checked` passed, so every sequence that
    // starts before the sequence holding byte `checked - 1` is whole and valid; that sequence's
    // later bytes may lie past `checked`, unchecked: start again at its first byte.
    size_t start = checked - 1;
    if (bytes[start] < 0x80) return checked;
    for (int back = 0; back < 3 && start > 0 && (bytes[start] & 0xC0) == 0x80; back++) start -= 1;
    return (bytes[start] & 0xC0) == 0x80 ? 0 : start;
}
