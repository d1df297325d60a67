import Analysis
import Foundation
import Population
import Studies
import Testing
import WarnSimCore
import WarnSimTestSupport

/// `contact-survey` figures: the POLYMOD registry file, its published bands,
/// bad entries, and a measurement of a small town.
@Suite("Validation registry: contact-survey figures (POLYMOD Germany)")
struct ContactSurveyRegistryTests {
    static let registry = ProjectFiles.url("Configs/validation/not-reproduced/polymod-germany.yaml")

    @Test("every figure's published band is the survey's own value and interval, recomputed from the files")
    func publishedBandsAreTheSurveys() throws {
        let figures = try ValidationRegistry.load(try ProjectFiles.required(Self.registry))
        #expect(figures.count == 23)
        let folder = try ProjectFiles.required(ProjectFiles.url("Configs/epi/polymod-germany"))
        let survey = ContactDiarySummary(respondents: try PolymodSurvey.load(folder: folder), entity: 0)
        for figure in figures {
            guard case .contactSurvey(let inputs) = figure.measure else {
                Issue.record("\(figure.id) is not a contact-survey figure")
                continue
            }
            #expect(inputs.survey == folder.standardizedFileURL.path)
            #expect(throws: Never.self) { try ValidationRunner.checkPublished(figure, inputs: inputs, survey: survey) }
        }
        // The overall figure is the README's 7.95.
        #expect(figures.first { $0.id == "polymod-de-overall" }?.published.value == 7.949)
    }

    static func entry(_ figure: String = "overall", published: String = "{value: 7.949, low: 7.606, high: 8.291}") -> String {
        """
        figures:
          a:
            description: d
            published: \(published)
            source: s
            measure:
              kind: contact-survey
              survey: ../epi/polymod-germany
              figure: "\(figure)"
              scenario: ../scenarios/village-2k.yaml
              seeds: [3, 4]
              days: 1

        """
    }

    static func write(_ text: String) throws -> URL {
        let url = ProjectFiles.url("Configs/validation").appendingPathComponent(".test-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("bad entries name the field")
    func badEntries() throws {
        let cases: [(String, String)] = [
            (Self.entry("setting:garden"), "figures.a.measure.figure"),
            (Self.entry("age:15-19"), "figures.a.measure.figure"),
            (Self.entry("duration:garden:1-4h"), "figures.a.measure.figure"),
            (Self.entry().replacingOccurrences(of: "../epi/polymod-germany", with: "../epi/nope"), "figures.a.measure.survey"),
            (Self.entry().replacingOccurrences(of: "days: 1", with: "days: 0"), "figures.a.measure.days"),
            (Self.entry().replacingOccurrences(of: "      seeds: [3, 4]\n", with: ""), "figures.a.measure.seeds"),
            (Self.entry().replacingOccurrences(of: "seeds: [3, 4]", with: "seeds: [3, 3]"), "figures.a.measure.seeds"),
            (Self.entry().replacingOccurrences(of: "seeds: [3, 4]", with: "seeds: [3.5]"), "figures.a.measure.seeds"),
        ]
        for (text, field) in cases {
            let url = try Self.write(text)
            defer { try? FileManager.default.removeItem(at: url) }
            do {
                _ = try ValidationRegistry.load(url)
                Issue.record("accepted a bad entry for \(field)")
            } catch let error as InputError {
                #expect(error.field == field, "\(error)")
            }
        }
    }

    @Test("a day of the village measured with its person interval; a published band that is not the survey's is refused")
    func measuresTheTown() throws {
        let url = try Self.write(Self.entry("setting:home"))
        defer { try? FileManager.default.removeItem(at: url) }
        _ = try ProjectFiles.required(ProjectFiles.scenario("village-2k.yaml"))
        // The band above is the overall figure's, not home's: refused, naming the survey's own.
        let runner = ValidationRunner(workFolder: FileManager.default.temporaryDirectory, threads: 2, version: "test")
        do {
            _ = try runner.run(try ValidationRegistry.load(url))
            Issue.record("accepted a band that is not the survey's")
        } catch let error as InputError {
            #expect(error.field == "figures.a.published")
            #expect(error.problem.contains("value: 2.806"))
        }
        /// A figure with the overall figure's band is refused, naming the survey's own value.
        func expectRefused(_ id: String, value: String) throws {
            let url = try Self.write(Self.entry(id))
            defer { try? FileManager.default.removeItem(at: url) }
            do {
                _ = try runner.run(try ValidationRegistry.load(url))
                Issue.record("accepted a band that is not the survey's: \(id)")
            } catch let error as InputError {
                #expect(error.field == "figures.a.published")
                #expect(error.problem.contains("value: \(value)"), "\(error.problem)")
            }
        }
        // A duration within a setting is a figure too: the other places' contacts under 5 minutes, 210 of 937.
        try expectRefused("duration:other:<5min", value: "0.224")
        // And a setting within an age group: the under-6s' day-care ("school") contacts, 2.23 a day.
        try expectRefused("setting:school:0-5", value: "2.227")
        let good = try Self.write(Self.entry("world-age:18-64", published: "{value: 7.945, low: 7.496, high: 8.39}"))
        defer { try? FileManager.default.removeItem(at: good) }
        let figures = try ValidationRegistry.load(good)
        let first = try runner.run(figures)
        let second = try runner.run(figures)
        let r = try #require(first.first)
        #expect(r.low <= r.measured && r.measured <= r.high && r.measured > 0)
        // Each seed's town alone, and the pooled value between them.
        #expect(r.perSeed.count == 2 && r.perSeed[0] != r.perSeed[1])
        #expect(r.measured >= r.perSeed.min()! && r.measured <= r.perSeed.max()!)
        #expect(second.first?.measured == r.measured && second.first?.low == r.low && second.first?.high == r.high)
        #expect(ValidationReport.table(first).contains("a "))
    }
}
