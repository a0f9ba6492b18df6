// A race in swift-corelibs-libdispatch's epoll backend, without D-Bus: threads keep opening a
// socketpair, watch one end with a dispatch read source on a serial queue of its own, and
// close the other end. The closed peer makes epoll report EPOLLHUP; libdispatch's manager
// thread merges the hang-up (src/event/event_epoll.c, _dispatch_event_merge_fd), and the
// source acknowledges it from its own queue (src/source.c, _dispatch_source_wakeup: "can
// always be done from the target queue"), where _dispatch_unote_unregister_muxed frees the
// muxnote the manager thread may still be using. Within seconds on two cores it crashes:
// "Source finalized twice" (SIGILL) in _dispatch_source_merge_evt under
// _dispatch_event_loop_drain. With `byte` the peer writes a byte instead, and closes only
// once the source is gone (no hang-up): no crash.
//
//     swiftc -O scripts/libdispatch-hangup-race.swift -o /tmp/hangup-race
//     /tmp/hangup-race hangup 8 20    # mode, threads, seconds
//     /tmp/hangup-race byte 8 20
import Dispatch
import Foundation
import Glibc

let arguments = CommandLine.arguments.dropFirst()
let hangUp = (arguments.first ?? "hangup") != "byte"
let threads = Int(arguments.dropFirst().first ?? "8") ?? 8
let seconds = Int(arguments.dropFirst(2).first ?? "20") ?? 20
let deadline = DispatchTime.now() + .seconds(seconds)
let all = DispatchGroup()
for t in 0..<threads {
    all.enter()
    Thread.detachNewThread {
        var rounds = 0
        while DispatchTime.now() < deadline {
            let done = DispatchSemaphore(value: 0)
            var fds: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
                fatalError("socketpair: errno \(errno)")
            }
            let fd = fds[0]
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: DispatchQueue(label: "pair\(t)"))
            source.setEventHandler { source.cancel() }
            source.setCancelHandler { close(fd); done.signal() }
            source.resume()
            if rounds % 2 == 0 { usleep(UInt32(rounds % 7) * 100) }
            if hangUp {
                close(fds[1])
                done.wait()
            } else {
                var byte: UInt8 = 1
                _ = write(fds[1], &byte, 1)
                done.wait()
                close(fds[1])
            }
            rounds += 1
        }
        print("thread \(t): \(rounds) rounds")
        all.leave()
    }
}
all.wait()
print("no crash")
