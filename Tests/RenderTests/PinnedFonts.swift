import Testing
@testable import Render

/// DejaVu Sans with the fonts `tools/setup` installs standing in for it, in a fixed order:
/// golden images then look the same whatever other fonts a machine has (fontconfig's
/// own ranking changes as fonts are added).
let pinnedFonts: LabelFont = {
    guard let primary = FontFile.match() else { return .default }
    return .files(primary, fallbacks: pinnedFallbacks)
}()

/// Kept in a global of its own: inside the enum payload above, the array's pointer carries
/// the case's tag bits, and LeakSanitizer (tools/asan-tests) would take it for a leak.
private let pinnedFallbacks = ["WenQuanYi Micro Hei", "Lohit Devanagari", "Symbola"].compactMap {
    FontFile.match(family: $0)
}
