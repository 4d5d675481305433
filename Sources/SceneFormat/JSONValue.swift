/// A parsed JSON value that remembers the line it started on, so errors can
/// point at the line of the key or value at fault (Foundation's decoders cannot).
public struct JSONNode: Sendable {
    /// Not `indirect`: the recursion goes through arrays, which are references already,
    /// and an indirect enum would allocate a box for every number and string.
    public enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// An object member: the key, the line the key is on, and its value.
    public struct Member: Sendable {
        public let key: String
        public let line: Int
        public let value: JSONNode
    }

    public let value: Value
    /// 1-based line where the value starts.
    public let line: Int

    /// A short name of the value's type for error messages.
    public var typeName: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// A JSON syntax error with the line it was found on.
public struct JSONSyntaxError: Error, Sendable {
    public let line: Int
    public let message: String
}
