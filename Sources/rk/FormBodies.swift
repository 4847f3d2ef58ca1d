import Foundation
import RestKit

/// Builds request bodies from `-F` fields, for `rk form` and `rk post`.
///
/// ```swift
/// let fields = try ["name=Blake", "avatar=@me.png"].map(FormField.init)
/// let body = try FormBodies.multipart(fields)     // files streamed from disk
/// body.length.value                               // exact, boundaries included
/// ```
enum FormBodies {
    /// A `multipart/form-data` body: text fields in memory, `@PATH` files streamed from disk
    /// (their size and modification time captured now; a change during streaming is an error).
    ///
    /// - Throws: ``CommandFailure``: exit 1 for a missing or unreadable file, exit 2 for a
    ///   field the multipart writer rejects (a CR or LF in a name).
    static func multipart(_ fields: [FormField]) throws(CommandFailure) -> Body {
        var form = MultipartForm()
        for field in fields {
            switch field.content {
            case .text(let value):
                form.append(name: field.name, data: Array(value.utf8), filename: field.filename, contentType: field.contentType)
            case .textFromFile(let path):
                form.append(name: field.name, data: try contents(of: path), filename: nil, contentType: field.contentType)
            case .file(let path):
                do {
                    try form.appendFile(name: field.name, path: path, filename: field.filename, contentType: field.contentType)
                } catch {
                    throw CommandFailure.input("\(error)")
                }
            }
        }
        do {
            return try form.makeBody()
        } catch {
            throw CommandFailure.usage("\(error)")
        }
    }

    /// An `application/x-www-form-urlencoded` body of the text fields, pair by pair in the
    /// order given (a repeated name is repeated where it stands; bracket keys such as
    /// `user[name]` or `a[][x]` are kept as written). A `<PATH` value is sent byte for byte,
    /// percent-encoded, whether or not it is UTF-8, as curl's `--data-urlencode name@PATH`.
    ///
    /// - Throws: ``CommandFailure``: exit 2 for a file field (files need multipart) or a
    ///   `;type=` / `;filename=` parameter (a URL-encoded pair has neither, and dropping it
    ///   silently would send something else than asked), exit 1 for an unreadable `<PATH`.
    static func urlEncoded(_ fields: [FormField]) throws(CommandFailure) -> Body {
        var pairs: [(name: String, value: [UInt8])] = []
        pairs.reserveCapacity(fields.count)
        for field in fields {
            if case .file = field.content {
                throw CommandFailure.usage("-F \(field.name)=@…: files need multipart/form-data (drop --urlencoded)")
            }
            if field.contentType != nil || field.filename != nil {
                let parameter = field.contentType != nil ? ";type=" : ";filename="
                throw CommandFailure.usage(
                    "-F \(field.name)=…\(parameter)…: a URL-encoded field has no \(parameter.dropFirst().dropLast()) "
                        + "(drop \(parameter) or --urlencoded)")
            }
            switch field.content {
            case .text(let text):
                pairs.append((field.name, Array(text.utf8)))
            case .textFromFile(let path):
                pairs.append((field.name, try contents(of: path)))
            case .file:
                break  // refused above
            }
        }
        var body = Body.bytes(URLEncodedSerializer().write(byteFields: pairs))
        body.contentType = .formURLEncoded
        return body
    }

    /// The bytes of the file at `path` (for `<PATH` values, which are small by nature).
    static func contents(of path: String) throws(CommandFailure) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? "cannot read the file"
            throw CommandFailure.input("\(path): \(reason)")
        }
    }
}
