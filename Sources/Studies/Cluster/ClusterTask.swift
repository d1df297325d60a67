import Analysis
import Foundation
import WarnSimCore

/// One task of a planned study: one seed of one ensemble, run by one element
/// of the Slurm array job as `warnsim ARGUMENTS`, writing its run folder.
/// `tasks.tsv` holds one line per task:
///
/// | column | what |
/// |---|---|
/// | `task` | the task id, 0 … N−1 (`SLURM_ARRAY_TASK_ID`) |
/// | `ensemble` | the study's scenario entry: the merged folder `ENSEMBLE/seed-N/` |
/// | `seed` | the seed |
/// | `folder` | the run folder the task writes, relative to the plan folder (`tasks/ID`) |
/// | `arguments` | the `warnsim` arguments, quoted for a POSIX shell |
package struct ClusterTask: Sendable, Equatable {
    package var id: Int
    package var ensemble: String
    package var seed: UInt64
    /// The run folder, relative to the plan folder.
    package var folder: String
    /// The `warnsim` arguments, shell-quoted (``ShellWords``).
    package var arguments: String

    package init(id: Int, ensemble: String, seed: UInt64, folder: String, arguments: String) {
        self.id = id
        self.ensemble = ensemble
        self.seed = seed
        self.folder = folder
        self.arguments = arguments
    }

    /// The file name of the task list in a plan folder.
    package static let fileName = "tasks.tsv"
    /// The header line of `tasks.tsv`.
    package static let header = "task\tensemble\tseed\tfolder\targuments"

    /// The run folder of task `id`, relative to the plan folder.
    package static func folder(id: Int) -> String { "tasks/\(id)" }

    /// `tasks` as `tasks.tsv`.
    package static func tsv(_ tasks: [ClusterTask]) -> String {
        var out = header + "\n"
        for task in tasks { out += "\(task.id)\t\(task.ensemble)\t\(task.seed)\t\(task.folder)\t\(task.arguments)\n" }
        return out
    }

    /// Reads `tasks.tsv`: the header, then tasks 0 … N−1 in order, each
    /// with five columns, a known folder and no ensemble seed twice.
    ///
    /// - Throws: ``InputError`` naming `file` and the line.
    package static func read(_ text: String, file: String) throws(InputError) -> [ClusterTask] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard lines.first == header else {
            throw InputError(
                file: file, field: "line 1", problem: "expected the header '\(header.replacingOccurrences(of: "\t", with: "<tab>"))'")
        }
        var tasks: [ClusterTask] = []
        var seen: Set<String> = []
        for (index, line) in lines.dropFirst().enumerated() {
            let field = "line \(index + 2)"
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 5 else {
                throw InputError(file: file, field: field, problem: "expected 5 tab-separated columns, found \(cells.count)")
            }
            guard Int(cells[0]) == index else {
                throw InputError(file: file, field: field, problem: "expected task \(index), found '\(cells[0])'")
            }
            guard StudyEnsemble.isFolderName(cells[1]) else {
                throw InputError(file: file, field: field, problem: "'\(cells[1])' is not an ensemble name")
            }
            guard let seed = UInt64(cells[2]) else { throw InputError(file: file, field: field, problem: "'\(cells[2])' is not a seed") }
            guard cells[3] == folder(id: index) else {
                throw InputError(file: file, field: field, problem: "expected the folder '\(folder(id: index))', found '\(cells[3])'")
            }
            guard seen.insert("\(cells[1])/\(seed)").inserted else {
                throw InputError(file: file, field: field, problem: "seed \(seed) of '\(cells[1])' is listed twice")
            }
            tasks.append(ClusterTask(id: index, ensemble: cells[1], seed: seed, folder: cells[3], arguments: cells[4]))
        }
        guard !tasks.isEmpty else { throw InputError(file: file, problem: "lists no tasks") }
        return tasks
    }
}
