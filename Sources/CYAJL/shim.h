#ifndef CYAJL_SHIM_H
#define CYAJL_SHIM_H

#include <yajl/yajl_parse.h>
#include <yajl/yajl_gen.h>

// yajl_config and yajl_gen_config are variadic, which Swift cannot call.
// These wrappers give each a fixed signature.

/// Turns a boolean parser option on (1) or off (0).
static inline int cyajl_config(yajl_handle handle, yajl_option option, int enabled) {
  return yajl_config(handle, option, enabled);
}

/// Turns a boolean generator option on (1) or off (0).
static inline int cyajl_gen_config(yajl_gen gen, yajl_gen_option option, int enabled) {
  return yajl_gen_config(gen, option, enabled);
}

/// Sets the generator's indent string (`yajl_gen_indent_string`).
static inline int cyajl_gen_config_indent(yajl_gen gen, const char *indent) {
  return yajl_gen_config(gen, yajl_gen_indent_string, indent);
}

#endif
