/// An array copied once into manually allocated memory and never changed:
/// hot loops read it through a plain pointer (no uniqueness checks, no
/// reference counting, no closure nesting), and any number of threads may read
/// it at once.
final class FrozenArray<Element>: @unchecked Sendable {
    /// The first element (valid for `count` elements while the array lives).
    let base: UnsafePointer<Element>
    /// The number of elements.
    let count: Int

    /// Copies `elements`.
    ///
    /// - Parameter elements: the contents.
    init(_ elements: [Element]) {
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(elements.count, 1))
        _ = UnsafeMutableBufferPointer(start: storage, count: elements.count).initialize(from: elements)
        base = UnsafePointer(storage)
        count = elements.count
    }

    deinit {
        let storage = UnsafeMutablePointer(mutating: base)
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// The element at `index` (not bounds-checked in release builds).
    @inline(__always) subscript(index: Int) -> Element {
        assert(index >= 0 && index < count)
        return base[index]
    }

    /// The elements as an array.
    var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
