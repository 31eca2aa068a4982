#ifndef SNAPSCROLL_DECODE_SHIM_H
#define SNAPSCROLL_DECODE_SHIM_H

/* The image loader's C: GdkPixbuf's headers (not GTK's), the kernel's seccomp and BPF definitions, and inline
 * wrappers for what Swift cannot call (variadic prctl and syscall, macros). Nothing with behaviour lives here. */

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <linux/audit.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* A memfd whose size and contents can be sealed (memfd_create needs _GNU_SOURCE, which the module does not set). */
static inline int snap_decode_memfd(const char *name) {
    return (int)syscall(SYS_memfd_create, name, 1u /* MFD_CLOEXEC */ | 2u /* MFD_ALLOW_SEALING */);
}

/* Closes every descriptor from `first` on. */
static inline void snap_decode_close_from(unsigned int first) {
    syscall(SYS_close_range, first, ~0U, 0);
}

/* prctl(PR_SET_NO_NEW_PRIVS, 1): neither this process nor anything it runs can gain privileges. */
static inline int snap_decode_no_new_privs(void) {
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

/* Installs a seccomp filter on every thread of the process (SECCOMP_FILTER_FLAG_TSYNC). */
static inline long snap_decode_install_filter(struct sock_fprog *program) {
    return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, program);
}

/* The architecture a filter checks the call against (AUDIT_ARCH_* are macros Swift cannot see). */
static inline unsigned int snap_decode_audit_arch(void) {
#if defined(__x86_64__)
    return AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
    return AUDIT_ARCH_AARCH64;
#else
#error "the image loader's seccomp filter knows x86-64 and AArch64 only"
#endif
}

/* A raw system call by number, for the sandbox probe (syscall is variadic). */
static inline long snap_decode_syscall3(long number, long a, long b, long c) {
    return syscall(number, a, b, c);
}

/* The system calls the loader makes once sandboxed: reading its socket and the descriptors it is given, memory,
 * threads (librsvg's filters run on a thread pool), time, signals to itself, sealed memfds for the pixels. Anything
 * else fails with EPERM; open/openat with EACCES. */
static const int snap_decode_allowed[] = {
    SYS_read, SYS_write, SYS_readv, SYS_writev, SYS_pread64, SYS_lseek, SYS_close, SYS_fstat, SYS_newfstatat,
#ifdef SYS_statx
    SYS_statx,
#endif
    SYS_mmap, SYS_munmap, SYS_mremap, SYS_mprotect, SYS_madvise, SYS_brk, SYS_futex, SYS_set_robust_list,
    SYS_get_robust_list,
#ifdef SYS_rseq
    SYS_rseq,
#endif
    SYS_rt_sigaction, SYS_rt_sigprocmask, SYS_rt_sigreturn, SYS_sigaltstack, SYS_getpid, SYS_gettid, SYS_getuid,
    SYS_geteuid, SYS_getgid, SYS_getegid, SYS_clock_gettime, SYS_clock_getres, SYS_clock_nanosleep, SYS_nanosleep,
    SYS_gettimeofday, SYS_getrandom, SYS_exit, SYS_exit_group, SYS_recvmsg, SYS_sendmsg, SYS_memfd_create,
    SYS_ftruncate, SYS_fcntl, SYS_setitimer, SYS_getitimer, SYS_prlimit64, SYS_getrusage, SYS_sched_yield,
    SYS_sched_getaffinity, SYS_ppoll, SYS_membarrier, SYS_sysinfo, SYS_uname,
#ifdef SYS_poll
    SYS_poll, SYS_time, SYS_getrlimit, SYS_setrlimit,
#endif
};
static const int snap_decode_allowed_count = sizeof snap_decode_allowed / sizeof snap_decode_allowed[0];

/* Calls refused with EACCES rather than EPERM: opening a file by name. */
static const int snap_decode_open_calls[] = {
#ifdef SYS_open
    SYS_open, SYS_creat,
#endif
    SYS_openat,
#ifdef SYS_openat2
    SYS_openat2,
#endif
};
static const int snap_decode_open_count = sizeof snap_decode_open_calls / sizeof snap_decode_open_calls[0];

static const int snap_decode_sys_clone = SYS_clone;
static const int snap_decode_sys_clone3 = SYS_clone3;
static const int snap_decode_sys_tgkill = SYS_tgkill;
static const int snap_decode_sys_socket = SYS_socket;
static const int snap_decode_sys_execve = SYS_execve;
static const int snap_decode_sys_ptrace = SYS_ptrace;
static const int snap_decode_sys_connect = SYS_connect;
static const int snap_decode_sys_kill = SYS_kill;

#endif
