#if canImport(Glibc)
import Glibc
#endif

/// fontconfig's answer for a family, kept in a small file between runs: loading
/// fontconfig's configuration costs tens of milliseconds (tens of millions of
/// instructions), most of a cold start, while the answer rarely changes.
///
/// An entry is used only while nothing it depends on is newer than the cache file:
/// fontconfig's configuration files and folders, its cache folders (rewritten by
/// `fc-cache` whenever fonts are installed or removed), the usual font folders, and the
/// font file itself, which must still exist. `FONTCONFIG_FILE` or `FONTCONFIG_PATH` in
/// the environment bypass the cache. Any failure to read or write it falls back to
/// asking fontconfig; the cache never changes which font is used.
public struct FontMatchCache: Sendable {
    /// The cache file, or nil when there is no place for it (no `$XDG_CACHE_HOME` or `$HOME`).
    public let file: String?
    /// Files and folders whose change invalidates every entry.
    public let dependencies: [String]

    public init(file: String?, dependencies: [String]) {
        self.file = file
        self.dependencies = dependencies
    }

    /// `$XDG_CACHE_HOME/touchstone/font-match` (else `~/.cache/...`), invalidated by the
    /// system's and the user's fontconfig configuration, caches and font folders.
    public static let standard: FontMatchCache = {
        let env = CacheFiles.environment
        if env("FONTCONFIG_FILE") != nil || env("FONTCONFIG_PATH") != nil { return FontMatchCache(file: nil, dependencies: []) }
        let home = env("HOME")
        let cacheHome = env("XDG_CACHE_HOME") ?? home.map { $0 + "/.cache" }
        let configHome = env("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
        let dataHome = env("XDG_DATA_HOME") ?? home.map { $0 + "/.local/share" }
        var dependencies = ["/etc/fonts", "/etc/fonts/fonts.conf", "/etc/fonts/conf.d", "/var/cache/fontconfig",
                            "/usr/share/fonts", "/usr/local/share/fonts"]
        for base in [configHome.map { $0 + "/fontconfig" }, cacheHome.map { $0 + "/fontconfig" }, dataHome.map { $0 + "/fonts" },
                     home.map { $0 + "/.fonts" }, home.map { $0 + "/.fonts.conf" }, home.map { $0 + "/.fonts.conf.d" }] {
            if let base { dependencies.append(base) }
        }
        if let configHome { dependencies.append(configHome + "/fontconfig/conf.d") }
        return FontMatchCache(file: CacheFiles.folder.map { $0 + "/font-match" }, dependencies: dependencies)
    }()

    /// The cached match for `family`, else `lookUp()`'s answer, which is then stored.
    public func match(family: String, lookUp: () -> FontFile?) -> FontFile? {
        if let hit = cached(family: family) { return hit }
        let found = lookUp()
        if let found { store(found, for: family) }
        return found
    }

    /// The entry for `family` when the cache is still valid and the font file exists.
    public func cached(family: String) -> FontFile? {
        guard let file, let written = modificationTime(file) else { return nil }
        for path in dependencies {
            if let changed = modificationTime(path), changed >= written { return nil }
        }
        guard let text = readText(file) else { return nil }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0] == family, let index = Int(fields[2]) else { continue }
            let path = String(fields[1])
            guard access(path, R_OK) == 0 else { return nil }
            return FontFile(path: path, faceIndex: index)
        }
        return nil
    }

    /// Records `font` for `family`, keeping other families' entries (written to a temporary
    /// file and renamed, so a reader never sees half a file).
    public func store(_ font: FontFile, for family: String) {
        guard let file, !family.contains("\t"), !family.contains("\n"),
              !font.path.contains("\t"), !font.path.contains("\n") else { return }
        var lines = (readText(file) ?? "").split(separator: "\n").filter { !$0.hasPrefix(family + "\t") }.map(String.init)
        lines.append("\(family)\t\(font.path)\t\(font.faceIndex)")
        CacheFiles.write((lines.joined(separator: "\n") + "\n").utf8, to: file)
    }

    private func modificationTime(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }

    private func readText(_ path: String) -> String? {
        // An unreadable cache is a missing one: fontconfig is asked instead.
        CacheFiles.read(path, limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) }
    }
}
