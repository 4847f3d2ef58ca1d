#ifndef RESTKIT_CLIBXML2_SHIM_H
#define RESTKIT_CLIBXML2_SHIM_H

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

#endif
