import CSnapGtk
@_spi(Testing) import SnapGtk
@testable import SnapScrollDemo
import SnapCore
import XCTest

/// The recording format (docs/recording.md): what is written reads back as the same values, exactly (a replay must
/// hand the handlers the recorded numbers), and every broken line is refused with its number.
final class RecordingTests: XCTestCase {
    private static let header = "snapscroll-recording 1\noption page strip\noption size 960x640\noption content-size 960x593\n"

    private func parse(_ text: String) throws -> Recording {
        try MainActor.assumeIsolated { () throws -> Recording in
            do { return try Recording.parse(Array(text.utf8)) } catch { throw error }
        }
    }

    /// Writes `recording` as the recorder does (header, then one line per entry) and reads it back.
    private func roundTrip(_ recording: Recording) throws -> Recording {
        let text = MainActor.assumeIsolated {
            (recording.headerLines + recording.entries.map { Recording.line(at: $0.at, $0.event) }).joined(separator: "\n") + "\n"
        }
        return try parse(text)
    }

    func testEveryKindOfLineReadsBackAsWritten() throws {
        var recording = Recording()
        recording.page = "carousel"
        (recording.width, recording.height) = (1280, 800)
        (recording.contentWidth, recording.contentHeight) = (1280, 753)
        recording.reduceMotion = true
        recording.loop = true
        recording.autoplaySeconds = 2.5
        recording.startItem = 500_000
        recording.snapGuides = true
        recording.text = TextRendering(font: "Cantarell 11", dpi: 98_304, antialias: 1, hinting: 1, hintStyle: "hintslight")
        // A path that is not UTF-8, with a space, a quote and a backslash.
        recording.contentFile = Array("/srv/a \"b\"\\c-".utf8) + [0xe9, 0xff] + Array(".json".utf8)
        let events: [Recording.Event] = [
            .resize(width: 733, height: 553),
            .input(component: "strip", .scroll(dx: 5.4921875, dy: -0.1, wheel: false, time: 394.702)),
            .input(component: "strip", .scroll(dx: 0.25, dy: 0, wheel: true, time: 400)),
            .input(component: "menu", .scrollEnd),
            .input(component: "menu", .decelerate(vx: -1234.5678, vy: 1e-5, time: 410.25)),
            .input(component: "carousel", .press(x: 457, time: 500)),
            .input(component: "carousel", .press(x: 12.5, time: 505, touch: true)),
            .input(component: "carousel", .motion(offsetX: -16.5, time: 516.001)),
            .input(component: "carousel", .release(offsetX: -130, time: 600)),
            .input(component: "strip", .key(keyval: UInt32(GDK_KEY_Page_Down), time: 700)),
            .dot(component: "carousel", page: 2, cause: "click"),
            .control(id: "carousel.options", value: "on"),
            .control(id: "carousel.spacing", value: "40.5"),
            .control(id: "strip.insert-after", value: nil),
            .autoplay(component: "carousel", page: 3),
            .page("segmented"),
            .setting("right-to-left", on: true),
            .setting("snap-guides", on: false),
            .settled(.init(component: "carousel", index: 3, offset: 169_999_830.5, cause: "touchpad")),
            .end,
        ]
        recording.entries = events.enumerated().map { Recording.Entry(at: Double($0.offset) * 10.5, event: $0.element, line: 0) }
        var read = try roundTrip(recording)
        // Nine lines of the format and options, then start item, guides and the five text settings.
        XCTAssertEqual(read.entries.map(\.line), Array(17...(16 + events.count)))
        read.entries = read.entries.map { Recording.Entry(at: $0.at, event: $0.event, line: 0) }
        XCTAssertEqual(read, recording)
        XCTAssertEqual(read.settles, [.init(component: "carousel", index: 3, offset: 169_999_830.5, cause: "touchpad")])
    }

    func testDeltasAndVelocitiesReadBackExactlyAndTimesToTheMicrosecond() throws {
        // Seeded: any Double a controller may hand over.
        var generator = SplitMix64(seed: 23)
        var recording = Recording()
        recording.page = "strip"
        (recording.width, recording.height, recording.contentWidth, recording.contentHeight) = (960, 640, 960, 593)
        var expectedTimes: [Double] = []
        for i in 0..<500 {
            let dx = generator.double(in: -500...500), vy = generator.double(in: -1e6...1e6)
            let time = Double(i) * 7.3 + generator.double(in: 0...1)
            recording.entries.append(.init(at: time, event: .input(component: "strip", .scroll(dx: dx, dy: vy, wheel: false, time: time)), line: 0))
            expectedTimes.append((time * 1000).rounded() / 1000)
        }
        recording.entries.append(.init(at: 5000, event: .end, line: 0))
        let read = try roundTrip(recording)
        for (k, (written, got)) in zip(recording.entries, read.entries).enumerated() where k < 500 {
            guard case .input(_, .scroll(let dx, let dy, _, let time)) = written.event,
                  case .input(_, .scroll(let gdx, let gdy, _, let gtime)) = got.event else { return XCTFail("line \(k)") }
            XCTAssertEqual(gdx, dx)
            XCTAssertEqual(gdy, dy)
            XCTAssertEqual(gtime, expectedTimes[k], accuracy: 1e-9)
            XCTAssertEqual(got.at, expectedTimes[k], accuracy: 1e-9)
            XCTAssertLessThanOrEqual(abs(gtime - time), 0.0005)
        }
    }

    func testCommentsAndBlankLinesAreIgnored() throws {
        let read = try parse(Self.header + "# edited by hand\n\n100 page menu\n# end soon\n200 end\n")
        XCTAssertEqual(read.entries.map(\.event), [.page("menu"), .end])
        XCTAssertEqual(read.entries.map(\.line), [7, 9])
    }

    func testBrokenLinesAreRefusedWithTheirNumber() {
        let end = "900 end\n"
        let cases: [(String, Int, String)] = [
            (Self.header + "100 input strip scroll 1O 0 wheel 99\n" + end, 5, "bad number \"1O\" for DX"),
            (Self.header + "100 input strip scroll 0x10 0 wheel 99\n" + end, 5, "bad number \"0x10\""),
            (Self.header + "100 input strip scroll inf 0 wheel 99\n" + end, 5, "bad number \"inf\""),
            (Self.header + "100 input strip scroll 1 0 notches 99\n" + end, 5, "bad unit \"notches\""),
            (Self.header + "100 input strip press 1\n" + end, 5, "\"press\" takes X TIME"),
            (Self.header + "100 input strip\n" + end, 5, "\"input\" takes a component and an input"),
            (Self.header + "100 input centering key Right 1\n" + end, 5, "unknown component \"centering\""),
            (Self.header + "-1 page menu\n" + end, 5, "out of range"),
            (Self.header + "86400001 page menu\n" + end, 5, "out of range"),
            (Self.header + "100 page nowhere\n" + end, 5, "unknown page \"nowhere\""),
            (Self.header + "100 setting dark on\n" + end, 5, "unknown setting \"dark\""),
            (Self.header + "100 setting qa-panel yes\n" + end, 5, "bad value \"yes\""),
            (Self.header + "100 resize 0 600\n" + end, 5, "bad size"),
            (Self.header + "100 settled strip -1 0 wheel\n" + end, 5, "bad index \"-1\""),
            (Self.header + "100 settled strip 1 0\n" + end, 5, "\"settled\" takes COMPONENT INDEX OFFSET CAUSE"),
            (Self.header + "100 explode\n" + end, 5, "unknown event \"explode\""),
            (Self.header + "100 dot strip 1 click\n" + end, 5, "unknown component with dots \"strip\""),
            (Self.header + "100 dot carousel 1 wheel\n" + end, 5, "bad cause \"wheel\" (click or keyboard)"),
            (Self.header + "100 dot carousel one click\n" + end, 5, "bad page \"one\""),
            (Self.header + "100 end now\n", 5, "\"end\" takes nothing more"),
            (Self.header + "100 control\n" + end, 5, "\"control\" takes an ID and at most one value"),
            (Self.header + "100 control strip.spacing 1 2\n" + end, 5, "\"control\" takes an ID and at most one value"),
            (Self.header + "100 control strip/spacing 1\n" + end, 5, "bad control \"strip/spacing 1\""),
            (Self.header + "100 control strip.é\n" + end, 5, "bad control"),
            (Self.header + "100 control " + String(repeating: "a", count: 65) + "\n" + end, 5, "at most 64 bytes"),
            (Self.header + "100 autoplay strip 1\n" + end, 5, "unknown component with autoplay \"strip\""),
            (Self.header + "100 autoplay carousel -1\n" + end, 5, "bad page \"-1\""),
            (Self.header + "100 autoplay carousel 99999999999999999999\n" + end, 5, "bad page"),
            (Self.header + "100 settled strip 1 0 wind\n" + end, 5, "unknown cause \"wind\" (expected one of: wheel, touchpad"),
            (Self.header + "100 page menu\toops\n" + end, 5, "control character"),
            (Self.header + "100 page menu\n100 option loop on\n" + end, 6, "unknown event \"option\""),
            (Self.header + "100 page menu\noption loop on\n" + end, 6, "options come before the timed lines"),
            (Self.header + "option loop maybe\n" + end, 5, "bad value \"maybe\" for loop"),
            (Self.header + "option autoplay 0.1\n" + end, 5, "bad value \"0.1\" for autoplay"),
            (Self.header + "option content /no/quotes\n" + end, 5, "double quotes"),
            (Self.header + "option colour red\n" + end, 5, "unknown option \"colour\""),
            ("snapscroll-recording 1\noption page strip\noption size 960x640\n100 page menu\n" + end, 4, "come first"),
            ("snapscroll-recording\n" + end, 1, "not a SnapScroll recording"),
            ("snapscroll-recording 10\n" + end, 1, "unsupported version \"10\""),
        ]
        for (text, line, fragment) in cases {
            XCTAssertThrowsError(try parse(text), fragment) { error in
                guard let failure = error as? Recording.Failure else { return XCTFail("\(error)") }
                XCTAssertEqual(failure.line, line, "\(fragment): \(failure)")
                XCTAssertTrue(failure.message.contains(fragment), "\(fragment): \(failure)")
                XCTAssertTrue(failure.description.hasPrefix("line \(line): "), failure.description)
            }
        }
    }

    func testLimitsAreRefusedBeforeAnythingElse() {
        let long = Self.header + "100 page " + String(repeating: "m", count: Recording.maximumLineBytes) + "\n900 end\n"
        XCTAssertThrowsError(try parse(long)) { error in
            XCTAssertEqual((error as? Recording.Failure)?.line, 5)
            XCTAssertTrue(String(describing: error).contains("longer than 1024 bytes"))
        }
        let large = [UInt8](repeating: UInt8(ascii: "#"), count: Recording.maximumFileBytes + 1)
        XCTAssertThrowsError(try MainActor.assumeIsolated { () throws -> Recording in
            do { return try Recording.parse(large) } catch { throw error }
        }) { error in
            XCTAssertEqual(error as? Recording.Failure,
                           Recording.Failure(line: nil, message: "file too large (16777217 bytes, limit 16 MB)"))
        }
        XCTAssertThrowsError(try parse(Self.header + "100 page menu\n")) { error in
            XCTAssertTrue(String(describing: error).contains("no \"end\" line"))
        }
    }

    func testASettleMatchesWithinATenthOfAPixelAndNothingElseDiffering() {
        let settle = Recording.Settle(component: "strip", index: 2, offset: 340, cause: "wheel")
        XCTAssertTrue(settle.matches(.init(component: "strip", index: 2, offset: 340.1, cause: "wheel")))
        XCTAssertTrue(settle.matches(.init(component: "strip", index: 2, offset: 339.9, cause: "wheel")))
        XCTAssertFalse(settle.matches(.init(component: "strip", index: 2, offset: 340.2, cause: "wheel")))
        XCTAssertFalse(settle.matches(.init(component: "strip", index: 3, offset: 340, cause: "wheel")))
        XCTAssertFalse(settle.matches(.init(component: "strip", index: 2, offset: 340, cause: "drag")))
        XCTAssertFalse(settle.matches(.init(component: "menu", index: 2, offset: 340, cause: "wheel")))
        XCTAssertEqual(settle.description, "strip 2 340 wheel")
    }
}

extension SplitMix64 {
    /// A number in `range`, from the package's seeded generator, so the property test is the same on every run.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
