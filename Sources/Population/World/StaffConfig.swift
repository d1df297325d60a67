import WarnSimCore

/// The adults who work where the children are (`population.staff`): a
/// teacher in every school class for the school day, moving from one table
/// group to the next, and carers in every day-care group, moving among the
/// children. They are drawn from the workers (stream `population.staff`) and
/// are no longer at a workplace or in its meetings. Absent from a scenario:
/// classes and day-care groups have no adults.
package struct StaffConfig: Sendable, Equatable {
    /// Teachers present in each school class during the school day.
    package var teachersPerClass: Int
    /// Minutes a teacher spends at one table group before moving to another.
    package var tableMinutes: Int
    /// Distance from a table group's centre at which the teacher stands (m).
    package var teacherDistance: Double
    /// Carers present in each day-care group.
    package var carersPerDaycareGroup: Int

    package init(teachersPerClass: Int, tableMinutes: Int, teacherDistance: Double, carersPerDaycareGroup: Int) {
        self.teachersPerClass = teachersPerClass
        self.tableMinutes = tableMinutes
        self.teacherDistance = teacherDistance
        self.carersPerDaycareGroup = carersPerDaycareGroup
    }

    /// The `staff` keys.
    package enum Fields {
        /// `staff`.
        package static let staff = ScenarioField(
            "staff", .structured("mapping"), .optional("school classes and day-care groups have no adults"),
            meaning: "teachers in school classes and carers in day-care groups, drawn from the workers")
        /// `staff.teachers_per_class`.
        package static let teachersPerClass = ScenarioField(
            "staff.teachers_per_class", .integer(0...4), unit: "teachers", meaning: "teachers in each school class for the school day",
            source:
                "1: a lesson is taught by one teacher (team teaching is the exception); the class keeps its teacher for the school day, as a primary class its class teacher (secondary teachers who change classes between lessons are not modelled)"
        )
        /// `staff.table_minutes`.
        package static let tableMinutes = ScenarioField(
            "staff.table_minutes", .integer(1...600), unit: "min",
            meaning: "minutes a teacher stays at one table group before moving to another (drawn uniformly among the room's groups)",
            source:
                "15: WarnSim assumption, as day care's new places (daycare.reposition_minutes); no count of teachers' movements in German classrooms was found"
        )
        /// `staff.teacher_distance_m`.
        package static let teacherDistance = ScenarioField(
            "staff.teacher_distance_m", .real(0...5), unit: "m",
            meaning: "distance from a table group's centre at which the teacher stands",
            source: "1.1: WarnSim assumption, behind the pupils' chairs, 0.5 m beyond the seats (school.seat_radius_m 0.6)")
        /// `staff.carers_per_daycare_group`.
        package static let carersPerDaycareGroup = ScenarioField(
            "staff.carers_per_daycare_group", .integer(0...10), unit: "carers",
            meaning: "carers in each day-care group for the day-care day",
            source:
                "2: Bertelsmann Stiftung, Ländermonitor Frühkindliche Bildungssysteme (1 March 2016): 9.2 kindergarten children per full-time carer (4.3 in crèche groups), so 20 / 9.2 = 2.2 full-time carers per group of daycare.group_size 20, fewer present at a time (leave, preparation): 2"
        )

        /// Every `staff` key.
        package static let all = [staff, teachersPerClass, tableMinutes, teacherDistance, carersPerDaycareGroup]
    }

    /// Reads `staff` (every key required once the section is present).
    package static func parse(_ s: DocumentSection) throws -> StaffConfig {
        let config = StaffConfig(
            teachersPerClass: try s.int(Fields.teachersPerClass),
            tableMinutes: try s.int(Fields.tableMinutes),
            teacherDistance: try s.double(Fields.teacherDistance),
            carersPerDaycareGroup: try s.int(Fields.carersPerDaycareGroup))
        try s.finish()
        return config
    }
}
