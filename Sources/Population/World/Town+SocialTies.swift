import WarnSimCore

extension Town {
    /// Draws each household's circle of befriended households (`visits`):
    /// distinct other households, uniformly, from stream `population.friends`
    /// in household order. Gatherings are held at a household's home
    /// (``Setting/visit``, the household's index as venue).
    mutating func assignFriends() {
        let households = householdFirst.count
        venueCount[Int(Setting.visit.rawValue)] = households
        guard let visits = config.visits, households > 1 else { return }
        let k = min(visits.friendHouseholds, households - 1)
        var random = RandomStream(seed: seed, subsystem: StreamName.friends)
        friends.reserveCapacity(households * visits.friendHouseholds)
        for h in 0..<households {
            let first = friends.count
            while friends.count - first < k {
                let other = Int32(random.nextIndex(households))
                if Int(other) != h && !friends[first...].contains(other) { friends.append(other) }
            }
            // A town smaller than the circle repeats the last friend (never read past k distinct ones).
            for _ in k..<visits.friendHouseholds { friends.append(friends[friends.count - 1]) }
        }
    }

    /// Club membership (`clubs`): each person joins with the probability of
    /// their age group (stream `population.clubs`, in person order); each age
    /// group's members, shuffled, fill clubs of `members_per_club` (the last
    /// one smaller). Each club then draws its distinct meeting weekdays and
    /// its start within the time's spread.
    mutating func assignClubs() {
        club = Array(repeating: -1, count: people)
        guard let clubs = config.clubs else { return }
        var random = RandomStream(seed: seed, subsystem: StreamName.clubs)
        var byAge = [[Int]](repeating: [], count: AgeGroup.allCases.count)
        for person in 0..<people where random.nextBernoulli(clubs.membershipByAge[Int(age[person].rawValue)]) {
            byAge[Int(age[person].rawValue)].append(person)
        }
        for members in byAge {
            let order = Town.shuffled(members, &random)
            for first in stride(from: 0, to: order.count, by: clubs.membersPerClub) {
                let index = Int32(clubDays.count)
                for person in order[first..<min(first + clubs.membersPerClub, order.count)] { club[person] = index }
                var days = Array(0..<7)
                var mask: UInt8 = 0
                for d in 0..<clubs.meetingsPerWeek {
                    days.swapAt(d, d + random.nextIndex(7 - d))
                    mask |= 1 << UInt8(days[d])
                }
                clubDays.append(mask)
                let spread = clubs.time.startSpread
                clubStart.append(Int16(clubs.time.start + (spread > 0 ? random.nextIndex(2 * spread + 1) - spread : 0)))
            }
        }
        venueCount[Int(Setting.club.rawValue)] = clubDays.count
    }
}
