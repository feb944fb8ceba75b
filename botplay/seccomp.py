"""The seccomp filter an uploaded bot runs under, as the compiled classic-BPF program
that ``bwrap --seccomp FD`` loads just before it starts the bot (x86-64 only).

The filter allows by default and refuses what a bot never needs and what would let it
reach beyond its sandbox or multiply itself: a new process (``fork``, ``vfork``, a
``clone`` without ``CLONE_THREAD``; ``clone3`` answers ENOSYS so that the C library
falls back to ``clone`` for threads), a socket of any family but ``AF_UNIX``, tracing
another process, namespaces and mounts, kernel modules and keyrings, BPF and perf
events, ``io_uring``. A syscall of another architecture or of the x32 ABI kills the
process. Threads stay allowed: Python's standard library starts some.
"""

import errno
import platform
import struct

# <linux/filter.h>, <linux/seccomp.h>, <linux/audit.h>
LD_W_ABS = 0x20
JEQ_K = 0x15
JGE_K = 0x35
JSET_K = 0x45
RET_K = 0x06
RET_KILL_PROCESS = 0x80000000
RET_ERRNO = 0x00050000
RET_ALLOW = 0x7FFF0000
AUDIT_ARCH_X86_64 = 0xC000003E
X32_SYSCALL_BIT = 0x40000000
NR_OFFSET, ARCH_OFFSET, ARG0_OFFSET = 0, 4, 16  # struct seccomp_data (little-endian)

CLONE_THREAD = 0x00010000
AF_UNIX = 1
NR_CLONE, NR_SOCKET, NR_CLONE3 = 56, 41, 435

# x86-64 syscall numbers refused with EPERM.
REFUSED = {
    "fork": 57,
    "vfork": 58,
    "ptrace": 101,
    "syslog": 103,
    "mknod": 133,
    "personality": 135,
    "pivot_root": 155,
    "chroot": 161,
    "acct": 163,
    "mount": 165,
    "umount2": 166,
    "swapon": 167,
    "swapoff": 168,
    "reboot": 169,
    "iopl": 172,
    "ioperm": 173,
    "init_module": 175,
    "delete_module": 176,
    "kexec_load": 246,
    "add_key": 248,
    "request_key": 249,
    "keyctl": 250,
    "mknodat": 259,
    "unshare": 272,
    "perf_event_open": 298,
    "fanotify_init": 300,
    "open_by_handle_at": 304,
    "setns": 308,
    "process_vm_readv": 310,
    "process_vm_writev": 311,
    "finit_module": 313,
    "kexec_file_load": 320,
    "bpf": 321,
    "userfaultfd": 323,
    "io_uring_setup": 425,
    "io_uring_enter": 426,
    "io_uring_register": 427,
}


def instruction(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("<HBBI", code, jt, jf, k)


def program() -> bytes:
    """The filter as bytes: ``struct sock_filter`` instructions, one after another."""
    if platform.machine() not in ("x86_64", "AMD64"):
        raise RuntimeError(
            f"the bot sandbox's seccomp filter is x86-64 only, not {platform.machine()}"
        )
    eperm = RET_ERRNO | errno.EPERM
    code = [
        instruction(LD_W_ABS, ARCH_OFFSET),
        instruction(JEQ_K, AUDIT_ARCH_X86_64, jt=1),
        instruction(RET_K, RET_KILL_PROCESS),
        instruction(LD_W_ABS, NR_OFFSET),
        instruction(JGE_K, X32_SYSCALL_BIT, jf=1),
        instruction(RET_K, RET_KILL_PROCESS),
    ]
    for number in sorted(REFUSED.values()):
        code += [instruction(JEQ_K, number, jf=1), instruction(RET_K, eperm)]
    code += [
        instruction(JEQ_K, NR_CLONE3, jf=1),
        instruction(RET_K, RET_ERRNO | errno.ENOSYS),
        # clone: a thread (CLONE_THREAD set) is allowed, a process is not.
        instruction(JEQ_K, NR_CLONE, jf=4),
        instruction(LD_W_ABS, ARG0_OFFSET),
        instruction(JSET_K, CLONE_THREAD, jf=1),
        instruction(RET_K, RET_ALLOW),
        instruction(RET_K, eperm),
        # socket: AF_UNIX only (the sandbox has no network anyway).
        instruction(JEQ_K, NR_SOCKET, jf=4),
        instruction(LD_W_ABS, ARG0_OFFSET),
        instruction(JEQ_K, AF_UNIX, jf=1),
        instruction(RET_K, RET_ALLOW),
        instruction(RET_K, RET_ERRNO | errno.EACCES),
        instruction(RET_K, RET_ALLOW),
    ]
    return b"".join(code)
