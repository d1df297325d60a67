import Foundation
import Population
import Testing
import WarnSimCore
import WarnSimTestSupport

/// Single parents and grown-up children at home (`population.families`): the
/// households they make, the town's share of minors against the census, and
/// the section's checks.
@Suite("Single parents and grown-up children")
struct FamiliesTests {
    /// The values of `town-10k-families.yaml`, whose sources it names.
    static let families = FamiliesConfig(singleParentShare: 0.19, singleParentOneChildShare: 0.56, adultChildShare: 0.28)

    /// The open town with `families` (and without, for `families: nil`).
    static func town(people: Int, seed: UInt64, families: FamiliesConfig? = FamiliesTests.families) throws -> Town {
        try shippedTown(people: people, seed: seed) { $0.families = families }
    }

    /// Per household: its members' age groups.
    static func households(_ town: Town) -> [[AgeGroup]] {
        zip(town.householdFirst, town.householdSize).map { first, size in
            (Int(first)..<Int(first) + Int(size)).map { town.age[$0] }
        }
    }

    @Test("the shipped scenario reads the section as declared; without it the town's households are two grown-ups and minors")
    func scenario() throws {
        let url = try ProjectFiles.required(ProjectFiles.scenario("town-10k-families.yaml"))
        #expect(try WorldConfig.loadWorldSections(url).population.families == Self.families)
        let plain = try WorldConfig.loadWorldSections(try ProjectFiles.required(ProjectFiles.scenario("town-10k.yaml")))
        #expect(plain.population.families == nil)
    }

    @Test(
        "single parents are single_parent_share of the households with minors, single_parent_one_child_share of them in a household of two")
    func singleParents() throws {
        // Without grown-up children a household's grown-ups are its adults and seniors.
        let families = FamiliesConfig(singleParentShare: 0.19, singleParentOneChildShare: 0.56, adultChildShare: 0)
        let town = try Self.town(people: 60000, seed: 4, families: families)
        let withMinors = Self.households(town).filter { $0.contains { $0 == .preschool || $0 == .pupil } }
        let single = withMinors.filter { $0.filter { $0 == .adult || $0 == .senior }.count == 1 }
        #expect(withMinors.allSatisfy { $0.filter { $0 == .adult || $0 == .senior }.count <= 2 })
        #expect(withMinors.allSatisfy { !$0.contains(.senior) })
        // Binomial standard errors: about 0.004 for the share (n ≈ 9,000), 0.012 for one child (n ≈ 1,700).
        let share = Double(single.count) / Double(withMinors.count)
        #expect(abs(share - 0.19) < 0.016, "single parents \(share) of \(withMinors.count) households with minors")
        let oneChild = Double(single.filter { $0.count == 2 }.count) / Double(single.count)
        #expect(abs(oneChild - 0.56) < 0.05, "one child \(oneChild) of \(single.count) single parents")
        // The household sizes do not depend on the composition.
        let plain = try Self.town(people: 60000, seed: 4, families: nil)
        #expect(town.householdSize == plain.householdSize)
    }

    @Test(
        "with grown-up children the town's minors are about Germany's 16.5 % (13.7 M of 83.2 M, Destatis 31.12.2019); without the section 20 %"
    )
    func minors() throws {
        let minorShare = { (t: Town) in Double(t.age.filter { $0 == .preschool || $0 == .pupil }.count) / Double(t.people) }
        let town = try Self.town(people: 60000, seed: 6)
        let plain = try Self.town(people: 60000, seed: 6, families: nil)
        // Derived from household_size_shares and the three shares: 0.166 (0.205 without);
        // adult_child_share itself is derived from the same Destatis count, so
        // this is a consistency check, not an independent one.
        #expect(abs(minorShare(town) - 0.165) < 0.008, "\(minorShare(town))")
        #expect(abs(minorShare(plain) - 0.205) < 0.008, "\(minorShare(plain))")
        // Grown-up children are 18-64: no household of three or more has a senior.
        #expect(Self.households(town).allSatisfy { $0.count <= 2 || !$0.contains(.senior) })
    }

    @Test("the composition draws its own stream: all shares zero gives the town without the section, person by person")
    func ownStream() throws {
        let none = FamiliesConfig(singleParentShare: 0, singleParentOneChildShare: 0.56, adultChildShare: 0)
        let town = try Self.town(people: 5000, seed: 2, families: none)
        let plain = try Self.town(people: 5000, seed: 2, families: nil)
        #expect(town.age == plain.age && town.household == plain.household)
        #expect(town.placeSetting == plain.placeSetting && town.place == plain.place)
        #expect(town.placeCluster == plain.placeCluster && town.placeSeat == plain.placeSeat)
    }

    @Test("an unknown key, an out-of-range value or more single parents than the household sizes hold is refused naming the key")
    func badSections() throws {
        let section =
            "  families:\n    single_parent_share: 0.19\n    single_parent_one_child_share: 0.56\n    adult_child_share: 0.28\n"
        let cases = [
            (
                "    adult_child_share: 0.28\n", "    adult_child_share: 0.28\n    grandparents: 0.1\n", "population.families.grandparents",
                "unknown key"
            ),
            ("    adult_child_share: 0.28\n", "    adult_child_share: 1.28\n", "population.families.adult_child_share", "out of range"),
            ("    single_parent_share: 0.19\n", "", "population.families.single_parent_share", "required field is missing"),
            // 0.9 of the families single parents, all with one child: more two-person households than there are.
            (
                "    single_parent_share: 0.19\n    single_parent_one_child_share: 0.56\n",
                "    single_parent_share: 0.9\n    single_parent_one_child_share: 1.0\n", "population.families.single_parent_share",
                "cannot hold so many single parents"
            ),
        ]
        try expectPopulationSectionChecked(section, accepted: { $0.population.families == Self.families }, refusals: cases)
    }

    @Test("every family a single parent is possible when some have more than one child; only one child each is not")
    func allSingleParents() {
        // Households of 1-4 with shares 0.4, 0.3, 0.2, 0.1: L = 0.3, so with
        // p = 1 and f = 0.5, S = 0.3 / 0.5 = 0.6 fills every household of two
        // and every larger one (both chances 1).
        let shares = [0.4, 0.3, 0.2, 0.1]
        let half = FamiliesConfig(singleParentShare: 1, singleParentOneChildShare: 0.5, adultChildShare: 0)
        let chances = half.singleParentChances(householdSizeShares: shares)
        #expect(chances.map { abs($0.two - 1) < 1e-12 && abs($0.larger - 1) < 1e-12 } == true)
        let one = FamiliesConfig(singleParentShare: 1, singleParentOneChildShare: 1, adultChildShare: 0)
        #expect(one.singleParentChances(householdSizeShares: shares) == nil)
    }
}
