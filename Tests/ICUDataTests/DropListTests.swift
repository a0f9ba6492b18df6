import Testing
@testable import ICUData

@Suite struct DropListTests {
    static let package = ICUDataPackage(header: [], items: ["coll/zh.res", "ibm-943_P15A-2003.cnv", "root.res", "zone/fr.res"].map {
        ICUDataPackage.Item(name: "icudt76l/\($0)", bytes: [])
    })

    @Test func patternsMatchAnItemsPathInThePackageAndCommentsAndBlankLinesAreSkipped() {
        let list = DropList("""
            # what goes
            coll/*     # collation

            *.cnv
            """)
        #expect(list.patterns == ["coll/*", "*.cnv"])
        #expect(Self.package.items.filter(list.drops).map(\.path) == ["coll/zh.res", "ibm-943_P15A-2003.cnv"])
    }

    @Test func aPatternThatMatchesNothingIsReported() {
        let list = DropList("coll/*\nbrkitr/*\n")
        #expect(list.unmatched(in: Self.package) == ["brkitr/*"])
    }
}
