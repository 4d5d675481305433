import Testing
@testable import Render

/// DejaVu Sans with the fonts `tools/setup` installs standing in for it, in a fixed order:
/// golden images then look the same whatever other fonts a machine has (fontconfig's
/// own ranking changes as fonts are added).
let pinnedFonts: LabelFont = {
    let families = ["WenQuanYi Micro Hei", "Lohit Devanagari", "Symbola"]
    guard let primary = FontFile.match() else { return .default }
    let fallbacks = families.compactMap { FontFile.match(family: $0) }
    return .files(primary, fallbacks: fallbacks)
}()
