/// The golden scenarios. Each one is a file `Goldens/<name>.txt`; read it when you record it.
enum Scenarios {
    static let all: [Scenario] = sample + options + multilingual + threadView + threadList + languages + anatomies

    /// The bundled sample conversation at three widths.
    static let sample: [Scenario] = [
        Scenario(name: "sample-w24", document: "sample.json", width: 24),
        Scenario(name: "sample-w40", document: "sample.json", width: 40, tree: true, svg: true),
        Scenario(name: "sample-w80", document: "sample.json", width: 80),
    ]
}
