import Glibc

/// Anonymous shared memory for wl_shm: `memfd_create`, looked up at run time because Glibc's
/// Swift module hides it behind _GNU_SOURCE; `shm_open` + `shm_unlink` where it is missing.
enum AnonymousMemory {
    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
    /// MFD_CLOEXEC from <linux/memfd.h>.
    private static let memfdCloexec: UInt32 = 0x1

    static func create(name: String) throws(SystemCallError) -> Int32 {
        if let symbol = dlsym(dlopen(nil, RTLD_NOW), "memfd_create") {
            let memfdCreate = unsafeBitCast(symbol, to: MemfdCreate.self)
            return try retryingEINTR("memfd_create") { memfdCreate(name, memfdCloexec) }
        }
        let path = "/\(name)-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        let fd = try retryingEINTR("shm_open") { shm_open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        shm_unlink(path)
        return fd
    }
}
