#!/usr/bin/env python3
"""A Wayland socket proxy that lets clients see a high-resolution wheel (wl_pointer version 8) in front of a
compositor that offers only version 7 (sway 1.7 on Debian 12).

    hires_proxy.py LISTEN UPSTREAM       (socket paths)

Messages pass through unchanged except:
  - the registry's wl_seat global is announced as version 8, and a client's bind at 8 goes upstream at 7;
  - on pointers of seats bound at 8, axis_discrete(axis, n) is delivered as axis_value120(axis, n). The test
    pointer puts the wanted value120 in the discrete field, so a client gets exactly that share of a notch.
File descriptors travel with the bytes they came with."""

import array
import os
import selectors
import socket
import struct
import sys

SEAT_UPSTREAM, SEAT_OFFERED = 7, 8
AXIS_DISCRETE, AXIS_VALUE120 = 8, 9     # wl_pointer event opcodes
MAX_FDS = 28


def read_string(message, at):
    """(text, offset after it) of a wire string at byte `at`."""
    length = struct.unpack_from("<I", message, at)[0]
    text = bytes(message[at + 4:at + 3 + length]).decode() if length else ""
    return text, at + 4 + (length + 3) // 4 * 4


class Client:
    """One client connection and its upstream twin, with what we need to know about their objects."""

    def __init__(self, down, up):
        self.down, self.up = down, up
        self.pending = {down: bytearray(), up: bytearray()}
        self.fds = {down: [], up: []}
        self.registries, self.seats, self.pointers = set(), {}, set()

    def rewrite_request(self, target, opcode, message):
        if target == 1 and opcode == 1:                               # wl_display.get_registry
            self.registries.add(struct.unpack_from("<I", message, 8)[0])
        elif target in self.registries and opcode == 0:               # wl_registry.bind
            interface, at = read_string(message, 12)
            version, new_id = struct.unpack_from("<II", message, at)
            if interface == "wl_seat":
                self.seats[new_id] = version
                if version > SEAT_UPSTREAM:
                    struct.pack_into("<I", message, at, SEAT_UPSTREAM)
        elif self.seats.get(target, 0) >= SEAT_OFFERED and opcode == 0:  # wl_seat.get_pointer
            self.pointers.add(struct.unpack_from("<I", message, 8)[0])

    def rewrite_event(self, source, opcode, message):
        if source in self.registries and opcode == 0:                 # wl_registry.global
            interface, at = read_string(message, 12)
            if interface == "wl_seat" and struct.unpack_from("<I", message, at)[0] == SEAT_UPSTREAM:
                struct.pack_into("<I", message, at, SEAT_OFFERED)
        elif source in self.pointers and opcode == AXIS_DISCRETE:
            struct.pack_into("<I", message, 4, len(message) << 16 | AXIS_VALUE120)
        elif source == 1 and opcode == 1:                             # wl_display.delete_id
            gone = struct.unpack_from("<I", message, 8)[0]
            self.registries.discard(gone)
            self.seats.pop(gone, None)
            self.pointers.discard(gone)

    def pump(self, sock):
        """Moves what `sock` has to its twin; False once the connection is over."""
        fds = array.array("i")
        try:
            data, ancillary, _, _ = sock.recvmsg(1 << 16, socket.CMSG_SPACE(MAX_FDS * fds.itemsize))
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            return False
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds.frombytes(payload[:len(payload) // fds.itemsize * fds.itemsize])
        if not data and not fds:
            return False
        self.fds[sock].extend(fds)
        buffer = self.pending[sock]
        buffer += data
        rewrite = self.rewrite_request if sock is self.down else self.rewrite_event
        at = 0
        while len(buffer) - at >= 8:
            obj, word = struct.unpack_from("<II", buffer, at)
            size = word >> 16
            if size < 8 or len(buffer) - at < size:
                break
            message = memoryview(buffer)[at:at + size]
            rewrite(obj, word & 0xFFFF, message)
            message.release()
            at += size
        if at == 0:
            return True
        complete = bytes(buffer[:at])
        del buffer[:at]
        twin = self.up if sock is self.down else self.down
        passing, self.fds[sock] = self.fds[sock], []
        ancillary = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", passing))] if passing else []
        # The twin may be gone already (a client that quits while the compositor still sends to it): that ends this
        # connection only, never the proxy, or every later client of the session would find no display.
        try:
            twin.setblocking(True)
            sent = twin.sendmsg([complete], ancillary)
            if sent < len(complete):
                twin.sendall(complete[sent:])
            twin.setblocking(False)
        except OSError:
            return False
        finally:
            for fd in passing:
                os.close(fd)
        return True


def main():
    listen_path, upstream_path = sys.argv[1], sys.argv[2]
    # The socket appears under its name only once it listens (bound under a temporary name, then renamed): the
    # session starts clients as soon as the name exists, and a connect between bind and listen would be refused.
    staging = listen_path + ".starting"
    for path in (listen_path, staging):
        if os.path.exists(path):
            os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(staging)
    listener.listen(8)
    os.rename(staging, listen_path)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    while True:
        for key, _ in selector.select():
            if key.data is None:
                down, _ = listener.accept()
                up = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                try:
                    up.connect(upstream_path)
                except OSError as e:
                    print(f"hires_proxy: the compositor refused a client: {e}", file=sys.stderr, flush=True)
                    up.close()
                    down.close()
                    continue
                client = Client(down, up)
                for sock in (down, up):
                    sock.setblocking(False)
                    selector.register(sock, selectors.EVENT_READ, client)
            elif not key.data.pump(key.fileobj):
                for sock in (key.data.down, key.data.up):
                    try:
                        selector.unregister(sock)
                    except (KeyError, ValueError):
                        pass
                    sock.close()


if __name__ == "__main__":
    main()
