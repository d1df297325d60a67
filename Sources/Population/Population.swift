/// The `Population` layer: people, places, encounters, the radio model and the
/// transmission ground truth (DESIGN.md). Filled in by the world work.
public enum PopulationModule {}
