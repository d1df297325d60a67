// swift-tools-version: 6.1
//
// WarnSim: a simulation and parameter-tuning workbench for exposure-notification
// warnings. The modules are layered: every dependency points down (the list below).
//
//   warnsim (CLI)          → every layer, ArgumentParser
//   Reporting              → Studies, Analysis, Plot (the HTML report)
//   Studies                → Analysis, Simulation, RadioCalibration, RunRecords (what simulates and analyses:
//                            confirmation, validation, redraw, cluster studies)
//   Analysis               → RunRecords, RadioCalibration, RiskCalculation, Population, ExposureNotification
//                            (reads run folders, never simulates)
//   Simulation             → RunRecords, Services, RiskCalculation, Population
//   RunRecords             → RiskCalculation, Population, ExposureNotification, WarnSimCore (every run-folder file
//                            declared once: CSV columns, binary store layouts, their writers and readers)
//   RadioCalibration       → Population, CSQLite (SQLite 3): the measurement campaigns (DP-3T, Lanfer,
//                            Dublin Bus), the radio fit and its check; read by `warnsim radio`, replay
//                            and validate, never by the simulated world
//   Services               → ExposureNotification, swift-crypto
//   Population             → WarnSimCore (the town, the phones' radios and the radio model, transmission)
//   RiskCalculation        → ExposureNotification, CBLAS (OpenBLAS), CBatchLanes (the scorer's eight-lane kernel), Yams
//   ExposureNotification   → WarnSimCore, CLibCrypto (OpenSSL libcrypto), CExposureCrypto (the key
//                            schedule on AES-NI/SHA-NI), CZlibInflate (zlib), swift-crypto,
//                            SwiftProtobuf, ZIPFoundation (writing key packages)
//   WarnSimCore            random streams and their names, the run manifest (swift-crypto), parallel loops, unsafe-buffer
//                          helpers, atomic output, input errors, the strict YAML reader (Yams), the CSV reader (CSV.swift)
//
// Tooling sits beside the layers, never under them:
//   WarnSimBenchmarks      `warnsim bench`: crypto, score, world, simulate
//   WarnSimDemo            `warnsim demo`: one phone's keys, identifiers and signed upload
//   WarnSimTestSupport     test helpers shared by the test targets (Tests/WarnSimTestSupport)
import PackageDescription

let package = Package(
    name: "WarnSim",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "warnsim", targets: ["warnsim"]),
        .library(name: "ExposureNotification", targets: ["ExposureNotification"]),
        .library(name: "RiskCalculation", targets: ["RiskCalculation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.0"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.28.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.19"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.0"),
        // The HTML of `warnsim report`, built as a typed document rather than by string concatenation.
        .package(url: "https://github.com/JohnSundell/Plot.git", from: "0.14.0"),
        // `swift package generate-documentation` (the DocC catalogs; CI builds them with warnings as errors).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // MARK: System libraries

        /// OpenBLAS' CBLAS interface (Debian: libopenblas-dev).
        .systemLibrary(
            name: "CBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),
        /// OpenSSL's libcrypto EVP interface, used for bulk AES-128 with AES-NI
        /// (Debian: libssl-dev).
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        /// zlib (Debian: zlib1g-dev), to inflate key-package entries in one
        /// bounded call (ZIPFoundation's streaming inflate loops forever on some
        /// truncated deflate streams).
        .systemLibrary(
            name: "CZlibInflate",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        /// SQLite 3 (Debian: libsqlite3-dev), to read the DP-3T measurement
        /// databases the radio model is fitted on (RadioCalibration only).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        /// The Exposure Notification key schedule (zero-salt HKDF of several
        /// keys interleaved, AES-128 key expansion and ECB) on the x86-64 AES
        /// and SHA instructions, selected at run time; OpenSSL serves every
        /// other CPU (Sources/CExposureCrypto/include/exposure_crypto.h says why).
        .target(name: "CExposureCrypto"),
        /// The batch scorer's kernel for eight parameter sets side by side
        /// (Sources/CBatchLanes/include/batch_lanes.h says why it is C).
        .target(name: "CBatchLanes"),

        // MARK: Layers (bottom to top)

        /// Shared by every layer: deterministic random streams, atomic output files.
        .target(
            name: "WarnSimCore",
            dependencies: [
                .product(name: "Yams", package: "Yams"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        .target(
            name: "ExposureNotification",
            dependencies: [
                "CLibCrypto",
                "CExposureCrypto",
                "CZlibInflate",
                "WarnSimCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["KeyExport/export.proto"]
        ),
        .target(
            name: "RiskCalculation",
            dependencies: [
                "CBatchLanes",
                "CBLAS",
                "ExposureNotification",
                "WarnSimCore",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "Population",
            dependencies: ["WarnSimCore"]
        ),
        /// The radio's measurement campaigns, its fit and its check: calibration
        /// tooling that reads the world's radio model and never runs inside it.
        .target(
            name: "RadioCalibration",
            dependencies: ["Population", "WarnSimCore", "CSQLite"]
        ),
        .target(
            name: "Services",
            dependencies: [
                "ExposureNotification", "WarnSimCore",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        /// Every file of a run folder declared once: the CSV columns, the binary stores' record layouts, their writers and readers.
        .target(
            name: "RunRecords",
            dependencies: ["ExposureNotification", "RiskCalculation", "Population", "WarnSimCore"]
        ),
        .target(
            name: "Simulation",
            dependencies: [
                "RunRecords", "Services", "RiskCalculation", "Population", "ExposureNotification", "WarnSimCore",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "Analysis",
            dependencies: [
                "RunRecords", "RadioCalibration", "RiskCalculation", "Population", "ExposureNotification", "WarnSimCore",
            ]
        ),

        /// The studies that run simulations and analyse them: sweep and tune confirmation, validation,
        /// redraw, cluster plans and merges.
        .target(
            name: "Studies",
            dependencies: [
                "Analysis", "RadioCalibration", "RunRecords", "Simulation", "RiskCalculation", "Population", "ExposureNotification",
                "WarnSimCore",
            ]
        ),

        /// `warnsim report`: one self-contained HTML file for an ensemble, a sweep, a tune or a compare.
        .target(
            name: "Reporting",
            dependencies: [
                "Analysis", "Studies", "RiskCalculation", "WarnSimCore",
                .product(name: "Plot", package: "Plot"),
            ]
        ),

        // MARK: Tooling (beside the layers)

        /// Records the commit the sources were built from, for `manifest.json`'s `source_commit`.
        .plugin(name: "SourceCommit", capability: .buildTool()),

        /// `warnsim bench`: the benchmarks an analyst runs on their own hardware.
        .target(
            name: "WarnSimBenchmarks",
            dependencies: [
                "Simulation", "RiskCalculation", "Population", "ExposureNotification", "WarnSimCore", "CBLAS",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        /// `warnsim demo`: the protocol demonstration.
        .target(
            name: "WarnSimDemo",
            dependencies: [
                "ExposureNotification", "WarnSimCore",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "warnsim",
            dependencies: [
                "Analysis", "Studies", "RunRecords", "Reporting", "Simulation", "Services", "RadioCalibration", "RiskCalculation",
                "Population",
                "ExposureNotification",
                "WarnSimCore", "WarnSimBenchmarks", "WarnSimDemo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            plugins: ["SourceCommit"]
        ),

        // MARK: Tests

        /// Helpers shared by the test targets, in three parts so that testing a
        /// bottom layer builds only that layer: reference-data and project
        /// paths, snapshot assertions and hostile YAML (no dependency);
        /// a key export with implausible values (the protocol layer); the
        /// recorded-run fixture (the simulation).
        .target(name: "WarnSimTestSupport", path: "Tests/WarnSimTestSupport"),
        .target(
            name: "ProtocolTestSupport",
            dependencies: ["ExposureNotification", "WarnSimCore"],
            path: "Tests/ProtocolTestSupport"
        ),
        .target(
            name: "SimulationTestSupport",
            dependencies: ["WarnSimTestSupport", "Simulation"],
            path: "Tests/SimulationTestSupport"
        ),

        .testTarget(name: "CBLASTests", dependencies: ["CBLAS"]),
        .testTarget(name: "WarnSimCoreTests", dependencies: ["WarnSimTestSupport", "WarnSimCore"]),
        .testTarget(
            name: "ExposureNotificationTests",
            dependencies: [
                "WarnSimTestSupport", "ProtocolTestSupport", "ExposureNotification", "WarnSimCore",
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "RiskCalculationTests", dependencies: ["WarnSimTestSupport", "RiskCalculation", "ExposureNotification", "WarnSimCore"]),
        .testTarget(name: "PopulationTests", dependencies: ["WarnSimTestSupport", "Population", "WarnSimCore"]),
        .testTarget(
            name: "RadioCalibrationTests", dependencies: ["WarnSimTestSupport", "RadioCalibration", "Population", "WarnSimCore"]),
        .testTarget(
            name: "ServicesTests",
            dependencies: [
                "WarnSimTestSupport", "Services", "ExposureNotification", "WarnSimCore",
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "SimulationTests",
            dependencies: [
                "WarnSimTestSupport", "Simulation", "RunRecords", "RiskCalculation", "Services", "ExposureNotification", "Population",
                "WarnSimCore",
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "AnalysisTests",
            dependencies: [
                "WarnSimTestSupport", "SimulationTestSupport", "Analysis", "RunRecords", "Simulation", "RiskCalculation", "Population",
                "ExposureNotification", "WarnSimCore",
            ]),
        .testTarget(
            name: "RunRecordsTests",
            dependencies: ["WarnSimTestSupport", "RunRecords", "RiskCalculation", "ExposureNotification", "WarnSimCore"]
        ),
        .testTarget(
            name: "StudiesTests",
            dependencies: [
                "WarnSimTestSupport", "SimulationTestSupport", "Studies", "Analysis", "RunRecords", "Simulation", "RiskCalculation",
                "Population", "WarnSimCore",
            ]
        ),
        /// Mutated inputs through the CLI's library entry points (never a crash).
        .testTarget(
            name: "InputFuzzTests",
            dependencies: [
                "WarnSimTestSupport", "SimulationTestSupport", "Analysis", "RiskCalculation", "ExposureNotification", "WarnSimCore",
                "Simulation", "RunRecords",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "WarnSimCLITests",
            dependencies: [
                "WarnSimTestSupport", "ProtocolTestSupport", "SimulationTestSupport", "warnsim", "Analysis", "ExposureNotification",
                "WarnSimCore", "WarnSimBenchmarks",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Read from the source tree by the snapshot assertions, not bundled.
            exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
