import Services

/// The `Simulation` layer: the app on each phone and the clock that drives
/// people, radios, phones and servers (DESIGN.md). It comes with the
/// phones-and-servers work; until then the module holds only its place in the
/// layering.
public enum SimulationModule {}
