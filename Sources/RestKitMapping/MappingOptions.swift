public import RestKitCore

/// Settings that apply to a whole mapping operation (and can be overridden per mapping).
///
/// ```swift
/// var options = MappingOptions()
/// options.dateFormats = [.monthDayYear, .iso8601]
/// options.outputDateFormat = .iso8601
/// let user = try userMapping.map(document, options: options)
/// ```
public struct MappingOptions: Sendable {
    /// Formats tried, in order, when text or a number becomes a `Date`.
    public var dateFormats: [DateFormat] {
        get { storage.settings.dateFormats }
        set { uniqueStorage().settings.dateFormats = newValue }
    }
    /// The format dates are written in by inverse mappings (default ISO 8601).
    public var outputDateFormat: DateFormat {
        get { storage.settings.outputDateFormat }
        set { uniqueStorage().settings.outputDateFormat = newValue }
    }
    /// Whether `nil` attributes are written as `null` (`true`) or left out (`false`, the
    /// default) when mapping models back into representations.
    public var writesNilAsNull: Bool {
        get { storage.settings.writesNilAsNull }
        set { uniqueStorage().settings.writesNilAsNull = newValue }
    }
    /// Whether a key missing from the source sets optional attributes to `nil` (`true`) or
    /// leaves them as they are (`false`, the default, as RestKit did).
    public var assignsNilForMissingKeys: Bool {
        get { storage.settings.assignsNilForMissingKeys }
        set { uniqueStorage().settings.assignsNilForMissingKeys = newValue }
    }
    /// Values available to source key paths as `@metadata.<key>`.
    public var metadata: Representation {
        get { storage.settings.metadata }
        set { uniqueStorage().settings.metadata = newValue }
    }

    /// The settings, shared by copies until one is changed: the mapping core copies the options
    /// into a ``ConversionContext`` for every attribute, and one reference costs one retain
    /// where the fields (formats with their closures, metadata) cost one each.
    private var storage: Storage

    private struct Settings {
        var dateFormats: [DateFormat]
        var outputDateFormat: DateFormat
        var writesNilAsNull: Bool
        var assignsNilForMissingKeys: Bool
        var metadata: Representation
    }

    private final class Storage: @unchecked Sendable {
        // Mutated only through `uniqueStorage()`, when no other copy can see it.
        var settings: Settings

        init(_ settings: Settings) { self.settings = settings }
    }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.settings) }
        return storage
    }

    /// The defaults: every built-in date format, ISO 8601 output, `nil` left out, missing
    /// keys leave values alone, no metadata.
    ///
    /// Every default value shares one box of settings (a change copies it first), so the
    /// default argument of a `map` call costs no allocation.
    ///
    /// ```swift
    /// let user = try userMapping.map(document, options: MappingOptions())
    /// ```
    public init() {
        storage = Self.defaultStorage
    }

    /// The box of every `MappingOptions()`: the defaults of the initializer below.
    private static let defaultStorage = MappingOptions(dateFormats: DateFormat.defaults).storage

    /// The defaults, with the settings given here instead.
    ///
    /// ```swift
    /// let options = MappingOptions(dateFormats: [.iso8601], assignsNilForMissingKeys: true)
    /// ```
    public init(
        dateFormats: [DateFormat] = DateFormat.defaults,
        outputDateFormat: DateFormat = .iso8601,
        writesNilAsNull: Bool = false,
        assignsNilForMissingKeys: Bool = false,
        metadata: Representation = .object([:])
    ) {
        storage = Storage(
            Settings(
                dateFormats: dateFormats, outputDateFormat: outputDateFormat, writesNilAsNull: writesNilAsNull,
                assignsNilForMissingKeys: assignsNilForMissingKeys, metadata: metadata))
    }
}

/// Where a value being converted sits, for conversions and error messages.
public struct ConversionContext: Sendable {
    /// The options in force.
    public var options: MappingOptions
    /// The key path of the object being mapped and the key of the value in it, joined only
    /// when an error needs them.
    private var base: String
    private var component: String
    /// For an element of an array: its position (joined to the key path only when needed).
    private var index: Int?

    /// Creates a context.
    public init(options: MappingOptions = MappingOptions(), keyPath: String = "") {
        self.options = options
        base = keyPath
        component = ""
    }

    init(options: MappingOptions, base: String, component: String) {
        self.options = options
        self.base = base
        self.component = component
    }

    /// The context of element `index` of the array this context describes.
    func element(_ index: Int) -> ConversionContext {
        var element = self
        if self.index != nil {
            // Nested arrays: the outer position becomes part of the base path.
            element.base = keyPath
            element.component = ""
        }
        element.index = index
        return element
    }

    /// The dotted key path of the value in the source document.
    public var keyPath: String {
        let path = KeyPathText.join(base, component)
        guard let index else { return path }
        return KeyPathText.join(path, String(index))
    }
}
