import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One `<protocol>` element.
struct ProtocolModel {
    var name: String
    var interfaces: [InterfaceModel] = []
}

struct InterfaceModel {
    var name: String
    var version: Int
    var summary: String?
    var description: String?
    var requests: [MessageModel] = []
    var events: [MessageModel] = []
    var enums: [EnumModel] = []
}

struct MessageModel {
    var name: String
    var isDestructor: Bool
    var since: Int
    var summary: String?
    var description: String?
    var args: [ArgModel] = []
}

struct ArgModel {
    enum Kind: String {
        case int, uint, fixed, string, object, newID = "new_id", array, fd
    }
    var name: String
    var kind: Kind
    var interface: String?
    var allowNull: Bool
    var enumName: String?
    var summary: String?
}

struct EnumModel {
    var name: String
    var isBitfield: Bool
    var summary: String?
    var entries: [EntryModel] = []
}

struct EntryModel {
    var name: String
    var value: UInt32
    var summary: String?
    var since: Int
}

enum ScannerError: Error, CustomStringConvertible {
    case unreadable(String, String)
    case malformed(String, String)

    var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read \(path): \(reason)"
        case let .malformed(path, reason): "\(path): \(reason)"
        }
    }
}

/// Builds a `ProtocolModel` from wayland protocol XML with Foundation's SAX parser.
final class ProtocolParser: NSObject, XMLParserDelegate {
    private var result: ProtocolModel?
    private var interface: InterfaceModel?
    private var message: MessageModel?
    private var messageIsEvent = false
    private var enumeration: EnumModel?
    private var inDescription = false
    private var descriptionText = ""
    private var failure: String?

    static func parse(path: String) throws -> ProtocolModel {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScannerError.unreadable(path, "no such file or not readable")
        }
        let delegate = ProtocolParser()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else {
            throw ScannerError.malformed(path, parser.parserError.map { "\($0)" } ?? "XML error")
        }
        if let failure = delegate.failure { throw ScannerError.malformed(path, failure) }
        guard let model = delegate.result else { throw ScannerError.malformed(path, "no <protocol> element") }
        return model
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                qualifiedName: String?, attributes a: [String: String] = [:]) {
        switch element {
        case "protocol":
            result = ProtocolModel(name: a["name"] ?? "unnamed")
        case "interface":
            interface = InterfaceModel(name: a["name"] ?? "", version: Int(a["version"] ?? "1") ?? 1)
        case "request", "event":
            messageIsEvent = element == "event"
            message = MessageModel(name: a["name"] ?? "", isDestructor: a["type"] == "destructor",
                                   since: Int(a["since"] ?? "1") ?? 1)
        case "arg":
            guard let kind = ArgModel.Kind(rawValue: a["type"] ?? "") else {
                failure = "unknown argument type '\(a["type"] ?? "")' on \(a["name"] ?? "?")"
                return
            }
            message?.args.append(ArgModel(name: a["name"] ?? "", kind: kind, interface: a["interface"],
                                          allowNull: a["allow-null"] == "true", enumName: a["enum"],
                                          summary: a["summary"]))
        case "enum":
            enumeration = EnumModel(name: a["name"] ?? "", isBitfield: a["bitfield"] == "true")
        case "entry":
            let text = a["value"] ?? "0"
            let value = text.hasPrefix("0x") ? UInt32(text.dropFirst(2), radix: 16) : UInt32(text)
            guard let value else { failure = "bad enum value '\(text)'"; return }
            enumeration?.entries.append(EntryModel(name: a["name"] ?? "", value: value, summary: a["summary"],
                                                   since: Int(a["since"] ?? "1") ?? 1))
        case "description":
            inDescription = true
            descriptionText = ""
            let summary = a["summary"]
            if enumeration != nil { enumeration?.summary = summary }
            else if message != nil { message?.summary = summary }
            else if interface != nil { interface?.summary = summary }
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inDescription { descriptionText += string }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "description":
            inDescription = false
            let text = descriptionText.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { break }
            if enumeration != nil { break }
            if message != nil { message?.description = text } else if interface != nil { interface?.description = text }
        case "request", "event":
            if let message {
                if messageIsEvent { interface?.events.append(message) } else { interface?.requests.append(message) }
            }
            message = nil
        case "enum":
            if let enumeration { interface?.enums.append(enumeration) }
            enumeration = nil
        case "interface":
            if let interface { result?.interfaces.append(interface) }
            interface = nil
        default:
            break
        }
    }
}
