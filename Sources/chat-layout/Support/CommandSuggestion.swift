import ArgumentParser

/// "Did you mean 'preview'?" for a mistyped subcommand (`chat-layout previw`, `chat-layout
/// golden chek`): the commands of the level the typo is at, the closest first.
enum CommandSuggestion {
    /// The line to add to a usage error for `arguments` (without the program's name), or nil
    /// when every word names a command, or the words run out at a command without subcommands.
    static func line(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [name(of: root)]
        // `help` (ArgumentParser's, at any level) is followed by the command it explains.
        for argument in arguments where !argument.hasPrefix("-") && argument != "help" {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { name(of: $0) == argument }) {
                command = next
                path.append(argument)
                continue
            }
            let names = subcommands.map(name(of:))
            let close = closest(to: argument, among: names)
            let known = "the commands of '\(path.joined(separator: " "))': \(names.joined(separator: ", "))"
            guard !close.isEmpty else { return "Not a command; \(known)." }
            return "Did you mean " + close.map { "'\($0)'" }.joined(separator: " or ") + "? (\(known))"
        }
        return nil
    }

    /// The names nearest `word` by edit distance (a typo or two, a swapped pair of letters), or
    /// that `word` begins; none when none is near.
    static func closest(to word: String, among names: [String]) -> [String] {
        let word = word.lowercased()
        let scored = names.map { name in (name, name.hasPrefix(word) && word.count >= 2 ? 0 : distance(word, name)) }
        guard let best = scored.map(\.1).min(), best <= max(1, min(word.count, 6) / 3) else { return [] }
        return scored.filter { $0.1 == best }.map(\.0)
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours each count 1. (Command names are short: O(m·n) is nothing.)
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0 ... a.count { table[i][0] = i }
        for j in 0 ... b.count { table[0][j] = j }
        for i in 1 ... a.count {
            for j in 1 ... b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The name a command is called by.
    private static func name(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? command._commandName
    }
}
