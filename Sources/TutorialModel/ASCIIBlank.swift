extension UInt8 {
    /// An ASCII blank (space, tab, line feed, vertical tab, form feed, carriage return): what
    /// `Character.isWhitespace` says of an ASCII byte, for scans of UTF-8 that skip Characters.
    public var isASCIIBlank: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }
}
