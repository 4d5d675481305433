internal import CPixman
import Glibc
import NodeCore

/// The last step of a decode: pixman's separable convolution (bilinear reconstruction,
/// box sampling) from the box-averaged pixels to exactly the size asked for.
enum Resampling {
    static func resample(_ image: ImagePixels, toWidth width: Int, height: Int) -> ImagePixels {
        guard image.width != width || image.height != height else { return image }
        var source = image.pixels
        var result = [UInt32](repeating: 0, count: width * height)
        source.withUnsafeMutableBufferPointer { sourceBits in
            result.withUnsafeMutableBufferPointer { resultBits in
                let src = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(image.width), Int32(image.height),
                                                   sourceBits.baseAddress, Int32(image.width * 4))
                let dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                   resultBits.baseAddress, Int32(width * 4))
                defer {
                    pixman_image_unref(src)
                    pixman_image_unref(dst)
                }
                let sx = fixed(Double(image.width) / Double(width)), sy = fixed(Double(image.height) / Double(height))
                var transform = pixman_transform()
                pixman_transform_init_scale(&transform, sx, sy)
                pixman_image_set_transform(src, &transform)
                pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD)
                var count: Int32 = 0
                if let parameters = pixman_filter_create_separable_convolution(
                    &count, sx, sy, PIXMAN_KERNEL_LINEAR, PIXMAN_KERNEL_LINEAR, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, 2, 2) {
                    pixman_image_set_filter(src, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, count)
                    free(parameters)
                } else {
                    pixman_image_set_filter(src, PIXMAN_FILTER_GOOD, nil, 0)
                }
                pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
            }
        }
        return ImagePixels(trustedWidth: width, height: height, pixels: result)
    }

    /// `value` as pixman's 16.16 fixed point.
    private static func fixed(_ value: Double) -> pixman_fixed_t {
        pixman_fixed_t((value * 65536).rounded())
    }
}
