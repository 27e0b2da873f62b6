#include <libxml/xmlversion.h>
/* libxml2's headers include the system ICU's <unicode/ucnv.h> when it was built with ICU, and that
   clashes with the ICU copy inside Foundation (`UErrorCode has different definitions`) in any module
   importing both. The ICU-only members sit at the end of xmlCharEncodingHandler, which Swift code
   only ever handles by pointer, so hiding them changes nothing we use. */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
