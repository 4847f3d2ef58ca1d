import RestKitCore

/// The recursive element writer behind ``XMLSerializer``: one `[UInt8]` sink, escaping with
/// a no-escape fast path, names checked against the XML 1.0 `Name` production.
struct XMLWriter {
    let prettyPrinted: Bool
    let maximumDepth: Int
    var output: [UInt8] = []

    init(prettyPrinted: Bool, maximumDepth: Int) {
        self.prettyPrinted = prettyPrinted
        self.maximumDepth = maximumDepth
        output.reserveCapacity(256)
    }

    /// Writes `<name>…</name>` for one value that is not an array.
    mutating func element(_ name: String, _ value: Representation, path: String, depth: Int) throws(SerializationError) {
        guard depth < maximumDepth else {
            throw SerializationError(.depthLimitExceeded, "nesting deeper than \(maximumDepth) levels", keyPath: path)
        }
        try Self.checkName(name, path: path)
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        switch value.content {
        case .null:
            output.append(contentsOf: "/>".utf8)
        case .array:
            throw SerializationError(.unsupportedShape, "an array inside an array has no element name", keyPath: path)
        case .object(let members):
            try object(name, members, path: path, depth: depth)
        case .bool, .int, .double, .number, .string:
            output.append(UInt8(ascii: ">"))
            try text(value, path: path)
            closeTag(name)
        }
    }

    private mutating func object(
        _ name: String, _ members: OrderedDictionary<String, Representation>, path: String, depth: Int
    ) throws(SerializationError) {
        // `{"text": "T"}` alone is what `<x text="T"/>` reads as; written as text content it
        // would read back as the string "T" (a fuzzing finding), so it stays an attribute.
        if members.count == 1, let only = members["text"], let string = Self.scalarText(only) {
            output.append(contentsOf: " text=\"".utf8)
            try escape(string, inAttribute: true, path: Self.join(path, "text"))
            output.append(contentsOf: "\"/>".utf8)
            return
        }
        var hasContent = false
        for (key, value) in members {
            guard Self.isNamespaceDeclaration(key) else { hasContent = true; continue }
            let keyPath = Self.join(path, key)
            try Self.checkName(key, path: keyPath)
            guard let uri = value.stringValue else {
                throw SerializationError(.unrepresentableValue, "namespace declaration '\(key)' needs a string", keyPath: keyPath)
            }
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: key.utf8)
            output.append(contentsOf: "=\"".utf8)
            try escape(uri, inAttribute: true, path: keyPath)
            output.append(UInt8(ascii: "\""))
        }
        guard hasContent else { return output.append(contentsOf: "/>".utf8) }
        output.append(UInt8(ascii: ">"))
        // Indentation inside an element with text would become part of that text.
        let indents = prettyPrinted && members["text"] == nil
        for (key, value) in members where !Self.isNamespaceDeclaration(key) {
            let keyPath = Self.join(path, key)
            if key == "text", value.arrayValue == nil, value.objectValue == nil {
                try text(value, path: keyPath)
            } else if case .array(let elements) = value.content {
                for (index, element) in elements.enumerated() {
                    if indents { newline(depth + 1) }
                    try self.element(key, element, path: Self.join(keyPath, String(index)), depth: depth + 1)
                }
            } else {
                if indents { newline(depth + 1) }
                try element(key, value, path: keyPath, depth: depth + 1)
            }
        }
        if indents { newline(depth) }
        closeTag(name)
    }

    /// The text of a scalar (`nil` for null, arrays and objects).
    private static func scalarText(_ value: Representation) -> String? {
        switch value.content {
        case .null, .array, .object: nil
        case .bool(let flag): flag ? "true" : "false"
        case .string(let text): text
        default: value.numberText ?? ""
        }
    }

    /// Text content: scalars as their text, whitespace-only text as CDATA.
    private mutating func text(_ value: Representation, path: String) throws(SerializationError) {
        guard let string = Self.scalarText(value) else { return }
        if !string.isEmpty, string.utf8.allSatisfy(XMLTreeBuilder.isXMLWhitespace), !string.utf8.contains(0x0D) {
            output.append(contentsOf: "<![CDATA[".utf8)
            output.append(contentsOf: string.utf8)
            output.append(contentsOf: "]]>".utf8)
            return
        }
        try escape(string, inAttribute: false, path: path)
    }

    private mutating func closeTag(_ name: String) {
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
    }

    private mutating func newline(_ depth: Int) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// Appends `string` escaped; fails on characters XML 1.0 cannot hold.
    private mutating func escape(_ string: String, inAttribute: Bool, path: String) throws(SerializationError) {
        let needsWork = string.utf8.contains { byte in
            byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == 0xEF  // 0xEF leads U+FFFE / U+FFFF
        }
        guard needsWork else { return output.append(contentsOf: string.utf8) }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": output.append(contentsOf: "&amp;".utf8)
            case "<": output.append(contentsOf: "&lt;".utf8)
            case ">": output.append(contentsOf: "&gt;".utf8)
            case "\"" where inAttribute: output.append(contentsOf: "&quot;".utf8)
            case "\r": output.append(contentsOf: "&#xD;".utf8)
            case "\t" where inAttribute: output.append(contentsOf: "&#x9;".utf8)
            case "\n" where inAttribute: output.append(contentsOf: "&#xA;".utf8)
            case "\t", "\n": output.append(UInt8(ascii: scalar == "\t" ? "\t" : "\n"))
            default:
                guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else {
                    let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
                    throw SerializationError(.unrepresentableValue, "character \(code) cannot appear in XML 1.0", keyPath: path)
                }
                output.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    static func isNamespaceDeclaration(_ key: String) -> Bool {
        key == "xmlns" || key.hasPrefix("xmlns:")
    }

    static func join(_ path: String, _ component: String) -> String {
        path.isEmpty ? component : path + "." + component
    }

    /// Fails unless `name` matches the XML 1.0 (5th edition) `Name` production.
    static func checkName(_ name: String, path: String) throws(SerializationError) {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isNameStart(first) else {
            throw SerializationError(.unrepresentableValue, "'\(name)' is not a valid XML element name", keyPath: path)
        }
        while let scalar = scalars.next() {
            guard isNameStart(scalar) || isNameOnly(scalar) else {
                throw SerializationError(.unrepresentableValue, "'\(name)' is not a valid XML element name", keyPath: path)
            }
        }
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x3A, 0x5F, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
             0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    private static func isNameOnly(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x2D, 0x2E, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return false
        }
    }
}
