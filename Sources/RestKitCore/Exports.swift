// `Representation.object` holds an `OrderedDictionary`; re-export its module so users can
// build and read objects without a separate import.
@_exported public import OrderedCollections
