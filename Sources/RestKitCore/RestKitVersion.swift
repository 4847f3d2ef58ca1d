/// The version of this RestKit, as clients announce it.
///
/// ```swift
/// RestKitVersion.current     // "0.1.0"
/// RestKitVersion.userAgent   // "RestKit/0.1.0"
/// ```
public enum RestKitVersion {
    /// The release, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"

    /// The `User-Agent` RestKit's HTTP clients send unless told otherwise: `RestKit/<version>`.
    public static let userAgent = "RestKit/\(current)"
}
