#ifndef RESTKIT_CJANSSON_SHIM_H
#define RESTKIT_CJANSSON_SHIM_H

#include <jansson.h>

// json_typeof and json_decref are macros / static inline in jansson.h; Swift
// cannot call the macro, so expose the type tag through a function.
static inline json_type restkit_json_typeof(const json_t *value) {
    return json_typeof(value);
}

// json_decref is `static JSON_INLINE` in jansson.h; wrap it so Swift sees a
// plain function whatever the header's inlining macro expands to.
static inline void restkit_json_decref(json_t *value) {
    json_decref(value);
}

#endif
