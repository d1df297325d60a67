import WarnSimCore

/// Who lives with whom beyond the household's size (`population.families`):
/// single parents, and grown-up children still living with their parents.
/// Absent from a scenario: a household of three or more is two grown-ups and
/// children under 18, and two-person households are grown-ups. The household
/// sizes are the same either way (`household_size_shares`); the composition's
/// draws come from stream `population.families`, so a town without the section
/// is the town it was.
package struct FamiliesConfig: Sendable, Equatable {
    /// Share of the families with children that have one parent in the household.
    package var singleParentShare: Double
    /// Share of the single parents who live with one child.
    package var singleParentOneChildShare: Double
    /// Share of the children living with their parents who are 18 or older.
    package var adultChildShare: Double

    package init(singleParentShare: Double, singleParentOneChildShare: Double, adultChildShare: Double) {
        self.singleParentShare = singleParentShare
        self.singleParentOneChildShare = singleParentOneChildShare
        self.adultChildShare = adultChildShare
    }

    /// The chance that a household of two, and one of three or more, is a
    /// single parent with children, such that the single parents are
    /// ``singleParentShare`` of the households with children and
    /// ``singleParentOneChildShare`` of them live with one child (a household of
    /// two). With S the single parents' share of all households, f the one-child
    /// share, p the single-parent share and L the share of households of three
    /// or more (the two-parent families): p = S / (L + f·S), so S = p·L / (1 − p·f);
    /// nil when the household sizes cannot hold so many.
    package func singleParentChances(householdSizeShares shares: [Double]) -> (two: Double, larger: Double)? {
        let two = shares.count > 1 ? shares[1] : 0
        let larger = shares.dropFirst(2).reduce(0, +)
        let p = singleParentShare
        let f = singleParentOneChildShare
        guard p * f < 1 else { return nil }
        let single = p * larger / (1 - p * f)
        let chanceTwo = single * f == 0 ? 0 : (two > 0 ? single * f / two : .infinity)
        let chanceLarger = single * (1 - f) == 0 ? 0 : (larger > 0 ? single * (1 - f) / larger : .infinity)
        // p = 1 makes every larger household a single parent's: a chance of
        // exactly 1, which rounding may put a few ulps above.
        let rounding = 1e-12
        guard chanceTwo <= 1 + rounding, chanceLarger <= 1 + rounding else { return nil }
        return (min(chanceTwo, 1), min(chanceLarger, 1))
    }

    /// The `families` keys.
    package enum Fields {
        /// `families`.
        package static let families = ScenarioField(
            "families", .structured("mapping"),
            .optional("households of three or more are two grown-ups and their children under 18; two-person households are grown-ups"),
            meaning: "single parents and grown-up children living with their parents (the household sizes stay household_size_shares)")
        /// `families.single_parent_share`.
        package static let singleParentShare = ScenarioField(
            "families.single_parent_share", .real(0...1), unit: "share",
            meaning: "share of the households with children that have one parent (the others have two)",
            source:
                "0.19: Destatis press release of 16 July 2020 (Mikrozensus 2019): of the 8.2 M families with children under 18, 19 % (1.5 M) were single parents; the town's families are its households with children of any age"
        )
        /// `families.single_parent_one_child_share`.
        package static let singleParentOneChildShare = ScenarioField(
            "families.single_parent_one_child_share", .real(0...1), unit: "share",
            meaning:
                "share of the single parents who live with one child (a household of two; the others head households of three or more)",
            source:
                "0.56: bpb, Zahlen und Fakten, Alleinerziehende (Mikrozensus 2019): of 1.52 M single parents with a child under 18, 56.0 % had one child, 33.3 % two, 10.8 % three or more"
        )
        /// `families.adult_child_share`.
        package static let adultChildShare = ScenarioField(
            "families.adult_child_share", .real(0...1), unit: "share",
            meaning: "share of the children living with their parents who are 18 or older (grown-ups of 18-64; the others are under 18)",
            source:
                "0.28: bpb, Zahlen und Fakten, Familienhaushalte nach Zahl der Kinder (Mikrozensus 2019): about 19 M unmarried children lived with their parents; Destatis: 13.7 M people were aged 0-17 on 31.12.2019; (19.0 - 13.7) / 19.0"
        )

        /// Every `families` key.
        package static let all = [families, singleParentShare, singleParentOneChildShare, adultChildShare]
    }

    /// Reads `families` (every key required once the section is present) and
    /// checks that the household sizes can hold the single parents.
    package static func parse(_ s: DocumentSection, householdSizeShares: [Double]) throws -> FamiliesConfig {
        let config = FamiliesConfig(
            singleParentShare: try s.double(Fields.singleParentShare),
            singleParentOneChildShare: try s.double(Fields.singleParentOneChildShare),
            adultChildShare: try s.double(Fields.adultChildShare))
        try s.finish()
        guard config.singleParentChances(householdSizeShares: householdSizeShares) != nil else {
            throw s.fail(
                "single_parent_share",
                "household_size_shares cannot hold so many single parents (\(config.singleParentShare) of the families, \(config.singleParentOneChildShare) of them with one child)"
            )
        }
        return config
    }
}
