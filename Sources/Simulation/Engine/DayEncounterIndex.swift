import Population

/// The encounters of a day by receiving phone (compressed sparse rows), so
/// that a phone's scan looks only at the encounters in which it can hear
/// someone: its owner has the app and the other person's phone advertises.
/// An encounter with a phone that does not advertise yields no sighting and
/// draws no random number, and a scan that finds nothing records only its
/// time, so leaving such encounters out changes nothing a phone records.
package struct DayEncounterIndex: Sendable {
    /// Row `p` is `encounters[offsets[p] ..< offsets[p + 1]]`.
    let offsets: [Int32]
    let encounters: [Int32]

    /// Indexes the encounters of `day` in which `receives` says the one
    /// person listens and `advertises` says the other is heard.
    ///
    /// - Parameters:
    ///   - day: the day's encounters.
    ///   - people: the town's size.
    ///   - receives: per person, whether their phone scans (has the app).
    ///   - advertises: per person, whether their phone advertises today.
    ///   - recorded: per person, whether what their phone sends is recorded
    ///     (``ScanPipeline/recordedTransmitters``; empty: everyone's). A
    ///     phone that hears none of them today gets no row: it records
    ///     nothing but its scans' times.
    package init(_ day: DayEncounters, people: Int, receives: [Bool], advertises: [Bool], recorded: [Bool] = []) {
        var receives = receives
        if !recorded.isEmpty {
            var hears = [Bool](repeating: false, count: people)
            for i in day.personA.indices {
                let (p, q) = (Int(day.personA[i]), Int(day.personB[i]))
                if advertises[q] && recorded[q] { hears[p] = true }
                if advertises[p] && recorded[p] { hears[q] = true }
            }
            for p in 0..<people { receives[p] = receives[p] && hears[p] }
        }
        var counts = [Int32](repeating: 0, count: people + 1)
        day.personA.withUnsafeBufferPointer { a in
            day.personB.withUnsafeBufferPointer { b in
                for i in a.indices {
                    let (p, q) = (Int(a[i]), Int(b[i]))
                    if receives[p] && advertises[q] { counts[p + 1] += 1 }
                    if receives[q] && advertises[p] { counts[q + 1] += 1 }
                }
            }
        }
        for p in 0..<people { counts[p + 1] += counts[p] }
        var fill = counts
        let total = Int(counts[people])
        // Every slot is written exactly once below.
        encounters = [Int32](unsafeUninitializedCapacity: total) { list, initialized in
            day.personA.withUnsafeBufferPointer { a in
                day.personB.withUnsafeBufferPointer { b in
                    for i in a.indices {
                        let (p, q) = (Int(a[i]), Int(b[i]))
                        if receives[p] && advertises[q] {
                            list[Int(fill[p])] = Int32(i)
                            fill[p] += 1
                        }
                        if receives[q] && advertises[p] {
                            list[Int(fill[q])] = Int32(i)
                            fill[q] += 1
                        }
                    }
                }
            }
            initialized = total
        }
        offsets = counts
    }

    /// The encounters of `person`, in encounter order.
    package func encounters(of person: Int) -> ArraySlice<Int32> {
        encounters[Int(offsets[person])..<Int(offsets[person + 1])]
    }
}
