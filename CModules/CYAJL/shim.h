#ifndef RESTKIT_CYAJL_SHIM_H
#define RESTKIT_CYAJL_SHIM_H

#include <yajl/yajl_parse.h>
#include <yajl/yajl_gen.h>

// yajl_config is variadic, which Swift cannot call: one wrapper per use.

/// Turns one boolean yajl option on or off.
static inline int restkit_yajl_config_flag(yajl_handle handle, yajl_option option, int enabled) {
    return yajl_config(handle, option, enabled);
}

/// Turns one boolean yajl_gen option on or off.
static inline int restkit_yajl_gen_config_flag(yajl_gen gen, yajl_gen_option option, int enabled) {
    return yajl_gen_config(gen, option, enabled);
}

#endif
