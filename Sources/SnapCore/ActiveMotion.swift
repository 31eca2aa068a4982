/// How the content heads for its target: thrown by a finger (a spring that keeps the finger's velocity) or asked
/// for (a timed glide that starts gently and takes longer for longer moves).
enum ActiveMotion {
    case spring(SpringMotion)
    case glide(GlideMotion)

    func value(at t: Double) -> Double {
        switch self {
        case .spring(let m): m.value(at: t)
        case .glide(let m): m.value(at: t)
        }
    }

    func velocity(at t: Double) -> Double {
        switch self {
        case .spring(let m): m.velocity(at: t)
        case .glide(let m): m.velocity(at: t)
        }
    }

    func isDone(at t: Double) -> Bool {
        switch self {
        case .spring(let m): m.isDone(at: t)
        case .glide(let m): m.isDone(at: t)
        }
    }

    var target: Double {
        switch self {
        case .spring(let m): m.target
        case .glide(let m): m.target
        }
    }

    var duration: Double {
        switch self {
        case .spring(let m): m.estimatedDuration
        case .glide(let m): m.duration
        }
    }

    var isGlide: Bool {
        if case .glide = self { return true }
        return false
    }
}
