import Testing
@testable import SnapCore

@Test func causeNamesMatchTheContract() {
    #expect(Cause.allCases.map(\.rawValue) == ["wheel", "touchpad", "drag", "keyboard", "click", "programmatic", "autoplay", "resize", "dataChange"])
}
