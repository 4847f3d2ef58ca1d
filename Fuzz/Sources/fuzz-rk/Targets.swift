import FuzzSupport
import RestKit

// `rk`'s `-F` syntax lives in the `rk` executable target, which another package cannot import:
// FormField.swift and CommandFailure.swift here are symbolic links to rk's own files
// (Sources/rk), compiled into this executable unchanged.

/// Every rk target this executable serves.
let rkTargets: [FuzzTarget] = [
    FuzzTarget(
        name: "rk-form-field", summary: "rk's -F field syntax (FormField, curl's -F rules); a parsed field is read fully",
        dictionary: "formfield", seeds: { formFieldSeeds }, check: checkFormField),
]

/// `-F` arguments of every kind, quoted and not, and a few broken ones.
let formFieldSeeds: [[UInt8]] = [
    "q=swift", "avatar=@me.png;type=image/png;filename=avatar.png", "bio=<notes.txt;type=text/plain",
    #"doc=@"a;b.txt";filename="x, y.txt""#, #"x="a\"b\\c""#, "name=value  ", "=x", "a=@", "a=@x;headers=h", "a=@x,y",
    "a=b;type=text/*;filename=", "a=\"unterminated",
].map { Array($0.utf8) }

/// Parses the input as one `-F` argument.
private func checkFormField(_ bytes: [UInt8]) {
    guard let field = try? FormField(String(decoding: bytes, as: UTF8.self)) else { return }
    _ = (field.name.utf8.count, field.content, field.contentType?.description, field.filename?.utf8.count)
}
