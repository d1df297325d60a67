/// A uniform grid over points in a rectangle with cells as large as the search
/// radius, so that all neighbours within the radius of a point lie in its own
/// or the 8 surrounding cells. Rebuilt per venue and time step; the buffers are
/// reused.
struct SpatialHash {
    var cellSize: Float = 1
    var columns = 1
    var rows = 1
    /// Points sorted by cell: `order[cellFirst[c]..<cellFirst[c + 1]]`.
    var cellFirst: [Int32] = []
    var order: [Int32] = []
    var cellOf: [Int32] = []

    mutating func build(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, width: Float, height: Float, radius: Float) {
        cellSize = max(radius, 0.01)
        columns = max(1, Int((width / cellSize).rounded(.up)))
        rows = max(1, Int((height / cellSize).rounded(.up)))
        let cells = columns * rows
        cellFirst.removeAll(keepingCapacity: true)
        cellFirst.append(contentsOf: repeatElement(0, count: cells + 1))
        cellOf.removeAll(keepingCapacity: true)
        for i in 0..<x.count {
            let cx = min(columns - 1, max(0, Int(x[i] / cellSize)))
            let cy = min(rows - 1, max(0, Int(y[i] / cellSize)))
            let c = cy * columns + cx
            cellOf.append(Int32(c))
            cellFirst[c + 1] += 1
        }
        for c in 0..<cells { cellFirst[c + 1] += cellFirst[c] }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: x.count))
        var next = cellFirst
        for i in 0..<x.count {
            let c = Int(cellOf[i])
            order[Int(next[c])] = Int32(i)
            next[c] += 1
        }
    }

    /// Calls `body(i, j)` once for every pair i < j of points in the same or
    /// adjacent cells (the caller checks the exact distance).
    @inline(__always)
    func forEachCandidatePair(_ body: (Int, Int) -> Void) {
        for i in 0..<cellOf.count {
            let c = Int(cellOf[i])
            let cx = c % columns
            let cy = c / columns
            for ny in max(0, cy - 1)...min(rows - 1, cy + 1) {
                for nx in max(0, cx - 1)...min(columns - 1, cx + 1) {
                    let n = ny * columns + nx
                    for k in Int(cellFirst[n])..<Int(cellFirst[n + 1]) {
                        let j = Int(order[k])
                        if j > i { body(i, j) }
                    }
                }
            }
        }
    }
}
