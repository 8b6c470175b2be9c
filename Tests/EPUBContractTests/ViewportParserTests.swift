@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Testing

struct ViewportParserTests {
    typealias Row = (content: String, width: Double?, height: Double?, widthKeyword: String?, heightKeyword: String?, problems: [String])

    @Test(arguments: [
        ("width=1200, height=1600", 1200, 1600, nil, nil, []),
        ("width=1200,height=1600", 1200, 1600, nil, nil, []),
        ("width=1200;height=1600", 1200, 1600, nil, nil, []),
        ("width=1200 height=1600", 1200, 1600, nil, nil, []),
        ("width = 1200 , height = 1600", 1200, 1600, nil, nil, []),
        ("  initial-scale=1.0, width=1200, height=1600, user-scalable=no", 1200, 1600, nil, nil, []),
        ("WIDTH=1200, Height=1600", 1200, 1600, nil, nil, []),
        ("width=1000px, height=1500.5", 1000, 1500.5, nil, nil, ["HTM_057"]),
        ("width=device-width, height=device-height", nil, nil, "device-width", "device-height", []),
        ("width=800, height=600, width=10", 800, 600, nil, nil, ["HTM_059"]),
        ("height=600", nil, 600, nil, nil, ["HTM_056"]),
        ("width=0, height=-5", nil, nil, nil, nil, ["HTM_057", "HTM_057"]),
        ("width=abc, height=600", nil, 600, nil, nil, ["HTM_057"]),
        ("width=, height=600", nil, 600, nil, nil, ["HTM-047"]),
        (",width=800;;height=600", 800, 600, nil, nil, ["HTM-047"]),
        ("width=800, height=600,", 800, 600, nil, nil, ["HTM-047"]),
        ("=5, width=800, height=600", 800, 600, nil, nil, ["HTM-047"]),
        ("width:500, height=abc", nil, nil, nil, nil, ["HTM_057", "HTM_056"]),
        ("", nil, nil, nil, nil, ["HTM_056", "HTM_056"]),
    ] as [Row])
    func table(row: Row) {
        let (viewport, problems) = ViewportParser.parse(row.content)
        #expect(viewport == Viewport(width: row.width, height: row.height, widthKeyword: row.widthKeyword, heightKeyword: row.heightKeyword), "\(row.content)")
        #expect(problems.map(\.id) == row.problems, "\(row.content)")
    }
}
