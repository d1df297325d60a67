import Dispatch

/// Fork-join parallelism with a fixed assignment of work to workers, so that
/// results written by index never depend on scheduling.
public enum Parallel {
    /// Runs `body(worker)` for `worker` in `0..<workers`, on the calling thread
    /// when `workers == 1`, otherwise concurrently, and returns when all are done.
    public static func run(workers: Int, _ body: @Sendable (Int) -> Void) {
        if workers <= 1 {
            body(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: body)
        }
    }

    /// How many pieces to cut a loop over `count` items into for `workers`
    /// threads: one on a single thread, otherwise `perWorker` pieces a
    /// worker (at most one per item). ``run(workers:_:)`` hands the pieces to
    /// threads as they come free, so pieces of uneven cost even out; what a
    /// piece writes, by its index, does not depend on how many there are.
    public static func pieces(workers: Int, perWorker: Int, count: Int = .max) -> Int {
        workers > 1 ? min(workers * perWorker, max(count, 1)) : 1
    }

    /// The half-open range of `0..<count` that `worker` of `workers` handles:
    /// contiguous, balanced to within one element, and fixed by the arguments.
    public static func chunk(_ worker: Int, of workers: Int, count: Int) -> Range<Int> {
        (count * worker / workers)..<(count * (worker + 1) / workers)
    }
}

/// A first-error slot that concurrent workers can write to.
public final class FirstErrorBox<Failure: Error>: @unchecked Sendable {
    private let lock = NSLockLike()
    private var stored: Failure?

    public init() {}

    public func record(_ error: Failure) {
        lock.withLock { if stored == nil { stored = error } }
    }

    public var error: Failure? { lock.withLock { stored } }
}

/// A mutex built on a serial dispatch queue (available on every platform
/// without Foundation).
final class NSLockLike: @unchecked Sendable {
    private let queue = DispatchQueue(label: "warnsim.lock")
    func withLock<R>(_ body: () throws -> R) rethrows -> R { try queue.sync(execute: body) }
}
