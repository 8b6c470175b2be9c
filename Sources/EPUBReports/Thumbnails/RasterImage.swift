/// A picture as 8-bit RGB samples, row by row: what the JPEG decoder gives and the encoder takes.
package struct RasterImage: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// `width × height × 3` bytes: red, green, blue per pixel, rows top to bottom.
    package var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "RGB samples do not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// One colour everywhere (tests and blank pages).
    init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) {
        self.init(width: width, height: height, pixels: (0..<(width * height)).flatMap { _ in [red, green, blue] })
    }

    /// The image made smaller to fit `maxWidth × maxHeight`, keeping its proportions, each new pixel
    /// the area-weighted mean of the pixels it covers (a box filter: no ringing, no aliasing of
    /// fine print at the ratios thumbnails use). An image that fits already is returned as it is.
    package func scaled(toFit maxWidth: Int, _ maxHeight: Int) -> RasterImage {
        let ratio = min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height))
        guard ratio < 1 else { return self }
        let w = max(1, Int((Double(width) * ratio).rounded()))
        let h = max(1, Int((Double(height) * ratio).rounded()))
        let xs = Self.spans(from: width, to: w)
        let ys = Self.spans(from: height, to: h)
        var out = [UInt8](repeating: 0, count: w * h * 3)
        var sums = [Double](repeating: 0, count: 3)
        for (y, rows) in ys.enumerated() {
            for (x, columns) in xs.enumerated() {
                sums[0] = 0; sums[1] = 0; sums[2] = 0
                var area = 0.0
                for (row, wy) in rows {
                    for (column, wx) in columns {
                        let weight = wx * wy
                        let i = (row * width + column) * 3
                        sums[0] += Double(pixels[i]) * weight
                        sums[1] += Double(pixels[i + 1]) * weight
                        sums[2] += Double(pixels[i + 2]) * weight
                        area += weight
                    }
                }
                let o = (y * w + x) * 3
                for c in 0..<3 { out[o + c] = UInt8(max(0, min(255, (sums[c] / area).rounded()))) }
            }
        }
        return RasterImage(width: w, height: h, pixels: out)
    }

    /// For each of `count` new pixels along one axis of `size` old ones: the old pixels it covers
    /// and how much of each (fractions at the edges).
    private static func spans(from size: Int, to count: Int) -> [[(Int, Double)]] {
        let step = Double(size) / Double(count)
        return (0..<count).map { i in
            let start = Double(i) * step, end = min(Double(size), start + step)
            var span: [(Int, Double)] = []
            var p = Int(start)
            while Double(p) < end, p < size {
                let covered = min(end, Double(p + 1)) - max(start, Double(p))
                if covered > 1e-9 { span.append((p, covered)) }
                p += 1
            }
            return span
        }
    }
}
