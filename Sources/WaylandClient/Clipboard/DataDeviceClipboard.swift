import Glibc
import SystemCalls

/// The Wayland clipboard of one seat, through `wl_data_device_manager` (behaviour.md §16.7):
/// a copy becomes this client's selection (a `wl_data_source` offering `ClipboardText`'s
/// types), and a paste reads the current selection's offer through a pipe that the event
/// loop polls, so a slow, huge or silent owner never stops the loop.
public final class DataDeviceClipboard {
    private let manager: WlDataDeviceManager
    private let device: WlDataDevice
    private weak var loop: EventLoop?
    /// The selection this client owns, and what it sends.
    private var source: WlDataSource?
    private var sourceBytes: [UInt8] = []
    /// Offers announced (`data_offer`) and not yet the selection, with their types so far.
    private var announced: [Offer] = []
    /// The current selection, if another client or this one owns it.
    private var selection: Offer?
    /// The paste being read, if any.
    private var paste: PasteRead?

    /// Binds the data device of the connection's first seat; nil when the compositor offers
    /// no `wl_data_device_manager` or no seat.
    public init?(connection: WaylandConnection) {
        guard let manager = connection.registry.bindOptional(WlDataDeviceManager.self, required: 1, preferred: 3),
              let seat = connection.seats.values.min(by: { $0.globalName < $1.globalName }) else { return nil }
        self.manager = manager
        device = manager.getDataDevice(seat: seat.object)
        loop = connection.loop
        device.onEvent = { [unowned self] event in handle(event) }
    }

    deinit {
        paste?.end(in: loop)
        // Cannot throw at version 2; an older object is destroyed when dropped.
        if device.version >= 2 { try? device.release() }
    }

    /// Whether the current selection offers text (a paste would read something).
    public var offersText: Bool {
        selection.flatMap { ClipboardText.preferredMimeType(among: $0.mimeTypes) } != nil
    }

    /// Makes `text` the selection, naming the input event with `serial` (the key that copied).
    public func copy(_ text: String, serial: UInt32) {
        // A held Ctrl+C copies again and again: while this client's selection holds the same
        // text, it stays.
        if self.source != nil, sourceBytes.elementsEqual(text.utf8) { return }
        let source = manager.createDataSource()
        for type in ClipboardText.offeredMimeTypes { source.offer(mimeType: type) }
        source.onEvent = { [unowned self, unowned source] event in
            switch event {
            case let .send(_, fd):
                // Every offered type is the same UTF-8 text.
                if source === self.source { SelectionWriter.write(sourceBytes, to: fd) } else { close(fd) }
            case .cancelled:
                // Another selection replaced this one: its object goes (destroyed in deinit).
                if source === self.source { self.source = nil }
            default:
                break
            }
        }
        device.setSelection(source: source, serial: serial)
        self.source = source
        sourceBytes = Array(text.utf8)
    }

    /// Reads the selection's text and calls `completion` on the loop when it is all there (or
    /// the read failed). False, and no call, when there is no text to read or a paste is
    /// already being read.
    @discardableResult
    public func readSelection(timeout: Duration = ClipboardText.pasteTimeout,
                              _ completion: @escaping (Result<String, PasteError>) -> Void) -> Bool {
        guard paste == nil, let loop, let selection,
              let type = ClipboardText.preferredMimeType(among: selection.mimeTypes) else { return false }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            completion(.failure(.pipe(SystemCallError(call: "pipe"))))
            return true
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // Only our end is non-blocking: the owner's writes may block, as it expects.
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        selection.object.receive(mimeType: type, fd: ends[1])
        // libwayland sent a duplicate of the write end with the request (on the loop's next
        // flush); ours must close, or the read never sees its end.
        close(ends[1])
        do throws(PasteError) {
            paste = try PasteRead(fd: ends[0], timeout: timeout, completion: completion, loop: loop) { [unowned self] in
                let finished = paste
                paste = nil
                finished?.end(in: loop)
            }
        } catch {
            close(ends[0])
            completion(.failure(error))
        }
        return true
    }

    private func handle(_ event: WlDataDevice.Event) {
        switch event {
        case let .dataOffer(object):
            guard let object else { return }
            let offer = Offer(object: object)
            object.onEvent = { [unowned offer] event in
                if case let .offer(type) = event { offer.mimeTypes.append(type) }
            }
            announced.append(offer)
        case let .selection(object):
            // The previous selection's offer is destroyed as it goes (Offer.deinit).
            selection = object.flatMap { object in announced.first { $0.object === object } }
            announced.removeAll()
        case .enter, .leave, .drop:
            // Drag and drop is not taken: its offers go.
            announced.removeAll()
        case .motion:
            break
        }
    }

    /// An offer and the types it announced.
    private final class Offer {
        let object: WlDataOffer
        var mimeTypes: [String] = []

        /// Dropping the object destroys the offer (`wl_data_offer.destroy`).
        init(object: WlDataOffer) { self.object = object }
    }
}

/// One paste being read: the pipe and a timer, both polled by the loop.
private final class PasteRead {
    private var reader: PasteReader
    private let timer: TimerSource
    private let timeout: Duration
    private var sources: [Int] = []

    init(fd: Int32, timeout: Duration, completion: @escaping (Result<String, PasteError>) -> Void, loop: EventLoop,
         finished: @escaping () -> Void) throws(PasteError) {
        reader = PasteReader(fd: fd)
        do throws(SystemCallError) {
            timer = try TimerSource()
        } catch {
            throw .pipe(error)
        }
        self.timeout = timeout
        timer.arm(after: timeout)
        sources.append(loop.addSource(fd: fd) { [unowned self] in
            switch reader.readAvailable() {
            case .waiting: return
            case let .finished(bytes): completion(.success(ClipboardText.decode(bytes)))
            case .tooLarge: completion(.failure(.tooLarge(limit: reader.limit)))
            case let .failed(error): completion(.failure(.read(error)))
            }
            finished()
        })
        sources.append(loop.addSource(fd: timer.fd) { [unowned self] in
            guard timer.consume() > 0 else { return }
            completion(.failure(.timedOut(self.timeout)))
            finished()
        })
    }

    /// Stops polling and closes the pipe.
    func end(in loop: EventLoop?) {
        for id in sources { loop?.removeSource(id) }
        sources.removeAll()
        close(reader.fd)
    }
}
