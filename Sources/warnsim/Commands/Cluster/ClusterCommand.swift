import ArgumentParser

/// `warnsim cluster`: a study as a Slurm array job, and its finished tasks
/// merged into ensemble folders.
struct ClusterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cluster",
        abstract: "Run a study on an HPC cluster: plan a Slurm array job, merge its finished tasks.",
        discussion: """
            A study file (Configs/studies/README.md) lists scenarios with their \
            seeds. `cluster plan` writes an sbatch array job with one task per \
            scenario and seed; `cluster merge` combines the finished tasks into \
            one ensemble folder per scenario, byte-identical to `simulate --seeds \
            ... --no-timings` on one machine.
            """,
        subcommands: [ClusterPlanCommand.self, ClusterMergeCommand.self]
    )
}
