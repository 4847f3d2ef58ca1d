#ifndef RESTKIT_CLIBXML2_SHIM_H
#define RESTKIT_CLIBXML2_SHIM_H

// Debian's libxml2 is built with ICU, so its encoding.h includes ICU's headers from
// /usr/include/unicode. Foundation carries its own ICU (module _FoundationICU) whose headers
// define the same types differently, and a Swift file that ends up seeing both modules fails to
// compile ("'UErrorCode' has different definitions in different modules"). RestKit uses no ICU
// API and never reads the ICU fields at the end of xmlCharEncodingHandler (it only passes
// pointers to it), so the ICU part of libxml2's headers is left out of this module.
#include <string.h>
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
#include <libxml/SAX2.h>

// xmlFree is a C global function pointer (a variable), which Swift imports
// awkwardly; call it through a plain function.
static inline void restkit_xml_free(void *pointer) {
    xmlFree(pointer);
}

// The length of a NUL-terminated libxml2 string with the C library's strlen (xmlStrlen
// counts byte by byte).
static inline size_t restkit_xml_strlen(const xmlChar *string) {
    return strlen((const char *)string);
}

#endif
