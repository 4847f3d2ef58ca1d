// The umbrella module: `import RestKit` brings in the core types, every built-in codec,
// and `Registry.default`.
@_exported import RestKitCore
@_exported import RestKitJSON
@_exported import RestKitXML
@_exported import RestKitForms
@_exported import RestKitMapping
