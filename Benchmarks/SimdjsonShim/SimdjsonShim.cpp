#include "SimdjsonShim.h"

#include <new>
#include <simdjson.h>

struct simdjson_shim_parser {
    simdjson::dom::parser parser;
};

simdjson_shim_parser *simdjson_shim_parser_create(void) {
    return new (std::nothrow) simdjson_shim_parser();
}

void simdjson_shim_parser_destroy(simdjson_shim_parser *parser) {
    delete parser;
}

size_t simdjson_shim_padding(void) {
    return simdjson::SIMDJSON_PADDING;
}

long simdjson_shim_parse(simdjson_shim_parser *parser, const char *data, size_t length) {
    if (parser == nullptr || data == nullptr) {
        return -1;
    }
    // realloc_if_needed = false: the caller's buffer is already padded, so simdjson parses
    // it in place without copying (what a caller after speed does).
    simdjson::dom::element root;
    auto error = parser->parser.parse(reinterpret_cast<const uint8_t *>(data), length, false).get(root);
    if (error) {
        return -1 - static_cast<long>(error);
    }
    simdjson::dom::array array;
    if (root.get_array().get(array) == simdjson::SUCCESS) {
        return static_cast<long>(array.size());
    }
    simdjson::dom::object object;
    if (root.get_object().get(object) == simdjson::SUCCESS) {
        return static_cast<long>(object.size());
    }
    return 1;
}

const char *simdjson_shim_implementation(void) {
    return simdjson::get_active_implementation()->name().data();
}
