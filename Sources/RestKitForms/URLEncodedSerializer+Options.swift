extension URLEncodedSerializer {
    /// How ``URLEncodedSerializer`` spells arrays, booleans, nulls, spaces and key order.
    ///
    /// Every default matches what Rails and Rack read:
    ///
    /// | option | default | alternatives |
    /// |---|---|---|
    /// | ``arrayStyle`` | `.brackets` (`tags[]=a&tags[]=b`) | `.indices` (`tags[0]=a`), `.repeatedKey` (`tags=a&tags=b`) |
    /// | ``booleanStyle`` | `.words` (`true`/`false`) | `.digits` (`1`/`0`) |
    /// | ``nullStyle`` | `.emptyValue` (`k=`) | `.bareKey` (`k`), `.omitted` |
    /// | ``spaceEncoding`` | `.percent20` (`a%20b`) | `.plus` (`a+b`) |
    /// | ``keyOrder`` | `.representation` | `.sorted` |
    /// | ``maximumDepth`` | 512 | any positive number |
    ///
    /// ```swift
    /// var options = URLEncodedSerializer.Options()
    /// options.arrayStyle = .indices
    /// options.spaceEncoding = .plus
    /// let serializer = URLEncodedSerializer(options: options)
    /// ```
    public struct Options: Sendable, Hashable {
        /// How array elements are named.
        public enum ArrayStyle: Sendable, Hashable {
            /// `tags[]=a&tags[]=b`; objects in arrays `items[][id]=1` (Rails, Rack, jQuery).
            case brackets
            /// `tags[0]=a&tags[1]=b`; objects in arrays `items[0][id]=1` (unambiguous for
            /// arrays of arrays and arrays of objects holding arrays).
            case indices
            /// `tags=a&tags=b` (Python's `urlencode(doseq=True)`, Go's `url.Values`). Only for
            /// arrays of scalars: an array or object inside an array fails with
            /// `.unsupportedShape`, since the key could not say where it belongs.
            case repeatedKey
        }

        /// How `true` and `false` are written.
        public enum BooleanStyle: Sendable, Hashable {
            /// `true` and `false`.
            case words
            /// `1` and `0`.
            case digits
        }

        /// How `null` is written.
        public enum NullStyle: Sendable, Hashable {
            /// `key=`.
            case emptyValue
            /// `key`, without `=`.
            case bareKey
            /// Not written at all. (With `.indices`, the remaining elements keep their index.)
            case omitted
        }

        /// How a space is written.
        public enum SpaceEncoding: Sendable, Hashable {
            /// `%20` (RFC 3986).
            case percent20
            /// `+` (HTML form submission).
            case plus
        }

        /// In which order object members are written.
        public enum KeyOrder: Sendable, Hashable {
            /// The representation's own key order.
            case representation
            /// Ascending by Swift `String` comparison, at every level (stable output for
            /// signatures and caches).
            case sorted
        }

        /// Default `.brackets`.
        public var arrayStyle: ArrayStyle
        /// Default `.words`.
        public var booleanStyle: BooleanStyle
        /// Default `.emptyValue`.
        public var nullStyle: NullStyle
        /// Default `.percent20`.
        public var spaceEncoding: SpaceEncoding
        /// Default `.representation`.
        public var keyOrder: KeyOrder
        /// The most bracket levels one key may get (`a[b][]` has 2) before the write fails with
        /// `.depthLimitExceeded` (guards the stack against hand-built values). Default 512;
        /// ``URLEncodedParser`` reads 32 by default.
        public var maximumDepth: Int

        /// Options with the given values; every argument has the default listed above.
        ///
        /// ```swift
        /// let options = URLEncodedSerializer.Options(booleanStyle: .digits, keyOrder: .sorted)
        /// ```
        public init(
            arrayStyle: ArrayStyle = .brackets, booleanStyle: BooleanStyle = .words,
            nullStyle: NullStyle = .emptyValue, spaceEncoding: SpaceEncoding = .percent20,
            keyOrder: KeyOrder = .representation, maximumDepth: Int = 512
        ) {
            self.arrayStyle = arrayStyle
            self.booleanStyle = booleanStyle
            self.nullStyle = nullStyle
            self.spaceEncoding = spaceEncoding
            self.keyOrder = keyOrder
            self.maximumDepth = maximumDepth
        }
    }
}
