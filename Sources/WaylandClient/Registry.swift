/// A global the compositor advertises.
public struct GlobalInfo: Hashable, Sendable {
    public var name: UInt32
    public var interface: String
    public var version: UInt32
}

/// Binding a global failed.
public enum RegistryError: Error, Equatable, CustomStringConvertible {
    /// The compositor does not advertise the interface at all.
    case missingGlobal(interface: String, required: UInt32, preferred: UInt32)
    /// It does, but older than we can work with.
    case versionTooOld(interface: String, required: UInt32, preferred: UInt32, offered: UInt32)

    public var description: String {
        switch self {
        case let .missingGlobal(interface, required, preferred):
            "the compositor does not offer \(interface) (need version \(required), prefer \(preferred))"
        case let .versionTooOld(interface, required, preferred, offered):
            "the compositor offers \(interface) version \(offered), but version \(required) is required (\(preferred) preferred)"
        }
    }
}

/// Tracks the compositor's globals and binds them at a negotiated version.
///
/// Globals may come and go at any time (outputs, seats); `onGlobalAdded` / `onGlobalRemoved`
/// report changes after the initial round trip.
public final class Registry {
    private let registry: WlRegistry
    /// Currently advertised globals by name.
    public private(set) var globals: [UInt32: GlobalInfo] = [:]
    /// Called for globals announced after `init` returned.
    public var onGlobalAdded: ((GlobalInfo) -> Void)?
    /// Called when a global disappears (after `init` returned).
    public var onGlobalRemoved: ((GlobalInfo) -> Void)?

    /// Gets the registry and waits one round trip so every current global is known.
    public init(display: WaylandDisplay) throws(DisplayError) {
        registry = display.object.getRegistry()
        registry.onEvent = { [unowned self] event in
            switch event {
            case let .global(name, interface, version):
                let info = GlobalInfo(name: name, interface: interface, version: version)
                globals[name] = info
                onGlobalAdded?(info)
            case let .globalRemove(name):
                if let info = globals.removeValue(forKey: name) { onGlobalRemoved?(info) }
            }
        }
        // Round trip: the registry sends all current globals before answering the sync.
        try display.roundtrip(timeout: WaylandDisplay.setupTimeout)
    }

    /// Globals implementing `interface`, oldest first.
    public func globals(named interface: String) -> [GlobalInfo] {
        globals.values.filter { $0.interface == interface }.sorted { $0.name < $1.name }
    }

    /// Chooses the version to bind: min(preferred, offered, what the bindings know), at least `required`.
    package static func negotiate(interface: String, offered: UInt32?, required: UInt32, preferred: UInt32,
                                  known: UInt32) throws(RegistryError) -> UInt32 {
        guard let offered else {
            throw .missingGlobal(interface: interface, required: required, preferred: preferred)
        }
        guard offered >= required else {
            throw .versionTooOld(interface: interface, required: required, preferred: preferred, offered: offered)
        }
        return min(preferred, offered, known)
    }

    /// Binds the first global of `T`'s interface.
    package func bind<T: WaylandInterface>(_ type: T.Type, required: UInt32, preferred: UInt32) throws(RegistryError) -> T {
        let global = globals(named: T.interfaceName).first
        let version = try Self.negotiate(interface: T.interfaceName, offered: global?.version, required: required,
                                         preferred: preferred, known: T.maxVersion)
        return registry.bind(name: global!.name, as: T.self, version: version)
    }

    /// Binds the first global of `T`'s interface if offered at `required` or newer; nil otherwise.
    package func bindOptional<T: WaylandInterface>(_ type: T.Type, required: UInt32, preferred: UInt32) -> T? {
        try? bind(type, required: required, preferred: preferred)  // Missing or too old is what nil says.
    }

    /// Binds one specific global (e.g. a newly announced output or seat).
    package func bind<T: WaylandInterface>(_ global: GlobalInfo, as type: T.Type, required: UInt32,
                                           preferred: UInt32) throws(RegistryError) -> T {
        let version = try Self.negotiate(interface: T.interfaceName, offered: global.version, required: required,
                                         preferred: preferred, known: T.maxVersion)
        return registry.bind(name: global.name, as: T.self, version: version)
    }
}
