/// One distributed key-day of an uploader: the owner's diagnosis keys of one
/// UTC day, and every app user with exposure logging who was within radio
/// range of the owner during those keys' validity, with the true distance
/// over time. The unit of the encounter-level metrics: one phone × one
/// uploader's key × one day (`evaluate`, `sweep`; Outputs/README.md).
package struct StoredKeyDay: Hashable, Sendable {
    /// The uploader (person index).
    package var owner: Int
    /// UTC day number (days since 1970-01-01) of the keys, as `windows.bin`'s `day`.
    package var day: Int
    /// The phones that met the owner during the keys' validity, by person index.
    package var contacts: [Contact]

    /// One phone's encounters with the owner during the keys' validity.
    package struct Contact: Hashable, Sendable {
        package var phone: Int
        /// Each encounter's segments (minutes after the UTC day's midnight,
        /// half-open, clipped to the keys' validity), encounters in time order.
        package var encounters: [[StoredExposure.Segment]]

        package init(phone: Int, encounters: [[StoredExposure.Segment]]) {
            self.phone = phone
            self.encounters = encounters
        }
    }

    package init(owner: Int, day: Int, contacts: [Contact]) {
        self.owner = owner
        self.day = day
        self.contacts = contacts
    }
}
