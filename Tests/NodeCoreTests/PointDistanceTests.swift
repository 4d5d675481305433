import Testing
@testable import NodeCore

// Keeps the NodeCoreTests target present on a fresh clone so `swift build` stays green.
@Test func distanceBetweenPointsIsEuclidean() {
    #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
}
