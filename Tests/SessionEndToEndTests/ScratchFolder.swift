import Foundation

/// A new, empty folder `PREFIX-UUID` in the temporary directory; the test removes it.
func makeScratchFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
