import ExposureNotification
import RiskCalculation

/// The measurement apparatus beside the phones: every exposure window a
/// phone's detections produced, labelled with the real contact behind it
/// from the run's encounter ledger, and the same through the second radio
/// channel (`warnsim redraw`). The run owns it; ``SimulatedPhone`` models only
/// the device, and hands each detection's matched windows over.
package struct WindowRecorder: Sendable {
    /// Per phone: every exposure window any detection produced, by identity.
    package internal(set) var windows: [[WindowKey: RecordedWindow]]
    /// Per phone: what its detections found through the second radio channel,
    /// never acted on; empty without one.
    package internal(set) var secondChannel: [SecondChannelRecord]

    /// The windows and the first HIGH risk of one phone's second channel.
    package struct SecondChannelRecord: Sendable {
        package internal(set) var windows: [WindowKey: RecordedWindow] = [:]
        package internal(set) var firstHighRiskTime: Int64?
    }

    /// An empty recorder for `phones` phones, with a second-channel record
    /// per phone if the run has a second channel.
    init(phones: Int, secondChannel: Bool) {
        windows = Array(repeating: [:], count: phones)
        self.secondChannel = secondChannel ? Array(repeating: SecondChannelRecord(), count: phones) : []
    }

    /// The recorder as the second channel saw the run: its windows in place
    /// of the phones' own (`warnsim redraw`).
    func observedThroughSecondChannel() -> WindowRecorder {
        var recorder = self
        recorder.windows = secondChannel.isEmpty ? windows.map { _ in [:] } : secondChannel.map(\.windows)
        recorder.secondChannel = []
        return recorder
    }

    /// Labels and keeps the new windows one of `phone`'s detections found
    /// through `channel`: a window already known from an earlier detection
    /// (the same key, rolling start and first scan) is not recorded again.
    /// `secondChannel` is the phone's second-channel record, nil without a
    /// second channel.
    static func record(
        _ channel: SimulatedPhone.DetectionChannel, at time: Int64, matched: [MatchedExposureWindow],
        level: (Int, ExposureWindow) -> RiskLevel?, phone: Int, windows: inout [WindowKey: RecordedWindow],
        secondChannel: UnsafeMutablePointer<SecondChannelRecord>?, ledger: EncounterLedger, index: DiagnosisKeyIndex,
        owners: [CoronaWarnApp.KeyIdentity: Int], startTime: Int64
    ) {
        switch channel {
        case .own:
            let found = ledger.recordedWindows(
                phone: phone, matched: matched, known: windows, index: index, owners: owners, startTime: startTime,
                detectedAt: time, level: level)
            for (identity, window) in found { windows[identity] = window }
        case .second(let high):
            guard let record = secondChannel else { return }
            let found = ledger.recordedWindows(
                phone: phone, matched: matched, known: record.pointee.windows, index: index, owners: owners,
                startTime: startTime, detectedAt: time, level: level)
            for (identity, window) in found { record.pointee.windows[identity] = window }
            if high, record.pointee.firstHighRiskTime == nil { record.pointee.firstHighRiskTime = time }
        }
    }
}
