import Analysis
import Foundation

/// `study.sbatch`: the array job script of a plan. Element `i` of the array
/// runs task `WARNSIM_TASK_OFFSET + i` of `tasks.tsv` (the offset is 0 unless
/// `submit.sh` splits a large study into several array jobs): it reads the
/// task's arguments from `tasks.tsv` and runs `warnsim` with them. Each task's
/// output goes to `logs/JOB_INDEX.log`.
///
/// Run by hand (`SLURM_ARRAY_TASK_ID=3 bash study.sbatch`) it runs task 3
/// on this machine: the `#SBATCH` lines are comments to the shell.
package struct SlurmScript: Sendable {
    package var plan: ClusterPlan

    package init(plan: ClusterPlan) { self.plan = plan }

    /// The script.
    package var text: String {
        let resources = plan.resources
        let folder = plan.folder.path
        var directives = [
            "--job-name=warnsim-\(plan.study.name)",
            "--array=0-\(min(plan.tasks.count, plan.options.maxArraySize) - 1)",
            "--ntasks=1",
            "--cpus-per-task=\(resources.cpus)",
            "--mem=\(resources.memoryMebibytes)M",
            "--time=\(resources.slurmTime)",
            "--output=\(folder)/logs/%A_%a.log",
        ]
        if let partition = plan.options.partition { directives.append("--partition=\(partition)") }
        if let account = plan.options.account { directives.append("--account=\(account)") }
        let lines =
            ["#!/bin/bash"] + directives.map { "#SBATCH \($0)" } + [
                "#",
                "# WarnSim study \"\(plan.study.name)\": \(plan.tasks.count) tasks (one per scenario and seed), written by",
                "# `warnsim cluster plan`. Submit with `sh submit.sh` (or `sbatch study.sbatch` when the study fits",
                "# one array job), then combine the finished tasks with `warnsim cluster merge \(ShellWords.quote(folder))`.",
                "# --mem: the memory model of the largest task (RunMemoryEstimate, fitted to measured peaks);",
                "# --time: \(Int(TaskResources.startupSeconds)) s + \(TaskResources.safetyFactor) x \(plan.options.secondsPerPersonDay) s per person-day"
                    + " of the longest task (TaskResources).",
                "set -euo pipefail",
                "plan=\(ShellWords.quote(folder))",
                "warnsim=\(ShellWords.quote(plan.options.warnsim))",
                "task=$(( ${WARNSIM_TASK_OFFSET:-0} + ${SLURM_ARRAY_TASK_ID:?not an array task} ))",
                "arguments=$(awk -F '\\t' -v task=\"$task\" 'NR > 1 && $1 == task { print $5; found = 1 } END { exit !found }' \"$plan/tasks.tsv\") || {",
                "  echo \"warnsim task $task: not listed in $plan/tasks.tsv\" >&2",
                "  exit 2",
                "}",
                "echo \"warnsim task $task on $(hostname): $arguments\"",
                "eval \"set -- $arguments\"",
                "\"$warnsim\" \"$@\"",
                "echo \"warnsim task $task: finished in $SECONDS s\"",
            ]
        return lines.joined(separator: "\n") + "\n"
    }
}
