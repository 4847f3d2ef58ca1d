// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "RestKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RestKit", targets: ["RestKit"]),
        .library(name: "RestKitCore", targets: ["RestKitCore"]),
        .library(name: "RestKitJSON", targets: ["RestKitJSON"]),
        .library(name: "RestKitXML", targets: ["RestKitXML"]),
        .library(name: "RestKitMapping", targets: ["RestKitMapping"]),
        .library(name: "RestKitForms", targets: ["RestKitForms"]),
        .library(name: "RestKitDefaults", targets: ["RestKitDefaults"]),
        .library(name: "RestKitHTTP", targets: ["RestKitHTTP"]),
        .library(name: "RestKitStore", targets: ["RestKitStore"]),
        .library(name: "RestKitStoreHTTP", targets: ["RestKitStoreHTTP"]),
        .executable(name: "rk", targets: ["rk"]),
        .executable(name: "rkbench", targets: ["rkbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.20.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        // `make docs`: the DocC catalogs of the library modules (a command plugin; nothing of it
        // is linked into the library).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // rkbench's peers only (issue 15): the Swift packages a user would pick instead.
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/CoreOffice/XMLCoder.git", from: "0.18.2"),
        .package(url: "https://github.com/drmohundro/SWXMLHash.git", from: "8.1.1"),
    ],
    // The module graph is one-way: each target depends only on the layers below it (see
    // "Architecture" in README.md). scripts/check-module-graph.py, run by `make test`, checks
    // these dependency lists and every `import` under Sources/, Benchmarks/ and Tests/.
    targets: [
        // MARK: System libraries

        .systemLibrary(
            name: "CJansson",
            path: "CModules/CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
        ),
        .systemLibrary(
            name: "CYAJL",
            path: "CModules/CYAJL",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            path: "CModules/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),

        // MARK: Core

        // The JSON cursor's and UTF-8 validation's scanning of many bytes at a time (SSE2 on
        // x86-64, 64-bit words on other little-endian targets, byte loops elsewhere), as static
        // inline C that the Swift compiler inlines; used by RestKitCore only.
        .target(name: "CByteScan"),
        .target(
            name: "RestKitCore",
            dependencies: ["CByteScan", .product(name: "OrderedCollections", package: "swift-collections")]
        ),

        // MARK: Codecs

        .target(name: "RestKitJSON", dependencies: ["RestKitCore", "CJansson", "CYAJL"]),
        .target(name: "RestKitXML", dependencies: ["RestKitCore", "CLibXML2"]),
        .target(name: "RestKitForms", dependencies: ["RestKitCore"]),

        // MARK: Mapping

        .target(name: "RestKitMapping", dependencies: ["RestKitCore"]),

        // MARK: Defaults (the built-ins bound together: Registry.default, JSON streaming)

        .target(name: "RestKitDefaults", dependencies: ["RestKitCore", "RestKitJSON", "RestKitXML", "RestKitForms", "RestKitMapping"]),

        // MARK: HTTP

        .target(
            name: "RestKitHTTP",
            dependencies: [
                "RestKitCore", "RestKitMapping", "RestKitForms", "RestKitDefaults",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // MARK: Store (SQLite through GRDB, PostgreSQL through postgres-nio; beside RestKitHTTP,
        // above the mapping and the defaults)

        .target(
            name: "RestKitStore",
            dependencies: [
                "RestKitCore", "RestKitMapping", "RestKitDefaults", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),  // sqlite3_step for BoundStatement
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),  // the stores' loggers, postgres-nio's
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),  // the PostgreSQL store's event loops and thread pool
            ]
        ),
        // Object manager requests mapped into a store: orphan deletion, offline cache.
        .target(name: "RestKitStoreHTTP", dependencies: ["RestKitCore", "RestKitMapping", "RestKitHTTP", "RestKitStore"]),

        // MARK: Umbrella (re-exports only)

        .target(name: "RestKit", dependencies: ["RestKitCore", "RestKitJSON", "RestKitXML", "RestKitForms", "RestKitMapping", "RestKitDefaults"]),

        // MARK: Support (internal, not a product)

        .target(name: "RestKitResidentMemory"),

        // MARK: Tools

        .executableTarget(
            name: "rk",
            dependencies: [
                "RestKit", "RestKitHTTP", "RestKitStore", "RestKitResidentMemory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),  // `rk --verbose`
            ]
        ),
        // simdjson's DOM parser behind a C interface, for rkbench's physical-limit row (C++;
        // Debian's libsimdjson-dev, installed by the Makefile).
        .target(
            name: "SimdjsonShim",
            path: "Benchmarks/SimdjsonShim",
            linkerSettings: [.linkedLibrary("simdjson")]
        ),
        .executableTarget(
            name: "rkbench",
            dependencies: [
                "RestKit", "RestKitStore", "RestKitResidentMemory", "CJansson", "CYAJL", "CLibXML2", "SimdjsonShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),  // the store group's hand-written baseline
                .product(name: "PostgresNIO", package: "postgres-nio"),  // the store-postgres rows' hand-written baseline
                .product(name: "Logging", package: "swift-log"),  // postgres-nio's logger
                .product(name: "NIOPosix", package: "swift-nio"),  // postgres-nio's connection errors
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),  // multipart-kit's ByteBuffer and HTTPHeaders
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "XMLCoder", package: "XMLCoder"),
                .product(name: "SWXMLHash", package: "SWXMLHash"),
            ],
            path: "Benchmarks/rkbench"
        ),

        // MARK: Tests

        .target(
            name: "RestKitTestSupport",
            dependencies: [
                "RestKitCore", "RestKitResidentMemory",
                .product(name: "Logging", package: "swift-log"),  // RecordingLogHandler
            ],
            path: "Tests/RestKitTestSupport"
        ),
        // A test helper, not a product: imports generated articles into the store file named on
        // its command line; RestKitStoreTests kills it mid-import (`swift build --build-tests`
        // builds it next to the test bundle).
        .executableTarget(name: "store-import-child", dependencies: ["RestKitStore", "RestKitCore", "RestKitMapping"], path: "Tests/StoreImportChild"),
        // CByteScan compiled as other architectures compile it, for RestKitCoreTests to compare.
        .target(name: "CByteScanFallbacks", dependencies: ["CByteScan"], path: "Tests/CByteScanFallbacks"),
        .testTarget(name: "RestKitCoreTests", dependencies: ["RestKitCore", "RestKitTestSupport", "CByteScanFallbacks"]),
        .testTarget(name: "RestKitJSONTests", dependencies: ["RestKitCore", "RestKitJSON", "RestKitTestSupport"]),
        .testTarget(name: "RestKitXMLTests", dependencies: ["RestKitCore", "RestKitXML", "RestKitTestSupport"]),
        .testTarget(
            name: "RestKitFormsTests",
            dependencies: [
                "RestKitCore", "RestKitForms", "RestKitTestSupport",
                // MultipartKitInteropTests: an independent implementation reads what we write.
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "RestKitMappingTests", dependencies: ["RestKitCore", "RestKitMapping", "RestKitJSON", "RestKitTestSupport"]),
        .testTarget(name: "RestKitTests", dependencies: ["RestKit", "RestKitTestSupport"]),
        .testTarget(
            name: "RestKitStoreTests",
            dependencies: [
                "RestKitStore", "RestKitCore", "RestKitMapping", "RestKitDefaults", "RestKitJSON", "RestKitTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),  // to inspect the files independently
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "RestKitStoreHTTPTests",
            dependencies: [
                "RestKitStoreHTTP", "RestKitStore", "RestKitHTTP", "RestKitDefaults", "RestKitCore", "RestKitMapping",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(name: "RestKitResidentMemoryTests", dependencies: ["RestKitResidentMemory"]),
        .testTarget(
            name: "RestKitHTTPTests",
            dependencies: [
                "RestKitHTTP", "RestKitJSON", "RestKit", "RestKitTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                // AsyncHTTPClientEarlyAnswerTests: AsyncHTTPClient alone, without RestKit.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // rkbench's report code (the SVG chart), through `@testable import rkbench`.
        .testTarget(name: "rkbenchTests", dependencies: ["rkbench", "RestKitCore", "RestKitXML"]),
        .testTarget(
            name: "rkTests",
            dependencies: [
                "rk", "RestKit", "RestKitTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
