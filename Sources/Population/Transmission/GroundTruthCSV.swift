import Foundation

/// CSV forms of the ground truth, for pandas, R or a spreadsheet.
package enum GroundTruthCSV {
    /// Header and one line per infection.
    package static func infections(_ records: [InfectionRecord]) -> String {
        var text =
            "person,infector,time_days,day,encounter,setting,min_distance_m,duration_min,dose,incubation_days,onset_days,symptomatic\n"
        for r in records {
            let setting = Setting(rawValue: r.setting)?.name ?? "seed"
            text += "\(r.person),\(r.infector),\(format(r.time)),\(r.day),\(r.encounter),\(setting),"
            text += "\(r.infector < 0 ? "" : format(Double(r.minimumDistance))),\(r.durationMinutes),"
            text +=
                "\(r.infector < 0 ? "" : format(Double(r.dose))),\(format(r.incubationDays)),\(format(r.onset)),\(r.symptomatic ? 1 : 0)\n"
        }
        return text
    }

    /// Header and one line per exposure.
    package static func exposures(_ records: [ExposureRecord]) -> String {
        var text =
            "day,encounter,infector,exposed,setting,start_minute,duration_min,min_distance_m,infector_days_since_onset,dose,probability,outcome\n"
        for r in records {
            let outcome =
                switch r.outcome {
                case .notInfected: "not_infected"
                case .infected: "infected"
                case .alreadyInfected: "already_infected"
                case .notSusceptible: "not_susceptible"
                }
            text += "\(r.day),\(r.encounter),\(r.infector),\(r.exposed),\(Setting(rawValue: r.setting)!.name),\(r.startMinute),"
            text += "\(r.durationMinutes),\(format(Double(r.minimumDistance))),\(format(Double(r.infectorDaysSinceOnset))),"
            text += "\(format(Double(r.dose))),\(format(Double(r.probability))),\(outcome)\n"
        }
        return text
    }

    static func format(_ value: Double) -> String { String(format: "%.6g", value) }
}
