/// One generated input: a scene and an input script, rebuilt from `seed`.
public struct FuzzCase: Sendable {
    public let seed: UInt64
    public let scene: String
    public let script: String

    public init(seed: UInt64, scene: String, script: String) {
        self.seed = seed
        self.scene = scene
        self.script = script
    }

    /// The case of `seed`: the same seed gives the same files on every machine.
    public init(seed: UInt64) {
        var scenes = SceneGenerator(random: FuzzRandom(seed: seed))
        let (scene, size) = scenes.scene()
        var scripts = ScriptGenerator(random: FuzzRandom(seed: seed ^ 0x5EED_5C12_1F7A_0001))
        self.init(seed: seed, scene: scene, script: scripts.script(size: size))
    }
}
