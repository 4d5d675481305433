/// Generates the image files an image node's `src` names (behaviour.md §17): PNGs of every
/// colour type and bit depth the format allows, small or claiming a size past the limits,
/// and now and then cut off or with bytes flipped. The PNGs are written here (zlib's stored
/// blocks need no compressor), so a case is rebuilt from its seed alone.
struct ImageGenerator {
    var random: FuzzRandom

    init(random: FuzzRandom) { self.random = random }

    mutating func png() -> [UInt8] {
        // Colour type with the bit depths it allows, and its samples per pixel.
        let (colorType, depths, samples) = random.pick([(0, [1, 2, 4, 8, 16], 1), (2, [8, 16], 3), (3, [1, 2, 4, 8], 1),
                                                         (4, [8, 16], 2), (6, [8, 16], 4)])
        let depth = random.pick(depths)
        let width = random.chance(0.95) ? random.int(1 ... 48) : random.pick([0, 1, 16_384, 65_536, 2_147_483_647])
        let height = random.chance(0.95) ? random.int(1 ... 48) : random.pick([0, 1, 16_384, 65_536])
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", be32(width) + be32(height) + [UInt8(depth), UInt8(colorType), 0, 0, 0])
        if colorType == 3 {
            let entries = random.int(1 ... 256)
            bytes += chunk("PLTE", (0 ..< entries * 3).map { _ in UInt8(random.int(0 ... 255)) })
            if random.chance(0.5) { bytes += chunk("tRNS", (0 ..< random.int(1 ... entries)).map { _ in UInt8(random.int(0 ... 255)) }) }
        }
        // The scanlines of a small image; a huge one claims its size with a few rows only.
        let rowBytes = (min(width, 64) * samples * depth + 7) / 8
        var raw: [UInt8] = []
        for _ in 0 ..< min(height, 48) {
            raw.append(UInt8(random.int(0 ... 4)))  // filter type
            for _ in 0 ..< rowBytes { raw.append(UInt8(random.int(0 ... 255))) }
        }
        bytes += chunk("IDAT", zlibStored(raw))
        bytes += chunk("IEND", [])
        return mutated(bytes)
    }

    /// A JPEG of the repository's examples, whole or damaged, when it is there.
    mutating func jpeg(from original: [UInt8]) -> [UInt8] { mutated(original) }

    private mutating func mutated(_ bytes: [UInt8]) -> [UInt8] {
        guard random.chance(0.15), bytes.count > 8 else { return bytes }
        var out = bytes
        if random.chance(0.5) {
            out = Array(out[..<random.int(0 ... out.count - 1)])
        } else {
            for _ in 0 ..< random.int(1 ... 8) { out[random.int(8 ... out.count - 1)] = UInt8(random.int(0 ... 255)) }
        }
        return out
    }

    private func be32(_ n: Int) -> [UInt8] {
        let v = UInt32(truncatingIfNeeded: n)
        return [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    /// zlib data of stored (uncompressed) deflate blocks.
    private func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let n = end - start
            out += [end == data.count ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            out += data[start ..< end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(Int(b << 16 | a))
    }

    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
