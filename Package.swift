// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "epubcontract",
    products: [
        .library(name: "EPUBContract", targets: ["EPUBContract"]),
        .library(name: "EPUBMessages", targets: ["EPUBMessages"]),
        .library(name: "EPUBDocument", targets: ["EPUBDocument"]),
        .library(name: "EPUBStyle", targets: ["EPUBStyle"]),
        .library(name: "EPUBAccessibility", targets: ["EPUBAccessibility"]),
        .library(name: "EPUBReports", targets: ["EPUBReports"]),
        .library(name: "EPUBValidator", targets: ["EPUBValidator"]),
        .library(name: "EPUBOutput", targets: ["EPUBOutput"]),
        .library(name: "EPUBExport", targets: ["EPUBExport"]),
        .library(name: "EPUBConverter", targets: ["EPUBConverter"]),
        .library(name: "EPUBRepair", targets: ["EPUBRepair"]),
        .executable(name: "epubcontract", targets: ["epubcontract"]),
        .executable(name: "epubcontract-fuzz", targets: ["epubcontract-fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibZip", path: "Sources/CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CLibXSLT", path: "Sources/CLibXSLT", pkgConfig: "libxslt", providers: [.apt(["libxslt1-dev"])]),
        .target(name: "CSHA256", path: "Sources/CSHA256"),
        // The message catalog (IDs, severities, templates in every locale) and the Diagnostic value:
        // what the reader library and the validator both say things with.
        .target(name: "EPUBMessages"),
        // A publication's documents: the XML reader, the content-document model, hrefs, and the
        // faults reading them can meet. Below everything that reads a book.
        .target(name: "EPUBDocument", dependencies: ["EPUBMessages", "CLibXML2"]),
        // The one style engine: CSS syntax, selectors, media queries, the cascade and computed
        // values over the content-document model. The contract, the exporter and the accessibility
        // checker all ask it; it knows nothing of them.
        .target(name: "EPUBStyle", dependencies: ["EPUBDocument"]),
        .target(name: "EPUBContract", dependencies: ["EPUBDocument", "EPUBStyle", "CLibXML2", "CLibZip", "CSHA256"]),
        // The accessibility checker (EPUB Accessibility 1.1 and axe-core's static rules) over the
        // session and the one cascade.
        .target(name: "EPUBAccessibility", dependencies: ["EPUBContract", "EPUBStyle"]),
        // The reports every command writes (text, JSON, EPUBCheck's JSON, SARIF, HTML) and the
        // report values they draw; no checking logic, so `inspect` draws the contract without the validator.
        .target(name: "EPUBReports", dependencies: ["EPUBContract", "EPUBAccessibility", "CLibXML2", "CLibZip"]),
        .target(name: "EPUBValidator", dependencies: ["EPUBContract", "EPUBReports", "CLibXML2"]),
        // Files written whole or not at all: the EPUB writer (a pipeline of deflating threads ahead
        // of libzip) and safe folder output; the converters' and the CLI's one way to write.
        .target(name: "EPUBOutput", dependencies: ["EPUBContract", "CLibZip"]),
        // `export`: what a native renderer needs (normalized XHTML, addressable text, styles, tables, media).
        .target(name: "EPUBExport", dependencies: ["EPUBContract", "EPUBStyle", "EPUBOutput", "CLibXML2", "CLibXSLT"]),
        // `convert`: plain-text novels into EPUB 3.
        .target(name: "EPUBConverter", dependencies: ["EPUBContract", "EPUBOutput"]),
        // `fix`: validate, repair what the book itself determines, validate again; the repaired
        // book written whole through the one writer.
        .target(name: "EPUBRepair", dependencies: ["EPUBContract", "EPUBReports", "EPUBValidator", "EPUBOutput"]),
        // `lsp`: a language server for unpacked books (diagnostics as the editor types, code
        // actions from `fix`, definitions and references across files).
        .target(name: "EPUBLanguageServer", dependencies: ["EPUBContract", "EPUBReports", "EPUBValidator", "EPUBRepair"]),
        // What every command shares: batches of books (worker processes, JSON lines), a book from
        // standard input, limits, report files written whole, the report locale.
        .target(name: "CommandLineSupport", dependencies: [
            "EPUBContract", "EPUBOutput", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The reader's commands (`inspect`, `positions`, `version`): the contract and its reports,
        // without the validator or the converters.
        .target(name: "ReaderCommands", dependencies: [
            "EPUBContract", "EPUBReports", "EPUBAccessibility", "CommandLineSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "epubcontract", dependencies: [
            "CommandLineSupport",
            "ReaderCommands",
            "EPUBContract",
            "EPUBValidator",
            "EPUBAccessibility",
            "EPUBReports",
            "EPUBOutput",
            "EPUBExport",
            "EPUBConverter",
            "EPUBRepair",
            "EPUBLanguageServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Fuzzing: libFuzzer with `-sanitize=fuzzer -DFUZZING` (scripts/fuzz), a seed replayer otherwise.
        .executableTarget(name: "epubcontract-fuzz", dependencies: ["EPUBContract", "EPUBValidator", "EPUBAccessibility", "EPUBReports", "EPUBOutput", "EPUBExport", "EPUBConverter"]),
        .testTarget(name: "EPUBContractTests", dependencies: ["EPUBContract", "EPUBDocument", "EPUBStyle", "EPUBMessages", "EPUBValidator", "EPUBAccessibility", "EPUBReports", "EPUBOutput", "EPUBExport", "EPUBConverter", "EPUBRepair", "EPUBLanguageServer", "CLibZip", "CommandLineSupport", "ReaderCommands", "epubcontract"]),
    ],
    swiftLanguageModes: [.v6]
)
