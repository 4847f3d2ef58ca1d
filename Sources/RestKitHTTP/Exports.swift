@_exported public import RestKitCore
@_exported public import RestKitForms
@_exported public import RestKitMapping
