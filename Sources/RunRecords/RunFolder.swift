/// The names in a run folder besides the CSV files (``RunCSVFile``) and the
/// binary stores (``WindowStore``, ``ExposureStore``, ``ContactStore``).
package enum RunFolder {
    /// The risk configuration the phones used at the run's end, normalized:
    /// what `evaluate` and `sweep` score as production.
    package static let riskFileName = "risk.yaml"
    /// `manifest.json`'s record of the radio channel the run's phones scanned
    /// through: `{"file": NAME, "digest": "sha256:HEX"}` of the radio
    /// parameters file.
    package static let radioParametersKey = "radio_parameters"
}
