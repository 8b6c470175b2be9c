// swift-tools-version:6.0
// A program that uses epubcontract as a library, as the README's "Using the library" shows.
// In your own package, depend on the repository instead of this path:
//   .package(url: "https://example.org/epubcontract.git", branch: "main")
import PackageDescription

let package = Package(
    name: "contract-example",
    dependencies: [
        .package(name: "epubcontract", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "contract-example", dependencies: [
            .product(name: "EPUBContract", package: "epubcontract"),
            .product(name: "EPUBExport", package: "epubcontract"),
        ]),
    ]
)
