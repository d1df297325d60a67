import Simulation

/// The `Analysis` layer: ground-truth labels, metrics, sweeps, regression and
/// reports (DESIGN.md). It comes with the evaluation work; until then the
/// module holds only its place in the layering.
public enum AnalysisModule {}
