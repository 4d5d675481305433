import Foundation
import Testing

@Suite struct AuditCommandTests {
    @Test func sceneWithOverlappingButtonsExitsThreeWithTheTable() throws {
        let run = try CLIRun(["audit", "examples/overlap/scene.json"])
        #expect(run.status == 3)
        #expect(run.stderr == "")
        #expect(run.stdout == """
        Tappable-area audit: 2 controls, minimum 44 pt
        CONTROL  KIND    TAPPABLE (x, y, w × h)  FINDINGS
        back     button  40, 40, 160 × 100       overlaps front at 110, 80, 90 × 60 (front wins)
        front    button  110, 80, 180 × 120      overlaps back at 110, 80, 90 × 60 (front wins)
        2 findings in 2 of 2 controls

        """)
    }

    @Test func cleanSceneExitsZero() throws {
        let run = try CLIRun(["audit", "examples/slider-toggle/scene.json"])
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("no findings\n"))
    }

    @Test func slopCutByAParentIsAFinding() throws {
        let run = try CLIRun(["audit", "examples/padded-button/scene.json"])
        #expect(run.status == 3)
        #expect(run.stdout.contains("slop cut on top by panel, bottom by panel"))
    }

    @Test func minSizeRaisesTheBar() throws {
        let run = try CLIRun(["audit", "examples/slider-toggle/scene.json", "--min-size", "60"])
        #expect(run.status == 3)
        #expect(run.stdout.contains("minimum 60 pt"))
        #expect(run.stdout.contains("mute     toggle  36, 116, 88 × 48        undersized 88 × 48 pt\n"))
    }

    @Test func jsonOutputIsValidJSONWithOneEntryPerControl() throws {
        let run = try CLIRun(["audit", "examples/overlap/scene.json", "--json"])
        #expect(run.status == 3)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let controls = object?["controls"] as? [[String: Any]]
        #expect(controls?.map { $0["name"] as? String } == ["back", "front"])
        #expect(object?["findingCount"] as? Int == 2)
        let overlap = (controls?.first?["overlaps"] as? [[String: Any]])?.first
        #expect(overlap?["winner"] as? String == "front")
    }

    @Test func negativeMinSizeExitsTwo() throws {
        let run = try CLIRun(["audit", "examples/overlap/scene.json", "--min-size", "-3"])
        #expect(run.status == 2)
    }
}
