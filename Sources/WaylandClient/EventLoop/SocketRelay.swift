import Glibc
import MemoryEdges
import Synchronization
import SystemCalls

/// A thread that owns the compositor's socket and hands libwayland the other end of a
/// socketpair: it reads whatever the compositor sends as soon as it arrives, holds it, and
/// passes it on as libwayland takes it; requests go the other way. weston 10 drops a client
/// whose socket is full, which a key storm does in about 3 ms, so that socket must be read
/// whatever the loop thread is doing (behaviour.md §20.2).
///
/// Measured (docs/reliability.md), a reader that calls libwayland or allocates can still be
/// held up by the loop thread: libwayland's reads wait for every thread that prepared one,
/// its display lock and malloc's arena locks are taken by both threads, and growing memory
/// takes the process's memory-map lock; a loop thread preempted while holding one of those
/// holds the reader back for as long as the scheduler runs something else (4 ms and more
/// under load). So the relay shares nothing with the loop thread but the socketpair (whose
/// kernel locks are never held across a sleep) and one flag, makes its buffers once, and runs
/// at real-time priority where the process may. It makes their pages resident when the loop
/// says the start is over (`makePagesResident`), between reads: at the start they held up the
/// compositor's first configure by 2.5 ms and more (docs/performance.md).
final class SocketRelay {
    /// What the compositor may send ahead of what libwayland has taken, beyond the sockets'
    /// own buffers: about 170,000 key events. When it is full the relay stops reading.
    static let eventCapacity = 4 << 20
    /// Requests held for a compositor that reads slowly; libwayland waits when it is full.
    static let requestCapacity = 256 << 10
    /// Descriptors sent with one message: libwayland takes at most 28 with one read.
    static let descriptorsPerMessage = 28

    private let thread: pthread_t
    private let relay: Relay

    /// Moves `fd` (libwayland's connection) onto a socketpair and starts relaying between it
    /// and the compositor's socket; nil, with `fd` untouched, when that cannot be done.
    init?(replacing fd: Int32) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return nil
        }
        let compositor = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard compositor >= 0, dup2(pair[0], fd) >= 0 else {
            for end in pair + [compositor] where end >= 0 { close(end) }
            return nil
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        close(pair[0])
        for end in [compositor, pair[1]] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        let relay = Relay(compositor: compositor, library: pair[1])
        self.relay = relay
        guard let thread = ThreadStart.start(detached: false, {
            // Signals go to the loop thread (its signalfd, the output cleanup), never here.
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            var parameters = sched_param()
            parameters.sched_priority = 1
            _ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
            relay.run()
        }) else {
            _ = dup2(compositor, fd)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            close(compositor)
            return nil
        }
        self.thread = thread
    }

    /// Lets the thread make its buffers' pages resident, a chunk at a time while nothing waits
    /// to be relayed, so no read in a later burst waits for the kernel to map one. Called once
    /// the first frame is committed: before that the pages would delay the start.
    func makePagesResident() {
        relay.pagesWanted.store(true, ordering: .releasing)
    }

    /// Bytes of the buffers made resident so far (for tests).
    var residentBytes: Int { relay.residentBytes.load(ordering: .acquiring) }
    /// Bytes of the buffers made resident when the compositor's first bytes were passed on
    /// (for tests); -1 until then.
    var residentBytesAtFirstEvent: Int { relay.residentAtFirstEvent.load(ordering: .acquiring) }

    /// Waits for the thread, which ends once libwayland's end is closed (`wl_display_disconnect`).
    func join() {
        pthread_join(thread, nil)
    }
}

/// The relay thread's state: two byte rings with the descriptors that came with them.
private final class Relay: @unchecked Sendable {
    let compositor: Int32
    let library: Int32
    let events = HeldBytes(capacity: SocketRelay.eventCapacity)
    let requests = HeldBytes(capacity: SocketRelay.requestCapacity)
    /// Set by the loop thread once the start is over (`SocketRelay.makePagesResident`).
    let pagesWanted = Atomic(false)
    /// Mirrors of the relay thread's own counts, for tests.
    let residentBytes = Atomic(0)
    let residentAtFirstEvent = Atomic(-1)

    init(compositor: Int32, library: Int32) {
        self.compositor = compositor
        self.library = library
    }

    /// Until libwayland's end closes: read the compositor first, then libwayland, then pass
    /// on what each side can take. A compositor that hung up is passed on as an end of file
    /// once libwayland has everything it sent. Once pages are wanted, a poll that finds
    /// nothing to do makes one chunk of them resident instead of sleeping.
    func run() {
        var compositorOpen = true, libraryOpen = true, endPassedOn = false
        var watched = [pollfd(fd: compositor, events: 0, revents: 0), pollfd(fd: library, events: 0, revents: 0)]
        while libraryOpen {
            if !compositorOpen, events.isEmpty, !endPassedOn {
                shutdown(library, Int32(SHUT_WR))
                endPassedOn = true
            }
            // An end that is closed, or has nothing to wait for, is not polled: a hang-up would
            // be reported at once, forever. (Both never are: a full ring waits to be sent.)
            watched[0].events = Int16((events.isFull ? 0 : POLLIN) | (requests.isEmpty ? 0 : POLLOUT))
            watched[0].fd = compositorOpen && watched[0].events != 0 ? compositor : -1
            watched[1].events = Int16((requests.isFull ? 0 : POLLIN) | (events.isEmpty ? 0 : POLLOUT))
            watched[1].fd = watched[1].events != 0 ? library : -1
            watched[0].revents = 0
            watched[1].revents = 0
            let pagesDue = pagesWanted.load(ordering: .acquiring) && !(events.isResident && requests.isResident)
            guard let ready = try? retryingInterrupted({ poll(&watched, 2, pagesDue ? 0 : -1) }) else { break }
            if ready == 0 {
                if !events.makeChunkResident() { _ = requests.makeChunkResident() }
                residentBytes.store(events.residentBytes + requests.residentBytes, ordering: .releasing)
                continue
            }
            if compositorOpen, Int32(watched[0].revents) & Int32(POLLIN | POLLHUP | POLLERR) != 0 {
                compositorOpen = events.receive(from: compositor)
            }
            if Int32(watched[1].revents) & Int32(POLLIN | POLLHUP | POLLERR) != 0 {
                libraryOpen = requests.receive(from: library)
            }
            if residentAtFirstEvent.load(ordering: .relaxed) < 0, !events.isEmpty {
                residentAtFirstEvent.store(events.residentBytes + requests.residentBytes, ordering: .releasing)
            }
            if libraryOpen, !events.send(to: library) { libraryOpen = false }
            if compositorOpen, !requests.send(to: compositor) { compositorOpen = false }
            // What one side sends once the other has gone has nowhere to go.
            if !compositorOpen { requests.removeAll() }
        }
        events.removeAll()
        requests.removeAll()
        close(compositor)
        close(library)
    }
}

/// A ring of bytes read from one socket for another, with the descriptors that came with
/// them. Allocated once; its pages are made resident by `makeChunkResident`, or by use.
private final class HeldBytes {
    private let bytes: UnsafeMutableRawPointer
    private let capacity: Int
    private var start = 0
    private(set) var count = 0
    /// Descriptors received and not sent yet, oldest first (a ring too).
    private let descriptors: UnsafeMutablePointer<Int32>
    private let descriptorCapacity = 1024
    private var firstDescriptor = 0
    private var descriptorCount = 0
    /// Space for one message's descriptors (`cmsghdr` and up to 253 of them).
    private let control: UnsafeMutableRawPointer
    private static let controlCapacity = 1024

    init(capacity: Int) {
        self.capacity = capacity
        bytes = .allocate(byteCount: capacity, alignment: 16)
        descriptors = .allocate(capacity: descriptorCapacity)
        control = .allocate(byteCount: Self.controlCapacity, alignment: 16)
        // A page or two, written at every read: made now.
        memset(control, 0, Self.controlCapacity)
        for index in 0 ..< descriptorCapacity { descriptors[index] = -1 }
    }

    deinit {
        bytes.deallocate()
        descriptors.deallocate()
        control.deallocate()
    }

    var isEmpty: Bool { count == 0 && descriptorCount == 0 }
    /// Less than one read's worth of room, or no room for another message's descriptors.
    var isFull: Bool { capacity - count < 4096 || descriptorCapacity - descriptorCount < 253 }

    /// How much of the byte ring `makeChunkResident` has made resident.
    private(set) var residentBytes = 0
    var isResident: Bool { residentBytes >= capacity }

    /// Makes the next 256 KiB of the byte ring resident without changing what it holds
    /// (`MADV_POPULATE_WRITE`), so no read later waits for the kernel to map a page. False when
    /// all of it is (or the kernel, before Linux 5.14, refuses: pages then come on first write).
    func makeChunkResident() -> Bool {
        guard !isResident else { return false }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = (Int(bitPattern: bytes) + residentBytes + page - 1) / page * page
        let end = min(Int(bitPattern: bytes) + capacity, first + (256 << 10)) / page * page
        guard end > first, madvise(UnsafeMutableRawPointer(bitPattern: first), end - first, MADV_POPULATE_WRITE) == 0 else {
            residentBytes = capacity
            return true
        }
        residentBytes = end - Int(bitPattern: bytes)
        if capacity - residentBytes < page { residentBytes = capacity }
        return true
    }

    /// Reads `fd` until it has nothing more or the ring is full. False when `fd` reached its
    /// end or failed.
    func receive(from fd: Int32) -> Bool {
        while !isFull {
            let end = (start + count) % capacity
            var parts = (iovec(iov_base: bytes + end, iov_len: min(capacity - count, capacity - end)),
                         iovec(iov_base: bytes, iov_len: end >= start ? start : 0))
            let received = withUnsafeMutableBytes(of: &parts) { parts -> Int in
                var message = msghdr()
                message.msg_iov = parts.baseAddress!.assumingMemoryBound(to: iovec.self)
                message.msg_iovlen = 2
                message.msg_control = control
                message.msg_controllen = Self.controlCapacity
                let received = recvmsg(fd, &message, Int32(MSG_DONTWAIT) | Int32(MSG_CMSG_CLOEXEC))
                if received >= 0 { takeDescriptors(message) }
                return received
            }
            if received > 0 {
                count += received
                continue
            }
            return received < 0 && (errno == EAGAIN || errno == EINTR)
        }
        return true
    }

    /// Sends what `fd` takes, each message with up to 28 of the oldest descriptors (they
    /// reach the other side no later than the bytes they came with). False when `fd` failed.
    func send(to fd: Int32) -> Bool {
        while !isEmpty {
            let sending = min(descriptorCount, SocketRelay.descriptorsPerMessage)
            // While more descriptors wait than one message takes, each goes with one byte, so
            // no descriptor arrives after the bytes it came with.
            let length = descriptorCount > sending ? min(count, 1) : count
            var parts = (iovec(iov_base: bytes + start, iov_len: min(length, capacity - start)),
                         iovec(iov_base: bytes, iov_len: length - min(length, capacity - start)))
            let sent = withUnsafeMutableBytes(of: &parts) { parts -> Int in
                var message = msghdr()
                message.msg_iov = parts.baseAddress!.assumingMemoryBound(to: iovec.self)
                message.msg_iovlen = 2
                if sending > 0 {
                    message.msg_control = control
                    message.msg_controllen = putDescriptors(sending)
                }
                return sendmsg(fd, &message, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
            }
            if sent < 0 { return errno == EAGAIN || errno == EINTR }
            // The receiver has its own copies of the descriptors now.
            for _ in 0 ..< sending {
                close(descriptors[firstDescriptor])
                firstDescriptor = (firstDescriptor + 1) % descriptorCapacity
                descriptorCount -= 1
            }
            start = (start + sent) % capacity
            count -= sent
            if sent == 0, sending == 0 { return true }
        }
        return true
    }

    /// Forgets everything held, closing its descriptors.
    func removeAll() {
        while descriptorCount > 0 {
            close(descriptors[firstDescriptor])
            firstDescriptor = (firstDescriptor + 1) % descriptorCapacity
            descriptorCount -= 1
        }
        start = 0
        count = 0
    }

    /// The `SCM_RIGHTS` descriptors of a received message, into the ring.
    private func takeDescriptors(_ message: msghdr) {
        let header = MemoryLayout<cmsghdr>.size
        var offset = 0
        while offset + header <= message.msg_controllen {
            let entry = control.load(fromByteOffset: offset, as: cmsghdr.self)
            guard entry.cmsg_len >= header, offset + entry.cmsg_len <= message.msg_controllen else { return }
            if entry.cmsg_level == SOL_SOCKET, entry.cmsg_type == Int32(SCM_RIGHTS) {
                for index in 0 ..< (entry.cmsg_len - header) / 4 {
                    let descriptor = control.loadUnaligned(fromByteOffset: offset + header + 4 * index, as: Int32.self)
                    guard descriptorCount < descriptorCapacity else {
                        close(descriptor)
                        continue
                    }
                    descriptors[(firstDescriptor + descriptorCount) % descriptorCapacity] = descriptor
                    descriptorCount += 1
                }
            }
            offset += (entry.cmsg_len + 7) & ~7
        }
    }

    /// Writes the oldest `number` descriptors as one `SCM_RIGHTS` entry; returns its length.
    private func putDescriptors(_ number: Int) -> Int {
        let header = MemoryLayout<cmsghdr>.size
        let length = header + 4 * number
        var entry = cmsghdr()
        entry.cmsg_len = length
        entry.cmsg_level = SOL_SOCKET
        entry.cmsg_type = Int32(SCM_RIGHTS)
        control.storeBytes(of: entry, as: cmsghdr.self)
        for index in 0 ..< number {
            control.storeBytes(of: descriptors[(firstDescriptor + index) % descriptorCapacity],
                               toByteOffset: header + 4 * index, as: Int32.self)
        }
        return (length + 7) & ~7
    }
}
