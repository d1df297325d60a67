import ExposureNotification

/// The `Services` layer: the simulated CWA backend (verification, test results,
/// submission, distribution; DESIGN.md). Its servers are built on the key
/// export format of ``ExposureNotification`` and come with the phones-and-servers
/// work; until then the module holds only its place in the layering.
public enum ServicesModule {}
