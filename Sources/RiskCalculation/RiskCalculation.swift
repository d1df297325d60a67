/// The `RiskCalculation` layer: what the Corona-Warn-App computes from exposure
/// windows (DESIGN.md). Filled in by the risk-calculation work.
public enum RiskCalculationModule {}
