/// The `wl_surface` requests newer than version 1 that the window's surfaces send each
/// frame, with a refusal (an object older than the request) reported instead of dropped.
extension WlSurface {
    /// `set_buffer_scale` (version 3); a refusal goes to `report`.
    func setBufferScale(_ scale: Int32, reportingTo report: ((ProxyVersionError) -> Void)?) {
        ProxyVersionError.reporting(to: report) { () throws(ProxyVersionError) in try setBufferScale(scale: scale) }
    }

    /// `damage_buffer` of `rect` (version 4); a refusal goes to `report`.
    func damageBuffer(_ rect: PixelRect, reportingTo report: ((ProxyVersionError) -> Void)?) {
        ProxyVersionError.reporting(to: report) { () throws(ProxyVersionError) in
            try damageBuffer(x: Int32(rect.x), y: Int32(rect.y), width: Int32(rect.width), height: Int32(rect.height))
        }
    }
}
