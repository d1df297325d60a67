/// Command-line words written for a POSIX shell (`tasks.tsv`, `study.sbatch`).
package enum ShellWords {
    /// `word` as the shell reads it back unchanged: as is when it holds only
    /// letters, digits and `_ . / = : , + @ % -`, otherwise in single quotes
    /// (a `'` inside written as `'\''`).
    package static func quote(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_./=:,+@%-".unicodeScalars.contains(scalar))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// `words` quoted and joined by spaces.
    package static func join(_ words: [String]) -> String { words.map(quote).joined(separator: " ") }
}
