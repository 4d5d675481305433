import CLinuxEvents
import Glibc
import SystemCalls

/// Anonymous shared memory for wl_shm: `memfd_create` (declared by the CLinuxEvents shim);
/// `shm_open` + `shm_unlink` on a kernel without it (ENOSYS).
enum AnonymousMemory {
    static func create(name: String) throws(SystemCallError) -> Int32 {
        do throws(SystemCallError) {
            return try retryingInterrupted("memfd_create") { memfd_create(name, UInt32(MFD_CLOEXEC)) }
        } catch where error.errno == .noFunction {
            let path = "/\(name)-\(getpid())-\(UInt32.random(in: 0 ... .max))"
            let fd = try retryingInterrupted("shm_open") { shm_open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            shm_unlink(path)
            return fd
        }
    }
}
