#ifndef RESTKIT_SIMDJSON_SHIM_H
#define RESTKIT_SIMDJSON_SHIM_H

// A C interface to simdjson's DOM parser for rkbench (the physical-limit row of its parse
// group). simdjson is C++; Swift sees only these functions.
//
//   simdjson_shim_parser *parser = simdjson_shim_parser_create();
//   long count = simdjson_shim_parse(parser, padded, length);   // padded: length + padding bytes
//   simdjson_shim_parser_destroy(parser);

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A reusable simdjson DOM parser (its buffers grow to the largest document parsed).
typedef struct simdjson_shim_parser simdjson_shim_parser;

/// A new parser, or NULL when out of memory.
simdjson_shim_parser *simdjson_shim_parser_create(void);

/// Frees a parser made by simdjson_shim_parser_create.
void simdjson_shim_parser_destroy(simdjson_shim_parser *parser);

/// The bytes simdjson may read past a document's end: a buffer handed to
/// simdjson_shim_parse must be this much longer than the document.
size_t simdjson_shim_padding(void);

/// Parses `length` bytes at `data` (followed by simdjson_shim_padding() readable bytes) into
/// the parser's DOM. Returns the number of entries of the top-level array or object (1 for a
/// scalar), or -1 - the simdjson error code when the document is rejected.
long simdjson_shim_parse(simdjson_shim_parser *parser, const char *data, size_t length);

/// The active simdjson implementation ("haswell", "westmere", "fallback", ...).
const char *simdjson_shim_implementation(void);

#ifdef __cplusplus
}
#endif

#endif
