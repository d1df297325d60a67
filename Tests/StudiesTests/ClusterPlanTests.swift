import Analysis
import Foundation
import Studies
import Testing
import WarnSimCore

/// The pieces of `warnsim cluster` that need no run: Slurm's memory sizes and
/// time format, the task resources' model, shell quoting and the strict
/// reading of `tasks.tsv`.
@Suite struct ClusterPlanTests {
    @Test func memorySizesAreReadAsSlurmWritesThem() {
        #expect(TaskResources.parseMemory("500") == 500 << 20)
        #expect(TaskResources.parseMemory("500M") == 500 << 20)
        #expect(TaskResources.parseMemory("64G") == 64 << 30)
        #expect(TaskResources.parseMemory("2t") == 2 << 40)
        #expect(TaskResources.parseMemory("24684092K") == 24_684_092 << 10)
        for bad in ["", "G", "0", "-5G", "1.5G", "+3", "64 G", "64GB", "99999999999T"] {
            #expect(TaskResources.parseMemory(bad) == nil, "'\(bad)'")
        }
    }

    @Test func timeAndMemoryFollowTheModels() {
        // village-2k: 2,000 people × 14 days: 60 s + 2 × 1.2e-4 × 28,000 s = 66.7 s → 2 minutes.
        let village = TaskResources(
            people: 2_000, days: 14, counterfactual: true, cpus: 1, secondsPerPersonDay: TaskResources.defaultSecondsPerPersonDay)
        #expect(village.minutes == 2)
        #expect(village.slurmTime == "0-00:02:00")
        #expect(village.memoryBytes == RunMemoryEstimateBytes.village)
        #expect(village.memoryMebibytes == Int((village.memoryBytes / 1_048_576).rounded(.up)))
        // city-100k: 100,000 × 28: 60 + 672 s → 13 minutes; a 50-million town takes days.
        let city = TaskResources(
            people: 100_000, days: 28, counterfactual: true, cpus: 2, secondsPerPersonDay: TaskResources.defaultSecondsPerPersonDay)
        #expect(city.slurmTime == "0-00:13:00")
        let country = TaskResources(people: 50_000_000, days: 28, counterfactual: false, cpus: 8, secondsPerPersonDay: 1.2e-4)
        #expect(country.slurmTime == "3-21:21:00")
        let both = village.covering(city)
        #expect(both.minutes == city.minutes && both.memoryBytes == city.memoryBytes && both.cpus == village.cpus)
    }

    @Test func shellWordsAreQuotedOnlyWhenNeeded() {
        #expect(ShellWords.quote("/data/run-1/seed_2.yaml") == "/data/run-1/seed_2.yaml")
        #expect(ShellWords.quote("response.quarantine_days=14") == "response.quarantine_days=14")
        #expect(ShellWords.quote("a b") == "'a b'")
        #expect(ShellWords.quote("it's") == #"'it'\''s'"#)
        #expect(ShellWords.quote("$HOME") == "'$HOME'")
        #expect(ShellWords.quote("") == "''")
        #expect(ShellWords.join(["--set", "x=[1, 2]"]) == "--set 'x=[1, 2]'")
    }

    @Test func tasksToRunAgainAreWrittenAsSlurmArrayRanges() {
        func incomplete(_ ids: [Int]) -> ClusterMerge.Incomplete {
            ClusterMerge.Incomplete(
                problems: ids.map {
                    .init(task: ClusterTask(id: $0, ensemble: "e", seed: 1, folder: "tasks/\($0)", arguments: ""), problem: "missing")
                })
        }
        #expect(incomplete([5]).arraySpecification == "5")
        #expect(incomplete(Array(0...199)).arraySpecification == "0-199")
        #expect(incomplete([0, 1, 2, 3, 7, 9, 10, 11, 12]).arraySpecification == "0-3,7,9-12")
    }

    @Test func tasksFileIsReadStrictly() throws {
        let good = ClusterTask.header + "\n0\tplain\t1\ttasks/0\tsimulate a.yaml\n1\tplain\t2\ttasks/1\tsimulate a.yaml\n"
        let tasks = try ClusterTask.read(good, file: "tasks.tsv")
        #expect(tasks.map(\.seed) == [1, 2])
        #expect(ClusterTask.tsv(tasks) == good)
        let bad: [(String, String)] = [
            ("task\tseed\n", "line 1"),
            (ClusterTask.header + "\n", "lists no tasks"),
            (ClusterTask.header + "\n1\tplain\t1\ttasks/1\tx\n", "expected task 0"),
            (ClusterTask.header + "\n0\tplain\t1\ttasks/0\n", "expected 5 tab-separated columns"),
            (ClusterTask.header + "\n0\t../up\t1\ttasks/0\tx\n", "is not an ensemble name"),
            (ClusterTask.header + "\n0\tplain\tone\ttasks/0\tx\n", "is not a seed"),
            (ClusterTask.header + "\n0\tplain\t1\t/etc\tx\n", "expected the folder 'tasks/0'"),
            (ClusterTask.header + "\n0\tplain\t1\ttasks/0\tx\n1\tplain\t1\ttasks/1\tx\n", "seed 1 of 'plain' is listed twice"),
        ]
        for (text, problem) in bad {
            let error = try #require(throws: InputError.self) { try ClusterTask.read(text, file: "tasks.tsv") }
            #expect(error.description.contains(problem), "\(error)")
        }
    }
}

/// The memory model's figure for the village (``RunMemoryEstimate``, with the counterfactual).
enum RunMemoryEstimateBytes {
    static let village = 100e6 + 28_000.0 * 2_000 + 600.0 * 28_000 + 5_000.0 * 2_000 + 20.0 * 28_000
}
