// XML codec over libxml2: `LibXML2Parser` (SAX2 → Representation) and `XMLSerializer`.
