/// A Swift enum standing for one of GTK's C enums: one table of pairs serves both directions, so they cannot
/// disagree. Its first pair is GTK's default, what a C value the table lacks reads as.
protocol GtkEnumMirror: Equatable {
    associatedtype GtkValue: Equatable
    static var table: [(Self, GtkValue)] { get }
}

extension GtkEnumMirror {
    init(_ value: GtkValue) { self = (Self.table.first { $0.1 == value } ?? Self.table[0]).0 }
    var gtk: GtkValue { Self.table.first { $0.0 == self }!.1 }
}
