internal import CSnapDecode
import Glibc

/// The loader's sandbox, entered once its decoders are loaded: `no_new_privs`, then a seccomp filter on every thread
/// that allows only what decoding needs (reading the descriptors it is given, memory, threads, time, sealed memfds,
/// signals to itself). Opening a file by name fails with EACCES; sockets, running a program, tracing and anything
/// else not listed fail with EPERM. A filter written by hand (a list of allowed calls, two argument checks) rather
/// than with libseccomp: no library or package more, and the whole policy fits on one screen.
enum Sandbox {
    /// Enters the sandbox; false (with a line on standard error) when the kernel refuses.
    static func enter() -> Bool {
        guard snap_decode_no_new_privs() == 0 else { return fail("no_new_privs") }
        var program = filter()
        let installed = program.withUnsafeMutableBufferPointer { instructions in
            var fprog = sock_fprog(len: UInt16(instructions.count), filter: instructions.baseAddress)
            return snap_decode_install_filter(&fprog)
        }
        return installed == 0 || fail("seccomp")
    }

    private static func fail(_ what: String) -> Bool {
        let line = "snapscroll-decode: cannot enter the sandbox (\(what): \(String(cString: strerror(errno))))\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        return false
    }

    /// clone's CLONE_THREAD flag (glibc declares it only with _GNU_SOURCE).
    private static let cloneThread: UInt32 = 0x0001_0000

    private static func statement(_ code: Int32, _ k: UInt32) -> sock_filter {
        sock_filter(code: UInt16(code), jt: 0, jf: 0, k: k)
    }

    private static func jump(_ code: Int32, _ k: UInt32, _ jt: UInt8, _ jf: UInt8) -> sock_filter {
        sock_filter(code: UInt16(code), jt: jt, jf: jf, k: k)
    }

    /// The filter: the architecture checked first (a call through another ABI is refused), then each allowed call
    /// number; `clone` only for a thread (CLONE_THREAD), `tgkill` only to this process (abort's SIGABRT), `clone3`
    /// ENOSYS so glibc falls back to `clone`, where the flags can be read.
    private static func filter() -> [sock_filter] {
        let load = Int32(BPF_LD | BPF_W | BPF_ABS), equal = Int32(BPF_JMP | BPF_JEQ | BPF_K)
        let ret = Int32(BPF_RET | BPF_K)
        let allow = SECCOMP_RET_ALLOW, deny = SECCOMP_RET_ERRNO | UInt32(EPERM)
        let nrOffset = UInt32(MemoryLayout<seccomp_data>.offset(of: \seccomp_data.nr)!)
        let archOffset = UInt32(MemoryLayout<seccomp_data>.offset(of: \seccomp_data.arch)!)
        let argOffset = UInt32(MemoryLayout<seccomp_data>.offset(of: \seccomp_data.args)!)
        var program: [sock_filter] = [
            statement(load, archOffset),
            jump(equal, snap_decode_audit_arch(), 1, 0),
            statement(ret, SECCOMP_RET_KILL_PROCESS),
            statement(load, nrOffset),
        ]
        #if arch(x86_64)
        // The x32 ABI's calls have bit 30 set: refused.
        program += [jump(Int32(BPF_JMP | BPF_JGE | BPF_K), 0x4000_0000, 0, 1), statement(ret, deny)]
        #endif
        let allowed = withUnsafeBytes(of: snap_decode_allowed) { Array($0.bindMemory(to: Int32.self).prefix(Int(snap_decode_allowed_count))) }
        for number in allowed {
            program += [jump(equal, UInt32(number), 0, 1), statement(ret, allow)]
        }
        let opens = withUnsafeBytes(of: snap_decode_open_calls) { Array($0.bindMemory(to: Int32.self).prefix(Int(snap_decode_open_count))) }
        for number in opens {
            program += [jump(equal, UInt32(number), 0, 1), statement(ret, SECCOMP_RET_ERRNO | UInt32(EACCES))]
        }
        program += [jump(equal, UInt32(snap_decode_sys_clone3), 0, 1), statement(ret, SECCOMP_RET_ERRNO | UInt32(ENOSYS))]
        // clone(flags, …): the flags' low word is the first argument's first four bytes (little-endian machines).
        program += [
            jump(equal, UInt32(snap_decode_sys_clone), 0, 4),
            statement(load, argOffset),
            statement(Int32(BPF_ALU | BPF_AND | BPF_K), cloneThread),
            jump(equal, cloneThread, 0, 1),
            statement(ret, allow),
            statement(load, nrOffset),
        ]
        // tgkill(pid, …): only to this process.
        program += [
            jump(equal, UInt32(snap_decode_sys_tgkill), 0, 3),
            statement(load, argOffset),
            jump(equal, UInt32(bitPattern: getpid()), 0, 1),
            statement(ret, allow),
        ]
        program.append(statement(ret, deny))
        return program
    }

    /// After `enter`, tries each thing the sandbox forbids and reports what the kernel answered, one line each:
    /// "open /etc/passwd: EACCES", … ("allowed" for a call that succeeded).
    static func probe() -> String {
        func outcome(_ result: Int, _ name: String) -> String {
            if result >= 0 { return "\(name): allowed\n" }
            let code = errno
            return "\(name): \(errnoName(code))\n"
        }
        var lines = ""
        lines += outcome(Int(open("/etc/passwd", O_RDONLY)), "open /etc/passwd")
        lines += outcome(Int(openat(AT_FDCWD, "/etc/hostname", O_RDONLY)), "openat /etc/hostname")
        lines += outcome(Int(open("/tmp/snapscroll-probe", O_WRONLY | O_CREAT, 0o600)), "open O_CREAT")
        lines += outcome(Int(socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)), "socket AF_UNIX")
        lines += outcome(Int(socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)), "socket AF_INET")
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        lines += outcome(Int(execve("/bin/true", &argv, [nil])), "execve /bin/true")
        lines += outcome(snap_decode_syscall3(Int(SYS_ptrace), Int(PTRACE_TRACEME.rawValue), 0, 0), "ptrace TRACEME")
        lines += outcome(Int(kill(getppid(), 0)), "kill parent")
        lines += outcome(Int(fork()), "fork")
        return lines
    }

    private static func errnoName(_ code: Int32) -> String {
        switch code {
        case EACCES: return "EACCES"
        case EPERM: return "EPERM"
        case ENOSYS: return "ENOSYS"
        default: return "errno \(code)"
        }
    }
}
