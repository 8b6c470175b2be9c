/// Initial containing block of a fixed-layout item: numbers in CSS pixels, or device keywords.
public struct Viewport: Sendable, Codable, Equatable {
    public var width: Double?
    public var height: Double?
    /// `device-width` / `device-height` when the author asked for the device's size.
    public var widthKeyword: String?
    public var heightKeyword: String?
}
