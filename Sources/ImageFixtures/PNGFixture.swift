/// PNG files built byte by byte for tests and benchmarks: any color type and bit depth,
/// zlib's stored (uncompressed) blocks, so no encoder is needed and nothing is copied in.
public enum PNGFixture {
    /// PNG color types.
    public enum ColorType: UInt8 {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6
    }

    /// A PNG of `width` × `height` whose rows (filter byte excluded) are `rows`, with
    /// optional `PLTE` and `tRNS` chunks; `withEnd: false` leaves IEND out.
    public static func png(width: Int, height: Int, colorType: ColorType, bitDepth: UInt8, rows: [[UInt8]],
                           palette: [UInt8]? = nil, transparency: [UInt8]? = nil, withEnd: Bool = true) -> [UInt8] {
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [bitDepth, colorType.rawValue, 0, 0, 0]
        var raw: [UInt8] = []
        for row in rows { raw += [0] + row }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", header)
        if let palette { file += chunk("PLTE", palette) }
        if let transparency { file += chunk("tRNS", transparency) }
        file += chunk("IDAT", zlibStored(raw))
        if withEnd { file += chunk("IEND", []) }
        return file
    }

    /// An 8-bit RGBA PNG of straight-alpha pixels given as (r, g, b, a) per pixel, row-major.
    public static func rgba(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        let rows = (0 ..< height).map { y in
            (0 ..< width).flatMap { x -> [UInt8] in
                let p = pixel(x, y)
                return [p.0, p.1, p.2, p.3]
            }
        }
        return png(width: width, height: height, colorType: .rgba, bitDepth: 8, rows: rows)
    }

    /// A signature, an IHDR claiming `width` × `height` and no pixels: enough to be refused by size.
    public static func headerOnly(width: Int, height: Int) -> [UInt8] {
        var header: [UInt8] = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, ColorType.rgba.rawValue, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", []) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored blocks (at most 65535 bytes each).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset ..< offset + count]
            offset += count
        } while offset < data.count
        return out + bigEndian(adler32(data))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
