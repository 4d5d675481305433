// Decoding a 4000 × 3000 JPEG for a 200 × 150 pt node at scale 2 (behaviour.md §17.1):
// DCT scaling to ⅛ and averaging as rows arrive, against a full-size decode of the same
// file. Run: `swift run -c release ImageBenchmarks`.
import BenchmarkSupport
import ImageDecoding
import ImageFixtures
import NodeCore

let photo = JPEGFixture.photo(width: 4000, height: 3000)
let node = Size(width: 200, height: 150)
let scale = 2.0
let rounds = 7

func decodeTimes(_ size: ((Int, Int) -> (width: Int, height: Int))?) -> (times: [Double], image: DecodedImage) {
    var times: [Double] = []
    var last: DecodedImage?
    for _ in 0 ..< rounds {
        let start = threadCPUMilliseconds()
        last = try! ImageDecoder.decode(photo, size: size)
        times.append(threadCPUMilliseconds() - start)
    }
    return (times, last!)
}

let drawn = decodeTimes { width, height in
    ImageNode.decodeSize(sourceWidth: width, sourceHeight: height, boundsSize: node, contentMode: .aspectFill, scale: scale)
}
let full = decodeTimes(nil)
let drawnMedian = median(drawn.times), fullMedian = median(full.times)

print("JPEG 4000×3000 (\(photo.count / 1024) KiB), node 200×150 pt at scale \(scale), \(rounds) rounds, thread CPU:")
print("  drawn size:  \(drawn.image.pixels.width)×\(drawn.image.pixels.height) from a "
    + "\(drawn.image.decodedWidth)×\(drawn.image.decodedHeight) DCT-scaled decode, median \(format(drawnMedian)) ms")
print("  full size:   \(full.image.pixels.width)×\(full.image.pixels.height), median \(format(fullMedian)) ms")
print("  ratio:       \(format(drawnMedian / fullMedian, digits: 3))× (target ≤ 0.2×)")
reportFigure(table: "JPEG decoding at the drawn size", figure: "4000×3000 JPEG for a 200×150 pt node, CPU", value: drawnMedian,
             unit: "ms", baseline: "full size \(format(fullMedian)) ms", ratio: drawnMedian / fullMedian, target: .atMost(0.2))
print("  pixels kept: \(drawn.image.pixels.byteCount / 1024) KiB vs \(full.image.pixels.byteCount / 1024) KiB")

func format(_ value: Double, digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0 ..< digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return "\(rounded)"
}
