// The umbrella module: `import RestKit` brings in the core types, every built-in codec, the
// mapping and the built-in defaults (`Registry.default`, JSON streaming). It holds no code:
// each piece lives in the module it belongs to (see "Architecture" in README.md); this file
// only re-exports them. The object manager is `import RestKitHTTP` (it re-exports what it
// needs), so that parsing and mapping do not pull in AsyncHTTPClient.
@_exported import RestKitCore
@_exported import RestKitJSON
@_exported import RestKitXML
@_exported import RestKitForms
@_exported import RestKitMapping
@_exported import RestKitDefaults
