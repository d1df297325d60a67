/// The version `warnsim --version` prints and run manifests record.
enum WarnSimVersion {
    static let string = "0.1.0"
}
