@_exported public import RestKitCore
@_exported public import RestKitForms
@_exported public import RestKitMapping
// `Registry.default` (every built-in parser and serializer) is what an `ObjectManager`
// parses responses and writes requests with unless given another registry, so users of
// the manager can name it and copy it.
@_exported public import RestKitDefaults
