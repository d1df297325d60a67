/// Seeds as `simulate --seeds` takes them: runs of consecutive seeds as
/// `A-B`, separated by commas (`1-8`, `1-4,9`).
enum SeedList {
    static func text(_ seeds: [UInt64]) -> String {
        let sorted = Array(Set(seeds)).sorted()
        var parts: [String] = []
        var index = 0
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
            parts.append(end > index ? "\(sorted[index])-\(sorted[end])" : "\(sorted[index])")
            index = end + 1
        }
        return parts.joined(separator: ",")
    }
}
