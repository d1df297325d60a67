import WarnSimCore

/// Lengths of an activity drawn per occurrence from the shares of the contact
/// diaries' five duration classes (``DurationClass``: < 5 min, 5–15 min,
/// 15 min–1 h, 1–4 h, > 4 h): a class by its share, then a whole number of
/// minutes uniformly within it, from its lower bound to one minute below the
/// next class (1–4, 5–14, 15–59, 60–239 min) and for the last class from
/// 240 to ``longest`` minutes (the activity's `time.duration_minutes`). A
/// gathering or a club meeting of this length gives everyone there who stays
/// throughout a contact of the class drawn, as ``ContactDiarySurvey`` reads
/// durations (the time both were at the place).
package struct DiaryLengths: Sendable, Equatable {
    /// The share of each class, summing to 1.
    package var shares: [Double]

    /// The upper end of the > 4 h class (minutes; the diaries give only "> 4 h").
    package var longest: Int

    /// The lower bound of each class (minutes).
    static let lowerBounds = DurationClass.allCases.map(\.lowestMinutes)

    /// Lengths with `shares` (one per class, summing to 1), the last class
    /// reaching `longest` minutes (above 240 when it has a share).
    package init(shares: [Double], longest: Int) {
        precondition(shares.count == DurationClass.allCases.count && shares.contains { $0 > 0 })
        precondition(shares[DurationClass.over4Hours.rawValue] == 0 || longest > DurationClass.over4Hours.lowestMinutes)
        self.shares = shares
        self.longest = longest
    }

    /// One length (minutes).
    package func draw(_ random: inout RandomStream) -> Int {
        let u = random.nextUnitDouble()
        var chosen = shares.lastIndex { $0 > 0 }!
        var cumulative = 0.0
        for (c, share) in shares.enumerated() where share > 0 {
            cumulative += share
            if u < cumulative {
                chosen = c
                break
            }
        }
        let low = Self.lowerBounds[chosen]
        let high = chosen + 1 < Self.lowerBounds.count ? Self.lowerBounds[chosen + 1] - 1 : longest
        return low + random.nextIndex(high - low + 1)
    }

    /// One occasion planned to begin at `start`: its length, and its begin
    /// moved earlier when it would not end by `latestEnd` (minutes).
    package func occasion(start: Int, latestEnd: Int, _ random: inout RandomStream) -> (begin: Int, length: Int) {
        let length = draw(&random)
        return (min(start, latestEnd - length), length)
    }
}

extension DurationClass {
    /// The fewest minutes in the class (as ``init(minutes:)`` classes them).
    package var lowestMinutes: Int {
        switch self {
        case .under5Minutes: 1
        case .from5To15Minutes: 5
        case .from15MinutesTo1Hour: 15
        case .from1To4Hours: 60
        case .over4Hours: 240
        }
    }
}
