extension UInt8 {
    /// An ASCII blank (space, tab, line feed, vertical tab, form feed, carriage return): what
    /// `Character.isWhitespace` says of an ASCII byte, for scans of UTF-8 that skip Characters.
    public var isASCIIBlank: Bool { self == 0x20 || (self >= 0x09 && self <= 0x0D) }

    /// The byte with an ASCII capital lowered (`A`…`Z` to `a`…`z`), any other byte as it is: comparisons
    /// without case of ASCII words in UTF-8.
    public var asciiLowercased: UInt8 { self >= 0x41 && self <= 0x5A ? self + 0x20 : self }
}
