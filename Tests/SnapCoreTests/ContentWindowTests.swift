import Testing
@testable import SnapCore

/// Where GTK would draw item `index`'s centre relative to the viewport's leading edge, in single precision as GTK
/// does: the item allocated at a whole local pixel, the content translated by the local offset as a float.
private func drawnCentre(of index: Int, in layout: SnapLayout, window: ContentWindow, physicalOffset: Double,
                         rtl: Bool = false) -> Double {
    let start = window.local(fromContent: layout.itemStartPhysical(index, rtl: rtl)).rounded(.down)
    let translation = Float(window.local(fromContent: physicalOffset))
    return Double(Float(start) - translation) + layout.itemWidth(index) / 2
}

@Suite struct ContentWindowTests {
    /// The strip's geometry with a million items: 170 M px of content.
    static let million = SnapLayout(uniformItemWidth: 100, count: 1_000_000, spacing: 70, viewportWidth: 960)

    @Test func shortContentIsShownWholeAndNeverRebased() {
        let window = ContentWindow(contentWidth: 50_000, viewportWidth: 960, around: 30_000)
        #expect(!window.isWindowed)
        #expect(window.base == 0 && window.length == 50_000)
        for offset in stride(from: 0.0, through: 49_040, by: 997) { #expect(window.holds(offset: offset)) }
    }

    @Test func withoutAWindowSinglePrecisionPutsFarItemsOffCentre() {
        // The failure the window exists for: the whole content through one float translation.
        let layout = Self.million
        let whole = ContentWindow(contentWidth: layout.contentWidth, viewportWidth: 960, around: 0,
                                  maximumLength: layout.contentWidth + 1)
        #expect(!whole.isWindowed)
        let worst = (999_000..<1_000_000).map { i in
            abs(drawnCentre(of: i, in: layout, window: whole, physicalOffset: layout.restingOffset(i)) - 480)
        }.max()!
        #expect(worst > 1)
    }

    @Test(arguments: [0, 1, 2, 97_999, 98_765, 500_000, 987_654, 999_998, 999_999])
    func everyRestingItemIsCentredWithinAPixelInItsWindow(index: Int) {
        for rtl in [false, true] {
            let layout = Self.million
            let physical = layout.physicalOffset(fromLogical: layout.restingOffset(index), rtl: rtl)
            let window = ContentWindow(contentWidth: layout.contentWidth, viewportWidth: 960, around: physical)
            #expect(window.isWindowed)
            #expect(window.holds(offset: physical))
            let error = drawnCentre(of: index, in: layout, window: window, physicalOffset: physical, rtl: rtl) - 480
            #expect(abs(error) <= 0.5, "item \(index) rtl \(rtl): \(error) px")
        }
    }

    @Test func windowsAreWholePixelsInsideTheContentAndHoldWhatTheyWereBuiltFor() {
        var rng = SplitMix64(seed: 0x13)
        for _ in 0..<2_000 {
            let viewport = Double.random(in: 100...3_000, using: &rng)
            let content = [Double.random(in: 0...5e6, using: &rng), Double.random(in: 1e7...4e11, using: &rng),
                           16_777_216 + Double.random(in: -5e3...5e3, using: &rng)].randomElement(using: &rng)!
            let maximum = [ContentWindow.defaultMaximumLength, Double.random(in: 4e4...3e6, using: &rng)]
                .randomElement(using: &rng)!
            let maxOffset = max(0, content - viewport)
            let offset = [0, maxOffset, Double.random(in: 0...maxOffset, using: &rng)].randomElement(using: &rng)!
            let window = ContentWindow(contentWidth: content, viewportWidth: viewport, around: offset,
                                       maximumLength: maximum)
            #expect(window.base == window.base.rounded(.down) && window.base >= 0)
            #expect(window.base + window.length <= content + 1e-6)
            if window.isWindowed {
                #expect(window.length >= maximum.rounded(.down) && window.length < maximum + 1)
                #expect(window.holds(offset: offset), "\(window) offset \(offset)")
                let local = window.local(fromContent: offset)
                #expect(local >= 0 && local + viewport <= window.length + 1e-3)
                // The local offset fits in a float to better than 1/8 px.
                #expect(abs(Double(Float(local)) - local) <= 0.125)
            } else {
                #expect(window.base == 0 && window.length == content)
            }
            expectClose(window.content(fromLocal: window.local(fromContent: offset)), offset)
        }
    }

    @Test func travellingAcrossAMillionItemsRebasesRarelyAndAlwaysHoldsTheViewport() {
        let layout = Self.million
        var window = ContentWindow(contentWidth: layout.contentWidth, viewportWidth: 960, around: 0)
        var rebases = 0
        var offset = 0.0
        // A steady forward scroll, 7,919 px a frame, over the whole content, then back in bigger steps.
        for step in [7_919.0, -123_457.0] {
            while (step > 0 && offset < layout.maxOffset) || (step < 0 && offset > 0) {
                offset = min(max(offset + step, 0), layout.maxOffset)
                let next = window.rebased(toHold: offset)
                if next != window { rebases += 1 }
                window = next
                #expect(window.holds(offset: offset))
            }
        }
        // A re-base at most every quarter window less half a viewport (~262,000 px) of travel, there and back.
        let travel = 2 * layout.maxOffset
        #expect(rebases <= Int(travel / (window.length / 4 - 480)) + 2, "\(rebases) re-bases")
        #expect(rebases > 0)
    }

    @Test func aWindowIsKeptWhileTheViewportStaysInItsMiddleBand() {
        let window = ContentWindow(contentWidth: 1e8, viewportWidth: 800, around: 5e7)
        let centre = window.base + window.length / 2 - 400
        for delta in stride(from: -window.length / 4 + 400, through: window.length / 4 - 400, by: 10_007) {
            #expect(window.rebased(toHold: centre + delta) == window)
        }
        #expect(window.rebased(toHold: centre + window.length / 2) != window)
    }

    @Test func aTooSmallMaximumShowsTheContentWhole() {
        let window = ContentWindow(contentWidth: 1e6, viewportWidth: 1_000, around: 0, maximumLength: 3_000)
        #expect(!window.isWindowed)
        let degenerate = ContentWindow(contentWidth: .nan, viewportWidth: -1, around: .infinity)
        #expect(degenerate.base == 0 && degenerate.length == 0 && degenerate.holds(offset: 0))
    }

    /// A window with a phase: every base is the phase plus whole pixels (but the one at the content's start, which
    /// starts at 0), re-based windows keep it, the last one still reaches the content's end, and a phase is only
    /// its fraction (2.25 is 0.25).
    @Test func aPhaseIsKeptByEveryRebase() {
        var rng = SplitMix64(seed: 0x1015)
        for _ in 0..<2_000 {
            let content = Double.random(in: 2e6...2e11, using: &rng)
            let viewport = Double.random(in: 100...2_000, using: &rng)
            let phase = Double.random(in: 0..<1, using: &rng)
            var window = ContentWindow(
                contentWidth: content, viewportWidth: viewport, around: Double.random(in: 0...content, using: &rng),
                phase: phase + Double(Int.random(in: -3...3, using: &rng)))
            #expect(abs(window.phase - phase) < 1e-9)
            for _ in 0..<5 {
                let offset = Double.random(in: 0...(content - viewport), using: &rng)
                window = window.rebased(toHold: offset)
                #expect(window.holds(offset: offset))
                #expect(abs(window.phase - phase) < 1e-9)
                if window.base > 0 {
                    let whole = window.base - window.phase
                    #expect(abs(whole - whole.rounded()) <= 1e-4 * max(1, window.base / 1e9), "base \(window.base)")
                }
                #expect(window.base == 0 || window.base + window.length <= content + 1e-3)
                #expect(window.length <= window.maximumLength + 1)
            }
            let last = ContentWindow(contentWidth: content, viewportWidth: viewport, around: content, phase: phase)
            #expect(abs(last.base + last.length - content) < 1e-3, "the last window reaches the end")
            let first = ContentWindow(contentWidth: content, viewportWidth: viewport, around: 0, phase: phase)
            #expect(first.base == 0 && first.holds(offset: 0))
        }
    }
}
