import Testing

/// Every scenario's drawing (and tree dump and SVG, where asked) equals its golden in `Goldens/`.
struct GoldenTests {
    @Test(arguments: Scenarios.all)
    func drawing_matchesItsGolden(_ scenario: Scenario) throws {
        Golden.assertMatches(try scenario.golden(), named: scenario.name)
        if scenario.tree {
            Golden.assertMatches(try scenario.treeGolden(), named: scenario.name + ".tree")
        }
        if scenario.svg {
            Golden.assertMatches(try scenario.svgGolden(), named: scenario.name, fileExtension: "svg")
        }
    }

    @Test func scenarioNames_areUnique() {
        let names = Scenarios.all.map(\.name)
        #expect(Set(names).count == names.count)
    }
}
