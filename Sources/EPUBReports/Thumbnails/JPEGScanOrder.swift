/// The order in which a scan's data visit blocks (ITU T.81 A.2): one component alone in raster
/// order over its own blocks (just those the image covers); several interleaved, MCU by MCU, each
/// component's H × V blocks in turn. A restart interval counts MCUs (single blocks when alone).
struct JPEGScanOrder {
    let frame: JPEGDecoder.Frame
    /// The scan's components, as indices into the frame's.
    let members: [Int]
    let restartInterval: Int

    /// Calls `body(member, blockIndex, &reader)` for every block in order, and `restart` (after
    /// stepping the reader over the marker) at each interval's end.
    func forEachBlock(_ reader: inout JPEGBitReader, restart: () -> Void,
                      _ body: (Int, Int, inout JPEGBitReader) throws -> Void) throws {
        var units = 0
        func next() {
            if restartInterval > 0, units > 0, units % restartInterval == 0 {
                reader.restart()
                restart()
            }
            units += 1
        }
        if members.count == 1, let only = members.first {
            let component = frame.components[only]
            let columns = (((frame.width * component.h + frame.hMax - 1) / frame.hMax) + 7) / 8
            let rows = (((frame.height * component.v + frame.vMax - 1) / frame.vMax) + 7) / 8
            for row in 0..<rows {
                for column in 0..<columns {
                    next()
                    try body(0, row * component.blocksPerLine + column, &reader)
                }
            }
            return
        }
        for mcuRow in 0..<frame.mcusPerColumn {
            for mcuColumn in 0..<frame.mcusPerLine {
                next()
                for (member, index) in members.enumerated() {
                    let component = frame.components[index]
                    for v in 0..<component.v {
                        for h in 0..<component.h {
                            let row = mcuRow * component.v + v, column = mcuColumn * component.h + h
                            try body(member, row * component.blocksPerLine + column, &reader)
                        }
                    }
                }
            }
        }
    }
}
