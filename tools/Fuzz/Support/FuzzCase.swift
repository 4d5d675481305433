/// One generated input: a scene, an input script or a device recording, and the image files
/// the scene names, rebuilt from `seed`.
public struct FuzzCase: Sendable {
    public let seed: UInt64
    /// The scene's text; `@case@` in it stands for the name the case is written under.
    public let scene: String
    /// An input script, or a `libinput record` / evemu recording (told apart by content).
    public let script: String
    /// Files beside the scene, by the suffix after the case's name (`image.png`).
    public let files: [String: [UInt8]]

    public init(seed: UInt64, scene: String, script: String, files: [String: [UInt8]] = [:]) {
        self.seed = seed
        self.scene = scene
        self.script = script
        self.files = files
    }

    /// The case of `seed`: the same seed gives the same files on every machine (the JPEG is
    /// the repository's `examples/images/cup.jpg`, read from the working folder).
    public init(seed: UInt64) {
        var scenes = SceneGenerator(random: FuzzRandom(seed: seed))
        let (scene, size) = scenes.scene()
        var input = FuzzRandom(seed: seed ^ 0x5EED_5C12_1F7A_0001)
        let script: String
        if input.chance(0.2) {
            var recordings = RecordingGenerator(random: input)
            script = recordings.recording()
        } else {
            var scripts = ScriptGenerator(random: input)
            script = scripts.script(size: size)
        }
        var images = ImageGenerator(random: FuzzRandom(seed: seed ^ 0x1A6E_0F11_E5ED_0002))
        var files: [String: [UInt8]] = [:]
        if scenes.imageFiles.contains("png") { files["image.png"] = images.png() }
        if scenes.imageFiles.contains("jpg") {
            let jpeg = FuzzProcess.read("examples/images/cup.jpg")
            files["image.jpg"] = jpeg.isEmpty ? images.png() : images.jpeg(from: jpeg)
        }
        self.init(seed: seed, scene: scene, script: script, files: files)
    }

    /// Writes the case into `folder` as `NAME.json`, `NAME.input.jsonl` and `NAME.SUFFIX` for
    /// each file; returns the scene's and the script's paths.
    @discardableResult
    public func write(to folder: String, name: String) -> (scene: String, script: String) {
        let paths = (scene: "\(folder)/\(name).json", script: "\(folder)/\(name).input.jsonl")
        FuzzProcess.write(scene.replacingAll("@case@", with: name), to: paths.scene)
        FuzzProcess.write(script, to: paths.script)
        for (suffix, bytes) in files { FuzzProcess.write(bytes, to: "\(folder)/\(name).\(suffix)") }
        return paths
    }
}

extension String {
    /// `self` with every `target` replaced (the fuzzer does without Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
