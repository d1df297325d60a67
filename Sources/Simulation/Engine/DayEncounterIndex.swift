import Population

/// The encounters of a day by person (compressed sparse rows), so that a
/// phone's scan looks only at its owner's encounters.
package struct DayEncounterIndex: Sendable {
    /// Row `p` is `encounters[offsets[p] ..< offsets[p + 1]]`.
    let offsets: [Int32]
    let encounters: [Int32]

    package init(_ day: DayEncounters, people: Int) {
        var counts = [Int32](repeating: 0, count: people + 1)
        for i in 0..<day.count {
            counts[Int(day.personA[i]) + 1] += 1
            counts[Int(day.personB[i]) + 1] += 1
        }
        for p in 0..<people { counts[p + 1] += counts[p] }
        var fill = counts
        var list = [Int32](repeating: 0, count: Int(counts[people]))
        for i in 0..<day.count {
            for person in [Int(day.personA[i]), Int(day.personB[i])] {
                list[Int(fill[person])] = Int32(i)
                fill[person] += 1
            }
        }
        offsets = counts
        encounters = list
    }

    /// The encounters of `person`, in encounter order.
    package func encounters(of person: Int) -> ArraySlice<Int32> {
        encounters[Int(offsets[person])..<Int(offsets[person + 1])]
    }
}
