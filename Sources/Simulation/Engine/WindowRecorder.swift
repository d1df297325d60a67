import ExposureNotification
import RiskCalculation

/// The measurement apparatus beside the phones: every exposure window a
/// phone's detections produced, labelled with the real contact behind it
/// from the run's encounter ledger, and the same through each other radio
/// channel (`warnsim redraw`). The run owns it; ``SimulatedPhone`` models only
/// the device, and hands each detection's matched windows over.
package struct WindowRecorder: Sendable {
    /// Per phone: every exposure window any detection produced, by identity.
    package internal(set) var windows: [[WindowKey: RecordedWindow]]
    /// Per phone, per other radio channel: what its detections found through
    /// that channel, never acted on; empty without other channels.
    package internal(set) var secondChannel: [[SecondChannelRecord]]

    /// The windows and the first HIGH risk of one phone through one other channel.
    package struct SecondChannelRecord: Sendable {
        package internal(set) var windows: [WindowKey: RecordedWindow] = [:]
        package internal(set) var firstHighRiskTime: Int64?
    }

    /// An empty recorder for `phones` phones, with a record per phone and
    /// other channel if the run has `secondChannels` other channels.
    init(phones: Int, secondChannels: Int) {
        windows = Array(repeating: [:], count: phones)
        secondChannel =
            secondChannels > 0 ? Array(repeating: Array(repeating: SecondChannelRecord(), count: secondChannels), count: phones) : []
    }

    /// The recorder as other channel `channel` saw the run: its windows in
    /// place of the phones' own (`warnsim redraw`).
    func observedThroughSecondChannel(_ channel: Int) -> WindowRecorder {
        var recorder = self
        recorder.windows = secondChannel.isEmpty ? windows.map { _ in [:] } : secondChannel.map { $0[channel].windows }
        recorder.secondChannel = []
        return recorder
    }

    /// Labels and keeps the new windows one of `phone`'s detections found
    /// through `channel`: a window already known from an earlier detection
    /// (the same key, rolling start and first scan) is not recorded again.
    /// `secondChannel` is the phone's records of the other channels, nil
    /// without other channels.
    static func record(
        _ channel: SimulatedPhone.DetectionChannel, at time: Int64, matched: [MatchedExposureWindow],
        level: (Int, ExposureWindow) -> RiskLevel?, phone: Int, windows: inout [WindowKey: RecordedWindow],
        secondChannel: UnsafeMutablePointer<[SecondChannelRecord]>?, ledger: EncounterLedger, index: DiagnosisKeyIndex,
        owners: [CoronaWarnApp.KeyIdentity: Int], startTime: Int64
    ) {
        switch channel {
        case .own:
            let found = ledger.recordedWindows(
                phone: phone, matched: matched, known: windows, index: index, owners: owners, startTime: startTime,
                detectedAt: time, level: level)
            for (identity, window) in found { windows[identity] = window }
        case .second(let channel, let high):
            guard let records = secondChannel, records.pointee.indices.contains(channel) else { return }
            let found = ledger.recordedWindows(
                phone: phone, matched: matched, known: records.pointee[channel].windows, index: index, owners: owners,
                startTime: startTime, detectedAt: time, level: level)
            for (identity, window) in found { records.pointee[channel].windows[identity] = window }
            if high, records.pointee[channel].firstHighRiskTime == nil { records.pointee[channel].firstHighRiskTime = time }
        }
    }
}
