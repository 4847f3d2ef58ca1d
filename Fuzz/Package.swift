// swift-tools-version: 6.1
// libFuzzer targets for RestKit's parsers (issue 14). A package of its own, so the library's
// build does not change: `make fuzz` builds it with `-sanitize=fuzzer,address` on every Swift
// module (the library included, so libFuzzer sees the parsers' coverage) and runs each target.
import PackageDescription

/// SwiftPM names a path dependency after its directory (`main`, a worktree's name, …), so the
/// identity of the main package is read from where this manifest sits rather than written in.
let restKit = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "RestKit"

/// Every fuzz executable: linked with libFuzzer and AddressSanitizer; its `main` runs
/// libFuzzer's driver (`FuzzDriver.main`).
let fuzzerFlags: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])]

/// lld links the fuzz executables (gold fails on libFuzzer's archive beside SwiftPM's renamed `main`).
let fuzzerLinking: [LinkerSetting] = [.unsafeFlags(["-use-ld=lld"])]

/// The fuzz executables, each serving the targets of one area (`FUZZ_TARGET` picks one).
let executables = ["fuzz-json", "fuzz-xml", "fuzz-forms", "fuzz-core", "fuzz-http", "fuzz-rk"]

let package = Package(
    name: "RestKitFuzz",
    platforms: [.macOS(.v15)],
    products: executables.map { .executable(name: $0, targets: [$0]) },
    dependencies: [.package(path: "..")],
    targets: [
        // libFuzzer's driver entry point, declared for Swift.
        .target(name: "CFuzzer", path: "Sources/CFuzzer"),
        // Shared helpers: target selection, fuzzer-chosen chunking, seed writing, descriptions.
        .target(
            name: "FuzzSupport",
            dependencies: ["CFuzzer", .product(name: "RestKitCore", package: restKit)],
            path: "Sources/FuzzSupport"
        ),
        // JSON: the Swift scanner, yajl (whole and incremental), jansson, the element stream,
        // the Codable decoder, and the differential targets between them.
        .executableTarget(
            name: "fuzz-json",
            dependencies: [
                "FuzzSupport",
                .product(name: "RestKitCore", package: restKit),
                .product(name: "RestKitJSON", package: restKit),
                .product(name: "RestKitMapping", package: restKit),
            ],
            path: "Sources/fuzz-json",
            swiftSettings: fuzzerFlags,
            linkerSettings: fuzzerLinking
        ),
        // XML: libxml2 and the XML writer.
        .executableTarget(
            name: "fuzz-xml",
            dependencies: [
                "FuzzSupport",
                .product(name: "RestKitCore", package: restKit),
                .product(name: "RestKitXML", package: restKit),
            ],
            path: "Sources/fuzz-xml",
            swiftSettings: fuzzerFlags,
            linkerSettings: fuzzerLinking
        ),
        // URL-encoded and multipart bodies.
        .executableTarget(
            name: "fuzz-forms",
            dependencies: [
                "FuzzSupport",
                .product(name: "RestKitCore", package: restKit),
                .product(name: "RestKitForms", package: restKit),
            ],
            path: "Sources/fuzz-forms",
            swiftSettings: fuzzerFlags,
            linkerSettings: fuzzerLinking
        ),
        // Media types, registry lookup, dates.
        .executableTarget(
            name: "fuzz-core",
            dependencies: [
                "FuzzSupport",
                .product(name: "RestKitCore", package: restKit),
                .product(name: "RestKitDefaults", package: restKit),
                .product(name: "RestKitMapping", package: restKit),
            ],
            path: "Sources/fuzz-core",
            swiftSettings: fuzzerFlags,
            linkerSettings: fuzzerLinking
        ),
        // Path patterns (RestKitHTTP builds AsyncHTTPClient and NIO, so it is a binary of its own).
        .executableTarget(
            name: "fuzz-http",
            dependencies: [
                "FuzzSupport",
                .product(name: "RestKitHTTP", package: restKit),
            ],
            path: "Sources/fuzz-http",
            swiftSettings: fuzzerFlags,
            linkerSettings: fuzzerLinking
        ),
        // rk's `-F` field syntax: rk's FormField.swift and CommandFailure.swift, linked in (an
        // executable target's module cannot be imported from another package).
        .executableTarget(
            name: "fuzz-rk",
            dependencies: ["FuzzSupport", .product(name: "RestKit", package: restKit)],
            path: "Sources/fuzz-rk",
            swiftSettings: fuzzerFlags,
            linkerSettings: fuzzerLinking
        ),
    ],
    swiftLanguageModes: [.v6]
)
