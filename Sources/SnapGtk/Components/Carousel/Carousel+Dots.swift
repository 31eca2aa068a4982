/// The page dots that follow a carousel: attached by ``PageDots/attach(to:)``, held weakly, told after every move and
/// every change of the pages.
extension Carousel {
    struct WeakDots {
        weak var dots: PageDots?
    }

    func attach(_ dots: PageDots) {
        detach(dots)
        self.dots.append(WeakDots(dots: dots))
    }

    func detach(_ dots: PageDots) {
        self.dots.removeAll { $0.dots == nil || $0.dots === dots }
    }

    func updateDots() {
        guard !scroller.isTornDown else { return }
        for entry in dots { entry.dots?.follow(self) }
    }
}
