/// A value handed to parallel workers that only touch disjoint parts of what
/// it points to (`Parallel/run(workers:_:)` with a fixed work split). The
/// caller guarantees the disjointness; the wrapper only tells the compiler.
package struct UnsafeSendable<T>: @unchecked Sendable {
    /// The wrapped value.
    package let value: T

    /// Wraps `value`.
    ///
    /// - Parameter value: A pointer, buffer or reference whose parts the
    ///   workers write disjointly.
    @inlinable package init(_ value: T) { self.value = value }
}

/// A mutable buffer handed to parallel workers that each write their own
/// elements (a fixed chunk of the indices, never shared).
package struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    /// The buffer.
    package let buffer: UnsafeMutableBufferPointer<Element>

    /// Wraps `buffer`.
    ///
    /// - Parameter buffer: Memory that outlives the parallel loop and whose
    ///   elements the workers write disjointly.
    @inlinable package init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
