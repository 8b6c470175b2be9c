import Foundation

/// The fuzzing executable. Built with `-sanitize=fuzzer -DFUZZING` it is a libFuzzer binary
/// (`FUZZ_TARGET=nav epubcontract-fuzz CORPUS -max_total_time=8`); built normally it replays the
/// files it is given through the same target, so the seed corpus is a regression test everywhere.
enum FuzzEntry {
    static var target: FuzzTarget? { ProcessInfo.processInfo.environment["FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:)) }

    nonisolated(unsafe) static var workspace: FuzzWorkspace?

    static func usage() -> Int32 {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("epubcontract-fuzz: set FUZZ_TARGET to one of \(names)\n".utf8))
        return 2
    }

    static func runOne(_ data: Data, name: String? = nil) {
        guard let target else { return }
        if workspace == nil { workspace = try? FuzzWorkspace() }
        guard let workspace else { return }
        target.run(data, name: name, workspace: workspace)
    }

    /// Replays every file named (folders: every file inside), in name order.
    static func replay(_ arguments: [String]) -> Int32 {
        guard target != nil else { return usage() }
        var count = 0
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("epubcontract-fuzz: \(argument): no such file or folder\n".utf8))
                return 2
            }
            let files = isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map { argument + "/" + $0 }
                : [argument]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                runOne(data, name: (file as NSString).lastPathComponent)
                count += 1
            }
        }
        print("replayed \(count) input(s) through \(target?.rawValue ?? "")")
        workspace = nil
        return 0
    }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzEntry.runOne(data.map { Data(bytes: $0, count: size) } ?? Data())
    return 0
}

/// SwiftPM names an executable's entry point after its module; libFuzzer's driver runs from it.
@_cdecl("epubcontract_fuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    guard FuzzEntry.target != nil else { return FuzzEntry.usage() }
    var count = argc
    var vector = argv
    return runDriver(&count, &vector, fuzzTestOneInput)
}
#else
@main
struct FuzzReplay {
    static func main() {
        exit(FuzzEntry.replay(Array(CommandLine.arguments.dropFirst())))
    }
}
#endif
