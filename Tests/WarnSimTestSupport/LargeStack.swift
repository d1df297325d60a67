import Foundation

/// Runs `body` on a thread of its own with a 256 MB stack and returns its
/// result (or rethrows its error).
///
/// Debug builds keep every temporary copy of the simulation's large value
/// types (a run holds its world, town and configuration inline) in the
/// frame, tens of kilobytes per frame, and the test runner's threads have
/// small stacks without guard probes: a whole run simulated on one of them
/// can overrun its stack into other memory. Tests that simulate whole runs
/// call them through here.
public func onLargeStack<T>(_ body: @escaping () throws -> T) throws -> T {
    let outcome = LargeStackOutcome<T>(body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        outcome.run()
        done.signal()
    }
    thread.stackSize = 256 << 20
    thread.start()
    done.wait()
    return try outcome.result!.get()
}

/// The body and its result, handed to the large-stack thread and back: the
/// caller waits for the thread, so the two never touch it at once.
private final class LargeStackOutcome<T>: @unchecked Sendable {
    let body: () throws -> T
    var result: Result<T, Error>?
    init(_ body: @escaping () throws -> T) { self.body = body }
    func run() { result = Result { try body() } }
}
