/// JPEG's colour spaces to RGB, as decoders agree to read the markers: one component is grey;
/// three are YCbCr (JFIF) unless an Adobe marker says transform 0 or the components are named
/// R, G, B; four are Adobe CMYK (transform 0) or YCCK (transform 2), stored inverted as
/// Photoshop writes them.
enum JPEGColour {
    static func rgb(_ planes: [[UInt8]], ids: [UInt8], adobeTransform: Int?) -> [UInt8] {
        let count = planes.first?.count ?? 0
        var out = [UInt8](repeating: 0, count: count * 3)
        func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        func ycc(_ y: UInt8, _ cb: UInt8, _ cr: UInt8) -> (Double, Double, Double) {
            let y = Double(y), cb = Double(cb) - 128, cr = Double(cr) - 128
            return (y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb)
        }
        switch planes.count {
        case 3:
            let named = ids == Array("RGB".utf8)
            let transform = adobeTransform ?? (named ? 0 : 1)
            for i in 0..<count {
                let (r, g, b) = transform == 0 ? (Double(planes[0][i]), Double(planes[1][i]), Double(planes[2][i]))
                    : ycc(planes[0][i], planes[1][i], planes[2][i])
                out[3 * i] = clamp(r); out[3 * i + 1] = clamp(g); out[3 * i + 2] = clamp(b)
            }
        case 4:
            for i in 0..<count {
                let (c, m, y) = adobeTransform == 2 ? ycc(planes[0][i], planes[1][i], planes[2][i])
                    : (Double(planes[0][i]), Double(planes[1][i]), Double(planes[2][i]))
                let k = Double(planes[3][i]) / 255
                out[3 * i] = clamp(c * k); out[3 * i + 1] = clamp(m * k); out[3 * i + 2] = clamp(y * k)
            }
        default:
            for i in 0..<count {
                let v = planes.first?[i] ?? 0
                out[3 * i] = v; out[3 * i + 1] = v; out[3 * i + 2] = v
            }
        }
        return out
    }
}
